//===- Nest.cpp - lowerNest -----------------------------------------------===//
//
// Layout of the lowered nest:
//
//   [#pragma omp parallel            ] when parallel with vector temporaries
//   [{ T *t = malloc(...) per thread ] vector temporaries: once per thread
//   [  if (t) ...                    ] run only where every one was allocated
//   #pragma omp [parallel] for ...     when the outer loop is parallel
//   for (shared loops) {
//     T t = 0; | for (dims) t[..] = 0;   where the producer starts
//     producer branch
//     consumer branch
//   }
//   [free(t); }]
//
// A temporary that cannot be allocated clears the caller's flag
// (NestFacts::AllocatedFlag), and the caller runs the original nest.
// Shared temporaries are lowered phase by phase (Phases.h).
//
//===----------------------------------------------------------------------===//

#include "rewrite/CText.h"
#include "rewrite/ProducerGuard.h"
#include "rewrite/levels/Level.h"
#include "rewrite/lower/CoordinateRows.h"
#include "rewrite/lower/GraphLowering.h"
#include "rewrite/lower/Phases.h"
#include "rewrite/lower/Temporaries.h"
#include "rewrite/lower/passes/MemberLocals.h"
#include "rewrite/lower/passes/Parallelize.h"
#include "rewrite/lower/passes/Passes.h"

#include <algorithm>

