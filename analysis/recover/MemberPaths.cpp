//===- MemberPaths.cpp ----------------------------------------------------===//

#include "analysis/recover/MemberPaths.h"

#include "clang/AST/Decl.h"
#include "clang/AST/RecursiveASTVisitor.h"

namespace lnr::recover {

using namespace clang;

namespace {

/// E as a member of a field that is not a bit-field, or null.
const MemberExpr *fieldMember(const Expr *E) {
  const auto *M = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
  if (!M)
    return nullptr;
  const auto *F = dyn_cast<FieldDecl>(M->getMemberDecl());
  return F && !F->isBitField() ? M : nullptr;
}

const VarDecl *variable(const Expr *E) {
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(Ref->getDecl());
  return nullptr;
}

} // namespace

const VarDecl *memberPathRoot(const Expr *E) {
  const MemberExpr *M = fieldMember(E);
  if (!M)
    return nullptr;
  while (const MemberExpr *Inner = fieldMember(M->getBase()))
    M = Inner;
  return variable(M->getBase());
}

std::string memberPathText(const Expr *E) {
  if (const VarDecl *V = variable(E))
    return V->getName().str();
  const MemberExpr *M = fieldMember(E);
  if (!M)
    return "";
  std::string Base = memberPathText(M->getBase());
  if (Base.empty())
    return "";
  return Base + (M->isArrow() ? "->" : ".") +
         M->getMemberDecl()->getName().str();
}

bool sameMemberPath(const Expr *A, const Expr *B) {
  const MemberExpr *X = fieldMember(A), *Y = fieldMember(B);
  while (X && Y) {
    if (X->getMemberDecl() != Y->getMemberDecl() ||
        X->isArrow() != Y->isArrow())
      return false;
    const MemberExpr *NextX = fieldMember(X->getBase()),
                     *NextY = fieldMember(Y->getBase());
    if (!NextX && !NextY) {
      const VarDecl *Root = variable(X->getBase());
      return Root && Root == variable(Y->getBase());
    }
    X = NextX;
    Y = NextY;
  }
  return false;
}

std::vector<const MemberExpr *> memberArrays(const Stmt *Nest) {
  struct Finder : RecursiveASTVisitor<Finder> {
    std::vector<const MemberExpr *> Found;
    bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
      const MemberExpr *M = fieldMember(E->getBase());
      if (!M || !memberPathRoot(M))
        return true;
      QualType T = M->getType();
      bool Array = T->isArrayType();
      QualType Element = Array ? QualType(T->getArrayElementTypeNoTypeQual(), 0)
                         : T->isPointerType() ? T->getPointeeType()
                                              : QualType();
      if (Element.isNull() || Element->isArrayType() ||
          (!Array && T.isVolatileQualified()))
        return true;
      for (const MemberExpr *Seen : Found)
        if (sameMemberPath(Seen, M))
          return true;
      Found.push_back(M);
      return true;
    }
  } F;
  F.TraverseStmt(const_cast<Stmt *>(Nest));
  return F.Found;
}

} // namespace lnr::recover
