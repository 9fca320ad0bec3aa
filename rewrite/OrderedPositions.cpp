//===- OrderedPositions.cpp -----------------------------------------------===//

#include "rewrite/OrderedPositions.h"
#include "rewrite/CText.h"
#include "rewrite/ProducerGuard.h"
#include "rewrite/TreeBuilders.h"
#include "rewrite/levels/Level.h"

#include <algorithm>
#include <map>
#include <set>

namespace lnr::rewrite {
namespace {

/// The values a loop variable takes, [Begin, End), and its C type.
struct Range {
  std::string Begin, End, Type;
};

/// Builds the check level by level, each parent first.
class CheckBuilder {
public:
  CheckBuilder(const NestSource &S, const std::string &Flag, NamePicker &Names,
               const std::map<std::string, ScannedRange> &Scanned)
      : S(S), Flag(Flag), Names(Names), Scanned(Scanned) {}

  /// Adds the checks of Variable's path; false with Why when it cannot.
  bool reach(const std::string &Variable) {
    if (Known.count(Variable))
      return true;
    if (const LoopSource *Root = denseLoop(Variable))
      return addRoot(Variable, *Root);
    const OverlapFacts::Position *P = positionRange(Variable);
    const LoopSource *Level = compressedLoop(Variable);
    if (!P && S.loop(Variable)) {
      // A chain of matrices: 'j = B_crd[pB]; for (pC = C_pos[j]; ...)',
      // C_pos checked over the coordinates j the nest reads.
      auto Scan = Scanned.find(Variable);
      if (Scan != Scanned.end() && Scan->second.Exact) {
        Known[Variable] = {Scan->second.Minimum, Scan->second.Extent, "long"};
        return true;
      }
      Why = "the positions of a level below '" + Variable +
            "', a coordinate another tensor's level loads, are not checked "
            "(its coordinates were not scanned)";
      return false;
    }
    if (!P || !Level || P->Positions.empty() ||
        !levels::Level(*Level).compact()) {
      Why = "the positions of the loop over '" + Variable +
            "' are not one array indexed by its parent's";
      return false;
    }
    // A compressed first level's parent is the root (""), one fiber:
    // its positions run over [pos[0], pos[1]).
    if (!P->Parent.empty() && !reach(P->Parent))
      return false;
    const Range Parent = P->Parent.empty()
                             ? Range{"0", "1", Level->VariableType}
                             : Known.at(P->Parent);
    std::string Pos = parenthesized(P->Positions);
    if (Checked.insert(P->Positions + "@" + P->Parent).second)
      addCheck(Pos, Parent);
    Known[Variable] = {Pos + "[" + Parent.Begin + "]",
                       Pos + "[" + Parent.End + "]", Level->VariableType};
    return true;
  }

  lower::Nodes Checks;
  std::string Why;

private:
  const NestSource &S;
  const std::string &Flag;
  NamePicker &Names;
  const std::map<std::string, ScannedRange> &Scanned;
  std::map<std::string, Range> Known;
  std::set<std::string> Checked;

  const LoopSource *denseLoop(const std::string &Variable) const {
    for (const LoopSource &L : S.Loops)
      if (L.Position.empty() && L.Index == Variable)
        return &L;
    return nullptr;
  }
  const LoopSource *compressedLoop(const std::string &Variable) const {
    for (const LoopSource &L : S.Loops)
      if (L.Position == Variable)
        return &L;
    return nullptr;
  }
  const OverlapFacts::Position *
  positionRange(const std::string &Variable) const {
    for (const OverlapFacts::Position &P : S.Overlap.PositionRanges)
      if (P.Variable == Variable)
        return &P;
    return nullptr;
  }

  bool addRoot(const std::string &Variable, const LoopSource &Root) {
    std::optional<levels::FiberRange> R = levels::Level(Root).fiber();
    if (!R || Root.VariableType.empty()) {
      Why = "the bounds of the loop over '" + Variable + "' were not read";
      return false;
    }
    Known[Variable] = {parenthesized(R->Begin), parenthesized(R->End),
                       Root.VariableType};
    return true;
  }

