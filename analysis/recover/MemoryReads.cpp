//===- MemoryReads.cpp ----------------------------------------------------===//

#include "analysis/recover/MemoryReads.h"

#include "clang/AST/RecursiveASTVisitor.h"

namespace lnr::recover {

using namespace clang;

std::vector<const Expr *>
memoryScalars(const Stmt *Nest,
              const std::function<bool(const Expr *)> &IndexedByNest) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const std::function<bool(const Expr *)> &Indexed;
    std::vector<const Expr *> Found;
    explicit Finder(const std::function<bool(const Expr *)> &Indexed)
        : Indexed(Indexed) {}
    bool VisitImplicitCastExpr(ImplicitCastExpr *Cast) {
      if (Cast->getCastKind() != CK_LValueToRValue)
        return true;
      const Expr *E = Cast->getSubExpr()->IgnoreParens();
      bool Memory = isa<MemberExpr>(E) || isa<ArraySubscriptExpr>(E);
      if (const auto *U = dyn_cast<UnaryOperator>(E))
        Memory = U->getOpcode() == UO_Deref;
      if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
        if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
          Memory = V->hasGlobalStorage();
      if (Memory && !Indexed(E))
        Found.push_back(E);
      return true;
    }
  } F(IndexedByNest);
  F.TraverseStmt(const_cast<Stmt *>(Nest));
  return F.Found;
}

} // namespace lnr::recover
