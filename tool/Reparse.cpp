//===- Reparse.cpp --------------------------------------------------------===//

#include "tool/Reparse.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

using namespace clang;

namespace lnr::tool {
namespace {

/// Keeps the first error of a parse and where it is, in the lines of the
/// file before InsertedLine (the include the check added) was inserted.
class FirstError : public DiagnosticConsumer {
public:
  FirstError(StringRef Path, unsigned InsertedLine)
      : Path(Path), InsertedLine(InsertedLine) {}
  std::optional<std::string> Message;
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level < DiagnosticsEngine::Error || Message)
      return;
    SmallString<128> Text;
    Info.FormatDiagnostic(Text);
    Message = Text.str().str();
    if (Info.hasSourceManager() && Info.getLocation().isValid()) {
      const SourceManager &SM = Info.getSourceManager();
      PresumedLoc Where = SM.getPresumedLoc(Info.getLocation());
      if (Where.isValid()) {
        unsigned Line = Where.getLine();
        StringRef Name = llvm::sys::path::filename(Where.getFilename());
        if (InsertedLine && Line > InsertedLine &&
            Name == llvm::sys::path::filename(Path))
          --Line;
        *Message += " at " + Name.str() + ":" + std::to_string(Line);
      }
    }
  }

private:
  std::string Path;
  unsigned InsertedLine;
};

} // namespace

Compile compileOf(CompilerInstance &CI) {
  const SourceManager &SM = CI.getSourceManager();
  const FileEntry *Main = SM.getFileEntryForID(SM.getMainFileID());
  return {std::make_shared<CompilerInvocation>(CI.getInvocation()),
          CI.getPCHContainerOperations(), CI.getFileSystemOpts(),
          &CI.getVirtualFileSystem(), Main ? Main->getName().str() : ""};
}

std::optional<std::string> runWith(const Compile &Unit, StringRef Path,
                                   StringRef Text, unsigned InsertedLine,
                                   FrontendAction &Action) {
  auto Invocation = std::make_shared<CompilerInvocation>(*Unit.Invocation);
  // A syntax check: no dependency file, no output, no statistics.
  Invocation->getDependencyOutputOpts() = DependencyOutputOptions();
  Invocation->getFrontendOpts().OutputFile.clear();
  Invocation->getFrontendOpts().ShowStats = false;
  std::unique_ptr<llvm::MemoryBuffer> Buffer =
      llvm::MemoryBuffer::getMemBufferCopy(Text, Path);
  Invocation->getPreprocessorOpts().RetainRemappedFileBuffers = true;
  Invocation->getPreprocessorOpts().addRemappedFile(Path, Buffer.get());

  CompilerInstance Check(Unit.PCH);
  Check.setInvocation(std::move(Invocation));
  FirstError Errors(Path, InsertedLine);
  Check.createDiagnostics(&Errors, /*ShouldOwnClient=*/false);
  Check.setVerboseOutputStream(llvm::nulls()); // no "N errors generated."
  Check.setFileManager(new FileManager(Unit.FileSystem, Unit.Files));
  Check.createSourceManager(Check.getFileManager());
  Check.ExecuteAction(Action);
  return Errors.Message;
}

} // namespace lnr::tool
