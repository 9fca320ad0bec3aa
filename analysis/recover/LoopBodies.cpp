//===- LoopBodies.cpp ----------------------------------------------------===//
//
// What a loop's body may hold besides its one inner loop or statement:
// coordinate loads (`int j = crd[p];`), dense positions, row pointers,
// values (ValueLocals.cpp) and TACO's scalar accumulator, and variables
// declared before the nest (C89).
//
//===----------------------------------------------------------------------===//

#include "analysis/recover/NestWalk.h"
#include "analysis/recover/StatementNames.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>

using namespace clang;

namespace lnr::recover::detail {

bool NestWalk::readRowPointer(const VarDecl *V, const Expr *Init,
                              const Stmt *Where, const LoopFact *AssignedIn) {
  // T *Ci = C + offset; or T *Ci = &C[offset];
  Init = Init->IgnoreParenImpCasts();
  const Expr *Base = nullptr, *Offset = nullptr;
  if (const auto *Add = dyn_cast<BinaryOperator>(Init);
      Add && Add->getOpcode() == BO_Add) {
    Base = Add->getLHS()->IgnoreParenImpCasts();
    Offset = Add->getRHS();
    if (!Base->getType()->isPointerType())
      std::swap(Base, Offset);
  } else if (const auto *Addr = dyn_cast<UnaryOperator>(Init);
             Addr && Addr->getOpcode() == UO_AddrOf) {
    if (const auto *Element = dyn_cast<ArraySubscriptExpr>(
            Addr->getSubExpr()->IgnoreParenImpCasts())) {
      Base = Element->getBase()->IgnoreParenImpCasts();
      Offset = Element->getIdx();
    }
  }
  AffineForm Form;
  if (!Base || !Offset || !Base->getType()->isPointerType() ||
      !isInvariant(Base) || !asVar(Base))
    return refuse(rule::UnsupportedStatement,
                  "the pointer '" + V->getName().str() +
                      "' is not a row of an array ('C + i * K')",
                  Where->getBeginLoc());
  if (!affine(Offset, Form))
    return false;
  // Declared before the nest and assigned in it (C89): read in place, as
  // a value local is (ValueLocals.cpp).
  if (AssignedIn && !readValueLocal(V, Init, Where, *AssignedIn))
    return false;
  RowPointers.push_back({V, Base, Offset});
  if (!AssignedIn)
    Source.Aliases.push_back({V->getName().str(), text(Where)});
  return true;
}

bool NestWalk::readPosition(const Expr *Value) {
  AffineForm Form;
  return affine(Value, Form, Side::Output);
}

bool NestWalk::isCoordinateLoad(const VarDecl *V, LoopFact &Owner) {
  const auto *Load =
      V && V->getInit() && V->getType()->isIntegerType()
          ? dyn_cast<ArraySubscriptExpr>(V->getInit()->IgnoreParenImpCasts())
          : nullptr;
  const LoopFact &Level = loadedLevel(Owner);
  return Load && Level.Compressed && !Level.Coordinate &&
         positionVar(Load->getIdx()) == Level.Var &&
         isInvariant(Load->getBase());
}

namespace {
/// The load a coordinate's declaration initializes it with
/// (NestWalk::isCoordinateLoad).
const ArraySubscriptExpr *loadOf(const VarDecl *V) {
  return cast<ArraySubscriptExpr>(V->getInit()->IgnoreParenImpCasts());
}
} // namespace

void NestWalk::readCoordinateLoad(const VarDecl *V,
                                  const ArraySubscriptExpr *Load,
                                  const std::string &Statement,
                                  LoopFact &Owner) {
  LoopFact &Level = loadedLevel(Owner);
  Level.Coordinate = V;
  Level.CoordinateArray = symbolOf(Load->getBase());
  Level.Source.Coordinates = text(Load->getBase());
  Level.Source.Index = V->getName().str();
  Level.NarrowedCoordinate =
      !keepsEveryValue(Ctx, Load->getType(), V->getType());
  if (!Level.NonUnique && !Level.Singleton)
    Level.Source.NextCoordinate = nextCoordinate(Load);
  Level.Source.Prologue.push_back(Statement);
}

bool NestWalk::readCoordinateDeclarations(const DeclStmt *DS, LoopFact &Owner) {
  // `int u = src[e], v = dst[e];`: each a coordinate of the next level of
  // a COO loop (whose body's levels are its singletons), declared on its
  // own in the rewrite (`int u = src[e];`).
  size_t Free =
      std::count_if(Loops.begin(), Loops.end(), [&](const LoopFact &L) {
        return L.For == Owner.For && !L.Coordinate;
      });
  if (!Owner.Singleton || DS->decl_end() - DS->decl_begin() > long(Free))
    return false;
  for (const Decl *D : DS->decls()) {
    const auto *V = dyn_cast<VarDecl>(D);
    const auto *Load =
        V && V->getInit() && V->getType()->isIntegerType()
            ? dyn_cast<ArraySubscriptExpr>(V->getInit()->IgnoreParenImpCasts())
            : nullptr;
    if (!Load || positionVar(Load->getIdx()) != Owner.Var ||
        !isInvariant(Load->getBase()) || text(V->getInit()).empty())
      return false;
  }
  for (const Decl *D : DS->decls()) {
    const auto *V = cast<VarDecl>(D);
    readCoordinateLoad(V, loadOf(V),
                       V->getType().getAsString(Ctx.getPrintingPolicy()) + " " +
                           V->getName().str() + " = " + text(V->getInit()) +
                           ";",
                       Owner);
  }
  return true;
}

bool NestWalk::readUnsetDeclarations(const DeclStmt *DS) {
  for (const Decl *D : DS->decls()) {
    const auto *V = dyn_cast<VarDecl>(D);
    if (!V || V->hasInit() || !V->hasLocalStorage() ||
        !V->getType()->isIntegerType() || V->getType().isVolatileQualified())
      return false;
  }
  for (const Decl *D : DS->decls())
    UnsetCoordinates.push_back(cast<VarDecl>(D));
  return true;
}

bool NestWalk::unsetCoordinatesLoaded(const Stmt *Next) {
  if (UnsetCoordinates.empty())
    return true;
  return refuse(rule::UnsupportedStatement,
                "'" + UnsetCoordinates.front()->getName().str() +
                    "' is declared in the nest without a value, and is not "
                    "then loaded as a coordinate ('j = crd[p];')",
                Next->getBeginLoc());
}

bool NestWalk::readDeclaration(const DeclStmt *DS, LoopFact &Owner) {
  // The coordinate of a compressed loop: int j = crd[p]; in a COO loop,
  // of its next level not loaded yet. One that only bounds the loops
  // inside ('int j = B_crd[pB]; for (pC = C_pos[j]; ...)', a chain of
  // sparse matrices) is still the coordinate, the parent of the level
  // below, not a bound local.
  if (const VarDecl *V = onlyVariable(DS); V && isCoordinateLoad(V, Owner)) {
    readCoordinateLoad(V, loadOf(V), text(DS), Owner);
    return true;
  }
  if (readBoundLocals(DS, Owner))
    return true;
  if (readUnsetDeclarations(DS))
    return true;
  if (!DS->isSingleDecl() && !Fail && readCoordinateDeclarations(DS, Owner))
    return true;
  const VarDecl *V = onlyVariable(DS);
  if (V && V->getInit() && V->getType()->isPointerType())
    return readRowPointer(V, V->getInit(), DS, nullptr);
  // A value: double v = vals[p];
  if (V && V->getInit() && V->getType()->isRealFloatingType())
    return readValueLocal(V, V->getInit(), DS, Owner);
  if (!V || !V->getInit() || !V->getType()->isIntegerType())
    return refuse(rule::UnsupportedStatement,
                  "only coordinate loads ('int j = crd[p];'), dense "
                  "positions ('int kC = i * K + k;'), row pointers and "
                  "values ('double v = vals[p];') may be declared in the "
                  "nest",
                  DS->getBeginLoc());
  // A position found by a search (TACO's position split:
  // `iB = taco_binarySearchAfter(...)`) is not an affine function.
  if (const auto *Call =
          dyn_cast<CallExpr>(V->getInit()->IgnoreParenImpCasts()))
    return refuse(rule::UnsupportedCall,
                  "'" + V->getName().str() + "' is set by the call '" +
                      text(Call) +
                      "'; the recovery reads positions and coordinates from "
                      "loop headers and arrays only",
                  DS->getBeginLoc());
  // A dense position: an affine function of the indices. It may hold a
  // sparse position (TACO's `int32_t mA = jA * A3_dimension + m;`): each
  // access that reads it is checked again, and only the output may. Held
  // in a type that keeps every value of the function ('_Bool lb = l;'
  // folds l's values onto 0 and 1, which no affine form says).
  const QualType Value = V->getInit()->IgnoreParenImpCasts()->getType();
  if (!keepsEveryValue(Ctx, Value, V->getType()))
    return refuse(
        rule::NonAffineSubscript,
        "'" + V->getName().str() + "' holds '" + written(V->getInit()) +
            "' in '" + typeName(V->getType()) +
            "', which does not keep every value of '" + typeName(Value) +
            "': a subscript through it is no affine function of "
            "the indices",
        DS->getBeginLoc());
  if (!readPosition(V->getInit()))
    return false;
  Aliases.push_back({V, V->getInit()});
  Source.Aliases.push_back({V->getName().str(), text(DS)});
  return true;
}

const BinaryOperator *
NestWalk::coordinateAssignment(const Stmt *S, const LoopFact &Owner) const {
  const auto *B = dyn_cast<BinaryOperator>(S);
  if (!B || B->getOpcode() != BO_Assign || !Owner.Compressed)
    return nullptr;
  const auto *Ref = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParens());
  const auto *Load =
      dyn_cast<ArraySubscriptExpr>(B->getRHS()->IgnoreParenImpCasts());
  // A floating value loaded at the position is a value local.
  if (!Ref || !isa<VarDecl>(Ref->getDecl()) || !Load ||
      positionVar(Load->getIdx()) != Owner.Var ||
      Ref->getType()->isRealFloatingType())
    return nullptr;
  return B;
}

