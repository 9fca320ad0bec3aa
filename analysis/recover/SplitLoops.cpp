//===- SplitLoops.cpp -----------------------------------------------------===//
//
// TACO's split of a dense loop (`split(i, i0, i1, 16)`, every parallel
// example of its documentation):
//
//   for (int32_t i0 = 0; i0 < ((N + 15) / 16); i0++) {
//     for (int32_t i1 = 0; i1 < 16; i1++) {
//       int32_t i = i0 * 16 + i1;
//       if (i >= N)
//         continue;
//       ...
//
// visits i = 0 .. N - 1 in order, 16 at a time. It is read as the loop
// over i, and written back as the strip-mined loop it is, without the
// 'continue': `for (i0 ...) for (int32_t i = i0 * 16; i < i0 * 16 + 16 &&
// i < N; i++)`, so that a directive on i0 keeps parallelizing the strips.
//
//===----------------------------------------------------------------------===//

#include "analysis/recover/NestWalk.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace lnr::recover::detail {

const VarDecl *countedFromZero(const ForStmt *For, const Expr *&Bound,
                               ASTContext &Ctx) {
  const VarDecl *V = onlyVariable(For->getInit());
  Expr::EvalResult Zero;
  if (!V || !V->getType()->isIntegerType() || !V->getInit() ||
      !V->getInit()->EvaluateAsInt(Zero, Ctx) || Zero.Val.getInt() != 0)
    return nullptr;
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      For->getCond() ? For->getCond()->IgnoreParenImpCasts() : nullptr);
  const auto *Ref =
      Cond ? dyn_cast<DeclRefExpr>(Cond->getLHS()->IgnoreParenImpCasts())
           : nullptr;
  const auto *Inc = dyn_cast_or_null<UnaryOperator>(For->getInc());
  const auto *Stepped =
      Inc ? dyn_cast<DeclRefExpr>(Inc->getSubExpr()->IgnoreParens()) : nullptr;
  if (!Cond || Cond->getOpcode() != BO_LT || !Ref || Ref->getDecl() != V ||
      !Inc || !Inc->isIncrementOp() || !Stepped || Stepped->getDecl() != V)
    return nullptr;
  Bound = Cond->getRHS()->IgnoreParenImpCasts();
  return V;
}

const ForStmt *onlyLoop(const Stmt *Body) {
  if (const auto *CS = dyn_cast<CompoundStmt>(Body))
    return CS->size() == 1 ? dyn_cast<ForStmt>(CS->body_front()) : nullptr;
  return dyn_cast<ForStmt>(Body);
}

std::optional<int64_t> constantOf(const Expr *E, ASTContext &Ctx) {
  Expr::EvalResult R;
  if (!E || !E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt().getExtValue();
}

bool stepsByOne(const Stmt *S, const VarDecl *V, ASTContext &Ctx) {
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(S))
    return U->isIncrementOp() && asVar(U->getSubExpr()) == V;
  const auto *C = dyn_cast_or_null<CompoundAssignOperator>(S);
  return C && C->getOpcode() == BO_AddAssign && asVar(C->getLHS()) == V &&
         constantOf(C->getRHS(), Ctx) == 1;
}

bool stepsDownByOne(const Stmt *S, const VarDecl *V, ASTContext &Ctx) {
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(S))
    return U->isDecrementOp() && asVar(U->getSubExpr()) == V;
  const auto *C = dyn_cast_or_null<CompoundAssignOperator>(S);
  return C && C->getOpcode() == BO_SubAssign && asVar(C->getLHS()) == V &&
         constantOf(C->getRHS(), Ctx) == 1;
}

namespace {
bool isVariable(const Expr *E, const VarDecl *V) {
  const auto *R = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return R && R->getDecl() == V;
}
} // namespace

bool isScaled(const Expr *E, const VarDecl *A, int64_t S, ASTContext &Ctx) {
  const auto *M = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  return M && M->getOpcode() == BO_Mul &&
         ((isVariable(M->getLHS(), A) && constantOf(M->getRHS(), Ctx) == S) ||
          (isVariable(M->getRHS(), A) && constantOf(M->getLHS(), Ctx) == S));
}

bool isStrip(const Expr *E, const VarDecl *A, const VarDecl *B, int64_t S,
             ASTContext &Ctx) {
  const auto *Sum = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  return Sum && Sum->getOpcode() == BO_Add &&
         ((isScaled(Sum->getLHS(), A, S, Ctx) &&
           isVariable(Sum->getRHS(), B)) ||
          (isScaled(Sum->getRHS(), A, S, Ctx) && isVariable(Sum->getLHS(), B)));
}

