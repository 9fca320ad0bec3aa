//===- PositionBlocks.cpp -------------------------------------------------===//
//
// TACO's split of a fiber's positions into blocks of S (`pos(j, jpos, A)`,
// `split(jpos, jpos0, jpos1, 4)`, SparseLNR's SpMM schedule), with the loop
// over a dense index between the blocks and their positions:
//
//   for (int32_t jpos0 = A2_pos[i] / 4; jpos0 < ((A2_pos[(i + 1)] + 3) / 4);
//        jpos0++) {
//     int32_t jposA = jpos0 * 4;
//     if (jpos0 * 4 < A2_pos[i] || (jpos0 * 4 + 4) + ... >= A2_pos[(i + 1)]) {
//       for (int32_t k = 0; k < B2_dimension; k++) {
//         int32_t kC = i * C2_dimension + k;
//         for (int32_t jpos1 = 0; jpos1 < 4; jpos1++) {
//           int32_t jposA = jpos0 * 4 + jpos1;
//           if (jposA < A2_pos[i] || jposA >= A2_pos[(i + 1)])
//             continue;
//           ...
//     } else {
//       ... the same, without the test: a block inside the fiber
//
// visits the fiber's positions in order, S at a time. Each element the
// statement writes is written at one value of the loop between (k), so it
// sees the positions in the order of `for (jposA = A2_pos[i]; jposA <
// A2_pos[(i + 1)]; jposA++) for (k ...)`, which is how the nest is read and
// written back. The blocks start at the fiber's first position only when
// positions are not negative: the rewrite checks that `A2_pos[0]` is 0 and
// that the positions never decrease, and the original runs otherwise
// (NestSource::PositionBlocks).
//
//===----------------------------------------------------------------------===//

#include "analysis/recover/NestWalk.h"

#include "clang/AST/Attr.h"

using namespace clang;

