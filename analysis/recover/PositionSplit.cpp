//===- PositionSplit.cpp --------------------------------------------------===//
//
// TACO's position split of a CSR matrix B (`fuse(i, j, f)`, `pos(f, fpos,
// B)`, `split(fpos, fpos0, fpos1, 256)`, the load-balanced schedule of its
// documentation) walks B's nonzeros in chunks of 256 positions, whatever
// rows they belong to:
//
//   for (int32_t fpos0 = 0; fpos0 < ((B2_pos[N] + 255) / 256); fpos0++) {
//     int32_t pB2_begin = fpos0 * 256;
//     int32_t i_pos = taco_binarySearchBefore(B2_pos, 0, N, pB2_begin);
//     int32_t i = i_pos;
//     for (int32_t fpos1 = 0; fpos1 < 256; fpos1++) {
//       int32_t fposB = fpos0 * 256 + fpos1;
//       if (fposB >= B2_pos[N])
//         continue;
//       int32_t f = B2_crd[fposB];
//       while (fposB == B2_pos[(i_pos + 1)]) {
//         i_pos++;
//         i = i_pos;
//       }
//       ...
//
// Each chunk finds the row of its first nonzero by binary search and moves
// to the next row where one ends. When B2_pos starts at 0 and never
// decreases, that visits exactly the pairs (i, fposB) of
// `for (i = 0; i < N; i++) for (fposB = B2_pos[i]; fposB < B2_pos[i + 1];
// fposB++)`, which is how the nest is read and written back: the rewrite's
// temporaries and parallel loop are per row, so rows that two chunks share
// need no atomics (the file's '#pragma omp atomic' updates are read as
// plain ones, and its directive is kept only where rows write apart). The
// rewrite checks both conditions at run time, the original running when
// either fails (NestSource::PositionSplit).
//
//===----------------------------------------------------------------------===//

#include "analysis/recover/NestWalk.h"

using namespace clang;

