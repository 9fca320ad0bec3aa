//===- Statement.cpp -----------------------------------------------------===//
//
// The innermost statement: an update of the output (`A[..] += product`,
// `A[..] = A[..] + product`, or through TACO's scalar accumulator) and the
// types it computes in.
//
//===----------------------------------------------------------------------===//

#include "analysis/recover/NestWalk.h"

#include "analysis/recover/MemberPaths.h"

#include <algorithm>
#include <set>

using namespace clang;

namespace lnr::recover::detail {

namespace {
/// `Lhs += Rhs` and `Lhs = Lhs + Rhs` (or `Rhs + Lhs`) accumulate;
/// `Lhs = Rhs` assigns.
struct Update {
  const Expr *Lhs = nullptr, *Rhs = nullptr;
  bool Accumulate = false, PlusAssign = false;
};

std::optional<Update>
splitUpdate(const Expr *E, llvm::function_ref<std::string(const Expr *)> Text) {
  E = E->IgnoreParens();
  if (const auto *CA = dyn_cast<CompoundAssignOperator>(E)) {
    if (CA->getOpcode() != BO_AddAssign)
      return std::nullopt;
    return Update{CA->getLHS(), CA->getRHS(), true, true};
  }
  const auto *A = dyn_cast<BinaryOperator>(E);
  if (!A || A->getOpcode() != BO_Assign)
    return std::nullopt;
  Update U{A->getLHS(), A->getRHS()->IgnoreParenImpCasts(), false, false};
  if (const auto *Sum = dyn_cast<BinaryOperator>(U.Rhs);
      Sum && Sum->getOpcode() == BO_Add) {
    std::string Target = Text(U.Lhs->IgnoreParenImpCasts());
    if (Text(Sum->getLHS()->IgnoreParenImpCasts()) == Target)
      return Update{U.Lhs, Sum->getRHS(), true, false};
    if (Text(Sum->getRHS()->IgnoreParenImpCasts()) == Target)
      return Update{U.Lhs, Sum->getLHS(), true, false};
  }
  return U;
}
} // namespace

bool NestWalk::writtenInFile(const Expr *E) const {
  // The operator is in the file, and the statement is the text of its
  // operands: an operand may be a macro's use (`AT(A, i, l, L) += ...`),
  // which the rewrite writes as it is written.
  E = E->IgnoreParens();
  const auto *B = dyn_cast<BinaryOperator>(E);
  return B && B->getOperatorLoc().isFileID() && !text(E).empty();
}

bool NestWalk::readStatement(const Expr *E) {
  auto Text = [&](const Expr *X) { return text(X); };
  std::optional<Update> U = splitUpdate(E, Text);
  if (!U)
    return refuse(rule::UnsupportedStatement,
                  "the innermost statement is not an accumulation "
                  "'A[..] += product'",
                  E->getBeginLoc());
  if (!writtenInFile(E))
    return refuse(rule::Macro, "the statement is written inside a macro",
                  E->getBeginLoc());
  if (Accumulator && asVar(U->Lhs) == Accumulator) {
    if (!U->Accumulate)
      return refuse(rule::UnsupportedStatement,
                    "'" + Accumulator->getName().str() +
                        "' is assigned, not accumulated",
                    E->getBeginLoc());
    AccumulatedProduct = U->Rhs;
    return true;
  }
  if (!readOutput(U->Lhs, E))
    return false;
  Kernel.Stmt.Accumulate = U->Accumulate;
  AccumulatesWithPlusAssign = U->PlusAssign;
  Source.StoredValue = "(@)"; // the terms themselves
  return readProduct(U->Rhs, U->Lhs->getType(), E);
}

bool NestWalk::readAssignedOutput(const Expr *Lhs, const Expr *E) {
  // TACO's default order: the whole reduction in the accumulator, then
  // `A[..] = acc;`. That is "zero A, then accumulate" when every loop
  // outside the accumulator indexes the output, or walks the fibers
  // above the compressed level it is stored at (`A_vals[jB * M + m]`,
  // TACO's SDDMM and SpTTM): every element is then assigned exactly once
  // (for positions, when they never decrease: checked at run time).
  std::set<const VarDecl *> Above;
  for (const auto &[V, C] : OutputForm.Terms)
    for (const LoopFact *L = loopOf(V); L && L->Compressed && L->ParentVar;
         L = loopOf(L->ParentVar))
      Above.insert(L->ParentVar);
  for (size_t I = 0; I < LoopsOutsideAccumulator; ++I) {
    const LoopFact &L = Loops[I];
    std::string Index = L.Compressed ? "" : L.Var->getName().str();
    // A compressed first level (DCSR's) may list a coordinate twice: the
    // rewrite checks that its loaded coordinates strictly increase, and
    // any other is said only when a schedule would gain (NestSource.h).
    if (L.Compressed && !L.ParentVar && L.Coordinate &&
        OutputForm.Terms.count(L.Coordinate)) {
      if (!L.NonUnique && !L.Singleton && !L.RelativeTo &&
          !L.NarrowedCoordinate && L.Source.PositionEnds.empty() &&
          !L.Source.Coordinates.empty()) {
        Source.DistinctCoordinates = L.Coordinate->getName().str();
        continue;
      }
      if (!Source.DeferredRefusal)
        Source.DeferredRefusal = Refusal(
            rule::AssignInReduction,
            "'" + written(Lhs) +
                "' is assigned a whole sum once per position of the "
                "compressed first level walked by '" +
                L.Var->getName().str() + "', at its coordinate '" +
                L.Coordinate->getName().str() +
                "', which is not proved distinct for distinct positions; "
                "where one is listed twice only the last sum is kept");
      continue;
    }
    bool Indexes = OutputForm.Terms.count(L.Var) &&
                   (L.Compressed || Kernel.Stmt.Lhs.uses(Index));
    if (!Indexes && !Above.count(L.Var))
      return refuse(rule::AssignInReduction,
                    "'" + written(Lhs) +
                        "' is assigned, not accumulated, "
                        "inside the loop over '" +
                        (L.Compressed ? L.Var->getName().str() : Index) +
                        "', which does not index it; only its last value "
                        "is kept",
                    E->getBeginLoc());
  }
  return outputAssignedOnce(Lhs, E);
}

bool NestWalk::readAccumulatorUse(const Expr *E) {
  auto Text = [&](const Expr *X) { return text(X); };
  std::optional<Update> U = splitUpdate(E, Text);
  // Assigned through an element-wise function ('T[p] = exp(s);').
  StoredMap Map;
  if (U && !U->Accumulate && !readMap(U->Rhs, Map, E))
    return false;
  std::vector<const Expr *> Scale;
  bool Twice = false;
  const VarDecl *Stored = U ? storedSum(U->Rhs, Scale, Twice) : nullptr;
  if (Twice)
    return refuse(rule::UnsupportedStatement,
                  "the stored product holds the sum '" +
                      Accumulator->getName().str() +
                      "' more than once (or copies of it): it is no sum of "
                      "scaled terms",
                  E->getBeginLoc());
  if (!Stored)
    return refuse(rule::UnsupportedStatement,
                  "after the loop, '" + Accumulator->getName().str() +
                      "' is not stored into the output ('A[..] += " +
                      Accumulator->getName().str() + ";')",
                  E->getBeginLoc());
  if (!writtenInFile(E))
    return refuse(rule::Macro, "the statement is written inside a macro",
                  E->getBeginLoc());
  if (!readOutput(U->Lhs, E))
    return false;
  if (!U->Accumulate) {
    if (!readAssignedOutput(U->Lhs, E))
      return false;
    Source.ZeroOutputFirst = true;
    Source.Map = Map.Text;
    Source.MapContinuous = Map.Continuous;
  }
  Source.StoredValue =
      Map.Text.empty() ? sumPlaced(U->Rhs).value_or("") : Map.Text;
  Kernel.Stmt.Accumulate = true;
  AccumulatesWithPlusAssign = U->PlusAssign;
  // The accumulator rounds every term to its own type.
  if (!readProduct(AccumulatedProduct, Accumulator->getType(), E) ||
      !readSumScale(Scale, E))
    return false;
  QualType Out = U->Lhs->getType(), Acc = Accumulator->getType();
  // The loops inside the accumulator sum in its type, those outside in the
  // output's: a fused temporary sums across both.
  if (!Ctx.hasSameUnqualifiedType(Out, Acc))
    return refuse(rule::MixedTypes,
                  "the nest sums in '" + typeName(Acc) + "' in '" +
                      Accumulator->getName().str() + "' and in '" +
                      typeName(Out) +
                      "' in the output; the fused nest's partial sums would "
                      "round in one of them where the original rounds in "
                      "the other",
                  E->getBeginLoc());
  return checkTypes(Out, Acc, E);
}

namespace {
/// The factors of a product ('B[p] * s * alpha'), parentheses aside.
void productFactors(const Expr *E, std::vector<const Expr *> &Out) {
  E = E->IgnoreParens();
  if (const auto *B = dyn_cast<BinaryOperator>(E);
      B && B->getOpcode() == BO_Mul) {
    productFactors(B->getLHS(), Out);
    productFactors(B->getRHS(), Out);
    return;
  }
  Out.push_back(E);
}
} // namespace

const VarDecl *NestWalk::storedSum(const Expr *Rhs,
                                   std::vector<const Expr *> &Scale,
                                   bool &Twice) const {
  auto IsSum = [&](const VarDecl *V) {
    return V && (V == Accumulator || std::count(AccumulatorCopies.begin(),
                                                AccumulatorCopies.end(), V));
  };
  if (IsSum(asVar(Rhs)))
    return asVar(Rhs);
  std::vector<const Expr *> Factors;
  productFactors(Rhs, Factors);
  // The sum once: a second use, through a copy or not ('u * u'), is no
  // scale.
  const VarDecl *Sum = nullptr;
  for (const Expr *F : Factors) {
    if (!IsSum(asVar(F)))
      Scale.push_back(F);
    else if (Sum)
      Twice = true;
    else
      Sum = asVar(F);
  }
  return Twice ? nullptr : Sum;
}

bool NestWalk::readSumScale(const std::vector<const Expr *> &Scale,
                            const Expr *Statement) {
  if (Scale.empty())
    return true;
  QualType Sum = Accumulator->getType();
  for (const Expr *F : Scale)
    if (!Ctx.hasSameUnqualifiedType(F->getType(), Sum) ||
        !Ctx.hasSameUnqualifiedType(F->IgnoreParenImpCasts()->getType(), Sum))
      return refuse(rule::MixedTypes,
                    "the sum '" + Accumulator->getName().str() +
                        "' is scaled by '" + written(F) +
                        "', not of its type '" + typeName(Sum) +
                        "': the scaled terms would round otherwise",
                    F->getBeginLoc());
  std::vector<std::string> Inside;
  for (size_t I = LoopsOutsideAccumulator; I < Loops.size(); ++I) {
    if (Loops[I].Compressed)
      return refuse(rule::UnsupportedStatement,
                    "the sum '" + Accumulator->getName().str() +
                        "' is scaled after a loop over a compressed level, "
                        "whose fibers may be empty: the original then "
                        "stores the scale times 0, NaN for an infinite one",
                    Statement->getBeginLoc());
    Inside.push_back(Loops[I].Var->getName().str());
  }
  size_t Before = Kernel.Stmt.Factors.size();
  for (const Expr *F : Scale)
    if (!readFactor(F, outputBase))
      return false;
  for (size_t I = Before; I < Kernel.Stmt.Factors.size(); ++I)
    for (const std::string &Index : Inside)
      if (Kernel.Stmt.Factors[I].uses(Index))
        return refuse(rule::UnsupportedStatement,
                      "the sum '" + Accumulator->getName().str() +
                          "' is scaled by a factor indexed by '" + Index +
                          "', an index of a loop inside the sum",
                      Statement->getBeginLoc());
  Source.ScaledSumLoops = Inside;
  for (size_t I = Before; I < Kernel.Stmt.Factors.size(); ++I)
    Source.SumScales.push_back(I);
  return true;
}

bool NestWalk::readOutput(const Expr *Lhs, const Expr *Statement) {
  const auto *Out = dyn_cast<ArraySubscriptExpr>(Lhs->IgnoreParenImpCasts());
  if (!Out)
    return refuse(rule::UnsupportedStatement,
                  "the statement does not write an array element",
                  Lhs->getBeginLoc());
  if (Lhs->getType().isVolatileQualified())
    return refuse(rule::SideEffect,
                  "the output is volatile: every access of the nest is "
                  "observable, and the fused nest makes fewer",
                  Lhs->getBeginLoc());
  // In an unsigned subscript a nonzero coefficient may wrap to 0
  // ('l * 65536u * 65536u'); in a signed one the original would overflow.
  QualType Index = Out->getIdx()->getType();
  OutputSubscriptSigned = Index->isSignedIntegerType();
  OutputSubscriptWraps =
      !OutputSubscriptSigned &&
      Ctx.getTypeSize(Index) < Ctx.getTypeSize(Ctx.VoidPtrTy);
  std::optional<ElementRange> Elements;
  std::optional<ir::Access> OutAccess =
      readDenseAccess(Out, OutputForm, &Elements, Side::Output);
  if (!OutAccess)
    return false;
  // At the positions of a level reached through another tensor's
  // coordinate, distinct fibers of that tensor reach one fiber again.
  for (const auto &[V, C] : OutputForm.Terms)
    if (const LoopFact *L = loopOf(V);
        L && L->Compressed && L->ParentVar && coordinateLoop(L->ParentVar))
      return refuse(rule::UnsupportedAccess,
                    "the output is stored at the positions of '" +
                        V->getName().str() +
                        "', whose fibers are reached "
                        "through the coordinate '" +
                        L->ParentVar->getName().str() +
                        "' of another tensor: several of its positions may "
                        "reach one fiber",
                    Lhs->getBeginLoc());
  outputBase = arrayOf(Out->getBase());
  // A variable, or an array held in a struct ('result->val'), read where
  // the nest reads it: the same member each time, which the run-time
  // overlap test keeps apart from what the nest writes (checkAliasing).
  if (!asVar(outputBase) &&
      !(memberPathRoot(outputBase) && isInvariant(outputBase)))
    return refuse(rule::UnsupportedAccess,
                  "the output '" + written(outputBase->IgnoreParenImpCasts()) +
                      "' is neither a variable nor a member reached from one",
                  outputBase->getBeginLoc());
  Kernel.Stmt.Lhs = *OutAccess;
  Source.Overlap.OutputInStruct = !asVar(outputBase);
  if (Elements)
    recordRange(outputBase, Elements->Form, true, Elements->Rows);
  else
    recordRange(outputBase, OutputForm, true);
  Source.Output = substitutedText(Lhs);
  if (Source.Output.empty())
    return refuse(rule::Macro,
                  "the output is written inside a macro's body; the rewrite "
                  "could not write it back",
                  Lhs->getBeginLoc());
  Source.OutputAliases = aliasesIn(Lhs);
  (void)Statement;
  return true;
}

bool NestWalk::checkTypes(QualType Target, QualType Value,
                          const Expr *Statement) {
  // A narrow integer wraps, and a _Bool saturates, on every accumulation:
  // partial sums would not round the same way.
  if (Target->isBooleanType() ||
      (Target->isIntegerType() &&
       Ctx.getTypeSize(Target) < Ctx.getTypeSize(Ctx.IntTy)))
    return refuse(rule::MixedTypes,
                  "the output is '" + Target.getAsString() +
                      "', which wraps or saturates on every accumulation; "
                      "partial sums would not",
                  Statement->getBeginLoc());
  // An integer target rounds every accumulated term, so a floating product
  // summed before rounding would compute something else.
  bool Numbers = (Target->isRealFloatingType() || Target->isIntegerType()) &&
                 (Value->isRealFloatingType() || Value->isIntegerType());
  if (!Numbers) // '_Complex double', a vector type
    return refuse(rule::MixedTypes,
                  "the output is '" + Target.getAsString() +
                      "' and the product '" + Value.getAsString() +
                      "'; the rewrite sums real floating-point and integer "
                      "elements only",
                  Statement->getBeginLoc());
  if (Target->isIntegerType() != Value->isIntegerType())
    return refuse(rule::MixedTypes,
                  "the output is '" + Target.getAsString() +
                      "' but the product is '" + Value.getAsString() +
                      "'; the conversion on every accumulation would not "
                      "survive a reordering",
                  Statement->getBeginLoc());
  // An integer product wraps in its own type ('unsigned' factors into an
  // 'unsigned long' output): the fused nest's partial products, in the
  // output's type, would not.
  if (Target->isIntegerType() && !Ctx.hasSameUnqualifiedType(Target, Value))
    return refuse(rule::MixedTypes,
                  "the output is '" + Target.getAsString() +
                      "' but the product is '" + Value.getAsString() +
                      "', which wraps in its own type; the fused nest's "
                      "partial products would not",
                  Statement->getBeginLoc());
  return true;
}

bool NestWalk::checkMultiplication(const BinaryOperator *Mul) {
  QualType Type = Mul->getType();
  if (!Type->isUnsignedIntegerType() ||
      Ctx.hasSameUnqualifiedType(Type, ProductType))
    return true;
  return refuse(rule::MixedTypes,
                "the product multiplies in '" + typeName(Type) +
                    "', which wraps, before it converts to '" +
                    typeName(ProductType) +
                    "'; the fused nest's partial products would not wrap",
                Mul->getOperatorLoc());
}

bool NestWalk::readProduct(const Expr *Rhs, QualType Target,
                           const Expr *Statement) {
  ProductType = Rhs->IgnoreParenImpCasts()->getType().getUnqualifiedType();
  if (!checkTypes(Target, ProductType, Statement))
    return false;
  // The temporaries hold partial sums of partial products: they take the
  // type the original sums in, the accumulator's where the nest had one,
  // the output's otherwise (float products summed into a double output
  // are summed in double), or the product's where it is wider (double
  // products into a float output: the original rounds each whole term,
  // never a partial product, to float).
  QualType Held = Accumulator ? Accumulator->getType() : Target;
  if (ProductType->isRealFloatingType() && Held->isRealFloatingType() &&
      Ctx.getFloatingTypeOrder(ProductType, Held) > 0)
    Held = ProductType;
  // Signed integers overflow where the fused nest's other order of sums
  // and its partial sums in temporaries form a value the original never
  // does ('1e9 * 0' four times: 4e9 in the temporary): undefined behaviour
  // the original does not have. Unsigned integers wrap, and wrapping sums
  // agree in any order.
  // Said only where a schedule would gain (a zeroing loop has no sum).
  if ((Target->isSignedIntegerType() || Held->isSignedIntegerType()) &&
      !Source.DeferredRefusal)
    Source.DeferredRefusal =
        Refusal(rule::SignedOverflow,
                "the nest sums in '" + typeName(Held) +
                    "', a signed integer type: the fused nest's partial "
                    "sums, in another order, could overflow where the "
                    "original's do not");
  HeldType = Held;
  Source.ElementType = typeName(Held);
  Source.ValueType = typeName(ProductType);
  return readFactor(Rhs, outputBase);
}

} // namespace lnr::recover::detail
