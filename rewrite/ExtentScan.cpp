//===- ExtentScan.cpp -----------------------------------------------------===//

#include "rewrite/ExtentScan.h"
#include "rewrite/CText.h"
#include "rewrite/OverlapTest.h"
#include "rewrite/ProducerGuard.h"
#include "rewrite/TreeBuilders.h"
#include "rewrite/levels/Level.h"
#include "rewrite/lower/Lowering.h"
#include "rewrite/lower/passes/Parallelize.h"

#include <algorithm>

namespace lnr::rewrite {

using lower::code;
using lower::Node;
using lower::Nodes;

namespace {

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

/// Whether Index names a coordinate read in place ("crd[p]", no variable
/// holds it): the scan reads it where it would read the variable.
bool readInPlace(const std::string &Index) {
  return !std::all_of(Index.begin(), Index.end(), isIdentifierChar);
}

/// A name for a scan's variables: the index, or the identifiers of a
/// coordinate read in place joined by '_' ("crd[p]" gives "crd_p").
std::string scanName(const std::string &Index) {
  std::string Out;
  for (char Ch : Index)
    if (isIdentifierChar(Ch))
      Out += Ch;
    else if (!Out.empty() && Out.back() != '_')
      Out += '_';
  while (!Out.empty() && Out.back() == '_')
    Out.pop_back();
  return Out;
}

/// Fills in the flat form of Scan (ExtentScan.h), whose loops are
/// K.Loops[0..P], when it applies.
void describeFlatForm(ExtentScan &Scan, const ir::Kernel &K,
                      const NestSource &S, size_t P, NamePicker &Names,
                      std::string &Ordered) {
  const LoopSource *Root = S.loop(K.Loops.front().Index);
  std::optional<levels::FiberRange> Rows =
      Root ? levels::Level(*Root).fiber() : std::nullopt;
  if (K.Loops.front().isCompressed() || !Rows || !Rows->FromZero)
    return;
  std::vector<std::string> Positions, Variables;
  for (size_t Q = 1; Q <= P; ++Q) {
    const LoopSource *Level = S.loop(K.Loops[Q].Index);
    // Walked from the previous loop's positions, absolute (not relative
    // to the fiber, not MKL's begin and end arrays).
    std::optional<std::string> Array =
        Level ? levels::Level(*Level).positions() : std::nullopt;
    if (!K.Loops[Q].isCompressed() || !Array || Level->Position.empty() ||
        ir::parentsOf(K.Loops[Q], K).size() != Q)
      return;
    Positions.push_back(*Array);
    Variables.push_back(Level->Position);
  }
  // The flat loops declare the position variables anew, around the loads
  // as written: no bound or array may name them, and a load reads its own.
  std::string Texts = Rows->End;
  for (const std::string &A : Positions)
    Texts += " " + A;
  for (const std::string &V : Variables)
    if (mentions(Texts, V))
      return;
  for (size_t Q = 1; Q <= P; ++Q) {
    const LoopSource *Level = S.loop(K.Loops[Q].Index);
    const std::string &Load = readInPlace(Level->Index) ? Level->Index
                              : Level->Prologue.empty()
                                  ? ""
                                  : Level->Prologue.front();
    for (size_t R = 0; R <= P && !Load.empty(); ++R)
      if (R != Q && mentions(Load, R ? Variables[R - 1] : K.Loops[0].Index))
        return;
  }
  if (Ordered.empty())
    Ordered = Names.pick("positions_ordered");
  Scan.RootBound = Rows->End;
  for (size_t Q = 0; Q <= P; ++Q)
    Scan.VariableTypes.push_back(S.loop(K.Loops[Q].Index)->VariableType);
  Scan.LevelPositions = Positions;
  Scan.LevelVariables = Variables;
  Scan.Ordered = Ordered;
}

/// Whether no array the nest reaches at Index has an invariant part in its
/// subscript, or a subscript in a macro's body. A schedule given the
/// scanned extent runs Index densely from 0; it runs only when the
/// smallest coordinate is 0 (RuntimeChoice.cpp), which keeps it between
/// rows the nest reads. A subscript with an invariant part (C[(j - j0) *
/// K + k], a block of columns) says the coordinates start elsewhere: the
/// extent is not scanned for it at all, a branch fewer, and the source's
/// own word taken before the run-time test.
bool readFromZeroInBounds(const NestSource &S, const std::string &Index) {
  for (const OverlapFacts::Array &A : S.Overlap.Arrays) {
    bool AtIndex = std::any_of(
        A.Terms.begin(), A.Terms.end(),
        [&](const OverlapFacts::Term &T) { return T.Variable == Index; });
    if (AtIndex && (A.Opaque || !A.Offset.empty()))
      return false;
  }
  return true;
}

/// Whether Text names a loop variable or position of K's loops (a bound
/// of an inner loop that depends on an outer one).
bool mentionsLoop(const std::string &Text, const ir::Kernel &K,
                  const NestSource &S) {
  for (const ir::Loop &L : K.Loops) {
    const LoopSource *Src = S.loop(L.Index);
    if (mentions(Text, L.Index) ||
        (Src && !Src->Position.empty() && mentions(Text, Src->Position)))
      return true;
  }
  return false;
}

/// A singleton level (COO's) has no loop: its coordinate is loaded in the
/// loop of its parent's positions.
bool isSingleton(const ir::Kernel &K, const ir::Loop &L) {
  return K.levelOf(L) == ir::LevelFormat::Singleton;
}

/// The loops (positions in K.Loops, P last) a scan of the coordinates of
/// K.Loops[P] walks: only those that define its level, so that it reads
/// the positions and coordinates the nest reads, and no operand; nothing
/// where another loop is around it. SkipDense: a dense loop around it
/// that is not one of them is left out (the scan then reads coordinates
/// the nest reads only when that loop runs: a range wider than the
/// nest's, which an overlap test may take, not an extent).
std::optional<std::vector<size_t>> scannedLoops(const ir::Kernel &K,
                                                const NestSource &S, size_t P,
                                                bool SkipDense) {
  std::vector<std::string> Parents = ir::parentsOf(K.Loops[P], K);
  std::vector<size_t> Walked;
  for (size_t Q = 0; Q < P; ++Q) {
    const ir::Loop &Around = K.Loops[Q];
    const LoopSource *Src = S.loop(Around.Index);
    if (!Src)
      return std::nullopt;
    if (!std::count(Parents.begin(), Parents.end(), Around.Index)) {
      if (SkipDense && !Around.isCompressed() && !Src->Header.empty() &&
          Src->Prologue.empty())
        continue;
      return std::nullopt;
    }
    if (Src->Header.empty() && !isSingleton(K, Around))
      return std::nullopt;
    Walked.push_back(Q);
  }
  Walked.push_back(P);
  if (Walked.size() != Parents.size() + 1)
    return std::nullopt;
  // The scan writes the headers and only this loop's coordinate load: no
  // header may read another loop's coordinate (but see chainWalk).
  for (size_t Q : Walked)
    for (size_t R = 0; R < P; ++R)
      if (K.Loops[R].isCompressed() &&
          mentions(S.loop(K.Loops[Q].Index)->Header, K.Loops[R].Index))
        return std::nullopt;
  return Walked;
}

/// For a level reached through a chain's parent (a coordinate in Loaded,
/// which a header of the loops up to P reads): every loop from the
/// outermost down to P, the walk that loads that parent (in its own
/// scan's pass, which this one joins) before the level's header reads it;
/// nothing for another level.
std::optional<std::vector<size_t>>
chainWalk(const ir::Kernel &K, const NestSource &S, size_t P,
          const std::set<std::string> &Loaded) {
  bool Chain = false;
  std::vector<size_t> Walked;
  for (size_t Q = 0; Q <= P; ++Q) {
    const LoopSource *Src = S.loop(K.Loops[Q].Index);
    if (!Src || (Src->Header.empty() && !isSingleton(K, K.Loops[Q])))
      return std::nullopt;
    for (const std::string &Parent : Loaded)
      Chain |= mentions(Src->Header, Parent);
    Walked.push_back(Q);
  }
  if (!Chain)
    return std::nullopt;
  return Walked;
}

/// Whether the loops of Short are the outermost loops of Long.
bool isPrefix(const std::vector<std::string> &Short,
              const std::vector<std::string> &Long) {
  return Short.size() <= Long.size() &&
         std::equal(Short.begin(), Short.end(), Long.begin());
}

/// Whether Scan, a level reached through a chain's parents (chainWalk),
/// joins the pass of each exact scan among Scans whose coordinate its
/// headers read: that pass loads the coordinate before the level's header
/// reads it. A pass of its own would read it unloaded.
bool joinsParents(const ExtentScan &Scan,
                  const std::vector<ExtentScan> &Scans) {
  for (const ExtentScan &Parent : Scans) {
    bool Read = false;
    for (const std::string &H : Scan.Headers)
      Read |= mentions(H, Parent.Index);
    if (Parent.Exact && Read &&
        (!isPrefix(Parent.Headers, Scan.Headers) || Parent.Runs != Scan.Runs ||
         Parent.Parallel || Scan.Parallel))
      return false;
  }
  return true;
}

/// A scan of Index, in Type, its variables picked from Names.
ExtentScan namedScan(const std::string &Index, const std::string &Type,
                     NamePicker &Names) {
  ExtentScan Scan;
  Scan.Index = Index;
  const std::string Name = scanName(Index);
  Scan.Variable = Names.pick(Name + "_extent");
  Scan.Minimum = Names.pick(Name + "_min");
  Scan.Low = Names.pick(Name + "_low");
  Scan.Maximum = Names.pick(Name + "_max");
  Scan.Seen = Names.pick(Name + "_seen");
  Scan.Type = Type;
  return Scan;
}

/// The indices of the exact scans among Scans.
std::set<std::string> exactIndices(const std::vector<ExtentScan> &Scans) {
  std::set<std::string> Out;
  for (const ExtentScan &Scan : Scans)
    if (Scan.Exact)
      Out.insert(Scan.Index);
  return Out;
}

} // namespace

std::vector<ExtentScan>
scanUnknownExtents(ir::Kernel &K, const NestSource &S, bool Parallel,
                   NamePicker &Names, const std::set<std::string> &AlsoScan) {
  std::vector<ExtentScan> Scans;
  std::string Ordered; // one flag for every flat pass, picked once
  const std::set<std::string> Exact = chainParents(K, S);
  for (size_t P = 0; P < K.Loops.size(); ++P) {
    const ir::Loop &L = K.Loops[P];
    auto V =
        std::find_if(K.Indices.begin(), K.Indices.end(),
                     [&](const ir::IndexVar &I) { return I.Name == L.Index; });
    const LoopSource *Src = S.loop(L.Index);
    if (!L.isCompressed() || V == K.Indices.end() ||
        (!V->Extent.empty() && !AlsoScan.count(L.Index)) || !Src ||
        Src->IndexType.empty())
      continue;
    // The coordinate loaded into a variable first, or read in place.
    bool InPlace = readInPlace(L.Index);
    if (!InPlace &&
        (Src->Prologue.empty() || !assigns(Src->Prologue.front(), L.Index)))
      continue;
    bool GivesExtent = V->Extent.empty() && readFromZeroInBounds(S, L.Index);
    if (!GivesExtent && !AlsoScan.count(L.Index))
      continue;
    // A chain's parents scanned already (exact, sequential): a level
    // reached through them is scanned in their pass, which loads them.
    std::optional<std::vector<size_t>> Walked =
        chainWalk(K, S, P, exactIndices(Scans));
    const bool InChain = Walked.has_value();
    if (!Walked)
      Walked = scannedLoops(K, S, P, /*SkipDense=*/false);
    if (!Walked && AlsoScan.count(L.Index)) { // a range, not an extent
      Walked = scannedLoops(K, S, P, /*SkipDense=*/true);
      GivesExtent = false;
    }
    if (!Walked || (Src->Header.empty() && !isSingleton(K, L)))
      continue;
    ExtentScan Scan = namedScan(L.Index, Src->IndexType, Names);
    for (size_t Q : *Walked)
      if (const std::string &H = S.loop(K.Loops[Q].Index)->Header; !H.empty())
        Scan.Headers.push_back(H);
    if (!InPlace)
      Scan.Load = Src->Prologue.front();
    else if (std::optional<std::string> Runs = innerDenseLoopsRun(
                 K, S, [](const ir::Loop &) { return true; }))
      Scan.Runs = *Runs;
    else
      continue;
    // A dense loop around it left out: the nest reads these coordinates
    // only where it runs, and the scan then only.
    std::vector<std::string> Skipped;
    for (size_t Q = 0; Q < P; ++Q)
      if (!std::count(Walked->begin(), Walked->end(), Q))
        Skipped.push_back(K.Loops[Q].Index);
    std::optional<std::string> SkippedRun = denseLoopsRun(Skipped, S);
    if (!SkippedRun || (!Skipped.empty() && mentionsLoop(*SkippedRun, K, S)))
      continue;
    if (!SkippedRun->empty())
      Scan.Runs =
          Scan.Runs.empty() ? *SkippedRun : allOf({Scan.Runs, *SkippedRun});
    // Sequential, it cost <SpTTM, SpTTM> 1.9 ms of 20 at two threads
    // (docs/schedules.md, "Run-time choice").
    // In a team (NestSource::inTeam), each thread scans alone.
    Scan.Exact = Exact.count(L.Index) > 0;
    Scan.Parallel = Parallel && !S.inTeam() && !Scan.Exact && !InChain &&
                    Walked->front() == 0 &&
                    lower::shareableHeader(K, S, K.Loops.front());
    if (Scan.Parallel)
      Scan.PrivateClause = lower::privateClause(S);
    // A chain's level is not walked from its parent's positions: no flat
    // form.
    if (Walked->size() == P + 1 && !InChain)
      describeFlatForm(Scan, K, S, P, Names, Ordered);
    if (InChain && !joinsParents(Scan, Scans))
      continue;
    if (GivesExtent)
      V->Extent = Scan.Variable;
    Scans.push_back(std::move(Scan));
  }
  return Scans;
}

namespace {

/// The statements that keep a scan's minimum and maximum, after its load.
Nodes scanUpdates(const ExtentScan &Scan) {
  const std::string &I = Scan.Index;
  // Branch-free, so that the innermost level's scan vectorizes.
  Nodes Out;
  // Exact: the first coordinate read starts both.
  std::string First = Scan.Exact ? "!" + Scan.Seen + " || " : "";
  Node Seen = statement(Scan.Seen + " = 1;");
  if (!Scan.Exact)
    Out.push_back(Seen);
  append(Out, {statement(Scan.Maximum + " = " + First + I + " > " +
                         Scan.Maximum + " ? " + I + " : " + Scan.Maximum + ";"),
               statement(Scan.Low + " = " + First + I + " < " + Scan.Low +
                         " ? " + I + " : " + Scan.Low + ";")});
  if (Scan.Exact)
    Out.push_back(Seen);
  return Out;
}

/// The updates of the scans of Pass whose loops are Depth deep.
Nodes updatesAt(const std::vector<const ExtentScan *> &Pass, size_t Depth) {
  // The loads first, in the nest's order: a load may declare its
  // coordinate ('int j = src[e];'), which C89 takes only before the
  // updates.
  Nodes Out, Updates;
  for (const ExtentScan *Scan : Pass)
    if (Scan->Headers.size() == Depth) {
      if (!Scan->Load.empty())
        Out.push_back(statement(Scan->Load));
      append(Updates, scanUpdates(*Scan));
    }
  append(Out, std::move(Updates));
  return Out;
}

/// The clause of a parallel scan loop for the scans of Pass.
std::string reductionClauses(const std::vector<const ExtentScan *> &Pass) {
  std::string Max, Min, Seen;
  for (const ExtentScan *Scan : Pass) {
    Max += (Max.empty() ? "" : ", ") + Scan->Maximum;
    Min += (Min.empty() ? "" : ", ") + Scan->Low;
    Seen += (Seen.empty() ? "" : ", ") + Scan->Seen;
  }
  // The flags (0 or 1) join the maxima: a clause fewer keeps the directive
  // of one scan within 80 columns, which clang-format would break with
  // backslashes.
  return "reduction(max : " + Max + ", " + Seen + ") reduction(min : " + Min +
         ")";
}

/// Ordered &= Pos[q + 1] >= Pos[q] for q in [Begin, End), in a block that
/// declares q.
Nodes orderedCheck(const std::string &Ordered, const std::string &Type,
                   const std::string &Q, const std::string &Pos,
                   const std::string &Begin, const std::string &End) {
  return {declare(Type, Q),
          countingLoop(Q, Begin, End,
                       {statement(Ordered + " &= " + Pos + "[" + Q +
                                  " + 1] >= " + Pos + "[" + Q + "];")})};
}

/// The flat form of a pass (ExtentScan.h), Tree its walk: when the
/// positions never decrease, level d's fibers are the positions
/// [B_d, E_d), B_1 = pos_1[0], E_1 = pos_1[n], B_d = pos_d[B_{d-1}], and
/// each level's coordinates are read in one flat loop, which vectorizes;
/// otherwise Tree, which reads what the nest reads however its positions
/// run. Nothing is read when n <= 0, as the nest reads nothing.
Nodes flatPass(const std::vector<const ExtentScan *> &Pass,
               const ExtentScan &Deepest, Nodes Tree) {
  const std::string &Ordered = Deepest.Ordered;
  const std::string N = parenthesized(Deepest.RootBound);
  Nodes Then = lower::nodes(declare("int", Ordered, "1"));
  // Each level's positions array over its parent's range, in order.
  std::string Begin = "0", End = N;
  std::vector<std::pair<std::string, std::string>> Ranges;
  for (size_t D = 0; D < Deepest.LevelPositions.size(); ++D) {
    const std::string &Pos = Deepest.LevelPositions[D];
    Nodes Check = orderedCheck(Ordered, Deepest.VariableTypes[D],
                               Deepest.LevelVariables[D], Pos, Begin, End);
    Then.push_back(D ? Node::ifThen(code(Ordered), std::move(Check))
                     : Node::block(std::move(Check)));
    Begin = Pos + "[" + Begin + "]";
    End = Pos + "[" + End + "]";
    Ranges.push_back({Begin, End});
  }
  Nodes Flat;
  for (size_t D = 0; D < Ranges.size(); ++D) {
    std::vector<const ExtentScan *> Here;
    for (const ExtentScan *Scan : Pass)
      if (Scan->Headers.size() == D + 2)
        Here.push_back(Scan);
    if (Here.empty())
      continue;
    const std::string &Q = Deepest.LevelVariables[D];
    Node Loop = countingLoop(Q, Ranges[D].first, Ranges[D].second,
                             updatesAt(Here, D + 2));
    if (Deepest.Parallel)
      parallelFor(Loop, {reductionClauses(Here), Deepest.PrivateClause});
    Flat.push_back(
        Node::block({declare(Deepest.VariableTypes[D + 1], Q), Loop}));
  }
  Then.push_back(Node::ifElse(code(Ordered), std::move(Flat), std::move(Tree)));
  return lower::nodes(Node::ifThen(code(N + " > 0"), std::move(Then)));
}

/// One pass over the positions for Pass, whose headers lie on one path.
Nodes scanPass(const std::vector<const ExtentScan *> &Pass) {
  const ExtentScan *Deepest = Pass.front();
  for (const ExtentScan *Scan : Pass)
    if (Scan->Headers.size() > Deepest->Headers.size())
      Deepest = Scan;
  // The loops as the nest writes them, innermost first: each body the
  // updates of the scans at its depth, then the loop below it.
  Nodes Tree;
  for (size_t Depth = Deepest->Headers.size(); Depth-- > 0;) {
    Nodes Body = updatesAt(Pass, Depth + 1);
    append(Body, std::move(Tree));
    Tree = lower::nodes(
        Node::sourceLoop(code(Deepest->Headers[Depth]), std::move(Body)));
  }
  if (Deepest->Parallel && !Tree.empty())
    parallelFor(Tree.front(), {reductionClauses(Pass), Deepest->PrivateClause});
  Nodes Out = Deepest->RootBound.empty()
                  ? std::move(Tree)
                  : flatPass(Pass, *Deepest, std::move(Tree));
  if (Deepest->Runs.empty())
    return Out;
  return lower::nodes(Node::ifThen(code(Deepest->Runs), std::move(Out)));
}

} // namespace

Nodes scanNodes(const std::vector<ExtentScan> &Scans,
                const std::string &Guard) {
  // Declarations first: valid in C89.
  Nodes Out, Results;
  for (const ExtentScan &Scan : Scans) {
    append(Out, {declare("long", Scan.Variable), declare("long", Scan.Minimum),
                 declare(Scan.Type, Scan.Low, "1"),
                 declare(Scan.Type, Scan.Maximum, "0"),
                 declare("int", Scan.Seen, "0")});
    append(Results, {statement(Scan.Variable + " = " + Scan.Seen + " ? (long)" +
                               Scan.Maximum + " + 1 : 0;"),
                     statement(Scan.Minimum + " = " + Scan.Low + ";")});
  }
  // Each scan joins the first pass whose loops are on its path.
  std::vector<std::vector<const ExtentScan *>> Passes;
  for (const ExtentScan &Scan : Scans) {
    auto Joins = [&](const std::vector<const ExtentScan *> &Pass) {
      return std::all_of(Pass.begin(), Pass.end(), [&](const ExtentScan *O) {
        return O->Parallel == Scan.Parallel && O->Runs == Scan.Runs &&
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
  Nodes Walks;
  for (const std::vector<const ExtentScan *> &Pass : Passes)
    append(Walks, scanPass(Pass));
  if (Guard.empty())
    append(Out, std::move(Walks));
  else if (!Walks.empty())
    Out.push_back(Node::ifThen(code(Guard), std::move(Walks)));
  append(Out, std::move(Results));
  return Out;
}

} // namespace lnr::rewrite
