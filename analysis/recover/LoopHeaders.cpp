//===- LoopHeaders.cpp ---------------------------------------------------===//
//
// Each `for` of the nest is a dense loop (0 to an invariant bound) or a
// compressed loop (pos[q] to pos[q + 1], q the position of its parent
// level), each bound exclusive ('<') or inclusive ('<=', 'k <= pos[q + 1]
// - 1'). TensorLevels.cpp then matches the compressed loops with the
// tensors whose values they walk.
//
//===----------------------------------------------------------------------===//

#include "analysis/recover/NestWalk.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <optional>
#include <set>

using namespace clang;

namespace lnr::recover::detail {
namespace {

/// Whether evaluating E may fault where the nest would not evaluate it: E
/// reads an array element or through a unary '*', or divides by an integer
/// that is not a nonzero constant. The nest evaluates an inner loop's
/// bound only when the loops around it run ('widths[n - 1]' never with
/// n == 0); a rewrite evaluates it before them (the size of a temporary,
/// the run-time choice's costs) or in another loop (a reordered nest). A
/// member read through a pointer ('d->K') is not counted: a struct the
/// nest reads a bound from is taken to be valid wherever the nest runs.
bool mayFaultElsewhere(const Expr *E, const ASTContext &Ctx) {
  if (!E || isa<UnaryExprOrTypeTraitExpr>(E)) // sizeof: not evaluated
    return false;
  if (isa<ArraySubscriptExpr>(E))
    return true;
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_Deref)
    return true;
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    BinaryOperatorKind Op = B->getOpcode();
    Expr::EvalResult Divisor;
    if ((Op == BO_Div || Op == BO_Rem || Op == BO_DivAssign ||
         Op == BO_RemAssign) &&
        B->getRHS()->getType()->isIntegerType() &&
        !(B->getRHS()->EvaluateAsInt(Divisor, Ctx) &&
          !Divisor.Val.getInt().isZero()))
      return true;
  }
  for (const Stmt *Child : E->children())
    if (mayFaultElsewhere(dyn_cast_or_null<Expr>(Child), Ctx))
      return true;
  return false;
}

/// The bound a loop's variable stays below: 'X' of 'v < X', and of
/// 'v <= X - 1' (NPB CG's 'k <= rowstr[j + 1] - 1'), as written; 'v <= X'
/// (1-based arrays, 'j <= n') stays below X + 1 (PlusOne). None for an
/// inclusive bound compared in unsigned arithmetic, where 'X - 1' wraps
/// at X = 0 and 'v <= X' never ends at X's maximum.
struct InclusiveBound {
  const Expr *Written;
  bool PlusOne = false;
};

std::optional<InclusiveBound> upperBound(const BinaryOperator &Cond,
                                         const ASTContext &Ctx) {
  const Expr *Rhs = Cond.getRHS();
  if (Cond.getOpcode() == BO_LT)
    return InclusiveBound{Rhs};
  if (!Cond.getLHS()->getType()->isSignedIntegerType())
    return std::nullopt;
  Expr::EvalResult One;
  if (const auto *Sub = dyn_cast<BinaryOperator>(Rhs->IgnoreParenImpCasts());
      Sub && Sub->getOpcode() == BO_Sub &&
      Sub->getType()->isSignedIntegerType() &&
      Sub->getRHS()->EvaluateAsInt(One, Ctx) && One.Val.getInt() == 1)
    return InclusiveBound{Sub->getLHS()};
  return InclusiveBound{Rhs, true};
}

/// A loop's bound without the casts that keep every value ('(long)pos[i]'
/// is read as 'pos[i]'), and the first cast that does not in Changing
/// ('(size_t)pos[i]' with an int pos: a negative position changes).
const Expr *withoutWideningCasts(const Expr *E, const ASTContext &Ctx,
                                 const ExplicitCastExpr *&Changing) {
  E = E->IgnoreParenImpCasts();
  while (const auto *Cast = dyn_cast<ExplicitCastExpr>(E)) {
    const Expr *Inner = Cast->getSubExpr()->IgnoreParenImpCasts();
    if (!Cast->getType()->isIntegerType() ||
        !Inner->getType()->isIntegerType() ||
        !keepsEveryValue(Ctx, Inner->getType(), Cast->getType())) {
      Changing = Changing ? Changing : Cast;
      return E;
    }
    E = Inner;
  }
  return E;
}

} // namespace