namespace lnr::lower {
namespace {

/// Zeroes every element the nest assigns: the file's loops over the
/// output's indices around `A[..] = 0;`. An output stored at an input's
/// positions is zeroed where the nest walks them: its compressed loops, as
/// written, and the loops above.
std::optional<Nodes> outputZeroing(const Context &C,
                                   const OmpDirective &Directive) {
  const ir::Kernel &K = C.K;
  std::set<std::string> Walked;
  for (const ir::Loop &L : K.Loops)
    if (L.isCompressed() && K.Stmt.Lhs.uses(L.Index))
      for (const std::string &P : ir::parentsOf(L, K))
        Walked.insert(P);
  Nodes Inner;
  std::set<std::string> Read(C.S.OutputAliases.begin(),
                             C.S.OutputAliases.end());
  for (const NestSource::Alias &Alias : C.S.Aliases)
    if (Read.count(Alias.Name))
      Inner.push_back(Node::statement(C.code(Alias.Declaration)));
  Inner.push_back(Node::statement(C.code(C.S.Output + " = 0;")));
  std::vector<Node> Loops; // outermost first, bodies filled below
  for (const ir::Loop &L : K.Loops) {
    if (!K.Stmt.Lhs.uses(L.Index) && !Walked.count(L.Index))
      continue;
    std::optional<LoopHeader> Header = C.loopHeader(L.Index);
    if (L.isCompressed()) {
      Header = LoopHeader();
      Header->Source = C.code(C.S.loop(L.Index)->Header);
    }
    if (!Header || Header->empty())
      return std::nullopt;
    Node Loop = Node::loop(*Header);
    if (L.isCompressed())
      for (const std::string &P : C.S.loop(L.Index)->Prologue)
        Loop.Body.push_back(Node::statement(C.code(P)));
    Loops.push_back(std::move(Loop));
  }
  for (size_t D = Loops.size(); D-- > 0;) {
    for (Node &N : Inner)
      Loops[D].Body.push_back(std::move(N));
    Inner.clear();
    Inner.push_back(std::move(Loops[D]));
  }
  if (!Directive.empty() && !Inner.empty() && Inner.front().isLoop()) {
    Inner.front().Directive = Directive;
  }
  return Inner;
}

/// The output zeroing the file's assignments need: the nest assigned each
/// element once; the rewrite accumulates. The zeroing runs before the
/// temporaries are known to be allocated: when one is not, the original
/// nest runs after it and assigns every element it zeroed.
std::optional<Refusal> withOutputZeroing(const Context &C, bool Parallel,
                                         Nodes &Tree) {
  std::optional<Nodes> Zero = outputZeroing(C, zeroingDirective(C, Parallel));
  if (!Zero)
    return Refusal(rule::Internal, "no loops to zero the output over");
  append(*Zero, std::move(Tree));
  Tree.clear();
  Tree.push_back(Node::block(std::move(*Zero)));
  return std::nullopt;
}

/// The nest without shared temporaries, its outer loop parallel or not.
std::optional<Refusal> lowerLoops(Context &C, GraphLowering &L,
                                  const ir::BranchedGraph &G,
                                  LoweredNest &Out) {
  const NestSource &S = C.S;
  ParallelPlan Plan = planParallel(C, G, S.Pragma.has_value(), C.hasVectors(),
                                   "'" + C.K.Stmt.Lhs.Tensor + "'");
  if (S.Pragma)
    noteRuntimeSchedule(G, S, Out.Notes);
  Out.Parallel = Plan.Parallel;
  Out.ParallelNote = Plan.Note;
  // Variables declared before the nest are shared by default in a region
  // the rewrite opens: each thread needs its own (a directive already on
  // the nest names them itself; the recovery checked it).
  std::string Private = privateClause(S);
  if (Plan.Parallel && !S.Pragma && !Private.empty())
    Out.ParallelNote +=
        "; private" + Private.substr(8) + ": declared outside the nest";
  if (S.Pragma && C.hasVectors())
    Out.ParallelNote += ", split into 'parallel' and 'for' around the "
                        "per-thread temporaries";
  if (!Plan.Region.empty())
    // One allocation per thread, outside the work-shared loop.
    return L.allocatingRegion(G, Plan.Region, C.Vectors, Plan.Loop, Out.Tree);
  if (C.hasVectors())
    return L.allocatingBlock(G, C.Vectors, Out.Tree);
  const OmpDirective &Directive = Plan.Loop;
  if (!Plan.Parallel && rowsSplit(C, G)) {
    if (std::optional<Refusal> R = L.graph(G, OmpDirective(), Out.Tree))
      return R;
    Out.Tree = splitAtRows(C, G, std::move(Out.Tree));
    Out.Parallel = true;
    Out.ParallelNote = "parallel over the rows of '" + G.Loops.front().Index +
                       "': sorted by row (checked at run time), the positions "
                       "cut at row boundaries; unsorted, each thread runs the "
                       "positions of its own range of rows";
    return std::nullopt;
  }
  if (!G.Loops.empty())
    return L.graph(G, Directive, Out.Tree);
  // Declarations in front of the loops need a block of their own: the nest
  // may be the body of an 'if', or share a block with another.
  Nodes Body;
  if (std::optional<Refusal> R = L.graph(G, Directive, Body))
    return R;
  Out.Tree.push_back(Node::block(std::move(Body)));
  return std::nullopt;
}

/// Whether every path of G from its root begins with the loop over Index.
bool startsWith(const ir::BranchedGraph &G, const std::string &Index) {
  if (!G.Loops.empty())
    return G.Loops.front().Index == Index;
  return !G.Branches.empty() &&
         std::all_of(
             G.Branches.begin(), G.Branches.end(),
             [&](const ir::BranchedGraph &B) { return startsWith(B, Index); });
}

/// Tree run only when Condition holds. A tree that is one block, only a
/// scope (the temporaries'), becomes the if's own; one that is already an
/// if without else takes Condition into its own.
void runOnlyIf(const Context &C, const std::string &Condition, Nodes &Tree) {
  if (Tree.size() == 1 && Tree.front().K == Node::Kind::If &&
      !Tree.front().HasElse) {
    std::string Inner = Tree.front().Text.str();
    if (Inner.find("||") != std::string::npos ||
        Inner.find('?') != std::string::npos)
      Inner = "(" + Inner + ")";
    Tree.front().Text = C.code(rewrite::allOf({Condition, Inner}));
    return;
  }
  if (Tree.size() == 1 && Tree.front().K == Node::Kind::Block &&
      Tree.front().Directive.empty()) {
    Nodes Scope = std::move(Tree.front().Body);
    Tree = std::move(Scope);
  }
  Tree = nodes(Node::ifThen(C.code(Condition), std::move(Tree)));
}

/// The nest's outermost loop, dense, moved inside another by the schedule
/// (a batch loop 'b' around a COO list, the list's loop put outside it):
/// with no iterations the original reads nothing, where the loops now
/// around it would read positions, coordinates and operands (a caller may
/// pass null arrays with 'B == 0'). The tree runs only when it runs.
void guardMovedOuterLoop(const Context &C, const ir::BranchedGraph &G,
                         Nodes &Tree) {
  if (C.K.Loops.empty() || C.K.Loops.front().isCompressed() ||
      startsWith(G, C.K.Loops.front().Index))
    return;
  // A producer's sum that two nests composed store even when empty: the
  // consumer runs whether or not it iterates (ProducerGuard.h).
  if (rewrite::sumStoredEmpty(C.K.Loops.front().Index, C.S))
    return;
  const LoopSource *Outer = C.S.loop(C.K.Loops.front().Index);
  std::optional<levels::FiberRange> R =
      Outer ? levels::Level(*Outer).fiber() : std::nullopt;
  if (!R)
    return;
  std::string Runs =
      rewrite::parenthesized(R->Begin) + " < " + rewrite::parenthesized(R->End);
  runOnlyIf(C, Runs, Tree);
}

/// Whether every statement of G is inside a loop over Index.
bool onEveryPath(const ir::BranchedGraph &G, const std::string &Index) {
  if (std::any_of(G.Loops.begin(), G.Loops.end(),
                  [&](const ir::Loop &L) { return L.Index == Index; }))
    return true;
  return !G.Branches.empty() &&
         std::all_of(
             G.Branches.begin(), G.Branches.end(),
             [&](const ir::BranchedGraph &B) { return onEveryPath(B, Index); });
}

/// The nest's dense loops, outermost aside (guardMovedOuterLoop), that do
/// not enclose every statement of the schedule (L when a producer sums
/// over k alone, t = C * D, and its consumer runs over l): with no
/// iterations the original runs no statement and reads no operand, where
/// the statements outside them would read operands (a caller may pass a
/// null array with L == 0) and fill temporaries. The tree, which only
/// accumulates (the zeroing of an assigned output comes after), runs only
/// when they run. A refusal when a bound was not read.
std::optional<Refusal>
guardInnerLoops(const Context &C, const ir::BranchedGraph &G, Nodes &Tree) {
  std::optional<std::string> Runs = rewrite::innerDenseLoopsRun(
      C.K, C.S, [&](const ir::Loop &L) { return !onEveryPath(G, L.Index); });
  if (!Runs)
    return Refusal(rule::UnsupportedSchedule,
                   "the bounds of a loop that does not enclose every "
                   "statement of the schedule were not read: the rewrite "
                   "could not test that it runs");
  if (!Runs->empty())
    runOnlyIf(C, *Runs, Tree);
  return std::nullopt;
}

/// Whether Tree is one statement, no directive in front, that an 'else'
/// after it cannot attach to: a loop, a block, or an 'if' with its 'else'.
bool oneClosedStatement(const Nodes &Tree) {
  if (Tree.size() != 1 || !Tree.front().Directive.empty())
    return false;
  const Node &N = Tree.front();
  return N.isLoop() || N.K == Node::Kind::Block ||
         (N.K == Node::Kind::If && N.HasElse);
}

/// Why the schedule cannot run as one statement of the file's parallel
/// region (KeptDirective::InTeam), if it cannot: each thread of the team
/// runs everything but the work-shared loop, so temporaries allocated per
/// thread or shared by the team, and an output zeroed by one thread, would
/// need a region of the rewrite's own.
std::optional<Refusal> teamProblem(const Context &C) {
  if (!C.S.inTeam())
    return std::nullopt;
  std::string Why;
  if (C.hasVectors())
    Why = "the schedule's temporaries are allocated once per thread";
  else if (C.hasGlobals())
    Why = "the schedule's temporaries are shared by the threads";
  else if (C.S.ZeroOutputFirst && zeroingDirective(C, true).empty())
    Why = "the rewrite zeroes the output first, and its loops do not write "
          "apart";
  if (Why.empty())
    return std::nullopt;
  return Refusal(rule::UnsupportedPragma,
                 Why + ", which the rewrite does in a parallel region of its "
                       "own; the nest is one statement of the file's "
                       "'#pragma omp parallel' region, which holds more");
}

} // namespace

std::string scheduleClause(const LowerOptions &Opts) {
  return "schedule(" + Opts.OmpSchedule + ")";
}

std::string privateClause(const NestSource &S) {
  std::string Names;
  for (const std::string &V : S.OuterDeclared)
    Names += (Names.empty() ? "" : ", ") + V;
  return Names.empty() ? "" : " private(" + Names + ")";
}

OrRefusal<LoweredNest> lowerNest(const ir::BranchedGraph &G,
                                 const ir::Kernel &K, const NestSource &S,
                                 const LowerOptions &Opts,
                                 const NestFacts &Facts,
                                 const NamePicker &Names) {
  LoweredNest Out;
  Context C(K, S, Opts, Facts, Names);
  if (std::optional<Refusal> R = nameTemporaries(C, G))
    return *R;
  if ((C.hasVectors() || C.hasGlobals()) && !S.ShadowedLibraryName.empty())
    return Refusal(rule::ShadowedName,
                   "'" + S.ShadowedLibraryName +
                       "' means something else here, and the schedule's "
                       "temporaries are allocated with the C library's "
                       "malloc, calloc, free and size_t");
  if ((C.hasVectors() && !S.HasStdlib) ||
      (C.hasGlobals() && !(S.HasStdlib && S.HasCalloc)))
    Out.NeedsStdlib = true;
  if (Out.NeedsStdlib && !S.StdlibConflict.empty())
    return Refusal(rule::ShadowedName,
                   "the schedule's temporaries are allocated with the C "
                   "library's malloc, calloc and free, and " +
                       S.StdlibConflict);
  if (std::optional<Refusal> R = teamProblem(C))
    return *R;
  const ir::Loop *Outer = G.Loops.empty() ? nullptr : &G.Loops.front();
  if (!C.hasGlobals() && S.Pragma &&
      !(Outer && !K.Loops.empty() && Outer->Index == K.Loops.front().Index))
    return Refusal(rule::UnsupportedPragma,
                   "the schedule splits the loop that '" + S.Pragma->Text +
                       "' parallelizes");
  GraphLowering L(C);
  std::optional<Refusal> R =
      C.hasGlobals() ? lowerPhases(C, L, G, Out) : lowerLoops(C, L, G, Out);
  if (R)
    return *R;
  runPasses(C, Out.Tree);
  // A stored temporary: the checks run the original unless the loops all
  // run (StoredTemporary.h).
  if (S.TemporaryStore.empty())
    if (std::optional<Refusal> Guard = guardInnerLoops(C, G, Out.Tree))
      return *Guard;
  Out.TemporaryNames = C.CName;
  Out.Allocates = Out.Allocates || L.Allocates;
  if (S.ZeroOutputFirst)
    if (std::optional<Refusal> Z = withOutputZeroing(C, Out.Parallel, Out.Tree))
      return *Z;
  readMembersOnce(C, Out.Tree);
  guardMovedOuterLoop(C, G, Out.Tree);
  if (S.inTeam() && opensRegion(Out.Tree))
    return Refusal(rule::UnsupportedPragma,
                   "the rewrite would open a parallel region of its own "
                   "inside the file's '#pragma omp parallel' region");
  shareRewriteNames(C, Out.Tree);
  // The body of an 'if' without braces gets a block unless the rewrite is
  // one statement that cannot take the 'if''s 'else' or leave the body: a
  // directive in front ('if (n > 0) { #pragma omp ... for ... }'), an 'if'
  // of its own without 'else', or several statements.
  if (S.Substatement && !oneClosedStatement(Out.Tree))
    Out.Tree = nodes(Node::block(std::move(Out.Tree)));
  return Out;
}

} // namespace lnr::lower
