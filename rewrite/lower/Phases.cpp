//===- Phases.cpp ---------------------------------------------------------===//

#include "rewrite/lower/Phases.h"
#include "rewrite/CText.h"
#include "rewrite/lower/Temporaries.h"
#include "rewrite/lower/passes/Parallelize.h"

#include <algorithm>

namespace lnr::lower {

using rewrite::allOf;

namespace {

/// One loop nest of the rewrite, run after the previous one.
struct Phase {
  const ir::BranchedGraph *Root;
  std::string Fills; // the IR name of what it computes
};

void phasesOf(const ir::BranchedGraph &G, const std::string &Fills,
              std::vector<Phase> &Out) {
  if (G.Loops.empty() && !G.isLinear()) {
    phasesOf(G.producer(), G.Temp->Name, Out);
    phasesOf(G.consumer(), Fills, Out);
    return;
  }
  Out.push_back({&G, Fills});
}

/// From's conditions that To does not have yet, after To's.
void addMissing(std::vector<std::string> &To,
                const std::vector<std::string> &From) {
  for (const std::string &C : From)
    if (std::find(To.begin(), To.end(), C) == To.end())
      To.push_back(C);
}

/// What each phase waits for: a phase that reads a temporary runs only
/// where the phase that filled it ran its statement (ProducerGuard.h), as
/// the original computes nothing elsewhere.
class PhaseGuards {
public:
  PhaseGuards(Context &C, GraphLowering &L) : C(C), L(L) {}

  /// Before P is lowered: the condition around it ("" for none); the
  /// per-element tests its loops make are handed to L, the flags its
  /// producer sets added to Declarations.
  std::string before(const Phase &P) {
    std::vector<std::string> Conditions;
    L.LoopTests.clear();
    L.TestsMade.clear();
    for (const std::string &T : readTemporaries(*P.Root)) {
      addMissing(Conditions, FilledWhen[T]);
      for (const ProducerGuard::ElementTest &Test : Tests[T])
        L.LoopTests[Test.Index] = Test.Condition;
    }
    if (C.isGlobal(P.Fills))
      fills(P, Conditions);
    return allOf(Conditions);
  }

  /// After P is lowered: every per-element test was made, and a flag its
  /// producer sets is set by one thread.
  void after(const Phase &P, bool Parallel) {
    if (Parallel && FlaggedPhase == &P)
      fail(P, "the phase that fills it would set its flag from several "
              "threads:");
    for (const auto &[Index, Condition] : L.LoopTests)
      if (!L.TestsMade.count(Index))
        fail(P, "no loop over '" + Index + "' to test '" + Condition + "' in");
  }

  std::optional<Refusal> refusal() const { return Untestable; }

  /// The flags the phases' producers set (`int t_ran = 0;`), declared
  /// before any phase runs.
  Nodes Declarations;

private:
  Context &C;
  GraphLowering &L;
  /// By shared temporary: the conditions under which its phase ran, and the
  /// tests of its elements.
  std::map<std::string, std::vector<std::string>> FilledWhen;
  std::map<std::string, std::vector<ProducerGuard::ElementTest>> Tests;
  /// Reported once the phases are lowered: a reason found there comes first.
  std::optional<Refusal> Untestable;
  const Phase *FlaggedPhase = nullptr; // the last whose producer sets a flag

  std::vector<std::string> readTemporaries(const ir::BranchedGraph &G) {
    std::vector<std::string> Out;
    for (const ir::Assignment &A : G.statements())
      for (const ir::Access &F : A.Factors)
        if (C.isGlobal(F.Tensor))
          addMissing(Out, {F.Tensor});
    return Out;
  }

