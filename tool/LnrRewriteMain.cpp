//===- LnrRewriteMain.cpp - The lnr-rewrite driver ------------------------===//
//
// Options, parsing, presentation and exit codes. The analysis decides what
// each nest becomes; only this file decides whether that goes to stdout, back
// into the file, or into --explain, and which exit status follows.
//
// Exit status: 0 success; 2 bad usage, a file that does not parse, or a file
// that cannot be written (then no file is written at all).
//
//===----------------------------------------------------------------------===//

#include "rewrite/Format.h"
#include "rewrite/NestRewriter.h"
#include "tool/Config.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;
using namespace llvm;

namespace {

cl::OptionCategory ToolCategory("lnr-rewrite options");

const char Overview[] =
    "Fuses sparse tensor loop nests after distributing them (SparseLNR).\n"
    "\n"
    "Each outermost loop nest of each function is recovered as tensor index\n"
    "notation; when loop fusion after distribution lowers its asymptotic\n"
    "cost, the nest is rewritten as an imperfect nest with small temporaries.\n"
    "Other nests stay byte-for-byte as they are, and a remark says why.\n"
    "Prints the rewritten file on standard output unless -i or --explain.\n";

cl::opt<bool> InPlace("i", cl::desc("Rewrite the files in place"),
                      cl::cat(ToolCategory));
cl::opt<bool> Explain(
    "explain",
    cl::desc("Print, per nest, the recovered index notation, tensor formats, "
             "loop order, chosen schedule and cost before and after, "
             "instead of the rewritten file"),
    cl::cat(ToolCategory));
cl::opt<bool> NoOpenMP("no-openmp",
                       cl::desc("Do not add '#pragma omp parallel for'"),
                       cl::cat(ToolCategory));
cl::opt<std::string> OmpSchedule(
    "omp-schedule",
    cl::desc("Schedule clause of added OpenMP loops (default: dynamic, 16)"),
    cl::init("dynamic, 16"), cl::cat(ToolCategory));
cl::opt<bool> AssumeNoAlias(
    "assume-no-alias",
    cl::desc("Trust that outputs share no memory with inputs even when not "
             "declared restrict"),
    cl::cat(ToolCategory));

/// What one file produced: its fixes and its --explain report.
struct FileResult {
  std::string Path;
  tooling::Replacements Fixes;
  std::string Explanation;
};

class RewriteConsumer : public ASTConsumer {
public:
  RewriteConsumer(CompilerInstance &CI, const lnr::rewrite::Options &Opts,
                  std::vector<FileResult> &Results)
      : CI(CI), Opts(Opts), Results(Results) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    if (Diags.hasErrorOccurred())
      return;
    const SourceManager &SM = Ctx.getSourceManager();
    const FileEntry *Main = SM.getFileEntryForID(SM.getMainFileID());
    std::string Path = Main->tryGetRealPathName().str();
    if (Path.empty())
      Path = Main->getName().str();
    for (const FileResult &R : Results)
      if (R.Path == Path)
        return; // several compile commands for one file: rewrite it once
    FileResult Result;
    Result.Path = Path;

    unsigned RemarkID =
        Diags.getCustomDiagID(DiagnosticsEngine::Remark, "%0 [%1]");
    for (const lnr::rewrite::NestOutcome &O :
         lnr::rewrite::rewriteMainFile(Ctx, Opts)) {
      Diags.Report(O.Where, RemarkID) << O.Message << O.Name;
      if (O.Fix) {
        tooling::Replacement Fix(Path, O.Fix->getOffset(), O.Fix->getLength(),
                                 O.Fix->getReplacementText());
        if (Error E = Result.Fixes.add(Fix))
          consumeError(std::move(E)); // nests never overlap
      }
      if (Explain)
        Result.Explanation += explain(O, SM);
    }
    Results.push_back(std::move(Result));
  }

private:
  CompilerInstance &CI;
  const lnr::rewrite::Options &Opts;
  std::vector<FileResult> &Results;

  static std::string explain(const lnr::rewrite::NestOutcome &O,
                             const SourceManager &SM) {
    PresumedLoc Loc = SM.getPresumedLoc(O.Nest->getBeginLoc());
    std::string Out;
    raw_string_ostream OS(Out);
    OS << Loc.getFilename() << ":" << Loc.getLine() << ":" << Loc.getColumn()
       << ": nest in '" << O.Function << "'\n";
    for (const auto &[Key, Value] : O.Facts)
      OS << "  " << Key << ": " << Value << "\n";
    if (O.Fix) {
      OS << "  fused nest:\n";
      StringRef Tree = O.FusedTree;
      while (!Tree.empty()) {
        auto [Line, Rest] = Tree.split('\n');
        OS << "    " << Line << "\n";
        Tree = Rest;
      }
    } else {
      OS << "  unchanged: " << O.Message.substr(O.Message.find(": ") + 2)
         << " [" << O.Name << "]\n";
    }
    return OS.str();
  }
};

class RewriteAction : public ASTFrontendAction {
public:
  RewriteAction(const lnr::rewrite::Options &Opts,
                std::vector<FileResult> &Results)
      : Opts(Opts), Results(Results) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    return std::make_unique<RewriteConsumer>(CI, Opts, Results);
  }

private:
  const lnr::rewrite::Options &Opts;
  std::vector<FileResult> &Results;
};

class RewriteActionFactory : public tooling::FrontendActionFactory {
public:
  RewriteActionFactory(const lnr::rewrite::Options &Opts,
                       std::vector<FileResult> &Results)
      : Opts(Opts), Results(Results) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<RewriteAction>(Opts, Results);
  }

private:
  const lnr::rewrite::Options &Opts;
  std::vector<FileResult> &Results;
};