namespace lnr::recover::detail {
namespace {

/// E as A * V + B over sums, differences and products by constants.
std::optional<std::pair<int64_t, int64_t>>
linearIn(const Expr *E, const VarDecl *V, ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  if (asVar(E) == V)
    return std::make_pair(int64_t{1}, int64_t{0});
  if (std::optional<int64_t> C = constantOf(E, Ctx))
    return std::make_pair(int64_t{0}, *C);
  // In signed arithmetic, which the original may not wrap; unsigned
  // arithmetic wraps ('b * 4 + 4294967295u' is 'b * 4 - 1').
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B || !B->getType()->isSignedIntegerType())
    return std::nullopt;
  auto L = linearIn(B->getLHS(), V, Ctx), R = linearIn(B->getRHS(), V, Ctx);
  if (!L || !R)
    return std::nullopt;
  switch (B->getOpcode()) {
  case BO_Add:
    return std::make_pair(L->first + R->first, L->second + R->second);
  case BO_Sub:
    return std::make_pair(L->first - R->first, L->second - R->second);
  case BO_Mul:
    if (L->first == 0)
      return std::make_pair(L->second * R->first, L->second * R->second);
    if (R->first == 0)
      return std::make_pair(R->second * L->first, R->second * L->second);
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

/// S without a '#pragma clang loop' on it.
const Stmt *withoutLoopHints(const Stmt *S) {
  if (const auto *A = dyn_cast<AttributedStmt>(S))
    if (std::all_of(A->getAttrs().begin(), A->getAttrs().end(),
                    [](const Attr *At) { return isa<LoopHintAttr>(At); }))
      return withoutLoopHints(A->getSubStmt());
  return S;
}

/// Text with each run of blanks one space.
std::string squeezed(const std::string &Text) {
  std::string Out;
  for (char C : Text) {
    bool Blank = C == ' ' || C == '\t' || C == '\n' || C == '\r';
    if (Blank && (Out.empty() || Out.back() == ' '))
      continue;
    Out += Blank ? ' ' : C;
  }
  return Out;
}

/// The two comparisons of 'x < lo || y >= hi', a test of a position or a
/// block against a fiber's bounds; none for another condition.
std::optional<std::pair<const BinaryOperator *, const BinaryOperator *>>
outsideFiber(const Expr *Cond) {
  const auto *Or = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  if (!Or || Or->getOpcode() != BO_LOr)
    return std::nullopt;
  const auto *Below = dyn_cast<BinaryOperator>(Or->getLHS()->IgnoreParens());
  const auto *Above = dyn_cast<BinaryOperator>(Or->getRHS()->IgnoreParens());
  if (!Below || Below->getOpcode() != BO_LT || !Above ||
      Above->getOpcode() != BO_GE)
    return std::nullopt;
  return std::make_pair(Below, Above);
}

/// Whether S is 'if (P < Lo || P >= Hi) continue;'; Lo and Hi then set.
bool skipsOutsideFiber(const Stmt *S, const VarDecl *P, const Expr *&Lo,
                       const Expr *&Hi) {
  const auto *If = dyn_cast<IfStmt>(S);
  auto Test = If && !If->getElse() && !If->getInit() &&
                      !If->getConditionVariable() &&
                      isa<ContinueStmt>(withoutLoopHints(If->getThen()))
                  ? outsideFiber(If->getCond())
                  : std::nullopt;
  if (!Test || asVar(Test->first->getLHS()) != P ||
      asVar(Test->second->getLHS()) != P)
    return false;
  Lo = Test->first->getRHS()->IgnoreParenImpCasts();
  Hi = Test->second->getRHS()->IgnoreParenImpCasts();
  return true;
}

} // namespace

std::optional<NestWalk::BlockShape>
NestWalk::positionBlocksShape(const ForStmt *For) {
  // for (T b = pos[q] / S; b < (pos[q + 1] + S - 1) / S; b++)
  const VarDecl *B = onlyVariable(For->getInit());
  const auto *Start =
      B && B->getInit()
          ? dyn_cast<BinaryOperator>(B->getInit()->IgnoreParenImpCasts())
          : nullptr;
  const int64_t S = Start && Start->getOpcode() == BO_Div
                        ? constantOf(Start->getRHS(), Ctx).value_or(0)
                        : 0;
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      For->getCond() ? For->getCond()->IgnoreParenImpCasts() : nullptr);
  if (S < 2 || !Cond || Cond->getOpcode() != BO_LT ||
      asVar(Cond->getLHS()) != B || !stepsByOne(For->getInc(), B, Ctx) ||
      !B->getType()->isIntegerType())
    return std::nullopt;
  const Expr *End = stripsCover(Cond->getRHS()->IgnoreParenImpCasts(), S, Ctx);
  const auto *Lo =
      dyn_cast<ArraySubscriptExpr>(Start->getLHS()->IgnoreParenImpCasts());
  const auto *Hi = End ? dyn_cast<ArraySubscriptExpr>(End) : nullptr;
  if (!Lo || !Hi)
    return std::nullopt;
  BlockShape Sh;
  Sh.Outer = For;
  Sh.Block = B;
  Sh.S = S;
  Sh.Lo = Lo;
  Sh.Hi = Hi;
  return Sh;
}

bool NestWalk::refuseBlocks(const BlockShape &Sh, const std::string &Why,
                            SourceLocation Where) {
  return refuse(rule::UnsupportedLoop,
                "the loop over '" + Sh.Block->getName().str() +
                    "' walks a fiber's positions in blocks of " +
                    std::to_string(Sh.S) + " but " + Why +
                    "; TACO's split of a position loop is read when each "
                    "block tests the fiber's bounds, or is inside them",
                Where);
}

bool NestWalk::readBlockTest(BlockShape &Sh) {
  // { [T p = b * S;] if (b * S < pos[q] || b * S + c >= pos[q + 1]) G else F }
  std::vector<const Stmt *> Body = statementsOf(Sh.Outer->getBody());
  const VarDecl *Unused = nullptr;
  if (const VarDecl *V = Body.size() == 2 ? onlyVariable(Body[0]) : nullptr;
      V && V->getInit() && isScaled(V->getInit(), Sh.Block, Sh.S, Ctx))
    Unused = V;
  const auto *If = Body.size() == 1 + (Unused != nullptr)
                       ? dyn_cast<IfStmt>(Body.back())
                       : nullptr;
  if (!If || !If->getElse() || If->getInit() || If->getConditionVariable())
    return refuseBlocks(Sh, "its body is not one test of a block's bounds",
                        Sh.Outer->getBeginLoc());
  if (Unused && references(If, Unused))
    return refuseBlocks(Sh, "its body reads '" + Unused->getName().str() + "'",
                        If->getBeginLoc());
  // A block runs F only when it lies inside [pos[q], pos[q + 1]):
  // b * S + c0 >= pos[q] with c0 <= 0, and b * S + c1 < pos[q + 1] with
  // c1 >= S - 1.
  auto Test = outsideFiber(If->getCond());
  const BinaryOperator *Below = Test ? Test->first : nullptr;
  const BinaryOperator *Above = Test ? Test->second : nullptr;
  auto First = Test ? linearIn(Below->getLHS(), Sh.Block, Ctx) : std::nullopt;
  auto Last = Test ? linearIn(Above->getLHS(), Sh.Block, Ctx) : std::nullopt;
  auto Signed = [](const BinaryOperator *Compare) {
    return Compare->getLHS()->getType()->isSignedIntegerType() &&
           Compare->getRHS()->getType()->isSignedIntegerType();
  };
  if (!First || !Last || !Signed(Below) || !Signed(Above) ||
      First->first != Sh.S || First->second > 0 || Last->first != Sh.S ||
      Last->second < Sh.S - 1 ||
      text(Below->getRHS()->IgnoreParenImpCasts()) != text(Sh.Lo) ||
      text(Above->getRHS()->IgnoreParenImpCasts()) != text(Sh.Hi))
    return refuseBlocks(Sh,
                        "the test '" + written(If->getCond()) +
                            "' is not proved to send only blocks inside [" +
                            written(Sh.Lo) + ", " + written(Sh.Hi) +
                            ") to its second branch",
                        If->getBeginLoc());
  Sh.Test = If;
  return true;
}

bool NestWalk::readBlockPositions(BlockShape &Sh) {
  // The first branch: the loops between, then
  // for (T o = 0; o < S; o++) { T p = b * S + o; if (p < pos[q] || p >=
  // pos[q + 1]) continue; ... }
  const Stmt *Level = Sh.Test->getThen();
  for (unsigned Depth = 0; Depth < 2; ++Depth) {
    std::vector<const Stmt *> Body = statementsOf(Level);
    const auto *Loop = Body.empty() ? nullptr : dyn_cast<ForStmt>(Body.back());
    if (!Loop)
      break;
    const Expr *Bound = nullptr;
    const VarDecl *O = countedFromZero(Loop, Bound, Ctx);
    std::vector<const Stmt *> Inner = statementsOf(Loop->getBody());
    const VarDecl *P = O && constantOf(Bound, Ctx) == Sh.S && Inner.size() > 2
                           ? onlyVariable(Inner[0])
                           : nullptr;
    const Expr *Lo = nullptr, *Hi = nullptr;
    if (P && P->getInit() && isStrip(P->getInit(), Sh.Block, O, Sh.S, Ctx) &&
        skipsOutsideFiber(Inner[1], P, Lo, Hi)) {
      if (text(Lo) != text(Sh.Lo) || text(Hi) != text(Sh.Hi))
        return refuseBlocks(Sh,
                            "a block tests its positions against other "
                            "bounds than the fiber's",
                            Inner[1]->getBeginLoc());
      Sh.Inner = Loop;
      Sh.Offset = O;
      Sh.P = P;
      Sh.Skip = Inner[1];
      Sh.Rest.assign(Inner.begin() + 2, Inner.end());
      hoistLoads(Sh);
      return true;
    }
    if (Depth == 0)
      Sh.Between = Loop;
    Level = Loop->getBody();
  }
  return refuseBlocks(Sh,
                      "its positions are not a loop over a block, with at "
                      "most one loop between, that skips positions outside "
                      "the fiber",
                      Sh.Test->getBeginLoc());
}

void NestWalk::hoistLoads(BlockShape &Sh) const {
  // Declarations of a block's position that read nothing the loop between
  // sets ('int32_t j = A2_crd[jposA];') belong to the level of the
  // positions, where the nest is read as walking them.
  if (!Sh.Between)
    return;
  std::vector<const VarDecl *> Set;
  auto Declares = [&](const Stmt *S) {
    if (const auto *D = dyn_cast<DeclStmt>(S))
      for (const Decl *X : D->decls())
        if (const auto *V = dyn_cast<VarDecl>(X))
          Set.push_back(V);
  };
  Set.push_back(onlyVariable(Sh.Between->getInit()));
  for (const Stmt *S : statementsOf(Sh.Between->getBody()))
    Declares(S);
  std::vector<const Stmt *> Kept;
  for (const Stmt *S : Sh.Rest) {
    bool Free = isa<DeclStmt>(S) && Kept.empty() &&
                std::none_of(Set.begin(), Set.end(), [&](const VarDecl *V) {
                  return !V || references(S, V);
                });
    if (Free)
      Sh.Hoisted.push_back(S);
    else
      Kept.push_back(S);
  }
  Sh.Rest = std::move(Kept);
}

bool NestWalk::blockAlike(const Stmt *Tested, const Stmt *Inside,
                          const Stmt *Skip) const {
  Tested = withoutLoopHints(Tested);
  Inside = withoutLoopHints(Inside);
  if (const auto *T = dyn_cast<CompoundStmt>(Tested)) {
    const auto *I = dyn_cast<CompoundStmt>(Inside);
    std::vector<const Stmt *> Kept;
    for (const Stmt *S : T->body())
      if (S != Skip)
        Kept.push_back(S);
    if (!I || I->size() != Kept.size())
      return false;
    return std::equal(
        Kept.begin(), Kept.end(), I->body_begin(),
        [&](const Stmt *A, const Stmt *B) { return blockAlike(A, B, Skip); });
  }
  if (const auto *T = dyn_cast<ForStmt>(Tested)) {
    const auto *I = dyn_cast<ForStmt>(Inside);
    auto Header = [&](const ForStmt *F) {
      return squeezed(text(SourceRange(F->getBeginLoc(), F->getRParenLoc())));
    };
    return I && !Header(T).empty() && Header(T) == Header(I) &&
           blockAlike(T->getBody(), I->getBody(), Skip);
  }
  std::string Text = squeezed(text(Tested));
  return !isa<CompoundStmt>(Inside) && !isa<ForStmt>(Inside) && !Text.empty() &&
         Text == squeezed(text(Inside));
}

bool NestWalk::checkBlockBody(const BlockShape &Sh) {
  if (!blockAlike(Sh.Test->getThen(), Sh.Test->getElse(), Sh.Skip))
    return refuseBlocks(Sh,
                        "its two branches differ in more than the test of "
                        "a block's positions",
                        Sh.Test->getElse()->getBeginLoc());
  std::vector<const Stmt *> Read = Sh.Rest;
  Read.insert(Read.end(), Sh.Hoisted.begin(), Sh.Hoisted.end());
  for (const Stmt *S : statementsOf(Sh.Test->getThen()))
    if (S != Sh.Between && S != Sh.Inner)
      Read.push_back(S);
  if (Sh.Between)
    for (const Stmt *S : statementsOf(Sh.Between->getBody()))
      if (S != Sh.Inner)
        Read.push_back(S);
  for (const Stmt *S : Read)
    if (references(S, Sh.Block) || references(S, Sh.Offset) ||
        isChangedIn(Sh.P, S))
      return refuseBlocks(Sh,
                          "its body reads '" + Sh.Block->getName().str() +
                              "' or '" + Sh.Offset->getName().str() +
                              "', or changes '" + Sh.P->getName().str() + "'",
                          S->getBeginLoc());
  if (Sh.Between)
    for (const Stmt *Part : std::initializer_list<const Stmt *>{
             Sh.Between->getInit(), Sh.Between->getCond(),
             Sh.Between->getInc()})
      if (Part && (references(Part, Sh.Block) || references(Part, Sh.Offset)))
        return refuseBlocks(Sh,
                            "the header of the loop between reads '" +
                                Sh.Block->getName().str() + "' or '" +
                                Sh.Offset->getName().str() + "'",
                            Part->getBeginLoc());
  // The blocks and the positions counted in types that hold every
  // position, and in signed arithmetic (a negative block start is checked
  // away at run time; an unsigned one would wrap).
  const QualType Position = Sh.Lo->getType();
  for (const VarDecl *V : {Sh.P, Sh.Block})
    if (!V->getType()->isSignedIntegerType() ||
        !Position->isSignedIntegerType() ||
        !keepsEveryValue(Ctx, Position, V->getType()))
      return refuseBlocks(Sh,
                          "counts '" + V->getName().str() + "' in '" +
                              typeName(V->getType()) +
                              "', which is not a signed type holding every "
                              "position of '" +
                              typeName(Position) + "'",
                          V->getBeginLoc());
  return true;
}

bool NestWalk::readPositionBlocks(const ForStmt *For) {
  std::optional<BlockShape> Sh = positionBlocksShape(For);
  if (!Sh)
    return false;
  // From here on, the loop walks blocks of positions: what does not fit is
  // named. One such loop per nest: the run-time check covers one level.
  if (!Source.PositionBlocks.empty())
    return refuseBlocks(*Sh, "the nest splits another level's positions too",
                        For->getBeginLoc());
  if (!readBlockTest(*Sh) || !readBlockPositions(*Sh) || !checkBlockBody(*Sh))
    return false;
  LoopHeader H;
  H.Var = Sh->P;
  H.LoInit = H.Lo = Sh->Lo;
  H.Upper = H.Hi = Sh->Hi;
  std::optional<PositionBounds> B = readPositionBounds(H);
  if (!B)
    return false;
  LoopFact L;
  L.For = For;
  L.Var = Sh->P;
  if (!B->Lo || !B->Hi || B->RelativeTo || !readCompressedLoop(L, H, *B) ||
      L.Source.Kind != LevelKind::Compressed || L.Source.Positions.empty())
    return Fail ? false
                : refuseBlocks(*Sh, "its bounds are no fiber of a CSR level",
                               For->getBeginLoc());
  const std::string Name = Sh->P->getName().str();
  L.Source.Header = "for (" + typeName(Sh->P->getType()) + " " + Name + " = " +
                    text(Sh->Lo) + "; " + Name + " < " + text(Sh->Hi) + "; " +
                    Name + "++)";
  L.Source.OmpCanonical = true;
  Source.PositionBlocks = Name;
  Source.ZeroFirstPositions.push_back(L.Source.Positions + "[0]");
  const size_t Level = Loops.size();
  Loops.push_back(std::move(L));
  Blocks = *Sh;
  Duplicates.push_back(Sh->Test->getElse());
  std::vector<const Stmt *> Outer = statementsOf(Sh->Test->getThen());
  Outer.insert(Outer.end() - 1, Sh->Hoisted.begin(), Sh->Hoisted.end());
  if (!readStatements(std::move(Outer)))
    return false;
  return blockOrderKept(*Sh, Level);
}

bool NestWalk::blockOrderKept(const BlockShape &Sh, size_t Level) {
  // The original visits a block's positions inside the loop between: an
  // element written at two values of it would see its terms in another
  // order. Each element is written at one, and at no other index inside
  // the blocks, when the output's subscript reads that loop's index and
  // otherwise only indices outside.
  if (!Sh.Between)
    return true;
  auto Outside = [&](const VarDecl *V) {
    for (size_t I = 0; I < Level; ++I)
      if (Loops[I].Var == V || Loops[I].Coordinate == V)
        return true;
    return false;
  };
  bool ReadsBetween = false;
  bool Apart = !OutputForm.Opaque;
  for (const auto &Term : OutputForm.Terms) {
    const VarDecl *V = Term.first;
    if (Level + 1 < Loops.size() && V == Loops[Level + 1].Var &&
        Loops[Level + 1].For == Sh.Between)
      ReadsBetween = true;
    else if (!Outside(V))
      Apart = false;
  }
  if (ReadsBetween && Apart)
    return true;
  return refuseBlocks(Sh,
                      "the output is not written at one value of the loop "
                      "between the blocks and their positions, and would "
                      "see its terms in another order",
                      Sh.Between->getBeginLoc());
}

} // namespace lnr::recover::detail
