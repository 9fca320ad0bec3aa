//===- RuntimeChoice.cpp --------------------------------------------------===//

#include "rewrite/RuntimeChoice.h"
#include "rewrite/CText.h"
#include "rewrite/levels/Level.h"
#include "rewrite/lower/Lowering.h"
#include "rewrite/lower/passes/Parallelize.h"

#include "analysis/ir/Fusion.h"

#include <algorithm>

namespace lnr::rewrite {
namespace {

const ir::Access *driverAccess(const ir::Kernel &K, const ir::Loop &L) {
  if (K.Stmt.Lhs.Tensor == L.Driver)
    return &K.Stmt.Lhs;
  for (const ir::Access &A : K.Stmt.Factors)
    if (A.Tensor == L.Driver)
      return &A;
  return nullptr;
}

const ir::Loop *loopOf(const ir::Kernel &K, const std::string &Index) {
  for (const ir::Loop &L : K.Loops)
    if (L.Index == Index)
      return &L;
  return nullptr;
}

/// The level's loop L runs only when the dense loops around it that are
/// not its parents do ('for k' in 'i, k, p'): " && (K) > 0" for each, ""
/// for none; nullopt when one's extent is not known.
std::optional<std::string> loopsAroundRun(const ir::Kernel &K,
                                          const ir::Loop &L) {
  std::vector<std::string> Parents = ir::parentsOf(L, K);
  std::string Around;
  for (const ir::Loop &Q : K.Loops) {
    if (Q.Index == L.Index)
      break;
    if (std::count(Parents.begin(), Parents.end(), Q.Index))
      continue;
    const ir::IndexVar *V = K.findIndex(Q.Index);
    if (Q.isCompressed() || !V || V->Extent.empty())
      return std::nullopt;
    Around += " && " + parenthesized(V->Extent) + " > 0";
  }
  return Around;
}

} // namespace

std::map<std::string, std::string> runtimeSymbols(const ir::Kernel &K,
                                                  const NestSource &S) {
  std::map<std::string, std::string> Out;
  for (const ir::IndexVar &V : K.Indices)
    if (!V.Extent.empty())
      Out[ir::extentSymbol(V.Extent)] = "(double)" + parenthesized(V.Extent);
  // A compressed level below a dense loop over [0, n) ends at pos[n]; one
  // below that at pos2[pos[n]]. The nest reads pos[n] when n > 0, and
  // pos2[pos[n]] when the last fiber of the first level is not empty
  // (otherwise the first level's count stands in: it only ranks costs).
  // A compressed first level (DCSR's) runs over [pos[0], pos[1]), which
  // the nest reads always; its last fiber is not empty when pos[1] >
  // pos[0].
  struct Level {
    std::string End, Count, Positions, Rows;
    bool Root = false;
  };
  std::map<std::string, Level> Levels; // by index
  for (const ir::Loop &L : K.Loops) {
    const ir::Access *A = driverAccess(K, L);
    const LoopSource *Src = S.loop(L.Index);
    std::optional<std::string> PositionsArray =
        Src ? levels::Level(*Src).positions() : std::nullopt;
    if (!L.isCompressed() || !A || !PositionsArray)
      continue;
    const std::string ParentIndex =
        L.DriverLevel ? A->Indices[L.DriverLevel - 1] : "";
    const ir::Loop *Parent = loopOf(K, ParentIndex);
    const LoopSource *ParentSrc = S.loop(ParentIndex);
    if (L.DriverLevel && (!Parent || !ParentSrc))
      continue;
    std::optional<std::string> Runs = loopsAroundRun(K, L);
    if (!Runs)
      continue;
    const std::string &Around = *Runs;
    std::string Positions = parenthesized(*PositionsArray);
    Level This;
    This.Positions = Positions;
    if (!Parent) {
      This.Root = true;
      This.End = Positions + "[1]";
      std::string Count = "(double)(" + This.End + " - " + Positions + "[0])";
      This.Count = Around.empty()
                       ? Count
                       : "(" + Around.substr(4) + " ? " + Count + " : 0.0)";
    } else if (!Parent->isCompressed()) {
      std::optional<levels::FiberRange> Rows =
          levels::Level(*ParentSrc).fiber();
      if (!Rows || !Rows->FromZero)
        continue;
      std::string N = parenthesized(Rows->End);
      This.Rows = N;
      This.End = Positions + "[" + N + "]";
      This.Count =
          "(" + N + " > 0" + Around + " ? (double)" + This.End + " : 0.0)";
    } else {
      auto Above = Levels.find(ParentIndex);
      if (Parent->Driver != L.Driver || Above == Levels.end() ||
          (Above->second.Rows.empty() && !Above->second.Root))
        continue;
      const Level &P = Above->second;
      This.End = Positions + "[" + P.End + "]";
      std::string LastFiber =
          P.Root ? P.End + " > " + P.Positions + "[0]" + Around
                 : P.Rows + " > 0" + Around + " && " + P.End + " > " +
                       P.Positions + "[" + P.Rows + " - 1]";
      This.Count =
          "(" + LastFiber + " ? (double)" + This.End + " : " + P.Count + ")";
    }
    Out[ir::nnzSymbol(*A, L.DriverLevel)] = This.Count;
    Levels[L.Index] = This;
  }
  return Out;
}

std::optional<std::string>
runtimeCost(const std::vector<ir::WorkTerm> &Work,
            const std::map<std::string, std::string> &Sym) {
  std::string Out;
  for (const ir::WorkTerm &W : Work) {
    std::string Term;
    if (W.Weight != 1)
      Term = std::to_string(static_cast<int>(W.Weight)) + ".0";
    for (const std::string &Symbol : W.Symbols) {
      auto It = Sym.find(Symbol);
      if (It == Sym.end())
        return std::nullopt;
      Term += (Term.empty() ? "" : " * ") + It->second;
    }
    Out += (Out.empty() ? "" : " + ") + (Term.empty() ? "1.0" : Term);
  }
  if (Out.empty())
    return std::nullopt;
  return Out;
}

std::optional<RuntimeAlternative> runtimeAlternative(
    const ir::Schedule &Chosen, const ir::Kernel &K, const NestSource &Source,
    const std::vector<ir::Schedule> &Candidates,
    const lower::LowerOptions &Opts, const lower::NestFacts &Facts,
    ir::ScheduleCache &Schedules, const ir::Kernel &Scanned,
    const std::vector<ExtentScan> &Scans, const NamePicker &Names,
    const std::function<bool(const ir::Schedule &)> &Allowed) {
  const std::vector<ir::Schedule> &Others =
      Scans.empty()
          ? Candidates
          : Schedules.enumerate(Scanned, lower::sharedOuterIndices(
                                             Scanned, Source, Opts.OpenMP));
  std::map<std::string, std::string> Symbols = runtimeSymbols(Scanned, Source);
  std::optional<std::string> ChosenCost =
      runtimeCost(ir::workOf(Chosen.Graph, K), Symbols);
  if (!ChosenCost)
    return std::nullopt;
  for (const ir::Schedule &Other : Others) {
    // Only a schedule that costs less than the chosen one for some sizes,
    // by more than lower-order terms.
    if (!ir::mayCostMore(Chosen.Estimate, Other.Estimate) || !Allowed(Other))
      continue;
    std::optional<std::string> OtherCost =
        runtimeCost(ir::workOf(Other.Graph, Scanned), Symbols);
    if (!OtherCost)
      continue;
    OrRefusal<lower::LoweredNest> Emitted =
        lower::lowerNest(Other.Graph, Scanned, Source, Opts, Facts, Names);
    if (!Emitted)
      continue;
    RuntimeAlternative Out{
        Other, std::move(*Emitted), *ChosenCost, *OtherCost, {}};
    for (const ExtentScan &Scan : Scans)
      if (lower::mentions(Out.Emitted.Tree, Scan.Variable) ||
          Out.OtherCost.find(Scan.Variable) != std::string::npos)
        Out.Scans.push_back(Scan);
    return Out;
  }
  return std::nullopt;
}

lower::Nodes runtimeChoice(const RuntimeAlternative &Alternative,
                           const CostNames &Names, lower::Nodes Chosen,
                           lower::Nodes Other) {
  // A schedule that needs a scanned extent runs only when the scanned
  // coordinates start at 0 (ExtentScan::Minimum). Its cost is computed
  // all the same: it reads only what the nest reads (runtimeSymbols).
  std::string NotFromZero;
  for (const ExtentScan &Scan : Alternative.Scans)
    NotFromZero += Scan.Minimum + " != 0 || ";
  return lower::nodes(
      lower::declare("const double", Names.Then, Alternative.ChosenCost),
      lower::declare("const double", Names.Else, Alternative.OtherCost),
      lower::Node::ifElse(
          lower::code(NotFromZero + Names.Then + " <= " + Names.Else),
          std::move(Chosen), std::move(Other)));
}

} // namespace lnr::rewrite
