//===- NestProducts.cpp ---------------------------------------------------===//

#include "tool/NestProducts.h"

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <vector>

using namespace clang;

namespace lnr::tool {
namespace {

/// The variable an lvalue or a read names: `t`, the array of `t[i][j]`,
/// the pointer of `*p` or `p[i]`, the member of `s->v[i]`.
const ValueDecl *baseOf(const Expr *E) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
      return Ref->getDecl();
    if (const auto *Member = dyn_cast<MemberExpr>(E))
      return Member->getMemberDecl();
    if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(E))
      E = Subscript->getBase();
    else if (const auto *Unary = dyn_cast<UnaryOperator>(E);
             Unary && Unary->getOpcode() == UO_Deref)
      E = Unary->getSubExpr();
    else
      return nullptr;
  }
  return nullptr;
}

void flatten(const Expr *E, BinaryOperatorKind Kind,
             std::vector<const Expr *> &Out) {
  E = E->IgnoreParenImpCasts();
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    if (B->getOpcode() == Kind ||
        (Kind == BO_Add && B->getOpcode() == BO_Sub)) {
      flatten(B->getLHS(), Kind, Out);
      flatten(B->getRHS(), Kind, Out);
      return;
    }
  Out.push_back(E);
}

bool isConstant(const Expr *E) {
  return isa<IntegerLiteral, FloatingLiteral, CharacterLiteral>(E);
}

/// What the assignments of a nest say: which values receive a long
/// product, which values products read, and which values flow into which.
struct ProductFlow {
  std::vector<const ValueDecl *> LongTargets; // nullptr: an unnamed target
  llvm::SmallPtrSet<const ValueDecl *, 8> Targets;
  llvm::SmallPtrSet<const ValueDecl *, 8> ReadByProducts;
  std::vector<std::pair<const ValueDecl *, const ValueDecl *>> Flows;

  void collectReads(const Stmt *S, const ValueDecl *Into) {
    if (!S)
      return;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
      Flows.push_back({Into, Ref->getDecl()});
    for (const Stmt *Child : S->children())
      collectReads(Child, Into);
  }

  void assignment(const Expr *Target, const Expr *Value) {
    const ValueDecl *Into = baseOf(Target);
    if (Into)
      Targets.insert(Into);
    collectReads(Value, Into);
    std::vector<const Expr *> Terms;
    flatten(Value, BO_Add, Terms);
    for (const Expr *Term : Terms) {
      std::vector<const Expr *> Factors;
      flatten(Term, BO_Mul, Factors);
      if (Factors.size() < 2)
        continue;
      // Read into another value: `A[..] += A[..] * b * c` reads its own
      // target, which is no producer for that.
      for (const Expr *F : Factors)
        if (const ValueDecl *Read = baseOf(F); Read && Read != Into)
          ReadByProducts.insert(Read);
      if (llvm::count_if(Factors,
                         [](const Expr *F) { return !isConstant(F); }) >= 3)
        LongTargets.push_back(Into);
    }
  }

  void visit(const Stmt *S) {
    if (!S)
      return;
    // An OpenMP directive holds its statement in a CapturedStmt, whose
    // children are the captures only: the statement is visited here.
    if (const auto *Captured = dyn_cast<CapturedStmt>(S))
      return visit(Captured->getCapturedStmt());
    if (const auto *B = dyn_cast<BinaryOperator>(S))
      if (B->getOpcode() == BO_Assign || B->getOpcode() == BO_AddAssign ||
          B->getOpcode() == BO_SubAssign)
        assignment(B->getLHS(), B->getRHS());
    for (const Stmt *Child : S->children())
      visit(Child);
  }

  /// The targets a product reads, and every target that flows into one.
  llvm::SmallPtrSet<const ValueDecl *, 8> consumed() const {
    llvm::SmallPtrSet<const ValueDecl *, 8> Consumed;
    for (const ValueDecl *D : ReadByProducts)
      if (Targets.count(D))
        Consumed.insert(D);
    for (bool Grew = true; Grew;) {
      Grew = false;
      for (const auto &[Into, From] : Flows)
        if (Into && From != Into && Consumed.count(Into) && Targets.count(From))
          Grew |= Consumed.insert(From).second;
    }
    return Consumed;
  }
};

} // namespace

bool accumulatesLongProduct(const Stmt *Nest, const Stmt *Scope) {
  ProductFlow InNest, InScope;
  InNest.visit(Nest);
  InScope.visit(Scope ? Scope : Nest);
  llvm::SmallPtrSet<const ValueDecl *, 8> Consumed = InScope.consumed();
  return llvm::any_of(InNest.LongTargets, [&](const ValueDecl *D) {
    return !D || !Consumed.count(D);
  });
}

} // namespace lnr::tool
