//===- CoordinateLevels.cpp ----------------------------------------------===//
//
// A coordinate (COO) loop: a loop over the nonzeros whose body first loads
// each coordinate from an array indexed by the position (`int i = row[e];
// int j = col[e];`, an edge list's `src[e]`, `dst[e]`) and reads values at
// the position (`w[e]`), or loads two coordinates and reads no value (an
// unweighted edge list). Read as TACO's COO: a compressed level that
// repeats coordinates, then one singleton level per further coordinate,
// all walked by the same position. The rows need not be sorted: the
// rewrite never relies on their order, and runs the positions in parallel
// only split by row (two positions may write one row: CoordinateRows.h).
// A loaded coordinate may reach another tensor's compressed level (`for
// (q = Cpos[j]; q < Cpos[j + 1]; q++)`), read as a chain of matrices is.
//
//===----------------------------------------------------------------------===//

#include "analysis/recover/NestCompletion.h"
#include "analysis/recover/NestWalk.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <algorithm>
#include <set>

using namespace clang;

namespace lnr::recover::detail {
namespace {

/// The variable V is set to (Value) is a coordinate loaded at E: the
/// array; null otherwise.
const Expr *loadedAt(const VarDecl *V, const Expr *Value, const VarDecl *E) {
  const auto *Load =
      Value ? dyn_cast<ArraySubscriptExpr>(Value->IgnoreParenImpCasts())
            : nullptr;
  if (!V || !Load || !V->getType()->isIntegerType() ||
      !Load->getType()->isIntegerType() || asVar(Load->getIdx()) != E)
    return nullptr;
  return Load->getBase()->IgnoreParenImpCasts();
}

/// The variables S sets to coordinates loaded at E (`int i = row[e];`,
/// `int u = src[e], v = dst[e];`, or `i = row[e];` to a variable declared
/// before), each with its array; none when S sets anything else.
std::vector<std::pair<const VarDecl *, const Expr *>>
coordinateLoads(const Stmt *S, const VarDecl *E) {
  std::vector<std::pair<const VarDecl *, const Expr *>> Out;
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls()) {
      const auto *Var = dyn_cast<VarDecl>(D);
      const Expr *Array = Var ? loadedAt(Var, Var->getInit(), E) : nullptr;
      if (!Array)
        return {};
      Out.push_back({Var, Array});
    }
  } else if (const auto *B = dyn_cast<BinaryOperator>(S);
             B && B->getOpcode() == BO_Assign &&
             isa<DeclRefExpr>(B->getLHS()->IgnoreParens())) {
    if (const Expr *Array = loadedAt(asVar(B->getLHS()), B->getRHS(), E))
      Out.push_back({asVar(B->getLHS()), Array});
  }
  return Out;
}

/// Whether S names V other than in an array's subscript.
bool namesOutsideSubscripts(const Stmt *S, const VarDecl *V) {
  if (!S)
    return false;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
    return Ref->getDecl() == V;
  if (const auto *At = dyn_cast<ArraySubscriptExpr>(S))
    return namesOutsideSubscripts(At->getBase(), V);
  for (const Stmt *Child : S->children())
    if (namesOutsideSubscripts(Child, V))
      return true;
  return false;
}

/// Whether a loop inside Body is bounded by one of Vars itself: a bound
/// local (MKL's `int b = pntrb[i], e = pntre[i];`), not a coordinate. A
/// coordinate may index the positions its header reads: a level of
/// another tensor reached through it (`for (q = Cpos[j]; q < Cpos[j +
/// 1]; q++)`).
bool boundsALoop(const Stmt *Body, const std::set<const VarDecl *> &Vars) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const std::set<const VarDecl *> *Vars;
    bool Found = false;
    bool VisitForStmt(ForStmt *For) {
      for (const Stmt *Part :
           {(const Stmt *)For->getInit(), (const Stmt *)For->getCond()})
        for (const VarDecl *V : *Vars)
          Found |= namesOutsideSubscripts(Part, V);
      return !Found;
    }
  } F;
  F.Vars = &Vars;
  F.TraverseStmt(const_cast<Stmt *>(Body));
  return F.Found;
}

/// The integer arrays read at E inside S, a subscript ('dst' of 'out[dst[e]
/// * L + l]'), by their bases.
void readAtIn(const Stmt *S, const VarDecl *E,
              std::vector<const Expr *> &Bases) {
  if (!S)
    return;
  if (const auto *At = dyn_cast<ArraySubscriptExpr>(S);
      At && At->getType()->isIntegerType() && asVar(At->getIdx()) == E)
    Bases.push_back(At->getBase()->IgnoreParenImpCasts());
  for (const Stmt *Child : S->children())
    readAtIn(Child, E, Bases);
}

/// The integer arrays read at E in the subscripts of Body's accesses:
/// coordinates read in place.
std::vector<const Expr *> inPlaceCoordinates(const Stmt *Body,
                                             const VarDecl *E) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *E;
    std::vector<const Expr *> Bases;
    bool VisitArraySubscriptExpr(ArraySubscriptExpr *Access) {
      readAtIn(Access->getIdx(), E, Bases);
      return true;
    }
  } F;
  F.E = E;
  F.TraverseStmt(const_cast<Stmt *>(Body));
  return F.Bases;
}

