//===- StoredArrays.cpp ---------------------------------------------------===//

#include "analysis/recover/StoredArrays.h"
#include "analysis/recover/Allocations.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace lnr::recover {

bool isAllocation(const Expr *E) {
  StringRef Called = allocatorCalled(E);
  return !Called.empty() && Called != "realloc";
}

bool allocates(const Stmt *S, const VarDecl *T, bool Zeroed) {
  const auto *Assign = dyn_cast<BinaryOperator>(S);
  if (Assign && Assign->getOpcode() == BO_Assign &&
      namedVariable(Assign->getLHS()) == T)
    return Zeroed ? calleeName(Assign->getRHS()) == "calloc"
                  : isAllocation(Assign->getRHS());
  const auto *Decl = dyn_cast<DeclStmt>(S);
  if (!Decl || !Decl->isSingleDecl() || Decl->getSingleDecl() != T)
    return false;
  if (!T->getInit())
    return !Zeroed;
  return Zeroed ? calleeName(T->getInit()) == "calloc"
                : isAllocation(T->getInit());
}

bool isPositiveZero(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *I = dyn_cast<IntegerLiteral>(E))
    return I->getValue() == 0;
  if (const auto *F = dyn_cast<FloatingLiteral>(E))
    return F->getValue().isPosZero();
  return false;
}

bool zeroes(const Stmt *S, const VarDecl *T) {
  if (const auto *Call = dyn_cast<CallExpr>(S))
    return calleeName(Call) == "memset" && Call->getNumArgs() == 3 &&
           namedVariable(Call->getArg(0)) == T &&
           isPositiveZero(Call->getArg(1));
  if (!isa<ForStmt>(S))
    return false;
  while (const auto *For = dyn_cast<ForStmt>(S)) {
    S = For->getBody();
    if (const auto *Block = dyn_cast<CompoundStmt>(S)) {
      if (Block->size() != 1)
        return false;
      S = Block->body_front();
    }
  }
  const auto *Assign = dyn_cast<BinaryOperator>(S);
  const auto *Element =
      Assign && Assign->getOpcode() == BO_Assign
          ? dyn_cast<ArraySubscriptExpr>(Assign->getLHS()->IgnoreParens())
          : nullptr;
  return Element && namedVariable(Element->getBase()) == T &&
         isPositiveZero(Assign->getRHS());
}

bool frees(const Stmt *S, const VarDecl *T) {
  const auto *Call = dyn_cast<CallExpr>(S);
  return Call && calleeName(Call) == "free" && Call->getNumArgs() == 1 &&
         namedVariable(Call->getArg(0)) == T;
}

std::optional<StoredArray> namedArray(const Expr *E) {
  if (const VarDecl *V = namedVariable(E))
    return StoredArray{V, nullptr};
  const auto *M = dyn_cast<MemberExpr>(E->IgnoreParenCasts());
  if (!M)
    return std::nullopt;
  const VarDecl *Base = namedVariable(M->getBase());
  const auto *Field = dyn_cast<FieldDecl>(M->getMemberDecl());
  if (!Base || !Field)
    return std::nullopt;
  return StoredArray{Base, Field};
}

std::string arrayName(const StoredArray &A, const Expr *Spelled) {
  std::string Name = A.Base->getName().str();
  if (!A.Member)
    return Name;
  const auto *M = dyn_cast<MemberExpr>(Spelled->IgnoreParenCasts());
  return Name + (M && M->isArrow() ? "->" : ".") + A.Member->getName().str();
}

QualType elementType(const Expr *E) {
  QualType T = E->IgnoreParenCasts()->getType();
  if (const auto *Pointer = T->getAs<PointerType>())
    return Pointer->getPointeeType();
  if (const auto *Array = T->getAsArrayTypeUnsafe())
    return Array->getElementType();
  return QualType();
}

std::map<StoredArray, const Expr *> storedArrays(const Stmt *Nest) {
  struct Finder : RecursiveASTVisitor<Finder> {
    std::map<StoredArray, const Expr *> Found;
    bool VisitBinaryOperator(BinaryOperator *B) {
      const auto *Sub =
          dyn_cast<ArraySubscriptExpr>(B->getLHS()->IgnoreParens());
      if (!B->isAssignmentOp() || !Sub)
        return true;
      if (std::optional<StoredArray> A = namedArray(Sub->getBase()))
        Found.emplace(*A, Sub->getBase());
      return true;
    }
  } F;
  F.TraverseStmt(const_cast<Stmt *>(Nest));
  return F.Found;
}

} // namespace lnr::recover