const Expr *stripsCover(const Expr *Count, int64_t S, ASTContext &Ctx) {
  const auto *Div = dyn_cast<BinaryOperator>(Count);
  const auto *Round =
      Div ? dyn_cast<BinaryOperator>(Div->getLHS()->IgnoreParenImpCasts())
          : nullptr;
  if (!Div || Div->getOpcode() != BO_Div ||
      constantOf(Div->getRHS(), Ctx) != S || !Round ||
      Round->getOpcode() != BO_Add || constantOf(Round->getRHS(), Ctx) != S - 1)
    return nullptr;
  return Round->getLHS()->IgnoreParenImpCasts();
}

bool NestWalk::readSplitLoop(const ForStmt *For) {
  // for (i0 = 0; i0 < (N + S - 1) / S; i0++) for (i1 = 0; i1 < S; i1++)
  const Expr *OuterBound = nullptr, *InnerBound = nullptr;
  const VarDecl *I0 = countedFromZero(For, OuterBound, Ctx);
  const ForStmt *Inner = I0 ? onlyLoop(For->getBody()) : nullptr;
  const VarDecl *I1 = Inner ? countedFromZero(Inner, InnerBound, Ctx) : nullptr;
  std::optional<int64_t> S = constantOf(InnerBound, Ctx);
  const auto *Body = Inner ? dyn_cast<CompoundStmt>(Inner->getBody()) : nullptr;
  if (!I1 || !S || *S <= 0 || !Body || Body->size() < 3)
    return false;
  // { T i = i0 * S + i1; if (i >= N) continue; ... }
  std::vector<const Stmt *> Rest(Body->body_begin(), Body->body_end());
  const VarDecl *I = onlyVariable(Rest[0]);
  const auto *Skip = dyn_cast<IfStmt>(Rest[1]);
  if (!I || !I->getInit() || !isStrip(I->getInit(), I0, I1, *S, Ctx) || !Skip ||
      !skipsSplitTail(Skip, Rest) || I->getType()->isBooleanType())
    return false;
  const Expr *N = cast<BinaryOperator>(Skip->getCond()->IgnoreParenImpCasts())
                      ->getRHS()
                      ->IgnoreParenImpCasts();
  if (asVar(cast<BinaryOperator>(Skip->getCond()->IgnoreParenImpCasts())
                ->getLHS()) != I)
    return false;
  // The strips cover [0, N): i0 < (N + (S - 1)) / S, as TACO writes it.
  const Expr *Covered = stripsCover(OuterBound, *S, Ctx);
  if (!Covered || text(Covered) != text(N) || text(N).empty())
    return refuse(
        rule::UnsupportedLoop,
        "the split loop's strips, '" + written(OuterBound) +
            "' of them, are not proved to cover '" + I->getName().str() +
            " < " + written(N) + "' (TACO writes '(" + written(N) + " + " +
            std::to_string(*S - 1) + ") / " + std::to_string(*S) + "')",
        For->getBeginLoc());
  if (!isInvariant(N) || mentionsNestVariable(N))
    return refuse(rule::UnsupportedLoop,
                  "the bound '" + written(N) + "' of the split loop over '" +
                      I->getName().str() + "' may change in the nest",
                  N->getBeginLoc());
  Rest.erase(Rest.begin(), Rest.begin() + 2);
  for (const Stmt *R : Rest)
    if (references(R, I0) || references(R, I1) || isChangedIn(I, R))
      return refuse(rule::UnsupportedLoop,
                    "the body of the split loop over '" + I->getName().str() +
                        "' reads the strip's variables or changes '" +
                        I->getName().str() + "'",
                    R->getBeginLoc());
  LoopFact L;
  L.For = For;
  L.Var = I;
  L.FromZero = true;
  L.Extent = text(N);
  if (std::optional<int64_t> Top = constantOf(N, Ctx))
    L.Bound = Coefficient{*Top, {}};
  else
    L.Bound = Coefficient{1, {symbolOf(N)}};
  L.Source.StartsAtZero = true;
  L.Source.Bound = text(N);
  std::string Strip = I0->getName().str() + " * " + std::to_string(*S);
  std::string Name = I->getName().str();
  L.Source.Header = text(SourceRange(For->getBeginLoc(), For->getRParenLoc())) +
                    " for (" + typeName(I->getType()) + " " + Name + " = " +
                    Strip + "; " + Name + " < " + Strip + " + " +
                    std::to_string(*S) + " && " + Name + " < " + text(N) +
                    "; " + Name + "++)";
  L.Source.OmpCanonical = true;
  L.Source.Kind = LevelKind::Strips;
  L.Source.Split = text(SourceRange(For->getBeginLoc(), For->getRParenLoc()));
  Loops.push_back(std::move(L));
  return readStatements(std::move(Rest));
}

} // namespace lnr::recover::detail