const VarDecl *NestWalk::positionVar(const Expr *Index) const {
  if (const VarDecl *V = asVar(Index)) {
    const LoopFact *L = loopOf(V);
    return L && L->RelativeTo ? nullptr : V;
  }
  // pos[i] + p, or p + pos[i], p relative to the fiber starting at pos[i].
  const auto *Add = dyn_cast<BinaryOperator>(Index->IgnoreParenImpCasts());
  if (!Add || Add->getOpcode() != BO_Add)
    return nullptr;
  for (auto [Start, Var] : {std::pair(Add->getLHS(), Add->getRHS()),
                            std::pair(Add->getRHS(), Add->getLHS())}) {
    const VarDecl *P = asVar(Var);
    const LoopFact *L = P ? loopOf(P) : nullptr;
    const auto *At = dyn_cast<ArraySubscriptExpr>(Start->IgnoreParenImpCasts());
    // The fiber's start read at the same parent position (itself maybe
    // relative: pos3[pos2[i] + q] + r) in the same array.
    if (L && L->RelativeTo && At && positionVar(At->getIdx()) == L->ParentVar &&
        text(At->getBase()) == text(L->RelativeTo->getBase()) &&
        !text(At->getBase()).empty())
      return P;
  }
  return nullptr;
}

const VarDecl *NestWalk::inlineCoordinate(const Expr *E) {
  // crd[p] read in place: the coordinate of p's compressed level. Without a
  // local to name it, the index is named after the load ("colidx[p]"),
  // which is what the rewrite writes wherever it reads it.
  const auto *Load = dyn_cast<ArraySubscriptExpr>(E->IgnoreParenImpCasts());
  if (const VarDecl *Alone = Load ? asVar(Load->getIdx()) : nullptr;
      Alone && loopOf(Alone) && loopOf(Alone)->RelativeTo) {
    const ArraySubscriptExpr *Start = loopOf(Alone)->RelativeTo;
    refuse(rule::NonAffineSubscript,
           "'" + written(Load) + "' reads at '" + Alone->getName().str() +
               "', which counts positions from its fiber's start '" +
               written(Start) + "'; it is a position only as '" +
               written(Start) + " + " + Alone->getName().str() + "'",
           Load->getBeginLoc());
    return nullptr;
  }
  const VarDecl *P = Load ? positionVar(Load->getIdx()) : nullptr;
  if (!P || !isPosition(P) || !isInvariant(Load->getBase()))
    return nullptr;
  LoopFact &L = *std::find_if(Loops.begin(), Loops.end(),
                              [&](const LoopFact &F) { return F.Var == P; });
  std::string Array = symbolOf(Load->getBase());
  // A COO loop's levels share its position: the one read from Array, or
  // the first not read yet.
  LoopFact *Level = &L;
  if (L.NonUnique) {
    for (LoopFact &Other : Loops)
      if (Other.For == L.For && Other.CoordinateArray == Array)
        return Other.Coordinate;
    for (LoopFact &Other : Loops)
      if (Other.For == L.For && !Other.Coordinate && Level->Coordinate)
        Level = &Other;
  }
  if (Level->Coordinate)
    return Level->CoordinateArray == Array ? Level->Coordinate : nullptr;
  std::string Name = text(Load);
  if (Name.empty())
    return nullptr;
  Level->Coordinate = VarDecl::Create(
      Ctx, Ctx.getTranslationUnitDecl(), SourceLocation(), SourceLocation(),
      &Ctx.Idents.get(Name), Load->getType(), nullptr, SC_None);
  Level->CoordinateArray = Array;
  Level->Source.Index = Name;
  Level->Source.Coordinates = text(Load->getBase());
  if (!L.NonUnique)
    Level->Source.NextCoordinate = nextCoordinate(Load);
  return Level->Coordinate;
}