  void fills(const Phase &P, const std::vector<std::string> &Read) {
    const ir::Temporary &T = *C.temporary(P.Fills);
    ProducerGuard Filled = rewrite::producerGuard(*P.Root, T, true, C.K, C.S);
    if (Filled.Untestable)
      fail(P, *Filled.Untestable + ":");
    std::vector<std::string> &When = FilledWhen[P.Fills];
    addMissing(When, Read);
    addMissing(When, Filled.Conditions);
    if (Filled.FlagLoop) {
      std::string Flag = C.Names.pick(C.cName(P.Fills) + "_ran");
      Declarations.push_back(declare("int", Flag, "0"));
      L.RanFlags[Filled.FlagLoop].push_back(Flag);
      When.push_back(Flag);
      FlaggedPhase = &P;
    }
    std::vector<ProducerGuard::ElementTest> &Mine = Tests[P.Fills];
    if (Filled.PerElement)
      Mine.push_back(*Filled.PerElement);
    // Elements left zero where what they were computed from was skipped.
    for (const auto &[Index, Condition] : L.LoopTests) {
      if (std::find(T.Indices.begin(), T.Indices.end(), Index) ==
          T.Indices.end())
        fail(P, "'" + C.cName(P.Fills) + "' is not indexed by '" + Index +
                    "', where '" + Condition + "' is tested:");
      Mine.push_back({Index, Condition});
    }
  }

  void fail(const Phase &P, const std::string &Why) {
    if (!Untestable)
      Untestable = Refusal(
          rule::UnsupportedSchedule,
          Why + " the phase computing '" +
              (C.isGlobal(P.Fills) ? C.cName(P.Fills) : P.Fills) +
              "' cannot be skipped where the original computes nothing");
  }
};

/// The phase whose outer loop keeps the file's directive: the one over the
/// file's outer loop that computes the output; why none can, if none can.
OrRefusal<std::optional<size_t>> keptDirective(const Context &C,
                                               const std::vector<Phase> &Ps) {
  if (!C.S.Pragma)
    return std::optional<size_t>();
  std::string Why; // why the phase over the file's loop cannot keep it
  for (size_t I = 0; I < Ps.size(); ++I) {
    const Phase &P = Ps[I];
    if (P.Fills == C.K.Stmt.Lhs.Tensor && !P.Root->Loops.empty() &&
        !C.K.Loops.empty() &&
        P.Root->Loops.front().Index == C.K.Loops.front().Index &&
        writesDisjoint(C, *P.Root, /*TrustOutput=*/true, Why))
      return std::optional<size_t>(I);
  }
  return Refusal(rule::UnsupportedPragma,
                 "the schedule splits the loop that '" + C.S.Pragma->Text +
                     "' parallelizes" + (Why.empty() ? "" : ": " + Why));
}

/// A variable declared before the nest that is neither a loop variable nor
/// a coordinate (a counter, 'jA'): the original reads its initial value;
/// "" for none.
std::string counterOf(const ir::Kernel &K, const NestSource &S) {
  for (const std::string &V : S.OuterDeclared)
    if (!K.findIndex(V) &&
        std::none_of(S.Loops.begin(), S.Loops.end(),
                     [&](const LoopSource &L) { return L.Position == V; }))
      return V;
  return "";
}

/// The phases of one branched graph lowered in turn (Phases.h).
class PhaseLowering {
public:
  PhaseLowering(Context &C, GraphLowering &L, LoweredNest &Out)
      : C(C), L(L), Out(Out), Guards(C, L), Counter(counterOf(C.K, C.S)),
        Flag(C.Facts.AllocatedFlag) {}

  std::optional<Refusal> run(const ir::BranchedGraph &G) {
    phasesOf(G, C.K.Stmt.Lhs.Tensor, Phases);
    OrRefusal<std::optional<size_t>> Kept = keptDirective(C, Phases);
    if (!Kept)
      return Kept.refusal();
    KeepAt = *Kept;
    for (size_t I = 0; I < Phases.size(); ++I)
      if (std::optional<Refusal> R = phase(I))
        return R;
    if (std::optional<Refusal> R = Guards.refusal())
      return R;
    finish();
    return std::nullopt;
  }

private:
  Context &C;
  GraphLowering &L;
  LoweredNest &Out;
  std::vector<Phase> Phases;
  std::optional<size_t> KeepAt; // the phase that keeps the file's directive
  PhaseGuards Guards;
  Nodes Run; // the phases, each under its guard
  std::string Notes;
  bool AnyParallel = false;
  /// Whether an earlier phase's per-thread vectors may have failed to be
  /// allocated: the phases after it run only when they were not.
  bool MayHaveFailed = false;
  /// Whether an earlier phase set the nest's counter (declared before the
  /// nest; the original reads it from its initial value) outside a
  /// parallel region: there it sets the variable itself, not a private
  /// copy.
  std::string Counter;
  bool CounterSet = false;
  const std::string &Flag;

