//===- MacroNames.cpp -----------------------------------------------------===//

#include "analysis/recover/MacroNames.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <algorithm>

using namespace clang;

namespace lnr::recover {

std::vector<std::string> macroBodyNames(const Stmt *S,
                                        const SourceManager &SM) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const SourceManager &SM;
    std::vector<std::string> Names;
    explicit Finder(const SourceManager &SM) : SM(SM) {}
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      SourceLocation At = Ref->getLocation();
      if (!At.isMacroID() || SM.isMacroArgExpansion(At))
        return true;
      std::string Name = Ref->getDecl()->getNameAsString();
      if (std::find(Names.begin(), Names.end(), Name) == Names.end())
        Names.push_back(Name);
      return true;
    }
  } F(SM);
  F.TraverseStmt(const_cast<Stmt *>(S));
  return std::move(F.Names);
}

unsigned preprocessorNumber(const Stmt *S, const SourceManager &SM) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const SourceManager &SM;
    unsigned Line = 0;
    explicit Finder(const SourceManager &SM) : SM(SM) {}
    bool VisitIntegerLiteral(IntegerLiteral *L) {
      SourceLocation At = L->getLocation();
      if (At.isMacroID() && SM.isWrittenInScratchSpace(SM.getSpellingLoc(At)))
        Line = SM.getPresumedLineNumber(SM.getExpansionLoc(At));
      return Line == 0;
    }
  } F(SM);
  F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Line;
}

} // namespace lnr::recover
