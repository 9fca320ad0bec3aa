//===- RuntimeChoice.cpp --------------------------------------------------===//

#include "rewrite/RuntimeChoice.h"
#include "rewrite/CText.h"
#include "rewrite/lower/Lowering.h"

#include <algorithm>
#include <cctype>

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

/// Whether Statement assigns Name: "int j = crd[p];" or "j = crd[p];".
bool assigns(const std::string &Statement, const std::string &Name) {
  for (size_t At = Statement.find(Name); At != std::string::npos;
       At = Statement.find(Name, At + 1)) {
    size_t End = At + Name.size();
    if ((At && isIdentifierChar(Statement[At - 1])) ||
        (End < Statement.size() && isIdentifierChar(Statement[End])))
      continue;
    while (End < Statement.size() && Statement[End] == ' ')
      ++End;
    return End + 1 < Statement.size() && Statement[End] == '=' &&
           Statement[End + 1] != '=';
  }
  return false;
}

/// Fills in the flat form of Scan (RuntimeChoice.h), whose loops are
/// K.Loops[0..P], when it applies.
void describeFlatForm(ExtentScan &Scan, const ir::Kernel &K,
                      const NestSource &S, size_t P, NamePicker &Names,
                      std::string &Ordered) {
  const LoopSource *Root = S.loop(K.Loops.front().Index);
  if (K.Loops.front().isCompressed() || !Root || !Root->StartsAtZero ||
      Root->Bound.empty())
    return;
  std::vector<std::string> Positions, Variables;
  for (size_t Q = 1; Q <= P; ++Q) {
    const LoopSource *Level = S.loop(K.Loops[Q].Index);
    // Walked from the previous loop's positions, absolute (not relative
    // to the fiber, not MKL's begin and end arrays).
    if (!K.Loops[Q].isCompressed() || !Level || Level->Positions.empty() ||
        Level->Position.empty() || ir::parentsOf(K.Loops[Q], K).size() != Q)
      return;
    Positions.push_back(Level->Positions);
    Variables.push_back(Level->Position);
  }
  // The flat loops declare the position variables anew, around the loads
  // as written: no bound or array may name them, and a load reads its own.
  std::string Texts = Root->Bound;
  for (const std::string &A : Positions)
    Texts += " " + A;
  for (const std::string &V : Variables)
    if (mentions(Texts, V))
      return;
  for (size_t Q = 1; Q <= P; ++Q) {
    const LoopSource *Level = S.loop(K.Loops[Q].Index);
    if (Level->Prologue.empty())
      continue;
    for (size_t R = 0; R <= P; ++R)
      if (R != Q && mentions(Level->Prologue.front(),
                             R ? Variables[R - 1] : K.Loops[0].Index))
        return;
  }
  if (Ordered.empty())
    Ordered = Names.pick("positions_ordered");
  Scan.RootBound = Root->Bound;
  for (size_t Q = 0; Q <= P; ++Q)
    Scan.VariableTypes.push_back(S.loop(K.Loops[Q].Index)->VariableType);
  Scan.LevelPositions = Positions;
  Scan.LevelVariables = Variables;
  Scan.Ordered = Ordered;
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

std::vector<ExtentScan>
scanUnknownExtents(ir::Kernel &K, const NestSource &S, bool Parallel,
                   NamePicker &Names, const std::set<std::string> &AlsoScan) {
  std::vector<ExtentScan> Scans;
  std::string Ordered; // one flag for every flat pass, picked once
  for (size_t P = 0; P < K.Loops.size(); ++P) {
    const ir::Loop &L = K.Loops[P];
    auto V =
        std::find_if(K.Indices.begin(), K.Indices.end(),
                     [&](const ir::IndexVar &I) { return I.Name == L.Index; });
    const LoopSource *Src = S.loop(L.Index);
    if (!L.isCompressed() || V == K.Indices.end() ||
        (!V->Extent.empty() && !AlsoScan.count(L.Index)) || !Src ||
        Src->Prologue.empty() || Src->IndexType.empty() ||
        !assigns(Src->Prologue.front(), L.Index))
      continue;
    // Only the loops that define the level around it: the scan then reads
    // the positions and coordinates the nest reads, and no operand.
    std::vector<std::string> Parents = ir::parentsOf(L, K);
    bool Alone = Parents.size() == P;
    for (size_t Q = 0; Q < P && Alone; ++Q)
      Alone = std::count(Parents.begin(), Parents.end(), K.Loops[Q].Index) &&
              S.loop(K.Loops[Q].Index) &&
              !S.loop(K.Loops[Q].Index)->Header.empty();
    // The scan writes the headers and only this loop's coordinate load:
    // no header may read another loop's coordinate.
    for (size_t Q = 0; Q <= P && Alone; ++Q)
      for (size_t R = 0; R < P && Alone; ++R)
        Alone = !K.Loops[R].isCompressed() ||
                !mentions(S.loop(K.Loops[Q].Index)->Header, K.Loops[R].Index);
    if (!Alone || Src->Header.empty())
      continue;
    ExtentScan Scan;
    Scan.Index = L.Index;
    Scan.Variable = Names.pick(L.Index + "_extent");
    Scan.Minimum = Names.pick(L.Index + "_min");
    Scan.Low = Names.pick(L.Index + "_low");
    Scan.Maximum = Names.pick(L.Index + "_max");
    Scan.Seen = Names.pick(L.Index + "_seen");
    Scan.Type = Src->IndexType;
    for (size_t Q = 0; Q <= P; ++Q)
      Scan.Headers.push_back(S.loop(K.Loops[Q].Index)->Header);
    Scan.Load = Src->Prologue.front();
    // Sequential, it cost <SpTTM, SpTTM> 1.9 ms of 20 at two threads
    // (docs/schedules.md, "Run-time choice").
    const LoopSource *Outer = S.loop(K.Loops.front().Index);
    Scan.Parallel = Parallel && !K.Loops.front().isCompressed() && Outer &&
                    Outer->OmpCanonical;
    if (Scan.Parallel)
      Scan.PrivateClause = lower::privateClause(S);
    describeFlatForm(Scan, K, S, P, Names, Ordered);
    if (V->Extent.empty())
      V->Extent = Scan.Variable;
    Scans.push_back(std::move(Scan));
  }
  return Scans;
}

namespace {

/// Whether the loops of Short are the outermost loops of Long.
bool isPrefix(const std::vector<std::string> &Short,
              const std::vector<std::string> &Long) {
  return Short.size() <= Long.size() &&
         std::equal(Short.begin(), Short.end(), Long.begin());
}

/// The statements that keep a scan's minimum and maximum, after its load.
std::string scanUpdates(const ExtentScan &Scan) {
  const std::string &I = Scan.Index;
  // Branch-free, so that the innermost level's scan vectorizes.
  return Scan.Load + "\n" + Scan.Seen + " = 1;\n" + Scan.Maximum + " = " + I +
         " > " + Scan.Maximum + " ? " + I + " : " + Scan.Maximum + ";\n" +
         Scan.Low + " = " + I + " < " + Scan.Low + " ? " + I + " : " +
         Scan.Low + ";\n";
}

/// The clause of a parallel scan loop for the scans of Pass.
std::string reductionClauses(const std::vector<const ExtentScan *> &Pass) {
  std::string Max, Min, Seen;
  for (const ExtentScan *Scan : Pass) {
    Max += (Max.empty() ? "" : ", ") + Scan->Maximum;
    Min += (Min.empty() ? "" : ", ") + Scan->Low;
    Seen += (Seen.empty() ? "" : ", ") + Scan->Seen;
  }
  return "reduction(max : " + Max + ") reduction(min : " + Min +
         ") reduction(| : " + Seen + ")";
}

/// The flat form of a pass (RuntimeChoice.h), Tree its walk: when the
/// positions never decrease, level d's fibers are the positions
/// [B_d, E_d), B_1 = pos_1[0], E_1 = pos_1[n], B_d = pos_d[B_{d-1}], and
/// each level's coordinates are read in one flat loop, which vectorizes;
/// otherwise Tree, which reads what the nest reads however its positions
/// run. Nothing is read when n <= 0, as the nest reads nothing.
std::string flatPass(const std::vector<const ExtentScan *> &Pass,
                     const ExtentScan &Deepest, const std::string &Tree) {
  const std::string &Ordered = Deepest.Ordered;
  const std::string N = parenthesized(Deepest.RootBound);
  std::string Code = "if (" + N + " > 0) {\nint " + Ordered + " = 1;\n";
  // Each level's positions array over its parent's range, in order.
  std::string Begin = "0", End = N;
  std::vector<std::pair<std::string, std::string>> Ranges;
  for (size_t D = 0; D < Deepest.LevelPositions.size(); ++D) {
    const std::string &Pos = Deepest.LevelPositions[D];
    const std::string &Q = Deepest.LevelVariables[D];
    Code += (D ? "if (" + Ordered + ") " : "") + "{\n" +
            Deepest.VariableTypes[D] + " " + Q + ";\nfor (" + Q + " = " +
            Begin + "; " + Q + " < " + End + "; " + Q + "++)\n" + Ordered +
            " &= " + Pos + "[" + Q + " + 1] >= " + Pos + "[" + Q + "];\n}\n";
    Begin = Pos + "[" + Begin + "]";
    End = Pos + "[" + End + "]";
    Ranges.push_back({Begin, End});
  }
  Code += "if (" + Ordered + ") {\n";
  for (size_t D = 0; D < Ranges.size(); ++D) {
    std::vector<const ExtentScan *> Here;
    for (const ExtentScan *Scan : Pass)
      if (Scan->Headers.size() == D + 2)
        Here.push_back(Scan);
    if (Here.empty())
      continue;
    const std::string &Q = Deepest.LevelVariables[D];
    Code += "{\n" + Deepest.VariableTypes[D + 1] + " " + Q + ";\n";
    if (Deepest.Parallel)
      Code += "#pragma omp parallel for " + reductionClauses(Here) +
              Deepest.PrivateClause + "\n";
    Code += "for (" + Q + " = " + Ranges[D].first + "; " + Q + " < " +
            Ranges[D].second + "; " + Q + "++) {\n";
    for (const ExtentScan *Scan : Here)
      Code += scanUpdates(*Scan);
    Code += "}\n}\n";
  }
  return Code + "} else {\n" + Tree + "}\n}\n";
}

/// One pass over the positions for Pass, whose headers lie on one path.
std::string scanPass(const std::vector<const ExtentScan *> &Pass) {
  const ExtentScan *Deepest = Pass.front();
  for (const ExtentScan *Scan : Pass)
    if (Scan->Headers.size() > Deepest->Headers.size())
      Deepest = Scan;
  std::string Tree;
  if (Deepest->Parallel)
    Tree += "#pragma omp parallel for " + reductionClauses(Pass) +
            Deepest->PrivateClause + "\n";
  for (size_t Depth = 0; Depth < Deepest->Headers.size(); ++Depth) {
    Tree += Deepest->Headers[Depth] + " {\n";
    for (const ExtentScan *Scan : Pass)
      if (Scan->Headers.size() == Depth + 1)
        Tree += scanUpdates(*Scan);
  }
  Tree += std::string(Deepest->Headers.size(), '}') + "\n";
  return Deepest->RootBound.empty() ? Tree : flatPass(Pass, *Deepest, Tree);
}

} // namespace

std::string scanCode(const std::vector<ExtentScan> &Scans) {
  // Declarations first: valid in C89.
  std::string Code, Results;
  for (const ExtentScan &Scan : Scans) {
    Code += "long " + Scan.Variable + ";\nlong " + Scan.Minimum + ";\n" +
            Scan.Type + " " + Scan.Low + " = 0;\n" + Scan.Type + " " +
            Scan.Maximum + " = 0;\nint " + Scan.Seen + " = 0;\n";
    Results += Scan.Variable + " = " + Scan.Seen + " ? (long)" + Scan.Maximum +
               " + 1 : 0;\n" + Scan.Minimum + " = " + Scan.Low + ";\n";
  }
  // Each scan joins the first pass whose loops are on its path.
  std::vector<std::vector<const ExtentScan *>> Passes;
  for (const ExtentScan &Scan : Scans) {
    auto Joins = [&](const std::vector<const ExtentScan *> &Pass) {
      return std::all_of(Pass.begin(), Pass.end(), [&](const ExtentScan *O) {
        return O->Parallel == Scan.Parallel &&
               (isPrefix(O->Headers, Scan.Headers) ||
                isPrefix(Scan.Headers, O->Headers));
      });
    };
    auto Pass = std::find_if(Passes.begin(), Passes.end(), Joins);
    if (Pass == Passes.end())
      Passes.push_back({&Scan});
    else
      Pass->push_back(&Scan);
  }
  for (const std::vector<const ExtentScan *> &Pass : Passes)
    Code += scanPass(Pass);
  return Code + Results;
}

} // namespace lnr::rewrite