bool NestWalk::readLeading(const Stmt *S, LoopFact &Owner) {
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    return readDeclaration(DS, Owner);
  const BinaryOperator *B = coordinateAssignment(S, Owner);
  if (!B) {
    const BinaryOperator *Local = localAssignment(S);
    if (!Local)
      return false;
    // `row_start = rowptr[i];`, C89 style: a bound local, assigned here and
    // dead after the nest.
    if (isAssignedBoundLocal(Local, Owner))
      return addOuterVariable(asVar(Local->getLHS()), Owner.For,
                              Local->getBeginLoc(), Local->getBeginLoc());
    return readAssignedLocal(Local, Owner);
  }
  // `j = crd[p];` with j declared before the nest (C89): the coordinate,
  // as `int j = crd[p];` would be.
  const VarDecl *V = asVar(B->getLHS());
  const auto *Load =
      cast<ArraySubscriptExpr>(B->getRHS()->IgnoreParenImpCasts());
  LoopFact &Level = loadedLevel(Owner);
  if (Level.Coordinate || !V->getType()->isIntegerType() ||
      !isInvariant(Load->getBase()))
    return refuse(rule::UnsupportedStatement,
                  "only the coordinate load ('j = crd[p];') may assign a "
                  "variable in the nest",
                  B->getBeginLoc());
  if (loopOf(V) || coordinateLoop(V))
    return refuse(rule::UnsupportedStatement,
                  "'" + V->getName().str() +
                      "' is both a loop variable and a coordinate of the nest",
                  B->getBeginLoc());
  std::string Text = text(B);
  if (Text.empty() || !inFile(B->getSourceRange()))
    return refuse(rule::Macro, "the coordinate load is written inside a macro",
                  B->getBeginLoc());
  // Declared in the nest without a value: declared where it is loaded.
  auto Unset = std::find(UnsetCoordinates.begin(), UnsetCoordinates.end(), V);
  if (Unset != UnsetCoordinates.end()) {
    UnsetCoordinates.erase(Unset);
    readCoordinateLoad(V, Load,
                       V->getType().getAsString(Ctx.getPrintingPolicy()) + " " +
                           Text + ";",
                       Owner);
    return true;
  }
  if (!addOuterVariable(V, Owner.For, B->getBeginLoc(), B->getBeginLoc()))
    return false;
  readCoordinateLoad(V, Load, Text + ";", Owner);
  return true;
}