  /// Flag &= Pos[q + 1] >= Pos[q] over the parent's range, read only when
  /// the levels above passed and the range is not empty.
  void addCheck(const std::string &Pos, const Range &Parent) {
    std::string Q = Names.pick("position");
    lower::Node Loop =
        countingLoop(Q, Parent.Begin, Parent.End,
                     {statement(Flag + " &= " + Pos + "[" + Q +
                                " + 1] >= " + Pos + "[" + Q + "];")});
    Checks.push_back(lower::Node::ifThen(
        lower::code(Flag + " && " + Parent.Begin + " < " + Parent.End),
        {declare(Parent.Type, Q), std::move(Loop)}));
  }
};

/// Flag &= crd[q - 1] < crd[q] over the positions of the compressed first
/// level whose coordinates the output is assigned at
/// (NestSource::DistinctCoordinates), read only when the checks before it
/// passed; null with Why when its coordinates or bounds were not read.
std::optional<lower::Node> distinctCoordinatesCheck(const NestSource &S,
                                                    const std::string &Flag,
                                                    NamePicker &Names,
                                                    std::string &Why) {
  const LoopSource *L = S.loop(S.DistinctCoordinates);
  std::optional<levels::FiberRange> R =
      L ? levels::Level(*L).fiber() : std::nullopt;
  std::optional<std::string> Coordinates =
      L ? levels::Level(*L).coordinates() : std::nullopt;
  if (!R || !Coordinates || L->VariableType.empty()) {
    Why = "the coordinates of the loop over '" + S.DistinctCoordinates +
          "' were not read";
    return std::nullopt;
  }
  std::string Q = Names.pick("position");
  std::string Crd = parenthesized(*Coordinates);
  lower::Node Loop =
      countingLoop(Q, parenthesized(R->Begin) + " + 1", parenthesized(R->End),
                   {statement(Flag + " &= " + Crd + "[" + Q + " - 1] < " + Crd +
                              "[" + Q + "];")});
  return lower::Node::ifThen(lower::code(Flag),
                             {declare(L->VariableType, Q), std::move(Loop)});
}

} // namespace

std::vector<std::string>
positionsRelied(const NestSource &S,
                const std::vector<std::string> &AlsoRelied) {
  std::vector<std::string> Out;
  auto Add = [&](const std::string &P) {
    if (std::find(Out.begin(), Out.end(), P) == Out.end())
      Out.push_back(P);
  };
  // A coordinate (COO) loop's range is its own bounds (no Positions): it
  // relies on no order.
  if (S.Overlap.Needed)
    for (const OverlapFacts::Position &P : S.Overlap.PositionRanges)
      if (!P.Positions.empty())
        Out.push_back(P.Variable);
  // MKL's begin and end arrays (a level whose fibers need not be ordered)
  // keep an accumulated output sequential: it relies on no order then.
  auto Unordered =
      std::any_of(S.Loops.begin(), S.Loops.end(), [&](const LoopSource &L) {
        return L.Position == S.OutputPosition && !levels::Level(L).compact();
      });
  if (!S.OutputPosition.empty() && !(Unordered && !S.ZeroOutputFirst))
    Add(S.OutputPosition);
  if (!S.TemporaryPosition.empty())
    Add(S.TemporaryPosition);
  for (const std::string &P : AlsoRelied)
    Add(P);
  for (const std::string *Split : {&S.PositionSplit, &S.PositionBlocks})
    if (!Split->empty())
      Add(*Split);
  return Out;
}

std::vector<std::string> positionsOfTemporaries(const ir::BranchedGraph &G,
                                                const ir::Kernel &K,
                                                const NestSource &S) {
  std::vector<std::string> Out;
  for (const ir::Temporary &T : G.temporaries()) {
    if (!T.Positions)
      continue;
    std::string Position;
    for (const ir::Loop &L : K.Loops)
      if (L.Driver == T.Positions->Tensor &&
          L.DriverLevel + 1 == T.Positions->Levels)
        if (const LoopSource *Src = S.loop(L.Index))
          Position = Src->Position;
    if (std::find(Out.begin(), Out.end(), Position) == Out.end())
      Out.push_back(Position);
  }
  return Out;
}

std::string zeroFirstCondition(const NestSource &S) {
  std::vector<std::string> Conditions;
  for (const std::string &First : S.ZeroFirstPositions)
    Conditions.push_back(First + " == 0");
  return allOf(Conditions);
}

std::optional<lower::Nodes> orderedPositionsCheck(
    const NestSource &S, const std::vector<std::string> &Positions,
    const std::string &Flag, NamePicker &Names, std::string &Why,
    const std::map<std::string, ScannedRange> &Scanned) {
  CheckBuilder Builder(S, Flag, Names, Scanned);
  for (const std::string &P : Positions)
    if (!Builder.reach(P)) {
      Why = Builder.Why;
      return std::nullopt;
    }
  return std::move(Builder.Checks);
}

OrRefusal<std::optional<OverlapTest>>
withPositionChecks(const NestSource &S, std::optional<OverlapTest> Test,
                   const std::map<std::string, ScannedRange> &Scanned,
                   NamePicker &Names, bool &Positions,
                   const std::vector<std::string> &AlsoRelied) {
  std::vector<std::string> Relied = positionsRelied(S, AlsoRelied);
  bool Extents = !S.OutputInnerExtent.empty();
  bool Distinct = !S.DistinctCoordinates.empty();
  Positions = !S.OutputPosition.empty() || !S.TemporaryPosition.empty() ||
              !S.PositionSplit.empty() || !S.PositionBlocks.empty() ||
              !S.ZeroFirstPositions.empty() || !AlsoRelied.empty() ||
              Distinct || !S.ScaledSumLoops.empty();
  std::optional<std::string> SumRuns = denseLoopsRun(S.ScaledSumLoops, S);
  if (!SumRuns)
    return Refusal(rule::UnsupportedStatement,
                   "a sum is stored scaled, which the rewrite reads as the "
                   "sum of scaled terms only when the loops inside it run, "
                   "and the bounds of one of them were not read");
  if (Relied.empty() && !Extents && S.ZeroFirstPositions.empty() && !Distinct &&
      SumRuns->empty())
    return Test;
  if (!Test)
    Test = OverlapTest{{}, Names.pick("checked")};
  const std::string &Flag = Test->Flag;
  lower::Nodes Checks;
  if (Test->Statements.empty())
    Checks.push_back(declare("int", Flag, "1"));
  if (Extents)
    Checks.push_back(statement(Flag +
                               " &= " + parenthesized(S.OutputInnerExtent) +
                               " <= " + parenthesized(S.OutputStride) + ";"));
  // A sum of no terms, scaled, is not 0 for an infinite scale
  // (NestSource::ScaledSumLoops).
  if (!SumRuns->empty())
    Checks.push_back(statement(Flag + " &= " + *SumRuns + ";"));
  // Before the positions' order, which is checked from pos[0]. The overlap
  // test, which reads positions at pos[0] too, has checked them first.
  if (!S.Overlap.Needed && !S.ZeroFirstPositions.empty())
    Checks.push_back(statement(Flag + " &= " + zeroFirstCondition(S) + ";"));
  std::string Why;
  std::optional<lower::Nodes> Ordered =
      orderedPositionsCheck(S, Relied, Flag, Names, Why, Scanned);
  if (!Ordered)
    return Refusal(rule::UnsupportedFormat,
                   "the rewrite relies on positions that never decrease, "
                   "and cannot check it: " +
                       Why);
  append(Test->Statements, std::move(Checks));
  append(Test->Statements, std::move(*Ordered));
  if (Distinct) {
    std::optional<lower::Node> Increasing =
        distinctCoordinatesCheck(S, Flag, Names, Why);
    if (!Increasing)
      return Refusal(rule::UnsupportedFormat,
                     "the rewrite relies on coordinates that strictly "
                     "increase, and cannot check it: " +
                         Why);
    Test->Statements.push_back(std::move(*Increasing));
  }
  return Test;
}

} // namespace lnr::rewrite
