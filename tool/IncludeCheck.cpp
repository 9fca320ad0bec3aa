//===- IncludeCheck.cpp ---------------------------------------------------===//

#include "tool/IncludeCheck.h"
#include "tool/Reparse.h"

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
