//===- RewriteAction.cpp --------------------------------------------------===//

#include "tool/RewriteAction.h"
#include "tool/CompileArgs.h"
#include "tool/IncludeCheck.h"
#include "tool/InlinedCalls.h"
#include "tool/Suppressions.h"

#include "analysis/ir/Dot.h"
#include "rewrite/Format.h"
#include "rewrite/Includes.h"
#include "rewrite/NestPipeline.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>

using namespace clang;
using namespace llvm;

namespace lnr::tool {
namespace {

/// Each line of Text, 4 blanks in.
void indented(raw_ostream &OS, StringRef Text) {
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    OS << "    " << Line << "\n";
    Text = Rest;
  }
}

std::string explain(const rewrite::NestOutcome &O, const SourceManager &SM) {
  PresumedLoc Loc = SM.getPresumedLoc(O.Nest->getBeginLoc());
  std::string Out;
  raw_string_ostream OS(Out);
  OS << Loc.getFilename() << ":" << Loc.getLine() << ":" << Loc.getColumn()
     << ": nest in '" << O.Function << "'\n";
  for (const auto &[Key, Value] : O.Facts)
    OS << "  " << Key << ": " << Value << "\n";
  if (O.Fix) {
    OS << "  fused nest:\n";
    indented(OS, O.FusedTree);
    for (const std::string &Note : O.Notes)
      OS << "  note: " << Note << "\n";
    OS << "  written as:\n";
    indented(OS, O.Sketch);
  } else {
    OS << "  unchanged: " << O.Message.substr(O.Message.find(": ") + 2) << " ["
       << O.Name << "]\n";
  }
  return OS.str();
}

/// The original iteration graph of a recovered nest and, when fusion chose
/// one, its branched graph.
void addGraphs(const rewrite::NestOutcome &O, const SourceManager &SM,
               StringRef Path, std::vector<GraphText> &Graphs) {
  PresumedLoc Loc = SM.getPresumedLoc(O.Nest->getBeginLoc());
  std::string Where = std::string(Loc.getFilename()) + ":" +
                      std::to_string(Loc.getLine()) + ":" +
                      std::to_string(Loc.getColumn());
  std::string Head = Where + ": nest in '" + O.Function + "': ";
  std::string Stem = sys::path::filename(Path).str() + "." +
                     std::to_string(Loc.getLine()) + ".";
  std::string Name = sys::path::filename(Path).str() + ":" +
                     std::to_string(Loc.getLine()) + " ";
  if (!O.Kernel) {
    Graphs.push_back(
        {Head + "no iteration graph: " + O.Message + " [" + O.Name + "]", "",
         ""});
    return;
  }
  Graphs.push_back({Head + "original iteration graph", Stem + "original.dot",
                    ir::toDot(*O.Kernel, Name + "original")});
  if (O.Graph)
    Graphs.push_back({Head + "branched iteration graph", Stem + "fused.dot",
                      ir::toDot(*O.Graph, Name + "fused")});
  else
    Graphs.push_back(
        {Head + "no branched graph: " + O.Message + " [" + O.Name + "]", "",
         ""});
}

/// O's fix as clang-format formats it: as rewriteNests formatted it on the
/// thread that printed it, or here if it was not.
Expected<tooling::Replacements> formattedFix(const rewrite::NestOutcome &O,
                                             const std::string &Path,
                                             StringRef Code) {
  if (O.Formatted)
    return *O.Formatted;
  if (!O.FormatError.empty())
    return createStringError(inconvertibleErrorCode(), O.FormatError);
  return rewrite::formatInWindow(*O.Fix, O.WindowBegin, O.WindowEnd, Path,
                                 Code);
}

/// Whether Fixes change Code: applied to the span of text they cover only,
/// so that a file of n nests is not copied n times.
Expected<bool> changesCode(StringRef Code, const tooling::Replacements &Fixes) {
  if (Fixes.empty())
    return false;
  unsigned Begin = Fixes.begin()->getOffset(), End = Begin;
  for (const tooling::Replacement &R : Fixes)
    End = std::max(End, R.getOffset() + R.getLength());
  if (End > Code.size())
    return createStringError(inconvertibleErrorCode(),
                             "a replacement ends past the end of the file");
  tooling::Replacements Local;
  for (const tooling::Replacement &R : Fixes)
    if (Error E = Local.add(
            tooling::Replacement(R.getFilePath(), R.getOffset() - Begin,
                                 R.getLength(), R.getReplacementText())))
      return E;
  StringRef Span = Code.slice(Begin, End);
  Expected<std::string> New = tooling::applyAllReplacements(Span, Local);
  if (!New)
    return New.takeError();
  return *New != Span;
}

class RewriteConsumer : public ASTConsumer {
public:
  RewriteConsumer(CompilerInstance &CI, const ActionOptions &Opts,
                  RunResults &Results)
      : CI(CI), Opts(Opts), Results(Results) {}