bool NestWalk::isRootRange(const ArraySubscriptExpr *Lo,
                           const ArraySubscriptExpr *Hi) const {
  Expr::EvalResult First, Second;
  return Lo->getIdx()->EvaluateAsInt(First, Ctx) &&
         Hi->getIdx()->EvaluateAsInt(Second, Ctx) && First.Val.getInt() == 0 &&
         Second.Val.getInt() == 1;
}

bool NestWalk::isRootFromZero(const ForStmt *For, const VarDecl *P,
                              const Expr *Lo,
                              const ArraySubscriptExpr *End) const {
  Expr::EvalResult Zero, One;
  if (!Lo->EvaluateAsInt(Zero, Ctx) || Zero.Val.getInt() != 0 ||
      !End->getIdx()->EvaluateAsInt(One, Ctx) || One.Val.getInt() != 1 ||
      !isInvariant(End))
    return false;
  // The integer arrays the body reads at p and at p + 1, how often it reads
  // a floating-point element (a value) at p, the bounds of its loops, and
  // how often it names p at all.
  struct Uses : RecursiveASTVisitor<Uses> {
    const VarDecl *P;
    ASTContext &Ctx;
    unsigned References = 0, Values = 0;
    std::vector<const ArraySubscriptExpr *> At, AtNext;
    std::set<const Expr *> Bounds;
    Uses(const VarDecl *P, ASTContext &Ctx) : P(P), Ctx(Ctx) {}
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      References += Ref->getDecl() == P;
      return true;
    }
    bool VisitForStmt(ForStmt *For) {
      if (const auto *Init = dyn_cast_or_null<DeclStmt>(For->getInit()))
        if (const auto *V = Init->isSingleDecl()
                                ? dyn_cast<VarDecl>(Init->getSingleDecl())
                                : nullptr;
            V && V->getInit())
          Bounds.insert(V->getInit()->IgnoreParenImpCasts());
      if (const auto *Assign = dyn_cast_or_null<BinaryOperator>(For->getInit()))
        Bounds.insert(Assign->getRHS()->IgnoreParenImpCasts());
      if (const auto *Cond = dyn_cast_or_null<BinaryOperator>(For->getCond()))
        Bounds.insert(Cond->getRHS()->IgnoreParenImpCasts());
      return true;
    }
    bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
      const Expr *Index = E->getIdx()->IgnoreParenImpCasts();
      if (E->getType()->isRealFloatingType()) {
        Values += asVar(Index) == P;
        return true;
      }
      if (!E->getType()->isIntegerType())
        return true;
      const auto *Add = dyn_cast<BinaryOperator>(Index);
      Expr::EvalResult One;
      if (asVar(Index) == P)
        At.push_back(E);
      else if (Add && Add->getOpcode() == BO_Add &&
               ((asVar(Add->getLHS()) == P &&
                 Add->getRHS()->EvaluateAsInt(One, Ctx)) ||
                (asVar(Add->getRHS()) == P &&
                 Add->getLHS()->EvaluateAsInt(One, Ctx))) &&
               One.Val.getInt() == 1)
        AtNext.push_back(E);
      return true;
    }
  } U(P, Ctx);
  U.TraverseStmt(const_cast<Stmt *>(For->getBody()));
  // p read anywhere else (a dense subscript, a condition) is an index: the
  // loop is the dense loop over [0, pos[1]) it is written as.
  if (U.References != U.At.size() + U.AtNext.size() + U.Values)
    return false;
  // A child's positions are read at p + 1 too, or are a loop's bound (MKL's
  // begin and end arrays); a coordinate is neither. A loop whose p only
  // reads a child's positions stays dense: read so, it needs no check.
  return std::any_of(U.At.begin(), U.At.end(), [&](const auto *E) {
    return !U.Bounds.count(E) &&
           std::none_of(U.AtNext.begin(), U.AtNext.end(), [&](const auto *N) {
             return text(N->getBase()) == text(E->getBase());
           });
  });
}