bool NestWalk::addOuterVariable(const VarDecl *V, const ForStmt *Scope,
                                SourceLocation From, SourceLocation Where) {
  std::string Name = "'" + V->getName().str() + "'";
  // A variable of an OpenMP region is declared in its captured statement.
  const DeclContext *Owner = V->getDeclContext();
  while (Owner && isa<CapturedDecl>(Owner))
    Owner = Owner->getParent();
  const auto *FD = dyn_cast_or_null<FunctionDecl>(Owner);
  if (!V->hasLocalStorage() || V->getType()->isReferenceType() || !FD ||
      FD->getBody() != FunctionBody)
    return refuse(rule::LiveInductionVariable,
                  Name + " is declared outside the nest and is not a local "
                         "variable of this function (a global, a static or "
                         "a reference); its value after the nest is "
                         "observable, and the rewrite changes it",
                  Where);
  if (V->getType().isVolatileQualified())
    return refuse(rule::LiveInductionVariable,
                  Name + " is volatile: every write of it is observable, and "
                         "the rewritten nest makes others",
                  Where);
  OuterVariables.push_back({V, Scope, From});
  return true;
}

bool NestWalk::isAssert(const Stmt *S) const {
  // The first token the statement expands from, as written in the file:
  // 'assert' with or without NDEBUG (then the AST holds only '(void)0').
  SourceLocation Begin = S->getBeginLoc();
  if (!Begin.isMacroID())
    return false;
  Token First;
  return !Lexer::getRawToken(SM.getExpansionLoc(Begin), First, SM, LO) &&
         First.is(tok::raw_identifier) && First.getRawIdentifier() == "assert";
}