  /// Sets the file's options and the pipeline its functions go through as
  /// the parser completes them; none when the file is rewritten already
  /// (named twice) or its configuration is invalid.
  void Initialize(ASTContext &Ctx) override {
    const SourceManager &SM = Ctx.getSourceManager();
    std::string MainPath = rewrite::filePath(SM, SM.getMainFileID());
    for (const FileResult &R : Results.Files)
      if (R.Main && R.Path == MainPath)
        return; // several compile commands for one file: rewrite it once
    if (Opts.Configs) {
      // The file's own options: its .lnr-rewrite under the command line.
      Expected<ToolConfig> Config =
          Opts.Configs->configFor(MainPath, Opts.CommandLine);
      Error E = Config ? applyConfig(*Config, Opts) : Config.takeError();
      if (E) {
        ConfigError = toString(std::move(E));
        return;
      }
    }
    if (ErrorOr<std::string> Dir = CI.getFileManager()
                                       .getVirtualFileSystem()
                                       .getCurrentWorkingDirectory())
      BuildDirectory = *Dir;
    rewrite::FileHooks Hooks;
    // A selection's nest alone is lowered and printed.
    if (Opts.Select)
      Hooks.Wanted = [this, &Ctx](const rewrite::NestOutcome &O) {
        return overlapsSelection(O, Ctx.getSourceManager(), Ctx.getLangOpts());
      };
    // The headers a rewrite adds must not break the file.
    Includes = std::make_unique<IncludeCheck>(CI);
    Hooks.IncludeConflict = [this](FileID File, unsigned Offset,
                                   const std::string &Header) {
      return Includes->conflict(File, Offset, Header);
    };
    UnitHooks = Hooks;
    Pipeline = std::make_unique<rewrite::NestPipeline>(Ctx, Opts.Rewrite,
                                                       std::move(Hooks));
  }