void NestWalk::readRootFromZero(LoopFact &L, const ArraySubscriptExpr *End,
                                const Expr *LoInit) {
  L.Compressed = true;
  L.Source.Kind = LevelKind::Compressed;
  L.PosBase = End->getBase()->IgnoreParenImpCasts();
  L.Source.Position = L.Var->getName().str();
  L.Source.Positions = text(L.PosBase);
  // The loop's own bounds, for the tests of a fiber and the prefetch.
  L.Source.LoopBegin = withBoundLocals(text(LoInit));
  L.Source.LoopEnd = L.Source.LevelEnd = text(End);
  // Everything else (the overlap test's ranges, the positions' order, the
  // run-time choice's count of entries) takes the level's positions to run
  // over [pos[0], pos[1]), the loop's positions only when pos[0] is 0.
  Source.ZeroFirstPositions.push_back(L.Source.Positions + "[0]");
}

std::optional<NestWalk::LoopHeader>
NestWalk::readLoopVariable(const ForStmt *For) {
  // The lower bound: `int i = lo` (C99) or `i = lo` with i declared before
  // the loop (C89), which must then be dead after the nest.
  LoopHeader H;
  if (const auto *Init = dyn_cast_or_null<DeclStmt>(For->getInit())) {
    if (!Init->isSingleDecl())
      return refuseNone(rule::UnsupportedLoop,
                        "the loop declares more than one variable in its "
                        "initialization",
                        For->getBeginLoc());
    H.Var = dyn_cast<VarDecl>(Init->getSingleDecl());
    if (!H.Var || !H.Var->getType()->isIntegerType() || !H.Var->getInit())
      return refuseNone(rule::UnsupportedLoop,
                        "the loop variable is not an initialized integer",
                        For->getBeginLoc());
    H.LoInit = H.Var->getInit();
  } else if (const auto *Assign =
                 dyn_cast_or_null<BinaryOperator>(For->getInit());
             Assign && Assign->getOpcode() == BO_Assign &&
             isa<DeclRefExpr>(Assign->getLHS()->IgnoreParens()) &&
             asVar(Assign->getLHS())) {
    H.Var = asVar(Assign->getLHS());
    if (!H.Var->getType()->isIntegerType())
      return refuseNone(rule::UnsupportedLoop,
                        "the loop variable is not an integer",
                        For->getBeginLoc());
    if (!addOuterVariable(H.Var, For, For->getBeginLoc(), For->getBeginLoc()))
      return std::nullopt;
    H.LoInit = Assign->getRHS();
  } else {
    return refuseNone(rule::UnsupportedLoop,
                      "the loop neither declares nor assigns its variable in "
                      "its initialization ('int i = 0' or 'i = 0')",
                      For->getBeginLoc());
  }
  if (loopOf(H.Var) || coordinateLoop(H.Var))
    return refuseNone(rule::UnsupportedLoop,
                      "'" + H.Var->getName().str() +
                          "' is the variable of two loops of the nest",
                      For->getBeginLoc());
  if (references(H.LoInit, H.Var))
    return refuseNone(rule::UnsupportedLoop,
                      "the lower bound of the loop over '" +
                          H.Var->getName().str() +
                          "' reads the variable itself",
                      For->getBeginLoc());
  // `p = b` with `const int b = pos[i];` (BoundLocals.cpp): read as
  // `p = pos[i]`, and written so.
  H.Lo = throughBoundLocal(H.LoInit->IgnoreParenImpCasts());
  return H;
}