/// The variable S declares, or assigns when it is declared before the
/// nest (the C89 way), with what it is given; {null, null} otherwise.
static std::pair<const VarDecl *, const Expr *>
declaredOrAssigned(const Stmt *S, const Stmt *Nest, const SourceManager &SM) {
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    const VarDecl *V = onlyVariable(DS);
    if (V && V->getInit())
      return {V, V->getInit()};
    return {nullptr, nullptr};
  }
  const auto *B = dyn_cast<BinaryOperator>(S);
  const auto *Ref = B && B->getOpcode() == BO_Assign
                        ? dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParens())
                        : nullptr;
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!V || !V->hasLocalStorage() ||
      !SM.isBeforeInTranslationUnit(V->getLocation(), Nest->getBeginLoc()))
    return {nullptr, nullptr};
  return {V, B->getRHS()};
}

std::pair<const VarDecl *, const VarDecl *>
NestWalk::copyOf(const Stmt *S) const {
  auto [Copy, Value] = declaredOrAssigned(S, Loops.front().For, SM);
  const VarDecl *From = Value ? asVar(Value) : nullptr;
  if (!Copy || !From || From == Copy || loopOf(Copy) || coordinateLoop(Copy) ||
      Copy == Counter || !Copy->getType()->isArithmeticType() ||
      !Ctx.hasSameUnqualifiedType(Copy->getType(), From->getType()))
    return {nullptr, nullptr};
  return {Copy, From};
}