namespace lnr::recover::detail {
namespace {

/// The call to taco_binarySearchBefore that initializes V, or null.
const CallExpr *searchOf(const VarDecl *V) {
  const auto *Call =
      V && V->getInit()
          ? dyn_cast<CallExpr>(V->getInit()->IgnoreParenImpCasts())
          : nullptr;
  const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
  return F && F->getName() == "taco_binarySearchBefore" &&
                 Call->getNumArgs() == 4
             ? Call
             : nullptr;
}

/// The variables the statements of Head declare, in order; null when one
/// of them is no declaration.
std::optional<std::vector<const VarDecl *>>
declaredIn(const std::vector<const Stmt *> &Head) {
  std::vector<const VarDecl *> Out;
  for (const Stmt *S : Head) {
    const auto *DS = dyn_cast<DeclStmt>(S);
    if (!DS)
      return std::nullopt;
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        Out.push_back(V);
      else
        return std::nullopt;
  }
  return Out;
}

/// Whether S is 'to = from;'.
bool copies(const Stmt *S, const VarDecl *To, const VarDecl *From) {
  const auto *A = dyn_cast<BinaryOperator>(S);
  return A && A->getOpcode() == BO_Assign && asVar(A->getLHS()) == To &&
         asVar(A->getRHS()) == From;
}

} // namespace

std::optional<NestWalk::SplitShape>
NestWalk::positionSplitShape(const ForStmt *For) {
  // for (fpos0 = 0; ...) { declarations; for (fpos1 = 0; fpos1 < S; ...) }
  SplitShape Sh;
  Sh.Outer = For;
  Sh.F0 = countedFromZero(For, Sh.OuterBound, Ctx);
  const auto *OuterBody =
      Sh.F0 ? dyn_cast<CompoundStmt>(For->getBody()) : nullptr;
  if (!OuterBody || OuterBody->size() < 2)
    return std::nullopt;
  Sh.Head.assign(OuterBody->body_begin(), OuterBody->body_end() - 1);
  std::optional<std::vector<const VarDecl *>> Declared = declaredIn(Sh.Head);
  if (!Declared)
    return std::nullopt;
  Sh.Declared = std::move(*Declared);
  for (const VarDecl *V : Sh.Declared)
    if (searchOf(V))
      Sh.RowPosition = V;
  if (!Sh.RowPosition)
    return std::nullopt;
  Sh.Inner = dyn_cast<ForStmt>(OuterBody->body_back());
  return Sh;
}

bool NestWalk::refuseSplit(const SplitShape &Sh, const std::string &Why,
                           SourceLocation Where) {
  return refuse(rule::UnsupportedLoop,
                "the position split (TACO's pos) over '" +
                    Sh.F0->getName().str() + "' " + Why,
                Where);
}

bool NestWalk::readSplitChunks(SplitShape &Sh) {
  const Expr *InnerBound = nullptr;
  Sh.F1 = Sh.Inner ? countedFromZero(Sh.Inner, InnerBound, Ctx) : nullptr;
  std::optional<int64_t> S = constantOf(InnerBound, Ctx);
  const auto *Body =
      Sh.Inner ? dyn_cast<CompoundStmt>(Sh.Inner->getBody()) : nullptr;
  if (!Sh.F1 || !S || *S <= 0 || !Body || Body->size() < 3)
    return refuseSplit(Sh,
                       "does not end in the loop over a chunk, 'for (fpos1 = "
                       "0; fpos1 < S; fpos1++) { ... }'",
                       Sh.Outer->getBeginLoc());
  Sh.S = *S;
  Sh.Rest.assign(Body->body_begin(), Body->body_end());
  // taco_binarySearchBefore(pos, 0, N, fpos0 * S): the row of the chunk's
  // first position, from a variable or written in place.
  const CallExpr *Search = searchOf(Sh.RowPosition);
  Sh.Pos = Search->getArg(0)->IgnoreParenImpCasts();
  Sh.Rows = Search->getArg(2)->IgnoreParenImpCasts();
  const Expr *Start = Search->getArg(3)->IgnoreParenImpCasts();
  if (const VarDecl *V = asVar(Start);
      V &&
      std::find(Sh.Declared.begin(), Sh.Declared.end(), V) != Sh.Declared.end())
    Start = V->getInit() ? V->getInit()->IgnoreParenImpCasts() : nullptr;
  if (!asVar(Sh.Pos) || constantOf(Search->getArg(1), Ctx) != 0 ||
      !isInvariant(Sh.Pos) || !isInvariant(Sh.Rows) ||
      mentionsNestVariable(Sh.Rows) || text(Sh.Rows).empty() || !Start ||
      !isScaled(Start, Sh.F0, Sh.S, Ctx))
    return refuseSplit(Sh,
                       "searches '" + written(Search) +
                           "', not the row of the chunk's first position "
                           "'fpos0 * " +
                           std::to_string(Sh.S) + "' from 0",
                       Search->getBeginLoc());
  Sh.PosName = text(Sh.Pos);
  Sh.N = text(Sh.Rows);
  // The chunks cover [0, pos[N]): fpos0 < (pos[N] + S - 1) / S.
  if (!isSplitLevelEnd(Sh, dyn_cast_or_null<ArraySubscriptExpr>(
                               stripsCover(Sh.OuterBound, Sh.S, Ctx))))
    return refuseSplit(Sh,
                       "runs over '" + written(Sh.OuterBound) +
                           "' chunks, not proved to cover the positions of '" +
                           Sh.PosName + "' ('(" + Sh.levelEnd() + " + " +
                           std::to_string(Sh.S - 1) + ") / " +
                           std::to_string(Sh.S) + "')",
                       Sh.Outer->getBeginLoc());
  // The row: 'i = i_pos', or the search's variable itself.
  Sh.Row = Sh.RowPosition;
  for (const VarDecl *V : Sh.Declared)
    if (V != Sh.RowPosition && V->getInit() &&
        asVar(V->getInit()->IgnoreParenImpCasts()) == Sh.RowPosition)
      Sh.Row = V;
  return true;
}

bool NestWalk::isSplitLevelEnd(const SplitShape &Sh,
                               const ArraySubscriptExpr *E) const {
  return E && text(E->getBase()->IgnoreParenImpCasts()) == Sh.PosName &&
         text(E->getIdx()->IgnoreParenImpCasts()) == Sh.N;
}

bool NestWalk::readSplitPosition(SplitShape &Sh) {
  // { T p = fpos0 * S + fpos1; if (p >= pos[N]) continue; ... }
  std::vector<const Stmt *> &Rest = Sh.Rest;
  Sh.P = onlyVariable(Rest[0]);
  const auto *Skip = dyn_cast<IfStmt>(Rest[1]);
  const auto *SkipCond =
      Skip ? dyn_cast<BinaryOperator>(Skip->getCond()->IgnoreParenImpCasts())
           : nullptr;
  if (!Sh.P || !Sh.P->getInit() ||
      !isStrip(Sh.P->getInit(), Sh.F0, Sh.F1, Sh.S, Ctx) || !Skip ||
      !skipsSplitTail(Skip, Rest) || asVar(SkipCond->getLHS()) != Sh.P ||
      !isSplitLevelEnd(Sh, dyn_cast<ArraySubscriptExpr>(
                               SkipCond->getRHS()->IgnoreParenImpCasts())))
    return refuseSplit(Sh,
                       "does not start its chunk's body with 'p = fpos0 * " +
                           std::to_string(Sh.S) + " + fpos1; if (p >= " +
                           Sh.levelEnd() + ") continue;'",
                       Sh.Inner->getBeginLoc());
  Rest.erase(Rest.begin(), Rest.begin() + 2);
  return true;
}

bool NestWalk::readSplitNextRow(SplitShape &Sh) {
  // while (p == pos[i_pos + 1]) { i_pos++; i = i_pos; }: the next row,
  // before anything reads it.
  std::vector<const Stmt *> &Rest = Sh.Rest;
  auto IsWhile = [](const Stmt *X) { return isa<WhileStmt>(X); };
  auto At = std::find_if(Rest.begin(), Rest.end(), IsWhile);
  const auto *Next = At == Rest.end() ? nullptr : cast<WhileStmt>(*At);
  if (!Next || std::find_if(At + 1, Rest.end(), IsWhile) != Rest.end())
    return refuseSplit(Sh, "does not move to the next row in one 'while' loop",
                       Sh.Inner->getBeginLoc());
  const std::string RowPos = Sh.RowPosition->getName().str();
  if (!movesToNextRow(Next, Sh.P, Sh.Pos, Sh.RowPosition, Sh.Row))
    return refuseSplit(
        Sh,
        "moves to the next row with '" +
            text(SourceRange(Next->getBeginLoc(),
                             Next->getCond()->getEndLoc())) +
            ")', not with 'while (" + Sh.P->getName().str() +
            " == " + Sh.PosName + "[" + RowPos + " + 1]) { " + RowPos + "++; " +
            (Sh.Row == Sh.RowPosition
                 ? ""
                 : Sh.Row->getName().str() + " = " + RowPos + "; ") +
            "}'",
        Next->getBeginLoc());
  for (auto It = Rest.begin(); It != At; ++It)
    if (references(*It, Sh.Row) || references(*It, Sh.RowPosition))
      return refuseSplit(Sh, "reads the row before it moves to the next one",
                         (*It)->getBeginLoc());
  Rest.erase(At);
  return true;
}

bool NestWalk::checkSplitBody(const SplitShape &Sh) {
  // The body reads the row and the position, and nothing else of the split.
  for (const VarDecl *V : Sh.Declared)
    if (V != Sh.Row)
      for (const Stmt *R : Sh.Rest)
        if (references(R, V))
          return refuseSplit(Sh,
                             "reads '" + V->getName().str() + "' in its body",
                             R->getBeginLoc());
  for (const Stmt *H : Sh.Head)
    for (const Decl *D : cast<DeclStmt>(H)->decls()) {
      const auto *V = cast<VarDecl>(D);
      if (V != Sh.RowPosition && V->getInit() &&
          V->getInit()->HasSideEffects(Ctx))
        return refuseSplit(
            Sh, "has a side effect in '" + written(V->getInit()) + "'",
            H->getBeginLoc());
    }
  for (const Stmt *R : Sh.Rest)
    if (references(R, Sh.F0) || references(R, Sh.F1) ||
        isChangedIn(Sh.Row, R) || isChangedIn(Sh.P, R))
      return refuseSplit(Sh,
                         "reads its chunk's variables or changes '" +
                             Sh.Row->getName().str() + "' or '" +
                             Sh.P->getName().str() + "' in its body",
                         R->getBeginLoc());
  const QualType RowType = Sh.Row->getType(), PType = Sh.P->getType();
  if (!RowType->isIntegerType() || RowType->isBooleanType() ||
      !PType->isIntegerType() || PType->isBooleanType())
    return refuseSplit(Sh,
                       "counts rows or positions in a type that is no integer",
                       Sh.Outer->getBeginLoc());
  return true;
}

bool NestWalk::readPositionSplit(const ForStmt *For) {
  std::optional<SplitShape> Sh = positionSplitShape(For);
  if (!Sh)
    return false;
  // From here on, the nest is a position split: what does not fit is named.
  if (!readSplitChunks(*Sh) || !readSplitPosition(*Sh) ||
      !readSplitNextRow(*Sh) || !checkSplitBody(*Sh))
    return false;
  addPositionSplitLoops(For, Sh->Inner, Sh->Row, Sh->P, Sh->Pos, Sh->Rows);
  return readStatements(std::move(Sh->Rest));
}

bool NestWalk::movesToNextRow(const clang::WhileStmt *Next, const VarDecl *P,
                              const Expr *Pos, const VarDecl *RowPosition,
                              const VarDecl *Row) const {
  // p == pos[i_pos + 1], either way round.
  const auto *Eq =
      dyn_cast<BinaryOperator>(Next->getCond()->IgnoreParenImpCasts());
  if (!Eq || Eq->getOpcode() != BO_EQ)
    return false;
  const Expr *Other = asVar(Eq->getLHS()) == P   ? Eq->getRHS()
                      : asVar(Eq->getRHS()) == P ? Eq->getLHS()
                                                 : nullptr;
  const auto *Load =
      Other ? dyn_cast<ArraySubscriptExpr>(Other->IgnoreParenImpCasts())
            : nullptr;
  const auto *Plus =
      Load ? dyn_cast<BinaryOperator>(Load->getIdx()->IgnoreParenImpCasts())
           : nullptr;
  if (!Load || asVar(Load->getBase()) != asVar(Pos) || !Plus ||
      Plus->getOpcode() != BO_Add ||
      !((asVar(Plus->getLHS()) == RowPosition &&
         constantOf(Plus->getRHS(), Ctx) == 1) ||
        (asVar(Plus->getRHS()) == RowPosition &&
         constantOf(Plus->getLHS(), Ctx) == 1)))
    return false;
  // { i_pos++; i = i_pos; }, the copy only when the row has its own name.
  std::vector<const Stmt *> Steps = statementsOf(Next->getBody());
  if (Row == RowPosition)
    return Steps.size() == 1 && stepsByOne(Steps[0], RowPosition, Ctx);
  return Steps.size() == 2 && stepsByOne(Steps[0], RowPosition, Ctx) &&
         copies(Steps[1], Row, RowPosition);
}

void NestWalk::addPositionSplitLoops(const ForStmt *Outer, const ForStmt *Inner,
                                     const VarDecl *Row, const VarDecl *P,
                                     const Expr *Pos, const Expr *Rows) {
  const std::string I = Row->getName().str(), Q = P->getName().str(),
                    PosName = text(Pos), N = text(Rows);
  LoopFact Dense;
  Dense.For = Outer;
  Dense.Var = Row;
  Dense.FromZero = true;
  Dense.Extent = N;
  if (std::optional<int64_t> Top = constantOf(Rows, Ctx))
    Dense.Bound = Coefficient{*Top, {}};
  else
    Dense.Bound = Coefficient{1, {symbolOf(Rows)}};
  Dense.Source.StartsAtZero = true;
  Dense.Source.Bound = N;
  Dense.Source.Header = "for (" + typeName(Row->getType()) + " " + I +
                        " = 0; " + I + " < " + N + "; " + I + "++)";
  Loops.push_back(std::move(Dense));

  LoopFact Level;
  Level.For = Inner;
  Level.Var = P;
  Level.Compressed = true;
  Level.Source.Kind = LevelKind::Compressed;
  Level.PosBase = Pos;
  Level.ParentVar = Row;
  Level.Source.Position = Q;
  Level.Source.Positions = PosName;
  Level.Source.LoopBegin = PosName + "[" + I + "]";
  Level.Source.LoopEnd = PosName + "[" + I + " + 1]";
  Level.Source.LevelEnd = PosName + "[" + N + "]";
  Level.Source.Header = "for (" + typeName(P->getType()) + " " + Q + " = " +
                        Level.Source.LoopBegin + "; " + Q + " < " +
                        Level.Source.LoopEnd + "; " + Q + "++)";
  Loops.push_back(std::move(Level));

  Source.PositionSplit = Q;
  Source.ZeroFirstPositions.push_back(PosName + "[0]");
  InPositionSplit = true;
}

} // namespace lnr::recover::detail
