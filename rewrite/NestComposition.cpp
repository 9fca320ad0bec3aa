//===- NestComposition.cpp ------------------------------------------------===//

#include "rewrite/NestComposition.h"
#include "rewrite/CText.h"
#include "rewrite/LoopsAlike.h"
#include "rewrite/PairRenames.h"
#include "rewrite/ZeroingNest.h"
#include "rewrite/levels/Level.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>

namespace lnr::rewrite {
namespace {

using IndexMap = std::map<std::string, std::string>;

bool sameLoop(const LoopSource &A, const LoopSource &B) {
  return A.Kind == B.Kind && A.Header == B.Header && A.Prologue == B.Prologue &&
         A.Split == B.Split && A.Position == B.Position &&
         A.Positions == B.Positions && A.Coordinates == B.Coordinates &&
         A.PositionEnds == B.PositionEnds && A.Bound == B.Bound &&
         A.Begin == B.Begin && A.PositionOnly == B.PositionOnly;
}

std::string renamed(const std::string &Index, const IndexMap &Map) {
  auto It = Map.find(Index);
  return It == Map.end() ? Index : It->second;
}

ir::Access renamed(ir::Access A, const IndexMap &Map) {
  for (std::string &I : A.Indices)
    I = renamed(I, Map);
  return A;
}

ir::Loop renamed(ir::Loop L, const IndexMap &Map) {
  L.Index = renamed(L.Index, Map);
  return L;
}

std::string spaceless(const std::string &Text) {
  std::string Out;
  for (char Ch : Text)
    if (!std::isspace(static_cast<unsigned char>(Ch)))
      Out += Ch;
  return Out;
}

/// The factor of Q that reads the temporary, or why there is not one.
std::variant<size_t, std::string> readingFactor(const ir::Kernel &QK,
                                                const std::string &T) {
  std::optional<size_t> Found;
  for (size_t F = 0; F < QK.Stmt.Factors.size(); ++F) {
    if (QK.Stmt.Factors[F].Tensor != T)
      continue;
    if (Found)
      return "the consumer reads '" + T + "' twice";
    Found = F;
  }
  if (!Found)
    return "the consumer does not read '" + T + "' as a factor";
  if (QK.Stmt.Lhs.Tensor == T)
    return "the consumer reads '" + T + "' through a variable of its own";
  return *Found;
}

/// Text with the dense positions it reads (Names, TACO's 'kA', each an
/// alias of S) written out, the last declared first: those it reads
/// follow it; nothing where one has no value as written.
std::optional<std::string>
withAliasesWritten(std::string Text, const std::vector<std::string> &Names,
                   const NestSource &S) {
  for (auto A = S.Aliases.rbegin(); A != S.Aliases.rend(); ++A) {
    if (std::find(Names.begin(), Names.end(), A->Name) == Names.end())
      continue;
    std::optional<std::string> Value = initializerOf(A->Declaration);
    if (!Value)
      return std::nullopt;
    // The whole subscript ('T_vals[kT]') needs no parentheses.
    std::string Whole = "[" + A->Name + "]";
    if (size_t At = Text.find(Whole); At != std::string::npos)
      Text.replace(At, Whole.size(), "[" + *Value + "]");
    Text = renamedIn(Text, A->Name, "(" + *Value + ")");
  }
  return Text;
}

/// Why Q's factor At does not read the element P stores, or nothing: the
/// same text once the dense positions each reads are written out, but for
/// invariants each function names its own way ('A3_dimension' and
/// 'A3_dimension_g' of two inlined functions), added to Equal.
std::optional<std::string> readsStoredElement(const NestSource &PS,
                                              const NestSource &QS, size_t At,
                                              Equalities &Equal) {
  const NestSource::Factor &Read = QS.Factors[At];
  auto Stored = withAliasesWritten(PS.Output, PS.OutputAliases, PS);
  auto Reads = withAliasesWritten(Read.Text, Read.Aliases, QS);
  if (!Stored || !Reads)
    return "a dense position of '" + PS.Output + "' or '" + Read.Text +
           "' has no value as written";
  std::set<std::string> Variables = nestVariables(PS, QS);
  for (const NestSource *S : {&PS, &QS})
    for (const NestSource::Alias &A : S->Aliases)
      Variables.insert(A.Name);
  Equalities Found = Equal;
  if (!textsAlike(*Stored, *Reads, Variables, Found))
    return "the consumer reads '" + Read.Text +
           "' where the producer stores '" + PS.Output + "'";
  Equal = std::move(Found);
  return std::nullopt;
}

/// P's indices named as Q names them: each index of the temporary as the
/// consumer reads it, when both loops over it are written alike, or alike
/// but for invariants that must be equal at run time (added to Equal); or
/// why they are not.
std::variant<IndexMap, std::string>
matchIndices(const ir::Kernel &PK, const NestSource &PS, const ir::Kernel &QK,
             const NestSource &QS, const ir::Access &Read, Equalities &Equal) {
  const ir::Access &Written = PK.Stmt.Lhs;
  if (Written.Indices.size() != Read.Indices.size())
    return std::string("the consumer reads the temporary with other indices");
  IndexMap Map;
  std::set<std::string> Variables = nestVariables(PS, QS);
  for (size_t I = 0; I < Written.Indices.size(); ++I) {
    const LoopSource *PL = PS.loop(Written.Indices[I]);
    const LoopSource *QL = QS.loop(Read.Indices[I]);
    if (!PL || !QL ||
        !(sameLoop(*PL, *QL) || loopsAlike(*PL, *QL, Variables, Equal) ||
          rangesAlike(*PL, *QL, Variables, Equal)))
      return "the consumer's loop over '" + Read.Indices[I] +
             "' is not the producer's loop over '" + Written.Indices[I] +
             "' as written";
    Map[Written.Indices[I]] = Read.Indices[I];
  }
  // The producer's other indices keep their names, which Q must not use,
  // nor the variables their loops declare (a position 'p' of both).
  for (const ir::Loop &L : PK.Loops)
    if (!Map.count(L.Index)) {
      if (QK.findIndex(L.Index))
        return "the producer's index '" + L.Index +
               "' is also an index of the consumer";
      const LoopSource *Own = PS.loop(L.Index);
      for (const LoopSource &Q : QS.Loops)
        if (Own)
          for (const std::string *Name : {&Own->Index, &Own->Position})
            if (!Name->empty() && (*Name == Q.Index || *Name == Q.Position))
              return "the producer's loop variable '" + *Name +
                     "' is also the consumer's";
      Map[L.Index] = L.Index;
    }
  return Map;
}

/// Q's tensors and P's, the temporary left out; or why a name is two
/// tensors. A tensor with the temporary's nonzeros (Q's output stored at
/// the positions Q reads the temporary at) has those of the tensor whose
/// nonzeros P stores the temporary at.
std::variant<std::vector<ir::Tensor>, std::string>
tensorsOf(const ir::Kernel &PK, const ir::Kernel &QK, const std::string &T) {
  const ir::Tensor *Stored = PK.findTensor(T);
  std::vector<ir::Tensor> All;
  for (const ir::Kernel *K : {&QK, &PK})
    for (ir::Tensor Tensor : K->Tensors) {
      if (Tensor.Name == T)
        continue;
      if (Tensor.SameNonzerosAs && Tensor.SameNonzerosAs->Tensor == T) {
        if (!Stored || !Stored->SameNonzerosAs ||
            Stored->SameNonzerosAs->Levels < Tensor.SameNonzerosAs->Levels)
          return "'" + Tensor.Name + "' is stored at the positions of '" + T +
                 "', which the producer does not store at another tensor's";
        Tensor.SameNonzerosAs->Tensor = Stored->SameNonzerosAs->Tensor;
      }
      const ir::Tensor *Seen = nullptr;
      for (const ir::Tensor &Other : All)
        if (Other.Name == Tensor.Name)
          Seen = &Other;
      if (!Seen)
        All.push_back(Tensor);
      else if (Seen->Levels != Tensor.Levels)
        return "'" + Tensor.Name + "' is read in two formats";
    }
  return All;
}

/// How many of P's loops lead it as plain dense loops, none of whose
/// headers reads another's variable: any order of them runs the same
/// iterations.
size_t rectangularPrefix(const ir::Kernel &PK, const NestSource &PS) {
  size_t N = 0;
  for (; N < PK.Loops.size(); ++N) {
    const LoopSource *L = PS.loop(PK.Loops[N].Index);
    if (!L || L->Kind != LevelKind::Dense || !L->Position.empty() ||
        !L->Prologue.empty() || !L->Split.empty())
      break;
  }
  for (size_t A = 0; A < N; ++A)
    for (size_t B = 0; B < N; ++B)
      if (A != B && mentions(PS.loop(PK.Loops[A].Index)->Header,
                             PS.loop(PK.Loops[B].Index)->Index))
        return 0;
  return N;
}

/// P's loops (the first Count of Loops, named as Q names them) with a
/// plain dense loop moved after the compressed loop right after it, where
/// neither's header reads the other's variable and a factor reads the
/// dense index last, after the compressed loop's coordinate (X(crd[p], f)
/// of a row-major X), none before it: the producer's sum into each
/// element still runs over the positions in their order, now a row of the
/// temporary at a time, as the factor is stored (GCN's aggregation written
/// column by column, 'X[crd[p] * F + f]').
void sinkDenseBelowCompressed(std::vector<ir::Loop> &Loops, size_t Count,
                              const ir::Kernel &PK, const NestSource &PS,
                              const IndexMap &Map) {
  auto SourceOf = [&](const std::string &Index) -> const LoopSource * {
    for (const ir::Loop &L : PK.Loops)
      if (renamed(L.Index, Map) == Index)
        return PS.loop(L.Index);
    return nullptr;
  };
  std::vector<ir::Access> Factors;
  for (const ir::Access &F : PK.Stmt.Factors)
    Factors.push_back(renamed(F, Map));
  // Some factor reads First, then Last as its last index; none the other
  // way.
  auto ReadInOrder = [&](const std::string &First, const std::string &Last) {
    bool After = false, Before = false;
    for (const ir::Access &F : Factors) {
      auto A = std::find(F.Indices.begin(), F.Indices.end(), First);
      auto B = std::find(F.Indices.begin(), F.Indices.end(), Last);
      if (A == F.Indices.end() || B == F.Indices.end())
        continue;
      After = After || (A < B && B + 1 == F.Indices.end());
      Before = Before || B < A;
    }
    return After && !Before;
  };
  for (size_t N = 0; N + 1 < Count && N + 1 < Loops.size(); ++N) {
    const ir::Loop &D = Loops[N], &C = Loops[N + 1];
    const LoopSource *DS = SourceOf(D.Index), *CS = SourceOf(C.Index);
    if (D.isCompressed() || !C.isCompressed() || !DS || !CS ||
        DS->Kind != LevelKind::Dense || !DS->Position.empty() ||
        !DS->Prologue.empty() || !DS->Split.empty() ||
        !ReadInOrder(C.Index, D.Index))
      continue;
    bool Apart = !mentions(CS->Header, DS->Index) &&
                 std::none_of(CS->Prologue.begin(), CS->Prologue.end(),
                              [&](const std::string &Line) {
                                return mentions(Line, DS->Index);
                              });
    for (const std::string *Name : {&CS->Index, &CS->Position})
      Apart = Apart && (Name->empty() || !mentions(DS->Header, *Name));
    if (Apart)
      std::swap(Loops[N], Loops[N + 1]);
  }
}

/// The loops of the composed kernel: P's, in its order (the temporary's
/// indices named as Q names them), then Q's other loops, in theirs; a loop
/// Q drives by the temporary is driven by the tensor P's loop is. P's
/// leading rectangular dense loops, where Q runs them all, run in Q's
/// order (GCN's SpMM written column k outermost, then X·W row by row): the
/// fused nest then begins as the consumer does, each iteration of its
/// outer loop writing rows of the output of its own, and sums run as
/// written, the producer's within each element it stores, the consumer's
/// in its own order. A dense loop then goes below a compressed one where a
/// factor is read that way (sinkDenseBelowCompressed), unless each
/// element of the temporary is needed Whole (still stored, or passed
/// through a function) once its sum is complete, which a row summed a
/// position at a time is not until the positions end.
std::vector<ir::Loop> composedLoops(const ir::Kernel &PK, const NestSource &PS,
                                    const ir::Kernel &QK, const IndexMap &Map,
                                    bool Whole) {
  std::vector<ir::Loop> Loops;
  for (const ir::Loop &P : PK.Loops)
    Loops.push_back(renamed(P, Map));
  auto InQ = [&](const ir::Loop &L) {
    return std::find_if(QK.Loops.begin(), QK.Loops.end(),
                        [&](const ir::Loop &Q) { return Q.Index == L.Index; }) -
           QK.Loops.begin();
  };
  size_t Lead = rectangularPrefix(PK, PS);
  auto LeadEnd = Loops.begin() + Lead;
  if (std::all_of(Loops.begin(), LeadEnd, [&](const ir::Loop &L) {
        return InQ(L) < static_cast<long>(QK.Loops.size());
      }))
    std::stable_sort(
        Loops.begin(), LeadEnd,
        [&](const ir::Loop &A, const ir::Loop &B) { return InQ(A) < InQ(B); });
  if (!Whole)
    sinkDenseBelowCompressed(Loops, PK.Loops.size(), PK, PS, Map);
  for (const ir::Loop &Q : QK.Loops)
    if (std::none_of(Loops.begin(), Loops.end(),
                     [&](const ir::Loop &L) { return L.Index == Q.Index; }))
      Loops.push_back(Q);
  return Loops;
}

/// The scales of the composed sums (NestSource::SumScales) as positions
/// among the composed factors: Q's with P's factors in place of the one at
/// At, P's after At; P's factors all, where Q's sum is scaled by the
/// temporary.
std::vector<size_t> composedScales(const NestSource &PS, const NestSource &QS,
                                   size_t At) {
  std::vector<size_t> Out;
  size_t Extra = PS.Factors.size() - 1;
  for (size_t F : QS.SumScales) {
    if (F < At)
      Out.push_back(F);
    else if (F > At)
      Out.push_back(F + Extra);
    else
      for (size_t P = 0; P < PS.Factors.size(); ++P)
        Out.push_back(At + P);
  }
  for (size_t F : PS.SumScales)
    if (std::find(Out.begin(), Out.end(), At + F) == Out.end())
      Out.push_back(At + F);
  return Out;
}

template <typename T>
void insertAt(std::vector<T> &Into, size_t At, const std::vector<T> &From) {
  Into.erase(Into.begin() + At);
  Into.insert(Into.begin() + At, From.begin(), From.end());
}

void appendNew(std::vector<std::string> &Into,
               const std::vector<std::string> &From) {
  for (const std::string &S : From)
    if (std::find(Into.begin(), Into.end(), S) == Into.end())
      Into.push_back(S);
}

/// The overlap facts of both nests, without a dead temporary (memory of
/// its own, which the composed nest does not touch, and what the producer
/// needed to keep it apart from its inputs): a test is needed unless
/// the consumer's output is restrict, which keeps it apart from the
/// producer's inputs too, or the user promises no overlap.
OverlapFacts composedOverlap(const NestSource &PS, const NestSource &QS,
                             const PairFacts &Facts) {
  OverlapFacts O = QS.Overlap;
  O.Needed =
      !Facts.AssumeNoAlias && (QS.Overlap.Needed || !QS.Overlap.OutputRestrict);
  if (O.Unbounded.empty())
    O.Unbounded = PS.Overlap.Unbounded;
  O.Arrays.clear();
  // A temporary still stored: apart from every other array, unless it
  // is a restrict pointer of the function.
  if (Facts.Live && !Facts.AssumeNoAlias && !PS.Overlap.OutputRestrict)
    O.Needed = true;
  for (const NestSource *S : {&QS, &PS})
    for (const OverlapFacts::Array &A : S->Overlap.Arrays)
      if (A.Base != Facts.TemporaryArray || (Facts.Live && A.Written))
        O.Arrays.push_back(A);
  for (const OverlapFacts::Position &P : PS.Overlap.PositionRanges)
    if (std::none_of(O.PositionRanges.begin(), O.PositionRanges.end(),
                     [&](const OverlapFacts::Position &Q) {
                       return Q.Variable == P.Variable;
                     }))
      O.PositionRanges.push_back(P);
  return O;
}

/// Whether P's aliases (TACO's dense positions) agree with Q's where both
/// declare a name, adding P's others to S (whose factors are the composed
/// nest's). An alias no factor of S and not its output reads is dropped:
/// the temporary's position in each nest ('kT' of P's output and of Q's
/// factor, read no more), which each function may declare its own way.
bool mergeAliases(NestSource &S, const NestSource &PS) {
  std::set<std::string> Read(S.OutputAliases.begin(), S.OutputAliases.end());
  for (const NestSource::Factor &F : S.Factors)
    Read.insert(F.Aliases.begin(), F.Aliases.end());
  S.Aliases.erase(std::remove_if(S.Aliases.begin(), S.Aliases.end(),
                                 [&](const NestSource::Alias &A) {
                                   return !Read.count(A.Name);
                                 }),
                  S.Aliases.end());
  for (const NestSource::Alias &A : PS.Aliases) {
    if (!Read.count(A.Name))
      continue;
    auto Same = std::find_if(
        S.Aliases.begin(), S.Aliases.end(),
        [&](const NestSource::Alias &B) { return B.Name == A.Name; });
    if (Same == S.Aliases.end())
      S.Aliases.push_back(A);
    else if (Same->Declaration != A.Declaration)
      return false;
  }
  return true;
}

/// The factors of P's sum that none of its own loops (those not indexing
/// its output) index, its scales aside: positions in PK.Stmt.Factors.
std::vector<size_t> producerInvariantFactors(const ir::Kernel &PK,
                                             const NestSource &PS) {
  std::set<std::string> Own;
  for (const ir::Loop &L : PK.Loops)
    if (!PK.Stmt.Lhs.uses(L.Index))
      Own.insert(L.Index);
  std::vector<size_t> Out;
  for (size_t F = 0; F < PK.Stmt.Factors.size() && !Own.empty(); ++F) {
    const ir::Access &A = PK.Stmt.Factors[F];
    bool Scale = std::find(PS.SumScales.begin(), PS.SumScales.end(), F) !=
                 PS.SumScales.end();
    if (!Scale &&
        std::none_of(A.Indices.begin(), A.Indices.end(),
                     [&](const std::string &I) { return Own.count(I) > 0; }))
      Out.push_back(F);
  }
  return Out;
}

/// Q's source with P's factors in place of the temporary's, and P's loops
/// of its own; the text both nests span.
std::variant<NestSource, std::string>
composedSource(const ir::Kernel &PK, const NestSource &PS, const NestSource &QS,
               size_t At, const std::vector<ir::Loop> &Loops,
               const PairFacts &Facts) {
  NestSource S = QS;
  S.Loops.clear();
  for (const ir::Loop &L : Loops) {
    const LoopSource *From = QS.loop(L.Index);
    if (!From)
      From = PS.loop(L.Index);
    S.Loops.push_back(*From);
  }
  insertAt(S.Factors, At, PS.Factors);
  if (!mergeAliases(S, PS))
    return std::string("the two nests declare a variable of one name");
  S.Offset = PS.Offset;
  S.Length = Facts.Length;
  S.Original = Facts.Text;
  S.Leading = Facts.Between;
  S.Line = PS.Line;
  S.Column = PS.Column;
  S.StartsLine = PS.StartsLine;
  S.Indentation = PS.Indentation;
  S.StatementIndentation = PS.StatementIndentation;
  S.Substatement = false;
  // A directive says its own nest's outer loop runs in parallel: the
  // consumer's, on the loop the fused nest begins with, still holds (the
  // producer's writes go to the temporary, no longer stored); the
  // producer's alone says nothing of the consumer's writes.
  if (Loops.empty() || QS.Loops.empty() ||
      Loops.front().Index != QS.Loops.front().Index) {
    // In a team, every thread would run the whole fused nest.
    if (S.inTeam())
      return std::string("the fused nest does not begin with the loop the "
                         "consumer's '#pragma omp for' shares among the "
                         "region's threads");
    S.Pragma.reset();
  }
  // In a team, the barrier after the producer's loop, or the consumer's,
  // follows the fused nest, which stands where the producer did.
  if (S.inTeam()) {
    S.Pragma->Nowait = PS.Pragma->Nowait && QS.Pragma->Nowait;
    S.Pragma->BarrierBefore = PS.Pragma->BarrierBefore;
    for (const auto &Shared : PS.TeamShared)
      if (std::find(S.TeamShared.begin(), S.TeamShared.end(), Shared) ==
          S.TeamShared.end())
        S.TeamShared.push_back(Shared);
  }
  // Through a function, or stored, the producer's scales are applied
  // after its sum, as written (MappedScales), not multiplied into its
  // terms: a stored temporary is the original's value, bit for bit.
  const std::string &Map = Facts.Live ? PS.StoredValue : PS.Map;
  NestSource Unscaled = PS;
  if (!Map.empty())
    Unscaled.SumScales.clear();
  else
    appendNew(S.ScaledSumLoops, PS.ScaledSumLoops);
  S.SumScales = composedScales(Unscaled, QS, At);
  // The producer's function of its sum, applied before the consumer reads
  // it (MappedSchedule.h); one on the consumer's would be on the output.
  if (!QS.Map.empty())
    return std::string("the consumer stores its sum through a function");
  if (!Map.empty() && std::count(QS.SumScales.begin(), QS.SumScales.end(), At))
    return std::string(Facts.Live ? "the consumer scales a sum by the "
                                    "temporary, which is still stored"
                                  : "the consumer scales a sum by the "
                                    "function's value");
  S.Map = Map;
  S.MapOnlyScales = Facts.Live && PS.Map.empty();
  S.MapContinuous = !PS.Map.empty() && PS.MapContinuous;
  // Stored with its dense positions written out (TACO's 'T_vals[kT]',
  // 'kT' read by no factor of the fused nest).
  S.TemporaryStore = Facts.Live
                         ? withAliasesWritten(PS.Output, PS.OutputAliases, PS)
                               .value_or(PS.Output)
                         : "";
  S.TemporaryStoreAdds = !PS.ZeroOutputFirst;
  // At a coordinate (COO) list's position, its own range: no fibers.
  if (std::any_of(PS.Loops.begin(), PS.Loops.end(), [&](const LoopSource &L) {
        return L.Position == PS.OutputPosition &&
               levels::Level(L).positions().has_value();
      }))
    S.TemporaryPosition = PS.OutputPosition;
  S.MappedFactors.clear();
  S.MappedScales.clear();
  if (!Map.empty()) {
    for (size_t F = 0; F < PS.Factors.size(); ++F)
      S.MappedFactors.push_back(At + F);
    for (size_t F : PS.SumScales)
      S.MappedScales.push_back(At + F);
  }
  for (const ir::Loop &L : PK.Loops)
    if (!PK.Stmt.Lhs.uses(L.Index)) // its own: kept its name
      S.SumsStoredEmpty.push_back(L.Index);
  // A factor of the producer's sum that none of its own loops index is
  // multiplied only where the sum has terms; fused, it may be factored
  // out of the sum and multiply an empty one (0 times an infinity), which
  // a check that it is finite rules out (FiniteScales.h,
  // invariantSumFactors). A stored temporary's sum keeps every factor of
  // the producer's in its terms (MappedSchedule.h): no check.
  if (!Facts.Live)
    for (size_t F : producerInvariantFactors(PK, PS))
      S.InvariantSumFactors.push_back(At + F);
  appendNew(S.ZeroFirstPositions, PS.ZeroFirstPositions);
  appendNew(S.OuterDeclared, PS.OuterDeclared);
  appendNew(S.ReadInPlace, PS.ReadInPlace);
  for (const MemberArray &M : PS.MemberArrays)
    if (std::none_of(S.MemberArrays.begin(), S.MemberArrays.end(),
                     [&](const MemberArray &N) { return N.Text == M.Text; }))
      S.MemberArrays.push_back(M);
  std::stable_sort(S.MemberArrays.begin(), S.MemberArrays.end(),
                   [](const MemberArray &A, const MemberArray &B) {
                     return A.Text.size() > B.Text.size();
                   });
  if (!S.DeferredRefusal)
    S.DeferredRefusal = PS.DeferredRefusal;
  S.Overlap = composedOverlap(PS, QS, Facts);
  if (Facts.Zeroing)
    if (std::optional<std::string> Why =
            runFirst(*Facts.ZeroingKernel, *Facts.Zeroing, S))
      return *Why;
  return S;
}

/// Why the temporary P stores is not one the fused nest may stand for:
/// its elements must be what the producer's sum is, one per index value;
/// or nothing.
std::optional<std::string> temporaryProblem(const ir::Kernel &PK,
                                            const NestSource &PS,
                                            const ir::Kernel &QK,
                                            const NestSource &QS,
                                            const std::string &T) {
  // A float temporary of a double sum rounds each value the original
  // stores; the fused nest's temporary would not. (The consumer's read,
  // as written or through an accessor macro.)
  for (size_t F = 0; F < QK.Stmt.Factors.size() && F < QS.Factors.size(); ++F)
    if (QK.Stmt.Factors[F].Tensor == T && QS.Factors[F].Type != PS.ElementType)
      return "'" + T + "' holds '" + QS.Factors[F].Type +
             "' values of a sum in '" + PS.ElementType +
             "', rounded where the original stores them";
  // Rows written apart (T[i * S + j], 0 <= j < J, with S >= J): otherwise
  // one row's sums land on another's before the consumer reads them. (A
  // block per position at a stride apart from its extent is checked at
  // run time: composeNests.)
  const std::vector<std::string> &Apart = PS.DisjointOutputIndices;
  for (const std::string &I : PK.Stmt.Lhs.Indices) {
    if (!PS.OutputInnerExtent.empty())
      break;
    const ir::Loop *L = nullptr;
    for (const ir::Loop &Each : PK.Loops)
      if (Each.Index == I)
        L = &Each;
    if (L && !L->isCompressed() &&
        std::find(Apart.begin(), Apart.end(), I) == Apart.end())
      return "the producer's iterations over '" + I +
             "' are not proved to store apart in '" + T + "'";
  }
  return std::nullopt;
}

/// Why P is not a producer Q may be fused with, or nothing.
std::optional<std::string> producerProblem(const ir::Kernel &PK,
                                           const NestSource &PS,
                                           const ir::Kernel &QK,
                                           const NestSource &QS,
                                           const PairFacts &Facts) {
  const std::string &T = Facts.Temporary;
  if (PK.Stmt.Lhs.Tensor != T)
    return "the producer's output is not '" + T + "'";
  if (!PK.Stmt.Accumulate && !PS.ZeroOutputFirst)
    return "the producer assigns '" + T +
           "' a product with no sum; only a sum stored, or added to a "
           "zeroed temporary, is composed";
  if (!(PS.ZeroOutputFirst || (PK.Stmt.Accumulate && Facts.ZeroBefore)))
    return "'" + T + "' is not zero before the producer adds to it";
  if (Facts.Live && PS.StoredValue.empty())
    return "'" + T +
           "' is still stored, and the value the producer stores "
           "names its sum inside a macro";
  if (!PS.DistinctCoordinates.empty() || (PS.Pragma && PS.Pragma->FromRegion) ||
      (QS.Pragma && QS.Pragma->FromRegion) || PS.inTeam() != QS.inTeam())
    return std::string("a nest is not a plain loop nest");
  for (const ir::Access &F : PK.Stmt.Factors)
    if (F.Tensor == QK.Stmt.Lhs.Tensor || F.Tensor == T)
      return "the producer reads '" + F.Tensor + "', which a nest writes";
  if (PS.ElementType != QS.ElementType || PS.ValueType != QS.ValueType)
    return std::string("the two nests sum in different types");
  // The schedule may differ: it only places the rows on threads, and the
  // fused nest keeps the consumer's.
  if (PS.Pragma && QS.Pragma &&
      spaceless(PS.Pragma->ParallelClauses) !=
          spaceless(QS.Pragma->ParallelClauses))
    return std::string("the two nests' OpenMP directives have different "
                       "clauses besides 'schedule'");
  return temporaryProblem(PK, PS, QK, QS, T);
}

/// The array a factor's text reads ('T_vals' of 'T_vals[jB]').
std::string arrayOf(const std::string &Factor) {
  return spaceless(Factor.substr(0, Factor.find('[')));
}

/// Q reading the temporary by the producer's names (Facts.Temporary and
/// Facts.TemporaryArray) where it reads it through another local holding
/// the same pointer (Facts.ReadAs; checked equal at run time).
void readTemporaryByItsName(ir::Kernel &QK, NestSource &QS,
                            const PairFacts &Facts) {
  const std::string &From = Facts.ReadAs, &To = Facts.TemporaryArray;
  std::string Tensor;
  for (size_t F = 0; F < QK.Stmt.Factors.size(); ++F)
    if (arrayOf(QS.Factors[F].Text) == From) {
      Tensor = QK.Stmt.Factors[F].Tensor;
      QS.Factors[F].Text = renamedIn(QS.Factors[F].Text, From, To);
    }
  for (ir::Access &F : QK.Stmt.Factors)
    if (!Tensor.empty() && F.Tensor == Tensor)
      F.Tensor = Facts.Temporary;
  for (ir::Tensor &T : QK.Tensors)
    if (!Tensor.empty() && T.Name == Tensor)
      T.Name = Facts.Temporary;
  for (OverlapFacts::Array &A : QS.Overlap.Arrays)
    if (A.Base == From)
      A.Base = To;
}

/// Where the consumer reads the temporary, and how the producer's
/// indices are named as the consumer's.
struct MatchedPair {
  size_t Factor = 0; // of QK, reading the temporary
  IndexMap Map;      // the producer's indices to the consumer's
  Equalities Equal;  // what must hold at run time for the two to be one
};

/// The factor of Q that reads what P stores, at the indices P stores it
/// at, Q's position variables renamed as P's; or why there is none.
std::variant<MatchedPair, std::string>
matchPair(const ir::Kernel &PK, const NestSource &PS, const ir::Kernel &QK,
          NestSource &QS, const PairFacts &Facts) {
  auto At = readingFactor(QK, Facts.Temporary);
  if (auto *Why = std::get_if<std::string>(&At))
    return *Why;
  MatchedPair Out;
  Out.Factor = std::get<size_t>(At);
  const ir::Access &Read = QK.Stmt.Factors[Out.Factor];
  if (std::optional<std::string> Why = alignPositions(PS, PK, QS, Read))
    return *Why;
  if (!Facts.ReadAs.empty())
    Out.Equal.push_back(
        {Facts.TemporaryArray, Facts.ReadAs, /*Pointers=*/true});
  if (std::optional<std::string> Why =
          readsStoredElement(PS, QS, Out.Factor, Out.Equal))
    return *Why;
  auto Matched = matchIndices(PK, PS, QK, QS, Read, Out.Equal);
  if (auto *Why = std::get_if<std::string>(&Matched))
    return *Why;
  Out.Map = std::get<IndexMap>(std::move(Matched));
  return Out;
}

} // namespace

std::string storedTensor(const ir::Kernel &PK, const NestSource &PS,
                         const std::string &Array) {
  return arrayOf(PS.Output) == Array ? PK.Stmt.Lhs.Tensor : Array;
}

std::variant<ComposedNest, std::string>
composeNests(const ir::Kernel &Producer, const NestSource &ProducerSource,
             const ir::Kernel &Reader, const NestSource &ReaderSource,
             const PairFacts &Facts) {
  ir::Kernel PK = Producer, QK = Reader;
  NestSource PS = ProducerSource, QS = ReaderSource;
  if (!Facts.ReadAs.empty())
    readTemporaryByItsName(QK, QS, Facts);
  std::vector<std::string> Renamed =
      renameClashes(PK, PS, QK, QS, Facts.IsNameTaken, Facts.Text);
  renamePatternsApart(PK, PS, QK);
  if (auto At = readingFactor(QK, Facts.Temporary); std::get_if<size_t>(&At))
    alignRows(PK, PS, QS, QK.Stmt.Factors[std::get<size_t>(At)]);
  if (std::optional<std::string> Problem =
          producerProblem(PK, PS, QK, QS, Facts))
    return *Problem;
  auto Pair = matchPair(PK, PS, QK, QS, Facts);
  if (auto *Why = std::get_if<std::string>(&Pair))
    return *Why;
  auto &[Factor, Map, Equal] = std::get<MatchedPair>(Pair);
  const ir::Access &Read = QK.Stmt.Factors[Factor];
  auto Tensors = tensorsOf(PK, QK, Facts.Temporary);
  if (auto *Why = std::get_if<std::string>(&Tensors))
    return *Why;

  ComposedNest C;
  C.Kernel.Tensors = std::get<std::vector<ir::Tensor>>(std::move(Tensors));
  C.Kernel.Indices = QK.Indices;
  for (const ir::IndexVar &I : PK.Indices)
    if (!C.Kernel.findIndex(renamed(I.Name, Map)))
      C.Kernel.Indices.push_back({renamed(I.Name, Map), I.Extent});
  C.Kernel.Stmt = QK.Stmt;
  std::vector<ir::Access> Substituted;
  for (const ir::Access &F : PK.Stmt.Factors)
    Substituted.push_back(renamed(F, Map));
  insertAt(C.Kernel.Stmt.Factors, Factor, Substituted);
  C.Kernel.Loops =
      composedLoops(PK, PS, QK, Map, Facts.Live || !PS.Map.empty());
  if (C.Kernel.validate())
    return std::string("the composed loops are not in a legal order");
  auto Source = composedSource(PK, PS, QS, Factor, C.Kernel.Loops, Facts);
  if (auto *Why = std::get_if<std::string>(&Source))
    return *Why;
  C.Source = std::get<NestSource>(std::move(Source));
  // The producer stores blocks of E elements at a stride S written apart
  // (TACO's 'p * A3_dimension + l', l < C2_dimension): where E > S a block
  // overwrites the next one's first elements before the consumer reads
  // them, and fused, it reads its own. Checked equal with the original's
  // fallback.
  if (!PS.OutputInnerExtent.empty())
    Equal.push_back({PS.OutputInnerExtent, PS.OutputStride});
  C.Source.EqualAtRunTime = std::move(Equal);
  if (!C.Source.Map.empty())
    C.Source.MappedIndices = Read.Indices;

  // The separate graph: P's loops storing the temporary, then Q's.
  ir::Assignment Store = PK.Stmt;
  Store.Lhs = Read;
  Store.Factors = Substituted;
  std::vector<ir::Loop> ProducerLoops;
  for (const ir::Loop &L : PK.Loops)
    ProducerLoops.push_back(renamed(L, Map));
  std::vector<ir::Loop> ConsumerLoops = QK.Loops;
  for (ir::Loop &L : ConsumerLoops)
    for (const ir::Loop &P : C.Kernel.Loops)
      if (L.Index == P.Index)
        L = P;
  ir::Temporary Temp{Facts.Temporary, Read.Indices};
  Temp.Map = PS.Map;
  const ir::Tensor *Stored = PK.findTensor(Facts.Temporary);
  if (Stored && Stored->SameNonzerosAs)
    Temp.Positions = Stored->SameNonzerosAs;
  C.Separate = ir::BranchedGraph::branch(
      {}, Temp, ir::BranchedGraph::linear(ProducerLoops, Store),
      ir::BranchedGraph::linear(ConsumerLoops, C.Kernel.Stmt));
  // The consumer's statement reads the temporary, not the substitution.
  ir::Assignment &Consumer = *C.Separate.Branches[1].Statement;
  Consumer = QK.Stmt;
  C.Renamed = std::move(Renamed);
  return C;
}

} // namespace lnr::rewrite