std::optional<NestWalk::LoopHeader>
NestWalk::readCountingDown(const ForStmt *For, LoopHeader H) {
  // 'i-- > lo' (or 'lo < i--') with no step: i runs from Upper - 1 down to
  // lo, the range [lo, Upper). 'i >= lo' stepping 'i--': from Upper down
  // to lo, the range [lo, Upper + 1), in a signed type (unsigned, it would
  // never end at lo = 0).
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      For->getCond() ? For->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!Cond)
    return std::nullopt;
  auto PostDecrement = [&](const Expr *E) {
    const auto *U = dyn_cast<UnaryOperator>(E->IgnoreParenImpCasts());
    return U && U->getOpcode() == UO_PostDec && asVar(U->getSubExpr()) == H.Var;
  };
  const Expr *Lo = nullptr;
  if (!For->getInc() && Cond->getOpcode() == BO_GT &&
      PostDecrement(Cond->getLHS()))
    Lo = Cond->getRHS();
  else if (!For->getInc() && Cond->getOpcode() == BO_LT &&
           PostDecrement(Cond->getRHS()))
    Lo = Cond->getLHS();
  else if (Cond->getOpcode() == BO_GE && asVar(Cond->getLHS()) == H.Var &&
           stepsDownByOne(For->getInc(), H.Var, Ctx)) {
    Lo = Cond->getRHS();
    H.PlusOne = true;
    if (!H.Var->getType()->isSignedIntegerType())
      return refuseNone(rule::UnsupportedLoop,
                        "the loop over '" + H.Var->getName().str() +
                            "' counts down to '" + written(Lo) +
                            "' in an unsigned type: at 0 it never ends",
                        For->getBeginLoc());
  }
  if (!Lo)
    return std::nullopt;
  // The first value converted to the variable's type: a narrower one
  // ('char i = n' with n = 300) runs another number of iterations than
  // the range the rewrite's own loops would count up.
  if (const Expr *First = H.LoInit->IgnoreParenImpCasts();
      !keepsEveryValue(Ctx, First->getType(), H.Var->getType()))
    return refuseNone(rule::UnsupportedLoop,
                      "the loop over '" + H.Var->getName().str() +
                          "' counts down from '" + written(First) +
                          "', converted to '" + typeName(H.Var->getType()) +
                          "', which does not hold every value",
                      For->getBeginLoc());
  if (references(Lo, H.Var))
    return refuseNone(rule::UnsupportedLoop,
                      "the lower bound of the loop over '" +
                          H.Var->getName().str() +
                          "' reads the variable itself",
                      For->getBeginLoc());
  H.Upper = H.LoInit;
  // From 'n - 1' in a signed type: the range [lo, n).
  Expr::EvalResult One;
  if (const auto *Sub =
          dyn_cast<BinaryOperator>(H.Upper->IgnoreParenImpCasts());
      H.PlusOne && Sub && Sub->getOpcode() == BO_Sub &&
      Sub->getType()->isSignedIntegerType() &&
      Sub->getRHS()->EvaluateAsInt(One, Ctx) && One.Val.getInt() == 1) {
    H.Upper = Sub->getLHS();
    H.PlusOne = false;
  }
  H.Hi = throughBoundLocal(H.Upper->IgnoreParenImpCasts());
  H.LoInit = Lo;
  H.Lo = throughBoundLocal(Lo->IgnoreParenImpCasts());
  H.Descending = true;
  return H;
}

std::optional<NestWalk::LoopHeader>
NestWalk::readLoopHeader(const ForStmt *For) {
  std::optional<LoopHeader> H = readLoopVariable(For);
  if (!H)
    return std::nullopt;
  const std::string Name = H->Var->getName().str();
  if (std::optional<LoopHeader> Down = readCountingDown(For, *H); Down || Fail)
    return Down;
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      For->getCond() ? For->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!Cond || (Cond->getOpcode() != BO_LT && Cond->getOpcode() != BO_LE) ||
      asVar(Cond->getLHS()) != H->Var)
    return refuseNone(rule::UnsupportedLoop,
                      "the loop condition is not '" + Name + " < bound' or '" +
                          Name + " <= bound', nor a count down by one ('" +
                          Name + "-- > lo', '" + Name + " >= lo; " + Name +
                          "--')",
                      For->getBeginLoc());
  // An inclusive bound, 'k <= rowstr[j + 1] - 1' (NPB CG) or 'j <= n'
  // (1-based arrays): read as its exclusive bound, 'k < rowstr[j + 1]'
  // or 'j < (n) + 1'; the header is written back as it is.
  const std::optional<InclusiveBound> Inclusive = upperBound(*Cond, Ctx);
  if (!Inclusive)
    return refuseNone(
        rule::UnsupportedLoop,
        "the loop over '" + Name +
            "' ends at an inclusive bound compared in unsigned arithmetic, "
            "which wraps ('<= n - 1' at n = 0) or never ends ('<= n' at n's "
            "maximum)",
        For->getBeginLoc());
  H->Upper = Inclusive->Written;
  H->PlusOne = Inclusive->PlusOne;
  H->Hi = throughBoundLocal(H->Upper->IgnoreParenImpCasts());
  if (!stepsByOne(For->getInc(), H->Var, Ctx))
    return refuseNone(rule::UnsupportedLoop,
                      "the loop does not step its variable by one",
                      For->getBeginLoc());
  return H;
}

