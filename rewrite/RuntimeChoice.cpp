//===- RuntimeChoice.cpp --------------------------------------------------===//

#include "rewrite/RuntimeChoice.h"
#include "rewrite/CText.h"

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
    if (!L.isCompressed() || !A || !Src || Src->Positions.empty())
      continue;
    const std::string ParentIndex =
        L.DriverLevel ? A->Indices[L.DriverLevel - 1] : "";
    const ir::Loop *Parent = loopOf(K, ParentIndex);
    const LoopSource *ParentSrc = S.loop(ParentIndex);
    if (L.DriverLevel && (!Parent || !ParentSrc))
      continue;
    // The level's loop runs only when the dense loops around it that are
    // not its parents do ('for k' in 'i, k, p'): each must be non-empty.
    std::vector<std::string> Parents = ir::parentsOf(L, K);
    std::string Around;
    bool Known = true;
    for (const ir::Loop &Q : K.Loops) {
      if (Q.Index == L.Index)
        break;
      if (std::count(Parents.begin(), Parents.end(), Q.Index))
        continue;
      const ir::IndexVar *V = K.findIndex(Q.Index);
      Known = Known && !Q.isCompressed() && V && !V->Extent.empty();
      if (Known)
        Around += " && " + parenthesized(V->Extent) + " > 0";
    }
    if (!Known)
      continue;
    std::string Positions = parenthesized(Src->Positions);
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
      if (!ParentSrc->StartsAtZero || ParentSrc->Bound.empty())
        continue;
      std::string N = parenthesized(ParentSrc->Bound);
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

} // namespace lnr::rewrite
