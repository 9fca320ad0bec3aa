//===- Analysis.cpp -------------------------------------------------------===//

#include "tool/lsp/Analysis.h"
#include "tool/CompileArgs.h"
#include "tool/ProjectConfig.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

using namespace clang;
using namespace llvm;

namespace lnr::tool::lsp {
namespace {

/// Keeps clang's errors with their place in the main file: the server shows
/// them as diagnostics, where the command line prints them and stops.
class ErrorCollector : public DiagnosticConsumer {
public:
  explicit ErrorCollector(std::vector<ParseError> &Errors) : Errors(Errors) {}

  void BeginSourceFile(const LangOptions &Opts, const Preprocessor *) override {
    LangOpts = Opts;
  }

  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level < DiagnosticsEngine::Error)
      return;
    ParseError E;
    SmallString<128> Message;
    Info.FormatDiagnostic(Message);
    E.Message = Message.str().str();
    if (Info.hasSourceManager() && Info.getLocation().isValid())
      place(Info.getSourceManager(), Info.getLocation(), E);
    Errors.push_back(std::move(E));
  }

private:
  /// E at Loc's token, or at the #include of the main file that leads to it.
  void place(const SourceManager &SM, SourceLocation Loc, ParseError &E) {
    Loc = SM.getExpansionLoc(Loc);
    bool Included = false;
    while (Loc.isValid() && !SM.isWrittenInMainFile(Loc)) {
      Loc = SM.getIncludeLoc(SM.getFileID(Loc));
      Included = true;
    }
    if (!Loc.isValid())
      return;
    if (Included)
      E.Message = "in an included file: " + E.Message;
    E.Begin = SM.getFileOffset(Loc);
    E.End =
        E.Begin + std::max(1u, Lexer::MeasureTokenLength(Loc, SM, LangOpts));
  }

  std::vector<ParseError> &Errors;
  LangOptions LangOpts;
};

/// compile_commands.json (or compile_flags.txt) where clangd looks for it:
/// in the file's directory and each parent, and in their build/; commands
/// inferred for files it does not list; none: the tool's defaults alone.
std::unique_ptr<tooling::CompilationDatabase>
compileCommandsFor(StringRef Path) {
  std::string Ignored;
  std::string Dir = databaseDirectoryFor(Path);
  if (!Dir.empty())
    if (std::unique_ptr<tooling::CompilationDatabase> DB =
            tooling::CompilationDatabase::loadFromDirectory(Dir, Ignored))
      return tooling::inferMissingCompileCommands(std::move(DB));
  return std::make_unique<tooling::FixedCompilationDatabase>(
      sys::path::parent_path(Path), std::vector<std::string>());
}

} // namespace

Analysis analyze(const std::string &Path,
                 const std::map<std::string, std::string> &Buffers,
                 const ActionOptions &Opts) {
  Analysis Out;
  auto Memory = makeIntrusiveRefCnt<vfs::InMemoryFileSystem>();
  for (const auto &[File, Text] : Buffers)
    Memory->addFile(File, 0, MemoryBuffer::getMemBufferCopy(Text, File));
  // A physical file system of its own: the real one's working directory is
  // the process's, which ClangTool would change under the reading thread.
  auto FS = makeIntrusiveRefCnt<vfs::OverlayFileSystem>(
      vfs::createPhysicalFileSystem());
  FS->pushOverlay(Memory);

  auto Found = Buffers.find(Path);
  if (Found != Buffers.end())
    Out.Code = Found->second;
  // The configuration files as they are now: a .lnr-rewrite edited while
  // the server runs applies to the next analysis, as clangd reads .clangd
  // again.
  ConfigLookup Configs;
  ActionOptions Current = Opts;
  if (Opts.Configs)
    Current.Configs = &Configs;
  RunResults Results;
  ErrorCollector Errors(Out.Errors);
  runRewrite(*compileCommandsFor(Path), {Path}, Current, Results, FS, &Errors);
  for (FileResult &F : Results.Files)
    if (F.Main)
      Out.Nests = std::move(F.Nests);
  // Formatting failures, which the command line reports as errors too.
  for (std::string &Message : Results.Errors)
    Out.Errors.push_back({0, 0, std::move(Message)});
  return Out;
}

} // namespace lnr::tool::lsp
