//===- RewriteAction.h - What each parsed file produces --------*- C++ -*-===//
//
// The frontend action the driver runs on every file: the per-nest pipeline,
// the remarks (or, under --check, errors), the formatted replacements of each
// nest, and the text of --explain and --emit-graph. Nothing is printed on
// stdout or written here; the driver does that once every file has parsed.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_TOOL_REWRITEACTION_H
#define LNR_TOOL_REWRITEACTION_H

#include "rewrite/NestRewriter.h"
#include "tool/FileSnapshot.h"
#include "tool/ProjectConfig.h"
#include "tool/RemarkPolicy.h"

#include "clang/Tooling/Core/Replacement.h"
#include "clang/Tooling/Tooling.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace lnr::tool {

/// A byte range [Begin, End) of the one file on the command line: only the
/// nest that overlaps it is rewritten and reported (--offset, --line).
struct Selection {
  unsigned Begin = 0, End = 0;
};

struct ActionOptions {
  rewrite::Options Rewrite;
  /// --check: a nest that would change is an error, not a remark.
  bool Check = false;
  /// Which nests get a remark (--remarks); --check's errors are not
  /// remarks and always shown.
  RemarkPolicy Remarks;
  /// --quiet: nothing on stderr but errors.
  bool Quiet = false;
  bool Explain = false;
  bool Graphs = false;
  std::optional<Selection> Select;
  /// With Configs, each file's options are those of its `.lnr-rewrite`
  /// (ProjectConfig.h) overridden by CommandLine, which replace the
  /// Rewrite options and Remarks above.
  ConfigLookup *Configs = nullptr;
  ToolConfig CommandLine;
  /// Where clang's "N errors generated." goes (-j: the file's own buffer,
  /// printed in the command line's order); standard error when unset.
  llvm::raw_ostream *Statistics = nullptr;
};

/// Opts with the options a configuration sets (every one of C's must be
/// set, as ConfigLookup::configFor gives them); an error for an invalid
/// value.
llvm::Error applyConfig(const ToolConfig &C, ActionOptions &Opts);

/// One nest that was reported (all of them, or the selected one).
struct NestReport {
  std::string Name;    // lnr-fuse, or the refusal
  std::string Message; // the remark's text, without the name
  /// The remark's notes (NestOutcome::Notes).
  std::vector<std::string> Notes;
  /// The remark was shown (the policy's choice; an error under --check
  /// always is).
  bool Shown = false;
  unsigned Offset = 0;           // of the diagnostic's location in the file
  unsigned Line = 0, Column = 0; // of the same, from 1 (Column in bytes)
  unsigned Begin = 0;            // of the nest's first character in the file
  unsigned End = 0;              // just past its last character
  /// "O(before) -> O(after)" of a rewrite, "O(before)" of a nest recovered
  /// but left unchanged, empty when recovery refused it.
  std::string Cost;
  /// The nest's replacements after clang-format: exactly what -i writes for
  /// it. Empty when the nest is left unchanged.
  clang::tooling::Replacements Fix;
  /// The #include its rewrite needs when Fix does not carry it (the first
  /// nest of the file that needs one does, as clang-tidy's fixes do): an
  /// editor applying this rewrite alone adds it too, as clangd's fixes do.
  clang::tooling::Replacements Include;
};

/// N's rewrite as an edit of its own (an editor's action, a SARIF result's
/// fix): Fix with the #include the rewrite needs when the file's first
/// nest that needs one carries it (applied alone, the rewrite would call
/// malloc undeclared).
clang::tooling::Replacements standaloneFix(const NestReport &N);

struct GraphText {
  std::string Comment;  // "k.c:10:3: nest in 'f': original iteration graph"
  std::string FileName; // "k.c.10.original.dot", for --emit-graph-dir
  std::string Dot;
};

/// A file on the command line, or a header --header-filter selected.
struct FileResult {
  std::string Path;           // real path
  std::string BuildDirectory; // of its compile command
  std::string Code;           // the text that was parsed
  /// The file on disk just after it was parsed, for -i to check that it is
  /// still the file it replaces.
  std::optional<FileSnapshot> OnDisk;
  std::vector<NestReport> Nests;
  clang::tooling::Replacements Fixes; // every nest's Fix
  std::string Explanation;
  std::vector<GraphText> Graphs;
  bool Selected = false; // a nest overlapped the selection
  /// Parsed as a main file (named on the command line); otherwise a header
  /// whose nests were reported.
  bool Main = false;
};

struct RunResults {
  /// In the order of the command line, each header after the first file
  /// that includes it.
  std::vector<FileResult> Files;
  /// A file whose parse reported an error (its own, or -Werror's).
  bool ParseFailed = false;
  /// Messages of failures after parsing (clang-format); exit status 2.
  std::vector<std::string> Errors;
  /// Why a file of the command line has no result (it did not parse), for
  /// the SARIF log's notifications.
  std::vector<std::string> Failures;
  /// Every file a parse read (the files of the command line, the headers
  /// they include): no output may be one of them.
  std::set<std::string> FilesRead;
};

/// Appends the results of a run on later files to Into, as one run on all
/// of them would have them: a header already reported is reported once,
/// and an error when its nests came out differently.
void appendResults(RunResults &Into, RunResults &&From);

std::unique_ptr<clang::tooling::FrontendActionFactory>
newRewriteActionFactory(const ActionOptions &Opts, RunResults &Results);

/// The analysis of the command line and of the language server: the action
/// over Sources, with Database's commands and the tool's default arguments
/// (addDefaultArguments), reading files through FS. Clang's diagnostics go
/// to Diags when it is set (the server turns them into LSP diagnostics),
/// else to stderr. Returns ClangTool::run's status.
int runRewrite(const clang::tooling::CompilationDatabase &Database,
               llvm::ArrayRef<std::string> Sources, const ActionOptions &Opts,
               RunResults &Results,
               llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS =
                   llvm::vfs::getRealFileSystem(),
               clang::DiagnosticConsumer *Diags = nullptr);

} // namespace lnr::tool

#endif