/// `idx_t row, col;`: integer locals declared without a value, loaded
/// after (NestWalk::readUnsetDeclarations).
bool declaresUnset(const Stmt *S) {
  const auto *DS = dyn_cast<DeclStmt>(S);
  return DS && std::all_of(DS->decl_begin(), DS->decl_end(), [](Decl *D) {
           const auto *V = dyn_cast<VarDecl>(D);
           return V && !V->hasInit() && V->getType()->isIntegerType();
         });
}

} // namespace

unsigned NestWalk::coordinateLevels(const LoopFact &L) const {
  const Stmt *Body = L.For->getBody();
  if (L.Compressed)
    return 0;
  // Without values read at the position (an unweighted edge list, its
  // pattern's ones: TensorLevels.cpp), two coordinates loaded into locals
  // before anything else say the loop walks nonzeros.
  const bool Values = walksNonzeros(L);
  std::vector<const Stmt *> Statements = statementsOf(Body);
  std::set<const VarDecl *> Vars;
  std::set<std::string> Arrays;
  for (const Stmt *S : Statements) {
    if (declaresUnset(S))
      continue;
    auto Loads = coordinateLoads(S, L.Var);
    bool Read = !Loads.empty();
    for (auto [Var, Array] : Loads)
      Read &= isInvariant(Array) && !text(Array).empty() &&
              Arrays.insert(text(Array)).second;
    if (!Read)
      break;
    for (auto [Var, Array] : Loads)
      Vars.insert(Var);
  }
  if (boundsALoop(Body, Vars) || (!Values && Vars.size() < 2))
    return 0;
  // Coordinates read in place ('out[dst[e] * L + l]'), after the loaded
  // ones: the levels below them, in the order the statement reads them.
  size_t InPlace = 0;
  for (const Expr *Array : inPlaceCoordinates(Body, L.Var))
    InPlace += isInvariant(Array) && !text(Array).empty() &&
               Arrays.insert(text(Array)).second;
  return Vars.size() + InPlace >= 2 ? Vars.size() + InPlace : 0;
}

void NestWalk::addCoordinateLevels(LoopFact L, unsigned Levels) {
  L.Compressed = true;
  L.NonUnique = true;
  L.Source.Kind = LevelKind::Coordinates;
  L.Source.Position = L.Var->getName().str();
  L.Source.LoopBegin = L.Source.StartsAtZero ? "0" : L.Source.Begin;
  L.Source.LoopEnd = L.Source.Bound;
  LoopFact Singleton = L;
  Singleton.NonUnique = false;
  Singleton.Singleton = true;
  Singleton.Source.Kind = LevelKind::Singleton;
  Singleton.Source.Header.clear();
  Loops.push_back(std::move(L));
  for (unsigned Level = 1; Level < Levels; ++Level)
    Loops.push_back(Singleton);
}

LoopFact &NestWalk::loadedLevel(LoopFact &Owner) {
  if (!Owner.Singleton)
    return Owner;
  for (LoopFact &L : Loops)
    if (L.For == Owner.For && !L.Coordinate)
      return L;
  return Owner;
}

bool NestCompletion::checkCoordinateLevels() {
  auto Coo = std::find_if(Loops.begin(), Loops.end(),
                          [](const LoopFact &L) { return L.NonUnique; });
  if (Coo == Loops.end())
    return true;
  SourceLocation Where = Coo->For->getBeginLoc();
  std::string E = "'" + Coo->Var->getName().str() + "'";
  if (Source.Pragma)
    return refuse(rule::UnsupportedPragma,
                  "the nest runs in parallel ('" + Source.Pragma->Text +
                      "'), and two positions " + E +
                      " of its coordinate (COO) loop may hold the same row; "
                      "the rewrite runs such a loop in parallel only over "
                      "rows it checks are sorted",
                  Where);
  // Stored at the list's positions ('e[p] = ...'), each element is its own;
  // at its coordinates, two positions may name one.
  if ((!Kernel.Stmt.Accumulate || Source.ZeroOutputFirst) &&
      Source.OutputPosition.empty())
    return refuse(rule::UnsupportedAccess,
                  "the output is assigned, not accumulated, at the positions " +
                      E +
                      " of a coordinate (COO) loop; a coordinate repeated at "
                      "two positions keeps the last value only",
                  Where);
  return true;
}

std::vector<std::string> NestCompletion::dropRepeatedCoordinates(
    std::vector<std::string> &Disjoint) const {
  std::vector<std::string> Dropped;
  for (const LoopFact &L : Loops) {
    if (!(L.NonUnique || L.Singleton) || !L.Coordinate)
      continue;
    std::string Index = indexName(L.Coordinate);
    auto Kept = std::remove(Disjoint.begin(), Disjoint.end(), Index);
    // A narrowed coordinate ('short v = dst[e];') may be one row for
    // distinct elements, which a check of the elements' order would not
    // see: its positions are not split at rows.
    if (Kept != Disjoint.end() && !L.NarrowedCoordinate)
      Dropped.push_back(Index);
    Disjoint.erase(Kept, Disjoint.end());
  }
  return Dropped;
}

} // namespace lnr::recover::detail