std::optional<NestWalk::PositionBounds>
NestWalk::readPositionBounds(const LoopHeader &H) {
  // A cast that keeps every value reads the positions as they are
  // ('(long)pos[i]'); one that does not is refused by name.
  const ExplicitCastExpr *Changing = nullptr;
  const Expr *LoRead = withoutWideningCasts(H.Lo, Ctx, Changing),
             *HiRead = withoutWideningCasts(H.Hi, Ctx, Changing);
  if (Changing &&
      isa<ArraySubscriptExpr>(Changing->getSubExpr()->IgnoreParenImpCasts()) &&
      mentionsNestVariable(Changing))
    return refuseNone(rule::UnsupportedLoop,
                      "the bound '" + written(Changing) + "' converts '" +
                          typeName(Changing->getSubExpr()->getType()) +
                          "' to '" + typeName(Changing->getType()) +
                          "', which does not hold every value (a negative "
                          "position would change); read the positions in "
                          "their own type or a wider signed one",
                      Changing->getBeginLoc());
  PositionBounds B;
  B.Lo = dyn_cast<ArraySubscriptExpr>(LoRead);
  B.Hi = H.PlusOne ? nullptr : dyn_cast<ArraySubscriptExpr>(HiRead);
  // Positions relative to the fiber: 0 <= p < pos[q + 1] - pos[q], read
  // at pos[q] + p; the bounds are those of the fiber. A difference that
  // reads no variable of the nest is a dense loop's bound.
  Expr::EvalResult Zero;
  if (const auto *Length = dyn_cast<BinaryOperator>(H.Hi);
      Length && Length->getOpcode() == BO_Sub && !B.Lo && !H.PlusOne &&
      mentionsNestVariable(Length) && H.Lo->EvaluateAsInt(Zero, Ctx) &&
      Zero.Val.getInt() == 0) {
    B.Lo =
        dyn_cast<ArraySubscriptExpr>(Length->getRHS()->IgnoreParenImpCasts());
    B.Hi =
        dyn_cast<ArraySubscriptExpr>(Length->getLHS()->IgnoreParenImpCasts());
    B.RelativeTo = B.Lo;
    if (!B.Lo || !B.Hi)
      B = PositionBounds{};
  }
  return B;
}

