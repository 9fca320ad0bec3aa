//===- Runs.cpp -----------------------------------------------------------===//

#include "tool/Runs.h"
#include "tool/CompileArgs.h"
#include "tool/ProjectConfig.h"

#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <mutex>
#include <set>

using namespace clang;
using namespace llvm;

namespace lnr::tool {
namespace {

/// The adjusters of every run: the tool's defaults, the spelling of the
/// command line, --color, the flags clang does not know dropped with a
/// warning on Err (once each), and --quiet's -w.
void adjustArguments(tooling::ClangTool &Tool, const RunSetup &Setup,
                     raw_ostream &Err) {
  Tool.appendArgumentsAdjuster(addDefaultArguments);
  if (!Setup.StdinCode && Setup.AsGiven)
    Tool.appendArgumentsAdjuster(Setup.AsGiven);
  if (Setup.Color != cl::BOU_UNSET) // clang's diagnostics, by clang's flag
    Tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
        Setup.Color == cl::BOU_TRUE ? "-fcolor-diagnostics"
                                    : "-fno-color-diagnostics",
        tooling::ArgumentInsertPosition::END));
  auto Dropped = std::make_shared<std::set<std::string>>();
  bool Quiet = Setup.Quiet;
  Tool.appendArgumentsAdjuster(
      dropUnknownFlags([Dropped, &Err, Quiet](StringRef Flag, StringRef File) {
        if (Quiet || !Dropped->insert(Flag.str()).second)
          return;
        WithColor::warning(Err, "lnr-rewrite")
            << "dropped the compiler flag '" << Flag
            << "', which clang does not know (in the command of '" << File
            << "')\n";
      }));
  if (Setup.Quiet) // the compiler's warnings too
    Tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
        "-w", tooling::ArgumentInsertPosition::END));
}

/// One parse of Paths into Into; the diagnostics into Out when given (-j),
/// else on standard error.
int runOn(const RunSetup &Setup, ArrayRef<std::string> Paths,
          const ActionOptions &Opts, RunResults &Into, raw_ostream *Out) {
  tooling::ClangTool Tool(Setup.Database, Paths,
                          std::make_shared<PCHContainerOperations>(),
                          vfs::createPhysicalFileSystem());
  // ClangTool keeps the path and the text by reference: both outlive it.
  if (Setup.StdinCode)
    Tool.mapVirtualFile(Paths.front(), *Setup.StdinCode);
  adjustArguments(Tool, Setup, Out ? *Out : errs());
  // --check reports its findings as errors, which clang counts as a failed
  // file; whether a file parsed is decided by the caller instead.
  Tool.setPrintErrorMessage(false);
  std::unique_ptr<TextDiagnosticPrinter> Printer;
  if (Out) {
    auto DiagOpts = makeIntrusiveRefCnt<DiagnosticOptions>();
    DiagOpts->ShowColors = Setup.Color == cl::BOU_UNSET
                               ? errs().has_colors()
                               : Setup.Color == cl::BOU_TRUE;
    Printer = std::make_unique<TextDiagnosticPrinter>(*Out, &*DiagOpts);
    Tool.setDiagnosticConsumer(Printer.get());
  }
  return Tool.run(newRewriteActionFactory(Opts, Into).get());
}

} // namespace

int runFiles(const RunSetup &Setup, ArrayRef<std::string> Files,
             ArrayRef<std::string> Labels, ActionOptions Opts,
             RunResults &Results) {
  if (Setup.Jobs == 1 || Files.size() < 2) {
    // One file at a time: its nests are lowered and printed on every core.
    Opts.Rewrite.Threads = 0;
    return runOn(Setup, Files, Opts, Results, nullptr);
  }
  struct FileRun {
    ActionOptions Opts;
    ConfigLookup Configs;
    RunResults Results;
    std::string Diagnostics;
    int Status = 0;
  };
  std::vector<FileRun> Runs(Files.size());
  bool Progress = errs().is_displayed() && Files.size() > 3 && !Setup.Quiet;
  std::mutex ProgressLock;
  unsigned Finished = 0;
  ThreadPool Pool(hardware_concurrency(Setup.Jobs));
  for (size_t I = 0; I < Files.size(); ++I)
    Pool.async([&, I] {
      FileRun &R = Runs[I];
      R.Opts = Opts;
      R.Opts.Configs = &R.Configs;
      raw_string_ostream Out(R.Diagnostics);
      R.Opts.Statistics = &Out;
      R.Status = runOn(Setup, Files[I], R.Opts, R.Results, &Out);
      Out.flush();
      if (Progress) {
        std::lock_guard<std::mutex> Lock(ProgressLock);
        errs() << "[" << ++Finished << "/" << Files.size() << "] " << Labels[I]
               << "\n";
      }
    });
  Pool.wait();
  int Status = 0;
  for (FileRun &R : Runs) {
    errs() << R.Diagnostics;
    appendResults(Results, std::move(R.Results));
    Status |= R.Status;
  }
  return Status;
}

} // namespace lnr::tool