  bool HandleTopLevelDecl(DeclGroupRef Decls) override {
    if (Pipeline)
      for (const Decl *D : Decls)
        Pipeline->add(*D);
    return true;
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    if (Diags.hasErrorOccurred()) {
      Results.ParseFailed = true;
      Pipeline.reset();
      return;
    }
    // What follows is the tool's findings, not the compiler's errors: each
    // is reported, past clang's -ferror-limit (20 'nest would be rewritten'
    // errors would end in 'fatal error: too many errors emitted').
    Diags.setErrorLimit(0);
    const SourceManager &SM = Ctx.getSourceManager();
    recordFilesRead(SM);
    if (!ConfigError.empty())
      Results.Errors.push_back(ConfigError);
    if (!Pipeline)
      return;
    FileID MainID = SM.getMainFileID();
    std::string MainPath = rewrite::filePath(SM, MainID);
    // The main file has a result even without a nest.
    size_t MainIndex = resultFor(SM, MainID);
    Results.Files[MainIndex].Main = true;

    suppressionsOf(SM, MainID); // its unmatched NOLINTBEGIN/END, said once
    unsigned RemarkID =
        Diags.getCustomDiagID(DiagnosticsEngine::Remark, "%0 [%1]");
    unsigned NoteID = Diags.getCustomDiagID(DiagnosticsEngine::Note, "%0");
    unsigned WouldChangeID = Diags.getCustomDiagID(
        DiagnosticsEngine::Error, "nest would be rewritten: %0 [%1]");
    std::vector<rewrite::NestOutcome> Outcomes = Pipeline->finish();
    Pipeline.reset(); // the identifier table has its own lookup back
    addCallPairs(Ctx, Outcomes);
    // The headers and helpers the rewrites need go with the first reported
    // nest of their file that needs them (the pipeline puts them on the
    // first nest of the file that needs them, which --offset may leave out).
    std::map<FileID, tooling::Replacement> IncludeFixes;
    std::set<FileID> IncludeGiven; // the files whose include a Fix carries
    for (const rewrite::NestOutcome &O : Outcomes)
      if (O.IncludeFix && !IncludeFixes.count(O.File))
        IncludeFixes.emplace(
            O.File, tooling::Replacement(rewrite::filePath(SM, O.File),
                                         O.IncludeFix->getOffset(),
                                         O.IncludeFix->getLength(),
                                         O.IncludeFix->getReplacementText()));
    for (const rewrite::NestOutcome &O : Outcomes) {
      if (Opts.Select) {
        if (Results.Files[MainIndex].Selected || O.File != MainID ||
            !overlapsSelection(O, SM, Ctx.getLangOpts()))
          continue;
        Results.Files[MainIndex].Selected = true;
      }
      FileResult &Result = Results.Files[resultFor(SM, O.File)];
      const std::string &Path = Result.Path;
      NestReport Report;
      Report.Name = O.Name;
      Report.Message = O.Message;
      Report.Notes = O.Notes;
      Report.Begin =
          SM.getFileOffset(SM.getExpansionLoc(O.Nest->getBeginLoc()));
      Report.End = endOffset(O, SM, Ctx.getLangOpts(), Report.Begin);
      for (const auto &[Key, Value] : O.Facts)
        if (Key == "cost")
          Report.Cost = Value;
      SourceLocation Where = SM.getExpansionLoc(O.Where);
      if (SM.getFileID(Where) == O.File) {
        Report.Offset = SM.getFileOffset(Where);
        Report.Line = SM.getExpansionLineNumber(Where);
        Report.Column = SM.getExpansionColumnNumber(Where);
      } else {
        Report.Line = SM.getExpansionLineNumber(
            SM.getExpansionLoc(O.Nest->getBeginLoc()));
        Report.Column = 1;
      }
      // NOLINT: the nest is left as it is, without a remark or an error.
      std::vector<unsigned> Lines{Report.Begin, Report.Offset};
      if (O.Length)
        Lines.push_back(O.Offset);
      if (suppressionsOf(SM, O.File).suppresses(O.Name, Lines))
        continue;
      auto Include = IncludeFixes.find(O.File);
      bool WithInclude = false;
      if (O.Fix) {
        bool NeedsInclude = O.NeedsPreamble && Include != IncludeFixes.end();
        WithInclude = NeedsInclude && !IncludeGiven.count(O.File);
        // Text printed in the file's style is taken as it is, with the
        // include as HeaderIncludes placed it; the rest comes formatted by
        // clang-format (rewriteNests, NestOutcome::Formatted).
        Expected<tooling::Replacements> Formatted =
            O.Styled ? tooling::Replacements(tooling::Replacement(
                           Path, O.Fix->getOffset(), O.Fix->getLength(),
                           O.Fix->getReplacementText()))
                     : formattedFix(O, Path, Result.Code);
        if (Formatted && NeedsInclude) {
          Expected<tooling::Replacements> Header =
              O.Styled ? tooling::Replacements(Include->second)
                       : formattedInclude(O.File, Include->second, Path,
                                          Result.Code);
          if (!Header)
            Formatted = Header.takeError();
          else if (!WithInclude)
            Report.Include = std::move(*Header);
          else
            for (const tooling::Replacement &R : *Header)
              if (Error E = Formatted->add(R)) {
                Formatted = std::move(E);
                break;
              }
        }
        if (!Formatted) {
          Results.Errors.push_back("cannot format '" + Path +
                                   "': " + toString(Formatted.takeError()));
          return;
        }
        Expected<bool> Changes = changesCode(Result.Code, *Formatted);
        if (!Changes) {
          Results.Errors.push_back("cannot rewrite '" + Path +
                                   "': " + toString(Changes.takeError()));
          return;
        }
        if (*Changes)
          Report.Fix = std::move(*Formatted);
      }
      // A header included by several files of the command line is reported
      // and rewritten once (clang-tidy removes such duplicates too); its
      // nests must come out the same from every includer.
      auto Seen = llvm::find_if(Result.Nests, [&](const NestReport &N) {
        return N.Begin == Report.Begin;
      });
      if (Seen != Result.Nests.end()) {
        if (Seen->Name != Report.Name || !(Seen->Fix == Report.Fix)) {
          SourceLocation Begin = SM.getExpansionLoc(O.Nest->getBeginLoc());
          Results.Errors.push_back(
              Path + ":" + std::to_string(SM.getSpellingLineNumber(Begin)) +
              ":" + std::to_string(SM.getSpellingColumnNumber(Begin)) +
              ": the nest comes out differently in two files that include "
              "it: [" +
              Seen->Name + "] before '" + MainPath + "', [" + Report.Name +
              "] in it");
          return;
        }
        if (WithInclude && !Report.Fix.empty())
          IncludeGiven.insert(O.File);
        continue;
      }
      if (WithInclude && !Report.Fix.empty())
        IncludeGiven.insert(O.File);
      bool WouldChange = !Report.Fix.empty();
      if (Opts.Check && WouldChange) {
        Report.Shown = true;
        Diags.Report(O.Where, WouldChangeID) << O.Message << O.Name;
      } else if (!Opts.Quiet && Opts.Remarks.shows({O.Name, O.Gains, O.Nest,
                                                    O.FunctionBody})) {
        Report.Shown = true;
        Diags.Report(O.Where, RemarkID) << O.Message << O.Name;
        // What to know of the rewrite as written; --check writes nothing.
        if (WouldChange)
          for (const std::string &Note : O.Notes)
            Diags.Report(O.Where, NoteID) << Note;
      }
      for (const tooling::Replacement &R : Report.Fix)
        if (Error E = Result.Fixes.add(R)) {
          Results.Errors.push_back("cannot rewrite '" + Path +
                                   "': " + toString(std::move(E)));
          return;
        }
      if (Opts.Explain)
        Result.Explanation += explain(O, SM);
      if (Opts.Graphs)
        addGraphs(O, SM, Path, Result.Graphs);
      Result.Nests.push_back(std::move(Report));
    }
  }

private:
  CompilerInstance &CI;
  ActionOptions Opts; // a copy: a file's configuration changes it
  RunResults &Results;
  std::string BuildDirectory; // of this file's compile command
  std::string ConfigError;    // of the file's .lnr-rewrite
  std::unique_ptr<IncludeCheck> Includes;
  std::unique_ptr<rewrite::NestPipeline> Pipeline;
  rewrite::FileHooks UnitHooks; // the pipeline's