  std::string nameOf(const Phase &P) const {
    return "'" + (P.Fills == C.K.Stmt.Lhs.Tensor ? P.Fills : C.cName(P.Fills)) +
           "'";
  }

  /// The per-thread temporaries of P.
  std::vector<ir::Temporary> vectorsOf(const Phase &P) const {
    std::vector<ir::Temporary> Vectors;
    for (const ir::Temporary &T : P.Root->temporaries())
      if (const ir::Temporary *V = C.temporary(T.Name);
          V && !C.isGlobal(T.Name))
        Vectors.push_back(*V);
    return Vectors;
  }

  std::optional<Refusal> phase(size_t I) {
    const Phase &P = Phases[I];
    std::string Guard = Guards.before(P);
    if (MayHaveFailed)
      Guard = Guard.empty() ? Flag : allOf({Flag, Guard});
    bool Kept = KeepAt && *KeepAt == I;
    std::vector<ir::Temporary> Vectors = vectorsOf(P);
    ParallelPlan Plan =
        planParallel(C, *P.Root, Kept, !Vectors.empty(), nameOf(P));
    if (Kept)
      noteRuntimeSchedule(*P.Root, C.S, Out.Notes);
    AnyParallel |= Plan.Parallel;
    Notes += Phases.size() == 1 ? Plan.Note
                                : (Notes.empty() ? "computing " : "; then ") +
                                      nameOf(P) + ": " + Plan.Note;
    if (!Vectors.empty() && CounterSet)
      return Refusal(rule::UnsupportedSchedule,
                     "the phase computing " + nameOf(P) +
                         " allocates temporaries after a phase that sets '" +
                         Counter +
                         "' outside a parallel region: the original nest, "
                         "which reads it from its initial value, could not "
                         "run when they cannot be allocated");
    Nodes Tree;
    if (std::optional<Refusal> R = lower(P, Plan, Vectors, Tree))
      return R;
    Guards.after(P, Plan.Parallel);
    MayHaveFailed |= !Vectors.empty();
    CounterSet |= !Plan.Parallel && !Counter.empty() && mentions(Tree, Counter);
    if (Guard.empty())
      append(Run, std::move(Tree));
    else
      Run.push_back(Node::ifThen(C.code(Guard), std::move(Tree)));
    return std::nullopt;
  }

  /// P's loops into Tree: in a parallel region that allocates Vectors per
  /// thread, in a block that allocates them once, or as they are.
  std::optional<Refusal> lower(const Phase &P, const ParallelPlan &Plan,
                               const std::vector<ir::Temporary> &Vectors,
                               Nodes &Tree) {
    L.Fills = C.isGlobal(P.Fills) ? C.temporary(P.Fills) : nullptr;
    if (!Plan.Region.empty())
      // One allocation per thread, outside the work-shared loop.
      return L.allocatingRegion(*P.Root, Plan.Region, Vectors, Plan.Loop, Tree);
    if (!Vectors.empty())
      return L.allocatingBlock(*P.Root, Vectors, Tree);
    return L.graph(*P.Root, Plan.Loop, Tree);
  }

  /// After the phases: they decide which temporaries calloc zeroes. The
  /// flags with the allocations, where the block starts (C89). The phases
  /// run only when every shared temporary was allocated.
  void finish() {
    Nodes Body = globalAllocations(C);
    append(Body, std::move(Guards.Declarations));
    Body.push_back(Node::ifElse(code(allAllocated(C, C.Globals)),
                                std::move(Run),
                                {Node::statement(code(Flag + " = 0;"))}));
    append(Body, globalReleases(C));
    Out.Tree.push_back(Node::block(std::move(Body)));
    Out.Parallel = AnyParallel;
    Out.ParallelNote = Notes;
    Out.Allocates = true;
  }
};

} // namespace

std::optional<Refusal> lowerPhases(Context &C, GraphLowering &L,
                                   const ir::BranchedGraph &G,
                                   LoweredNest &Out) {
  return PhaseLowering(C, L, Out).run(G);
}

} // namespace lnr::lower