/// C files are parsed as GNU C99 with OpenMP unless their command says
/// otherwise, and every parse finds Clang's builtin headers.
tooling::CommandLineArguments
addDefaultArguments(const tooling::CommandLineArguments &Args,
                    StringRef File) {
  bool HasLanguage = false, HasStd = false, HasOpenMP = false,
       HasResourceDir = false;
  for (StringRef A : Args) {
    HasLanguage |= A.startswith("-x");
    HasStd |= A.startswith("-std=") || A.startswith("--std");
    HasOpenMP |= A.startswith("-fopenmp") || A.startswith("-fno-openmp");
    HasResourceDir |= A.startswith("-resource-dir");
  }
  StringRef Ext = sys::path::extension(File);
  bool IsC = Ext == ".c" || Ext == ".h";
  tooling::CommandLineArguments Extra;
  if (IsC && !HasLanguage)
    Extra.push_back("-xc");
  if (IsC && !HasStd)
    Extra.push_back("-std=gnu99");
  if (!HasOpenMP)
    Extra.push_back("-fopenmp");
  if (!HasResourceDir)
    Extra.push_back("-resource-dir=" LNR_CLANG_RESOURCE_DIR);
  tooling::CommandLineArguments Out = Args;
  Out.insert(Out.empty() ? Out.end() : Out.begin() + 1, Extra.begin(),
             Extra.end());
  return Out;
}

/// Writes a temporary beside Path and renames it over Path, with Path's
/// permissions: a failure leaves the original as it was.
Error writeAtomically(StringRef Path, StringRef Contents) {
  sys::fs::file_status Status;
  if (std::error_code EC = sys::fs::status(Path, Status))
    return createFileError(Path, EC);
  SmallString<256> Temp;
  int FD;
  if (std::error_code EC = sys::fs::createUniqueFile(
          Path + "-lnr-%%%%%%.tmp", FD, Temp, sys::fs::OF_None,
          Status.permissions()))
    return createFileError(Path, EC);
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Contents;
    OS.close();
    if (OS.has_error()) {
      std::error_code EC = OS.error();
      OS.clear_error();
      sys::fs::remove(Temp);
      return createFileError(Path, EC);
    }
  }
  std::error_code EC = sys::fs::setPermissions(Temp, Status.permissions());
  if (!EC)
    EC = sys::fs::rename(Temp, Path);
  if (EC) {
    sys::fs::remove(Temp);
    return createFileError(Path, EC);
  }
  return Error::success();
}

int fail(const Twine &Message) {
  WithColor::error(errs(), "lnr-rewrite") << Message << "\n";
  return 2;
}

} // namespace

int main(int argc, const char **argv) {
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "lnr-rewrite version " LNR_VERSION " (LLVM " LLVM_VERSION_STRING
          ")\n";
  });
  Expected<tooling::CommonOptionsParser> Parser =
      tooling::CommonOptionsParser::create(argc, argv, ToolCategory,
                                           cl::OneOrMore, Overview);
  if (!Parser) {
    errs() << toString(Parser.takeError());
    return 2;
  }
  if (InPlace && Explain)
    return fail("-i and --explain cannot be combined");
  for (const std::string &File : Parser->getSourcePathList())
    if (!sys::fs::is_regular_file(File))
      return fail("no such file: '" + File + "'");

  lnr::rewrite::Options Opts;
  Opts.Recovery.AssumeNoAlias = AssumeNoAlias;
  Opts.Emission.OpenMP = !NoOpenMP;
  Opts.Emission.OmpSchedule = OmpSchedule;

  tooling::ClangTool Tool(Parser->getCompilations(),
                          Parser->getSourcePathList());
  Tool.appendArgumentsAdjuster(addDefaultArguments);
  std::vector<FileResult> Results;
  RewriteActionFactory Factory(Opts, Results);
  if (Tool.run(&Factory) != 0)
    return fail("some files could not be parsed; nothing was rewritten");

  // Compute every new text before writing any file.
  std::vector<std::pair<const FileResult *, std::string>> Outputs;
  for (const FileResult &R : Results) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Code = MemoryBuffer::getFile(R.Path);
    if (!Code)
      return fail("cannot read '" + R.Path + "': " + Code.getError().message());
    StringRef Text = (*Code)->getBuffer();
    Expected<tooling::Replacements> Formatted =
        lnr::rewrite::formatReplacements(R.Path, Text, R.Fixes);
    if (!Formatted)
      return fail("cannot format '" + R.Path +
                  "': " + toString(Formatted.takeError()));
    Expected<std::string> NewText =
        tooling::applyAllReplacements(Text, *Formatted);
    if (!NewText)
      return fail("cannot rewrite '" + R.Path +
                  "': " + toString(NewText.takeError()));
    Outputs.push_back({&R, *NewText});
  }

  if (InPlace) {
    // A file without write permission stays as it is, even for root, who
    // could rename over it.
    for (const auto &[R, Text] : Outputs) {
      ErrorOr<sys::fs::perms> Perms = sys::fs::getPermissions(R->Path);
      if (!R->Fixes.empty() &&
          (!Perms || !(*Perms & sys::fs::owner_write) ||
           sys::fs::access(R->Path, sys::fs::AccessMode::Write)))
        return fail("cannot write '" + R->Path + "': permission denied; " +
                    "nothing was rewritten");
    }
    for (const auto &[R, Text] : Outputs)
      if (!R->Fixes.empty())
        if (Error E = writeAtomically(R->Path, Text))
          return fail(toString(std::move(E)));
    return 0;
  }
  for (const auto &[R, Text] : Outputs)
    outs() << (Explain ? R->Explanation : Text);
  return 0;
}
