//===- IncludeCheck.cpp ---------------------------------------------------===//

#include "tool/IncludeCheck.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <algorithm>
#include <cctype>
#include <memory>

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

/// Preprocesses the unit and keeps every identifier its tokens spell (a
/// superset of what it declares: also the types and parameters its
/// declarations name) and every macro it defines. No parse: a header's
/// names cost its lexing only.
class SpelledNames : public PreprocessorFrontendAction {
public:
  std::set<std::string> Spelled, Macros;

protected:
  void ExecuteAction() override {
    Preprocessor &PP = getCompilerInstance().getPreprocessor();
    PP.EnterMainSourceFile();
    Token Tok;
    do {
      PP.Lex(Tok);
      if (Tok.is(tok::identifier))
        Spelled.insert(Tok.getIdentifierInfo()->getName().str());
    } while (Tok.isNot(tok::eof));
    const SourceManager &SM = PP.getSourceManager();
    for (const auto &[Name, State] : PP.macros()) {
      const MacroInfo *Macro = PP.getMacroInfo(Name);
      if (Macro && !Macro->isBuiltinMacro() &&
          SM.getFileID(Macro->getDefinitionLoc()) != PP.getPredefinesFileID())
        Macros.insert(Name->getName().str());
    }
  }
};

/// What a check needs of the unit's compile, copied on the thread that
/// parses it.
struct Compile {
  std::shared_ptr<CompilerInvocation> Invocation;
  std::shared_ptr<PCHContainerOperations> PCH;
  FileSystemOptions FileSystem;
  IntrusiveRefCntPtr<llvm::vfs::FileSystem> Files;
  std::string MainPath;
};

Compile compileOf(CompilerInstance &CI) {
  const SourceManager &SM = CI.getSourceManager();
  const FileEntry *Main = SM.getFileEntryForID(SM.getMainFileID());
  return {std::make_shared<CompilerInvocation>(CI.getInvocation()),
          CI.getPCHContainerOperations(), CI.getFileSystemOpts(),
          &CI.getVirtualFileSystem(), Main ? Main->getName().str() : ""};
}

/// Runs Action on the unit of Unit's compile command with the file Path
/// read as Text instead, Text holding a line inserted at InsertedLine (0:
/// none); the first error, if any.
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

/// Whether D comes from the file (not from a system header, nor made up
/// by the compiler, as a builtin's implicit declaration is).
bool writtenByTheFile(const Decl &D, const SourceManager &SM) {
  return !D.isImplicit() && D.getLocation().isValid() &&
         !SM.isInSystemHeader(D.getLocation());
}

} // namespace

IncludeCheck::IncludeCheck(CompilerInstance &CI) : CI(CI) {
  Compile Unit = compileOf(CI);
  if (Unit.MainPath.empty())
    return;
  // The parse reads the unit's file system on this thread: the names are
  // read through a file system of their own, from the same directory.
  auto Own = llvm::vfs::createPhysicalFileSystem();
  if (llvm::ErrorOr<std::string> Dir = Unit.Files->getCurrentWorkingDirectory())
    Own->setCurrentWorkingDirectory(*Dir);
  Unit.Files = std::move(Own);
  Gathering = std::async(std::launch::async, [Unit = std::move(Unit)] {
    std::map<std::string, HeaderNames> Found;
    for (const char *Header : {"stdlib.h", "stdint.h"}) {
      SpelledNames Action;
      runWith(Unit, Unit.MainPath, std::string("#include <") + Header + ">\n",
              0, Action);
      Found[Header] = {std::move(Action.Spelled), std::move(Action.Macros)};
    }
    return Found;
  });
}

IncludeCheck::~IncludeCheck() {
  if (Gathering.valid())
    Gathering.wait();
}

const IncludeCheck::HeaderNames &
IncludeCheck::namesOf(const std::string &Header) {
  if (Gathering.valid())
    Names = Gathering.get();
  return Names[Header];
}

bool IncludeCheck::mayConflict(const HeaderNames &Header, SourceLocation At) {
  ASTContext &Ctx = CI.getASTContext();
  const SourceManager &SM = CI.getSourceManager();
  Preprocessor &PP = CI.getPreprocessor();
  auto OwnMacro = [&](const IdentifierInfo &II) {
    const MacroInfo *Macro = PP.getMacroInfo(&II);
    return Macro && !Macro->isBuiltinMacro() &&
           !SM.isInSystemHeader(Macro->getDefinitionLoc()) &&
           SM.getFileID(Macro->getDefinitionLoc()) != PP.getPredefinesFileID();
  };
  for (const std::string &Name : Header.Spelled) {
    auto Known = Ctx.Idents.find(Name);
    if (Known == Ctx.Idents.end())
      continue; // the file never spells it
    IdentifierInfo &II = *Known->getValue();
    if (OwnMacro(II))
      return true;
    for (const NamedDecl *D : Ctx.getTranslationUnitDecl()->lookup(&II))
      if (writtenByTheFile(*D, SM))
        return true;
  }
  // A feature-test macro of the file's own defined after At ('#define
  // _GNU_SOURCE' after a declaration): the include would read the C
  // library without it.
  for (const auto &[Name, State] : PP.macros()) {
    StringRef Spelled = Name->getName();
    if (Spelled.size() > 1 && Spelled[0] == '_' &&
        (std::isupper(static_cast<unsigned char>(Spelled[1])) ||
         Spelled[1] == '_') &&
        OwnMacro(*Name) &&
        !SM.isBeforeInTranslationUnit(PP.getMacroInfo(Name)->getDefinitionLoc(),
                                      At))
      return true;
  }
  // A name the header defines as a macro and the unit spells without
  // defining it: the macro would replace it.
  for (const std::string &Name : Header.Macros) {
    auto Known = Ctx.Idents.find(Name);
    if (Known == Ctx.Idents.end())
      continue;
    IdentifierInfo &II = *Known->getValue();
    if (!II.hasMacroDefinition() && !II.getBuiltinID() &&
        !II.isKeyword(Ctx.getLangOpts()))
      return true;
  }
  return false;
}

std::optional<std::string> IncludeCheck::conflict(FileID File, unsigned Offset,
                                                  const std::string &Header) {
  const SourceManager &SM = CI.getSourceManager();
  const FileEntry *Entry = SM.getFileEntryForID(File);
  if (!Entry)
    return std::nullopt;
  std::string Text = SM.getBufferData(File).str();
  Offset = std::min<unsigned>(Offset, Text.size());
  if (!mayConflict(namesOf(Header), SM.getComposedLoc(File, Offset)))
    return std::nullopt;
  unsigned Line = 1 + std::count(Text.begin(), Text.begin() + Offset, '\n');
  Text.insert(Offset, "#include <" + Header + ">\n");
  SyntaxOnlyAction Parse;
  Compile Unit = compileOf(CI);
  return runWith(Unit, Entry->getName(), Text, Line, Parse);
}

} // namespace lnr::tool