  /// The rewrites of pairs of calls (InlinedCalls.h), each among Outcomes
  /// where its calls are.
  void addCallPairs(ASTContext &Ctx,
                    std::vector<rewrite::NestOutcome> &Outcomes) {
    const SourceManager &SM = Ctx.getSourceManager();
    bool Added = false;
    for (rewrite::NestOutcome &O :
         rewriteCallPairs(CI, Ctx, Opts.Rewrite, UnitHooks)) {
      auto After = llvm::find_if(Outcomes, [&](const rewrite::NestOutcome &N) {
        SourceLocation Begin = SM.getExpansionLoc(N.Nest->getBeginLoc());
        return N.File == SM.getMainFileID() &&
               SM.getFileOffset(Begin) > O.Offset;
      });
      Outcomes.insert(After, std::move(O));
      Added = true;
    }
    // The file's headers and helpers placed again, the calls' needs among
    // them: the insertion the pipeline made did not count them.
    if (Added)
      rewrite::insertIncludes(Outcomes, SM);
  }

  std::map<FileID, Suppressions> NoLint;
  std::map<FileID, tooling::Replacements> IncludesFormatted;

  /// File's include insertion as clang-format formats it, which takes the
  /// whole file: once per file, not once per nest that needs it (a file of
  /// n such nests would be formatted n times).
  Expected<tooling::Replacements>
  formattedInclude(FileID File, const tooling::Replacement &Include,
                   const std::string &Path, StringRef Code) {
    // An insertion that spans the file's own lines (its directives between
    // the headers and the helpers, Includes.h) is taken as it is: its own
    // text is styled already, and formatting would reach the file's.
    if (Include.getLength() > 0)
      return tooling::Replacements(Include);
    auto It = IncludesFormatted.find(File);
    if (It == IncludesFormatted.end()) {
      Expected<tooling::Replacements> Formatted =
          rewrite::formatInWindow(Include, 0, 0, Path, Code);
      if (!Formatted)
        return Formatted.takeError();
      It = IncludesFormatted.emplace(File, std::move(*Formatted)).first;
    }
    return It->second;
  }