bool NestWalk::accumulatorCopy(const Stmt *S,
                               const std::vector<const Stmt *> &Body) const {
  const VarDecl *From = copyOf(S).second;
  // Copied from a variable declared or assigned earlier in this body.
  return From && std::any_of(Body.begin(), Body.end(), [&](const Stmt *X) {
           return X != S &&
                  declaredOrAssigned(X, Loops.front().For, SM).first == From;
         });
}

const VarDecl *NestWalk::accumulatorStart(const Stmt *S) const {
  auto [Acc, Init] = declaredOrAssigned(S, Loops.front().For, SM);
  Expr::EvalResult Zero;
  if (!Acc || loopOf(Acc) || coordinateLoop(Acc) || Acc == Counter ||
      !Acc->getType()->isArithmeticType() ||
      !Init->EvaluateAsRValue(Zero, Ctx) ||
      !((Zero.Val.isFloat() && Zero.Val.getFloat().isZero()) ||
        (Zero.Val.isInt() && Zero.Val.getInt() == 0)))
    return nullptr;
  return Acc;
}

bool NestWalk::skipsSplitTail(const IfStmt *If,
                              const std::vector<const Stmt *> &Body) {
  const Stmt *Then = If->getThen();
  if (const auto *CS = dyn_cast<CompoundStmt>(Then); CS && CS->size() == 1)
    Then = CS->body_front();
  // `if (i >= n) continue;`, i declared in this body (`int i = i0 * 16 +
  // i1;`): the index a split rebuilds, past its extent. A guard on the
  // data (`if (E[j] == 0) continue;`) is something else.
  const auto *Cond =
      dyn_cast<BinaryOperator>(If->getCond()->IgnoreParenImpCasts());
  const VarDecl *Index =
      Cond && Cond->getOpcode() == BO_GE ? asVar(Cond->getLHS()) : nullptr;
  return isa<ContinueStmt>(Then) && !If->getElse() && Index &&
         std::any_of(Body.begin(), Body.end(), [&](const Stmt *S) {
           const auto *DS = dyn_cast<DeclStmt>(S);
           return DS && DS->isSingleDecl() && DS->getSingleDecl() == Index;
         });
}

const Stmt *NestWalk::atomicUpdate(const Stmt *S) {
  const auto *Atomic = dyn_cast<clang::OMPAtomicDirective>(S);
  if (!Atomic || !Atomic->hasAssociatedStmt() ||
      std::any_of(Atomic->clauses().begin(), Atomic->clauses().end(),
                  [](const clang::OMPClause *C) {
                    return C->getClauseKind() != llvm::omp::OMPC_update;
                  }))
    return nullptr;
  const Stmt *Update = Atomic->getAssociatedStmt();
  if (const auto *Captured = dyn_cast<clang::CapturedStmt>(Update))
    Update = Captured->getCapturedStmt();
  return Update;
}

bool NestWalk::readBody(const ForStmt *For) {
  return readStatements(statementsOf(For->getBody()));
}

bool NestWalk::refuseSkipsAndAsserts(const std::vector<const Stmt *> &Body) {
  // TACO's split loops skip the iterations past the index's extent:
  // `i = i0 * 16 + i1; if (i >= N) continue;`. Named before the statement
  // count would call it an imperfect nest.
  for (const Stmt *S : Body)
    if (const auto *If = dyn_cast<IfStmt>(S); If && skipsSplitTail(If, Body))
      return refuse(
          rule::UnsupportedLoop,
          "the loop skips iterations ('" +
              text(SourceRange(If->getBeginLoc(), If->getCond()->getEndLoc())) +
              ") continue'), as a split loop does, but not as TACO's "
              "'for (i0 = 0; i0 < (N + 15) / 16; i0++) for (i1 = 0; i1 < "
              "16; i1++) { i = i0 * 16 + i1; if (i >= N) continue; ... }', "
              "the form read",
          If->getBeginLoc());
  // An assert checks what the loops read as they read it; the rewritten
  // loops read in another order, some not at all, and the check would be
  // dropped or moved. Named, not folded into 'more than one statement'.
  for (const Stmt *S : Body)
    if (isAssert(S))
      return refuse(rule::Assert,
                    "the nest checks '" + written(S) +
                        "' as it runs; the rewrite would drop or move the "
                        "check, so the nest is kept as written",
                    SM.getExpansionLoc(S->getBeginLoc()));
  return true;
}

