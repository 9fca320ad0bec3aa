//===- Parallelize.cpp ----------------------------------------------------===//

#include "rewrite/lower/passes/Parallelize.h"
#include "rewrite/lower/Lowering.h"

#include <algorithm>
#include <tuple>

namespace lnr::lower {
namespace {

std::string notWorkshareable(const std::string &Index) {
  return "not parallelized: gcc does not take the header of the loop over "
         "'" +
         Index +
         "' for OpenMP as written (a parenthesized condition or "
         "loop variable, a _Bool variable, or a loop counting down with no "
         "step, 'i-- > 0')";
}

/// Whether the iterations of L write distinct elements of what A writes.
bool disjointWrite(const Context &C, const ir::Loop &L, const ir::Assignment &A,
                   bool TrustOutput) {
  const std::string &Written = A.Lhs.Tensor;
  if (Written == C.K.Stmt.Lhs.Tensor) {
    const std::vector<std::string> &Proved = C.S.DisjointOutputIndices;
    return TrustOutput ||
           std::find(Proved.begin(), Proved.end(), L.Index) != Proved.end();
  }
  const ir::Temporary *T = C.temporary(Written);
  if (!T || !C.isGlobal(Written))
    return true; // private to a thread
  if (!T->Positions)
    return A.Lhs.uses(L.Index);
  const ir::Access *X = C.accessOf(T->Positions->Tensor);
  const ir::Tensor *XT = C.K.findTensor(T->Positions->Tensor);
  return X && XT && !X->Indices.empty() && X->Indices.front() == L.Index &&
         XT->Levels.front() == ir::LevelFormat::Dense;
}

/// Whether a loop inside Root's outer loop walks a compressed level: the
/// outer loop's iterations then walk fibers of different lengths.
bool walksFibers(const ir::BranchedGraph &G, bool Outer = true) {
  for (size_t I = Outer ? 1 : 0; I < G.Loops.size(); ++I)
    if (G.Loops[I].isCompressed())
      return true;
  for (const ir::BranchedGraph &B : G.Branches)
    if (walksFibers(B, /*Outer=*/G.Loops.empty() && Outer))
      return true;
  return false;
}

} // namespace

bool writesDisjoint(const Context &C, const ir::BranchedGraph &G,
                    bool TrustOutput, std::string &Why) {
  if (G.Loops.empty()) {
    Why = "the schedule has no shared outer loop";
    return false;
  }
  const ir::Loop &L = G.Loops.front();
  std::string Name = "'" + L.Index + "'";
  if (!ir::isUnique(C.K.levelOf(L))) {
    Why = "the outer loop over " + Name +
          " walks coordinate (COO) positions, and two of them may hold the "
          "same row";
    return false;
  }
  if (L.isCompressed()) {
    Why = "the outer loop over " + Name + " is compressed";
    return false;
  }
  for (const ir::Assignment &A : G.statements())
    if (!disjointWrite(C, L, A, TrustOutput)) {
      auto CName = C.CName.find(A.Lhs.Tensor);
      Why = "different " + Name + " may write the same elements of '" +
            (CName != C.CName.end() ? CName->second : A.Lhs.Tensor) + "'";
      return false;
    }
  return true;
}

namespace {

/// Whether Root's outer loop is shared, and why.
std::pair<bool, std::string> decide(const Context &C,
                                    const ir::BranchedGraph &Root, bool Kept,
                                    const std::string &Written) {
  std::string Outer =
      Root.Loops.empty() ? "" : "'" + Root.Loops.front().Index + "'";
  std::string Why;
  if (Kept)
    return {true, "kept the existing OpenMP directive on " + Outer};
  if (!C.Opts.OpenMP)
    return {false, "OpenMP disabled by --no-openmp"};
  if (!Root.Loops.empty() && !Root.Loops.front().isCompressed() &&
      !C.workshareable(Root.Loops.front()))
    return {false, notWorkshareable(Root.Loops.front().Index)};
  if (!writesDisjoint(C, Root, /*TrustOutput=*/false, Why))
    return {false, "not parallelized: " + Why};
  return {true, "parallel over " + Outer +
                    ": each iteration writes its own elements of " + Written};
}

} // namespace

ParallelPlan planParallel(const Context &C, const ir::BranchedGraph &Root,
                          bool Kept, bool PerThread,
                          const std::string &Written) {
  ParallelPlan P;
  std::tie(P.Parallel, P.Note) = decide(C, Root, Kept, Written);
  const NestSource &S = C.S;
  // A region the rewrite opens lists the variables declared before the
  // nest, shared by default; the file's own directive names them already
  // (the recovery checked).
  std::string Private = privateClause(S);
  std::string Schedule = scheduleClause(C.Opts);
  if (Kept && S.Pragma && PerThread) {
    // The file's directive, split so each thread allocates its temporaries
    // once, outside the work-shared loop.
    P.Region = OmpDirective::parallel({S.Pragma->ParallelClauses});
    P.Loop = OmpDirective::workShared({S.Pragma->ForClauses});
  } else if (Kept) {
    if (S.Pragma)
      P.Loop = OmpDirective::kept(S.Pragma->Text);
    // In a team, the barrier comes after the whole rewrite (a consumer
    // written 'nowait' after a producer that is not has the word already).
    if (S.Pragma && S.Pragma->barrierAfter() && !P.Loop.mentions("nowait"))
      P.Loop.with("nowait");
  } else if (P.Parallel && PerThread) {
    P.Region = OmpDirective::parallel({Private});
    P.Loop = OmpDirective::workShared({Schedule});
  } else if (P.Parallel) {
    P.Loop = OmpDirective::parallelFor({Schedule, Private});
  }
  return P;
}

OmpDirective zeroingDirective(const Context &C, bool NestParallel) {
  const ir::Kernel &K = C.K;
  const std::vector<std::string> &Proved = C.S.DisjointOutputIndices;
  if (!NestParallel || K.Loops.empty() || !C.workshareable(K.Loops.front()) ||
      std::find(Proved.begin(), Proved.end(), K.Loops.front().Index) ==
          Proved.end())
    return OmpDirective();
  // In a team, shared like the nest, with a barrier before the nest adds.
  if (C.S.inTeam())
    return OmpDirective::workShared({"schedule(static)"});
  return OmpDirective::parallelFor(
      {C.S.Pragma ? C.S.Pragma->ParallelClauses : "", "schedule(static)",
       C.S.Pragma ? "" : privateClause(C.S)});
}

bool shareableHeader(const ir::Kernel &K, const NestSource &S,
                     const ir::Loop &L) {
  const LoopSource *Src = S.loop(L.Index);
  return !L.isCompressed() && ir::isUnique(K.levelOf(L)) && Src &&
         Src->OmpCanonical;
}

std::set<std::string> sharedOuterIndices(const ir::Kernel &K,
                                         const NestSource &S, bool OpenMP) {
  std::set<std::string> Out;
  if (!OpenMP)
    return Out;
  const std::vector<std::string> &Proved = S.DisjointOutputIndices;
  for (const ir::Loop &L : K.Loops) {
    bool Kept = S.Pragma && &L == &K.Loops.front();
    if (shareableHeader(K, S, L) &&
        (Kept ||
         std::find(Proved.begin(), Proved.end(), L.Index) != Proved.end()))
      Out.insert(L.Index);
  }
  return Out;
}

namespace {

/// The names of what Tree declares.
std::set<std::string> declaredIn(const Nodes &Tree) {
  std::set<std::string> Out;
  forEach(Tree, [&](const Node &N) {
    if (N.K == Node::Kind::Declaration)
      Out.insert(N.Decl.Name);
  });
  return Out;
}

} // namespace

void shareRewriteNames(const Context &C, Nodes &Tree) {
  forEach(Tree, [&](Node &N) {
    if (!N.Directive.opensRegion() || !N.Directive.mentions("default(none)"))
      return;
    std::set<std::string> Inside = declaredIn(N.Body);
    std::string Names;
    for (const std::string &Name : C.Names.picked())
      if (!Inside.count(Name) && !N.Directive.mentions(Name) &&
          mentions(N.Body, Name))
        Names += (Names.empty() ? "" : ", ") + Name;
    if (!Names.empty())
      N.Directive.with("shared(" + Names + ")");
  });
}

void noteRuntimeSchedule(const ir::BranchedGraph &Root, const NestSource &S,
                         std::vector<std::string> &Notes) {
  if (!S.Pragma || !S.Pragma->ScheduleRuntime || Root.Loops.empty() ||
      !walksFibers(Root))
    return;
  Notes.push_back(
      "the kept 'schedule(runtime)' follows OMP_SCHEDULE, and runs static "
      "when it is unset (GCC's and LLVM's OpenMP runtimes); the iterations "
      "of the loop over '" +
      Root.Loops.front().Index +
      "' walk fibers of different lengths, which balance better with "
      "OMP_SCHEDULE=dynamic,64 (or guided)");
}

} // namespace lnr::lower