  /// The NOLINT comments of File; the first time, a warning for each
  /// NOLINTBEGIN or NOLINTEND without its pair, as clang-tidy gives.
  const Suppressions &suppressionsOf(const SourceManager &SM, FileID File) {
    auto It = NoLint.find(File);
    if (It != NoLint.end())
      return It->second;
    It = NoLint.emplace(File, Suppressions(SM.getBufferData(File))).first;
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    unsigned UnmatchedID = Diags.getCustomDiagID(
        DiagnosticsEngine::Warning, "unmatched '%0' comment without a %1 "
                                    "'%2' comment [lnr-nolint]");
    for (const Suppressions::Token &T : It->second.unmatched()) {
      if (Opts.Quiet)
        break;
      bool Begin = T.Type == Suppressions::Kind::Begin;
      Diags.Report(SM.getComposedLoc(File, T.Offset), UnmatchedID)
          << (Begin ? "NOLINTBEGIN" : "NOLINTEND")
          << (Begin ? "subsequent" : "previous")
          << (Begin ? "NOLINTEND" : "NOLINTBEGIN");
    }
    return It->second;
  }

  void recordFilesRead(const SourceManager &SM) {
    for (auto It = SM.fileinfo_begin(); It != SM.fileinfo_end(); ++It) {
      StringRef Path = It->first->tryGetRealPathName();
      if (Path.empty())
        Path = It->first->getName();
      Results.FilesRead.insert(Path.str());
    }
  }

  /// The index of File's result, created on its first nest: a header's
  /// is shared by every file of the command line that includes it.
  size_t resultFor(const SourceManager &SM, FileID File) {
    std::string Path = rewrite::filePath(SM, File);
    for (size_t I = 0; I < Results.Files.size(); ++I)
      if (Results.Files[I].Path == Path)
        return I;
    FileResult Result;
    Result.Path = Path;
    Result.BuildDirectory = BuildDirectory;
    Result.Code = SM.getBufferData(File).str();
    Result.OnDisk = FileSnapshot::take(Path, Result.Code);
    Results.Files.push_back(std::move(Result));
    return Results.Files.size() - 1;
  }

  /// Just past the nest's last token, in the file of its first; Begin when
  /// it ends elsewhere (a macro's expansion).
  static unsigned endOffset(const rewrite::NestOutcome &O,
                            const SourceManager &SM,
                            const LangOptions &LangOpts, unsigned Begin) {
    SourceLocation End = Lexer::getLocForEndOfToken(
        SM.getExpansionLoc(O.Nest->getEndLoc()), 0, SM, LangOpts);
    if (!End.isValid() || SM.getFileID(End) != O.File)
      return Begin;
    return std::max(Begin, SM.getFileOffset(End));
  }

  /// Whether the nest's text (with an OpenMP pragma on it, when it was
  /// recovered) overlaps the selected range.
  bool overlapsSelection(const rewrite::NestOutcome &O, const SourceManager &SM,
                         const LangOptions &LangOpts) const {
    SourceLocation Begin = SM.getExpansionLoc(O.Nest->getBeginLoc());
    SourceLocation End = Lexer::getLocForEndOfToken(
        SM.getExpansionLoc(O.Nest->getEndLoc()), 0, SM, LangOpts);
    if (!SM.isInMainFile(Begin) || !End.isValid() || !SM.isInMainFile(End))
      return false;
    unsigned From = SM.getFileOffset(Begin), To = SM.getFileOffset(End);
    if (O.Length) {
      From = std::min(From, O.Offset);
      To = std::max(To, O.Offset + O.Length);
    }
    return From < Opts.Select->End && Opts.Select->Begin < To;
  }
};

class RewriteAction : public ASTFrontendAction {
public:
  RewriteAction(const ActionOptions &Opts, RunResults &Results)
      : Opts(Opts), Results(Results) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    return std::make_unique<RewriteConsumer>(CI, Opts, Results);
  }

private:
  const ActionOptions &Opts;
  RunResults &Results;
};

class RewriteActionFactory : public tooling::FrontendActionFactory {
public:
  RewriteActionFactory(const ActionOptions &Opts, RunResults &Results)
      : Opts(Opts), Results(Results) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<RewriteAction>(Opts, Results);
  }

  /// FrontendActionFactory's, with clang's "N errors generated." sent
  /// where Opts.Statistics says (ExecuteAction reads the stream before the
  /// action starts).
  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation,
                     FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCHContainerOps,
                     DiagnosticConsumer *DiagConsumer) override {
    CompilerInstance Compiler(std::move(PCHContainerOps));
    Compiler.setInvocation(std::move(Invocation));
    Compiler.setFileManager(Files);
    if (Opts.Statistics)
      Compiler.setVerboseOutputStream(*Opts.Statistics);
    std::unique_ptr<FrontendAction> Action(create());
    Compiler.createDiagnostics(DiagConsumer, /*ShouldOwnClient=*/false);
    if (!Compiler.hasDiagnostics())
      return false;
    Compiler.createSourceManager(*Files);
    bool Success = Compiler.ExecuteAction(*Action);
    Files->clearStatCache();
    return Success;
  }