bool NestWalk::readCompressedLoop(LoopFact &L, const LoopHeader &H,
                                  const PositionBounds &B) {
  // Compressed: pos[q] <= p < pos[q + 1], q an enclosing loop variable; or
  // MKL's four-array CSR, pntrb[q] <= p < pntre[q], begin and end arrays
  // apart. q: a loop variable, or the position of a parent level relative
  // to its fiber (pos3[pos2[i] + q]).
  const ForStmt *For = L.For;
  const VarDecl *Q = positionVar(B.Lo->getIdx());
  const auto *Next =
      dyn_cast<BinaryOperator>(B.Hi->getIdx()->IgnoreParenImpCasts());
  Expr::EvalResult One;
  bool IsNext = Next && Next->getOpcode() == BO_Add &&
                ((positionVar(Next->getLHS()) == Q &&
                  Next->getRHS()->EvaluateAsInt(One, Ctx)) ||
                 (positionVar(Next->getRHS()) == Q &&
                  Next->getLHS()->EvaluateAsInt(One, Ctx))) &&
                One.Val.getInt() == 1;
  bool SameArray = text(B.Lo->getBase()) == text(B.Hi->getBase());
  bool FourArrays = !SameArray && positionVar(B.Hi->getIdx()) == Q &&
                    isInvariant(B.Hi->getBase()) &&
                    !text(B.Hi->getBase()).empty();
  // pos[0] to pos[1]: the root of DCSR, or of a CSF tensor whose every
  // level is compressed (TACO's {Sparse, Sparse, ...}); no loop around it
  // is its parent.
  bool Root = SameArray && isRootRange(B.Lo, B.Hi);
  // q may also be the coordinate another tensor's compressed level loaded
  // ('j = B_crd[pB]; for (pC = C_pos[j]; ...)': a chain of sparse
  // matrices): the level is the second tensor's, below a dense level of
  // index j.
  if (!Root &&
      (!Q || Q == L.Var || !(loopOf(Q) || coordinateLoop(Q)) ||
       !((IsNext && SameArray) || FourArrays) || !isInvariant(B.Lo->getBase())))
    return refuse(rule::UnsupportedLoop,
                  "the loop bounds are neither '0 to an invariant bound' "
                  "nor 'pos[q] to pos[q + 1]' (or 'begin[q] to end[q]') of "
                  "an enclosing loop's q",
                  For->getBeginLoc());
  if (Root && !isInvariant(B.Lo->getBase()))
    return refuse(rule::UnsupportedLoop,
                  "the positions array '" + written(B.Lo->getBase()) +
                      "' of the loop over '" + L.Var->getName().str() +
                      "' may change between iterations",
                  For->getBeginLoc());
  L.Compressed = true;
  L.Source.Kind = LevelKind::Compressed;
  L.PosBase = B.Lo->getBase()->IgnoreParenImpCasts();
  L.ParentVar = Root ? nullptr : Q;
  L.Source.Position = L.Var->getName().str();
  L.Source.LoopBegin = text(B.Lo);
  L.Source.LoopEnd = text(B.Hi);
  if (B.RelativeTo) {
    // p alone is no position: the rewrite keeps the headers and the
    // reads as written, and tests a fiber with the loop's own bounds;
    // nothing is stored at or ranged over the positions.
    L.RelativeTo = B.RelativeTo;
    L.Source.Kind = LevelKind::Relative;
    L.Source.LoopBegin = withBoundLocals(text(H.LoInit));
    L.Source.LoopEnd = withBoundLocals(text(H.Upper));
  } else if (FourArrays) {
    // The fibers [begin[q], end[q]) need not be contiguous nor ordered:
    // no element of one array bounds the level's positions.
    L.Source.Kind = LevelKind::SeparateEnds;
    L.Source.PositionEnds = text(B.Hi->getBase());
  } else {
    // Below a dense loop over [0, n), the level's positions end at pos[n];
    // a first level's at pos[1].
    const LoopFact *Parent = Q ? loopOf(Q) : nullptr;
    if (!Q)
      L.Source.LevelEnd = text(B.Hi);
    else if (Parent && !Parent->Compressed && Parent->FromZero &&
             !Parent->Extent.empty())
      L.Source.LevelEnd = text(B.Lo->getBase()) + "[" + Parent->Extent + "]";
    L.Source.Positions = text(L.PosBase);
  }
  return true;
}

bool NestWalk::readDenseLoop(LoopFact &L, const LoopHeader &H) {
  for (const Expr *Bound : {H.Lo, H.Hi}) {
    if (mentionsNestVariable(Bound) || references(Bound, L.Var))
      return refuse(rule::UnsupportedLoop,
                    "the bounds of the loop over '" + L.Var->getName().str() +
                        "' depend on the nest",
                    L.For->getBeginLoc());
    if (!isInvariant(Bound))
      return refuse(rule::UnsupportedLoop,
                    "the bound '" + written(Bound) + "' of the loop over '" +
                        L.Var->getName().str() +
                        "' calls a function, reads a volatile object or has "
                        "another side effect; it may change between "
                        "iterations",
                    Bound->getBeginLoc());
    // Only the outermost loop's bound is read wherever the nest runs.
    if (!Loops.empty() && mayFaultElsewhere(Bound, Ctx))
      return refuse(rule::UnsupportedLoop,
                    "the bound '" + written(Bound) + "' of the loop over '" +
                        L.Var->getName().str() +
                        "' reads an array element or through '*', or divides "
                        "by a variable: the nest reads it only when the "
                        "loops around run, and a rewrite would read it "
                        "before them",
                    Bound->getBeginLoc());
  }
  Expr::EvalResult Zero, Top;
  bool FromZero = H.Lo->EvaluateAsInt(Zero, Ctx) && Zero.Val.getInt() == 0;
  // As written, parentheses and all: a macro's expansion maps back to
  // its use (TACO_MIN(C2_dimension, D2_dimension)) only as a whole.
  std::string HiText = withBoundLocals(text(H.Upper)),
              LoText = withBoundLocals(text(H.LoInit));
  if (H.PlusOne && !HiText.empty())
    HiText = "(" + HiText + ") + 1";
  if (H.Lo->EvaluateAsInt(Zero, Ctx) && !Zero.Val.getInt().isNegative()) {
    if (!H.Hi->EvaluateAsInt(Top, Ctx))
      L.Bound = Coefficient{1, {H.PlusOne ? HiText : symbolOf(H.Hi)}};
    else if (int64_t End = Top.Val.getInt().getExtValue() + H.PlusOne; End > 0)
      L.Bound = Coefficient{End, {}};
  }
  L.Extent = FromZero ? HiText : "(" + HiText + ") - (" + LoText + ")";
  L.FromZero = FromZero;
  L.Source.StartsAtZero = FromZero;
  if (H.Descending)
    L.Source.Kind = LevelKind::Descending;
  if (!FromZero)
    L.Source.Begin = LoText;
  L.Source.Bound = HiText;
  L.Source.BoundWritten = !H.PlusOne && !H.Descending;
  if (HiText.empty() || LoText.empty())
    return refuse(rule::Macro,
                  "a bound of the loop over '" + L.Var->getName().str() +
                      "' is written inside a macro's body",
                  L.For->getBeginLoc());
  return true;
}