bool NestWalk::readCounterStatement(std::vector<const Stmt *> &Body,
                                    size_t Owner) {
  // TACO's counter of a sparse output's positions: `jA++;` last (or first)
  // in a compressed loop's body.
  if (Body.size() < 2 || !Loops[Owner].Compressed)
    return true;
  for (bool First : {false, true}) {
    const Stmt *S = First ? Body.front() : Body.back();
    const VarDecl *V = incremented(S);
    if (!V || loopOf(V) || coordinateLoop(V) || aliasInit(V) ||
        V == Accumulator)
      continue;
    if (!readCounter(V, S, Owner, First))
      return false;
    Body.erase(First ? Body.begin() : Body.end() - 1);
    break;
  }
  return true;
}

size_t NestWalk::accumulatorForm(const std::vector<const Stmt *> &Body) const {
  // TACO's scalar accumulator: `T acc = 0; for (...) acc += product;
  // A[..] = A[..] + acc;` sums what a perfect nest would add to A[..]. The
  // sum may be copied first (`T x = acc; A[..] = x;`, ATL's style).
  size_t Copies = 0;
  while (Body.size() >= 4 + Copies &&
         accumulatorCopy(Body[Body.size() - 2 - Copies], Body))
    ++Copies;
  if (Body.size() < 3 + Copies || Accumulator)
    return 0;
  const Stmt *Init = Body[Body.size() - 3 - Copies];
  bool Form = accumulatorStart(Init) &&
              isa<ForStmt>(Body[Body.size() - 2 - Copies]) &&
              isa<Expr>(Body.back());
  return Form ? Copies + 1 : 0;
}

bool NestWalk::readAccumulatorCopies(const std::vector<const Stmt *> &Body,
                                     size_t Copies, const VarDecl *Acc,
                                     const ForStmt *Owner) {
  // Each copy holds the sum (it copies the accumulator or an earlier
  // copy): the final statement may store any.
  std::vector<const VarDecl *> Sums = {Acc};
  for (size_t C = Copies; C-- > 0;) {
    const Stmt *S = Body[Body.size() - 2 - C];
    auto [Copy, From] = copyOf(S);
    if (!std::count(Sums.begin(), Sums.end(), From) ||
        std::count(Sums.begin(), Sums.end(), Copy))
      return refuse(rule::ImperfectNest,
                    "the loop body holds more than one statement; only "
                    "perfect nests are rewritten",
                    S->getBeginLoc());
    // Assigned, declared before the nest (C89): the nest leaves another
    // value in it, so it must be dead after the nest.
    if (!isa<DeclStmt>(S) &&
        !addOuterVariable(Copy, Owner, S->getBeginLoc(), S->getBeginLoc()))
      return false;
    Sums.push_back(Copy);
    AccumulatorCopies.push_back(Copy);
  }
  return true;
}