private:
  const ActionOptions &Opts;
  RunResults &Results;
};

} // namespace

void appendResults(RunResults &Into, RunResults &&From) {
  Into.ParseFailed |= From.ParseFailed;
  Into.FilesRead.insert(From.FilesRead.begin(), From.FilesRead.end());
  for (std::string &E : From.Errors)
    Into.Errors.push_back(std::move(E));
  for (FileResult &F : From.Files) {
    auto Seen = llvm::find_if(
        Into.Files, [&](const FileResult &R) { return R.Path == F.Path; });
    if (Seen == Into.Files.end()) {
      Into.Files.push_back(std::move(F));
      continue;
    }
    if (F.Main) {
      // One file named twice is rewritten once; one both named and
      // included by another file is reported as the named file.
      Seen->Main = true;
      continue;
    }
    // A header two files include: the one run rule (RewriteConsumer).
    for (const NestReport &N : F.Nests) {
      auto Same = llvm::find_if(
          Seen->Nests, [&](const NestReport &S) { return S.Begin == N.Begin; });
      if (Same == Seen->Nests.end() || Same->Name != N.Name ||
          !(Same->Fix == N.Fix))
        Into.Errors.push_back(
            F.Path + ":" + std::to_string(N.Line) +
            ": the nest comes out differently in two files that include it");
    }
  }
}

Error applyConfig(const ToolConfig &Given, ActionOptions &Opts) {
  if (Optional<std::string> Why = Given.invalidValue())
    return createStringError(inconvertibleErrorCode(), "invalid %s",
                             Why->c_str());
  // Every option set: the defaults of tool/Options.def where Given has none.
  const ToolConfig C = ToolConfig::defaults().overriddenBy(Given);
  rewrite::Options &R = Opts.Rewrite;
  R.Lowering.OpenMP = *C.OpenMP;
  R.Lowering.OmpSchedule = *C.OmpSchedule;
  R.Lowering.Prefetch = *C.Prefetch;
  R.Lowering.UnrollJam = *C.UnrollJam;
  R.Lowering.SplitReductions = *C.SplitReductions;
  R.RuntimeChoice = *C.RuntimeChoice;
  R.Recovery.AssumeNoAlias = *C.AssumeNoAlias;
  R.Recovery.NoAliasCheck = !*C.AliasCheck;
  R.RewriteHeader = nullptr;
  if (!C.HeaderFilterRegex->empty()) {
    auto Headers = std::make_shared<Regex>(*C.HeaderFilterRegex);
    R.RewriteHeader = [Headers](StringRef Name) {
      return Headers->match(Name);
    };
  }
  Expected<RemarkPolicy> Policy = RemarkPolicy::parse(*C.Remarks);
  if (!Policy)
    return Policy.takeError();
  Opts.Remarks = *Policy;
  return Error::success();
}

std::unique_ptr<tooling::FrontendActionFactory>
newRewriteActionFactory(const ActionOptions &Opts, RunResults &Results) {
  return std::make_unique<RewriteActionFactory>(Opts, Results);
}

int runRewrite(const tooling::CompilationDatabase &Database,
               ArrayRef<std::string> Sources, const ActionOptions &Opts,
               RunResults &Results, IntrusiveRefCntPtr<vfs::FileSystem> FS,
               DiagnosticConsumer *Diags) {
  tooling::ClangTool Tool(Database, Sources,
                          std::make_shared<PCHContainerOperations>(), FS);
  Tool.appendArgumentsAdjuster(addDefaultArguments);
  // --check reports its findings as errors, which clang counts as a failed
  // file; whether a file parsed is decided by the caller instead.
  Tool.setPrintErrorMessage(false);
  if (Diags)
    Tool.setDiagnosticConsumer(Diags);
  return Tool.run(newRewriteActionFactory(Opts, Results).get());
}

tooling::Replacements standaloneFix(const NestReport &N) {
  tooling::Replacements All = N.Fix;
  for (const tooling::Replacement &R : N.Include)
    if (Error E = All.add(R)) {
      consumeError(std::move(E));
      return N.Fix;
    }
  return All;
}

} // namespace lnr::tool