std::optional<NestFacts> NestWalk::read(const ForStmt *Outer) {
  // A refusal met on the way refuses the nest, even where the step that
  // met it went on.
  if (!readLoop(Outer) || !assignTensors() || !resolveSparseOutput() || Fail)
    return std::nullopt;
  return std::move(static_cast<NestFacts &>(*this));
}

bool NestWalk::readLoop(const ForStmt *For) {
  if (!inFile(SourceRange(For->getBeginLoc(), For->getRParenLoc())))
    return refuse(rule::Macro, "the loop is written inside a macro",
                  For->getBeginLoc());
  if (Blocks && For == Blocks->Inner)
    return readStatements(Blocks->Rest);
  if (readSplitLoop(For) || (!Fail && readPositionSplit(For)) ||
      (!Fail && readPositionBlocks(For)))
    return true;
  if (Fail)
    return false;
  const std::optional<LoopHeader> H = readLoopHeader(For);
  if (!H)
    return false;
  const std::optional<PositionBounds> B = readPositionBounds(*H);
  if (!B)
    return false;
  if (H->Descending && (B->Lo || B->Hi))
    return refuse(rule::UnsupportedLoop,
                  "the loop over '" + H->Var->getName().str() +
                      "' counts down over positions; only dense loops are "
                      "read counting down",
                  For->getBeginLoc());
  LoopFact L;
  L.For = For;
  L.Var = H->Var;
  L.Descending = H->Descending;
  if (!B->Lo && B->Hi && isRootFromZero(For, L.Var, H->Lo, B->Hi))
    readRootFromZero(L, B->Hi, H->LoInit);
  else if (B->Lo && B->Hi ? !readCompressedLoop(L, *H, *B)
                          : !readDenseLoop(L, *H))
    return false;
  L.Source.Header = withBoundLocals(
      text(SourceRange(For->getBeginLoc(), For->getRParenLoc())));
  const auto *Assign = dyn_cast_or_null<BinaryOperator>(For->getInit());
  // 'i-- > 0' is no canonical OpenMP loop: no increment.
  L.Source.OmpCanonical = For->getInc() &&
                          !isa<ParenExpr>(For->getCond()->IgnoreImpCasts()) &&
                          !(Assign && isa<ParenExpr>(Assign->getLHS())) &&
                          !L.Var->getType()->isBooleanType();
  if (L.Source.Header.empty())
    return refuse(rule::Macro, "the loop's header is written inside a macro",
                  For->getBeginLoc());
  if (unsigned Levels = coordinateLevels(L); Levels >= 2)
    addCoordinateLevels(std::move(L), Levels);
  else
    Loops.push_back(std::move(L));
  return readBody(For);
}

} // namespace lnr::recover::detail
