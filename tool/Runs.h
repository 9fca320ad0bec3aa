//===- Runs.h - The parses of a command line's files -----------*- C++ -*-===//
//
// Every file through the rewrite action, one ClangTool run each or all in
// one, in a physical file system of its own (a compile command's directory
// is its parse's working directory, never the process's, which the runs of
// -j share), with the tool's argument adjusters.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_TOOL_RUNS_H
#define LNR_TOOL_RUNS_H

#include "tool/RewriteAction.h"

#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/CommandLine.h"

#include <optional>
#include <string>

namespace lnr::tool {

/// What every run of a command line shares.
struct RunSetup {
  const clang::tooling::CompilationDatabase &Database;
  /// Names a file as the command line did (spelledAsGiven); null for none.
  clang::tooling::ArgumentsAdjuster AsGiven;
  /// The text of standard input, parsed as the one file.
  std::optional<std::string> StdinCode;
  unsigned Jobs;                 // -j: 1, or files at once (0: per core)
  llvm::cl::boolOrDefault Color; // --color
  bool Quiet;                    // --quiet
};

/// Files (absolute) through the action with Opts, into Results in the
/// order of the command line: with Jobs 1 or one file, in one run whose
/// nests are lowered on every core; else several files at once, as
/// run-clang-tidy, each file's diagnostics kept and printed in order so
/// the output is a run's without -j. Labels name the files in the
/// progress lines. Returns the runs' status, nonzero when a file failed.
int runFiles(const RunSetup &Setup, llvm::ArrayRef<std::string> Files,
             llvm::ArrayRef<std::string> Labels, ActionOptions Opts,
             RunResults &Results);

} // namespace lnr::tool

#endif