bool NestWalk::readAccumulatorBody(const std::vector<const Stmt *> &Body,
                                   size_t Owner, size_t Copies) {
  const Stmt *Init = Body[Body.size() - 3 - Copies];
  const VarDecl *Acc = accumulatorStart(Init);
  const auto *Inner = cast<ForStmt>(Body[Body.size() - 2 - Copies]);
  for (size_t I = 0; I + 3 + Copies < Body.size(); ++I)
    if (!readLeading(Body[I], Loops[Owner]))
      return Fail ? false
                  : refuse(rule::ImperfectNest,
                           "the loop body holds more than one statement; "
                           "only perfect nests are rewritten",
                           Body[I]->getBeginLoc());
  if (!unsetCoordinatesLoaded(Init))
    return false;
  if (!readAccumulatorCopies(Body, Copies, Acc, Loops[Owner].For))
    return false;
  if (!isa<DeclStmt>(Init) &&
      !addOuterVariable(Acc, Loops[Owner].For, Init->getBeginLoc(),
                        Init->getBeginLoc()))
    return false;
  Accumulator = Acc;
  LoopsOutsideAccumulator = Loops.size();
  if (!readLoop(Inner))
    return false;
  if (!AccumulatedProduct)
    return refuse(rule::UnsupportedStatement,
                  "the loop does not accumulate into '" + Acc->getName().str() +
                      "'",
                  Inner->getBeginLoc());
  return readAccumulatorUse(cast<Expr>(Body.back()));
}

bool NestWalk::readPerfectLevel(const std::vector<const Stmt *> &Body,
                                size_t Owner) {
  // A perfect nest level: declarations, then one loop or statement.
  auto Leading = [&](const Stmt *S) {
    return isa<DeclStmt>(S) || coordinateAssignment(S, Loops[Owner]) ||
           localAssignment(S);
  };
  auto NotDecl = [&](const Stmt *S) { return !Leading(S); };
  auto First = std::find_if(Body.begin(), Body.end(), NotDecl);
  if (First != Body.end()) {
    auto Second = std::find_if(First + 1, Body.end(), NotDecl);
    if (Second != Body.end())
      return refuse(rule::ImperfectNest,
                    "the loop body holds more than one statement; only "
                    "perfect nests are rewritten",
                    (*Second)->getBeginLoc());
  }
  for (size_t I = 0; I < Body.size(); ++I) {
    const Stmt *S = Body[I];
    bool Last = I + 1 == Body.size();
    if (isa<DeclStmt>(S) || (!Last && Leading(S))) {
      if (Last)
        return refuse(rule::UnsupportedStatement,
                      "the loop body ends with a declaration",
                      S->getBeginLoc());
      if (!readLeading(S, Loops[Owner]))
        return false;
      continue;
    }
    if (!Last)
      return refuse(rule::ImperfectNest,
                    "the loop body holds more than one statement; only "
                    "perfect nests are rewritten",
                    Body[I + 1]->getBeginLoc());
    return unsetCoordinatesLoaded(S) && readLastStatement(S);
  }
  return refuse(rule::UnsupportedStatement, "the loop body is empty",
                Loops.back().For->getBeginLoc());
}

bool NestWalk::readLastStatement(const Stmt *S) {
  if (const auto *Inner = dyn_cast<ForStmt>(S))
    return readLoop(Inner);
  if (const auto *E = dyn_cast<Expr>(S))
    return readStatement(E);
  if (isa<BreakStmt>(S) || isa<ContinueStmt>(S) || isa<ReturnStmt>(S) ||
      isa<GotoStmt>(S))
    return refuse(rule::EarlyExit, "the nest may leave a loop early",
                  S->getBeginLoc());
  return refuse(rule::UnsupportedStatement,
                statementKind(*S) + " is not a loop nest statement",
                S->getBeginLoc());
}

bool NestWalk::readStatements(std::vector<const Stmt *> Body) {
  // A position split's '#pragma omp atomic' update: the rewrite walks rows,
  // each written by one thread, and decides its parallelism itself.
  if (InPositionSplit)
    for (const Stmt *&S : Body)
      if (const Stmt *Update = atomicUpdate(S))
        S = Update;
  if (!refuseSkipsAndAsserts(Body))
    return false;
  size_t Owner = Loops.size() - 1;
  if (!readCounterStatement(Body, Owner))
    return false;
  if (size_t Form = accumulatorForm(Body))
    return readAccumulatorBody(Body, Owner, Form - 1);
  return readPerfectLevel(Body, Owner);
}

} // namespace lnr::recover::detail
