//===- GraphLowering.cpp --------------------------------------------------===//

#include "rewrite/lower/GraphLowering.h"
#include "rewrite/CText.h"
#include "rewrite/lower/Temporaries.h"

#include <algorithm>
#include <functional>
#include <utility>

namespace lnr::lower {

using rewrite::allOf;

namespace {

/// 'if (!(Test))\n  continue;'
Node skipUnless(const Code &Test) {
  Node If = Node::ifThen(code("!(") + Test + code(")"),
                         {Node::statement(code("continue;"))});
  If.Braces = false;
  return If;
}

} // namespace

std::optional<Refusal> GraphLowering::graph(const ir::BranchedGraph &G,
                                            const OmpDirective &Directive,
                                            Nodes &Out) {
  const ir::Temporary *Filled = std::exchange(Fills, nullptr);
  return loops(G, 0, Filled, Directive, Out);
}

std::optional<Refusal> GraphLowering::loops(const ir::BranchedGraph &G,
                                            size_t I,
                                            const ir::Temporary *Filled,
                                            const OmpDirective &Directive,
                                            Nodes &Out) {
  if (I == G.Loops.size())
    return G.Statement ? statement(*G.Statement, Out) : branches(G, Out);
  const ir::Loop &L = G.Loops[I];
  // A singleton level (COO's) has no loop: its coordinate is read at the
  // position of the loop around it, which holds nothing else
  // (ir::singletonApart).
  if (C.K.levelOf(L) == ir::LevelFormat::Singleton) {
    Nodes Body;
    if (std::optional<Refusal> R = loopBody(G, I, Filled, Body))
      return R;
    closeLoop(L, Body);
    append(Out, std::move(Body));
    return std::nullopt;
  }
  std::optional<LoopHeader> Header = C.loopHeader(L.Index, &L);
  if (!Header)
    return C.inPlace(L.Index)
               ? *C.inPlace(L.Index)
               : Refusal(rule::Internal,
                         "no source for the loop over '" + L.Index + "'");
  Node Loop = Node::loop(*Header);
  Loop.Index = L.Index;
  Loop.Compressed = L.isCompressed();
  Loop.Iterates = &L;
  if (I == 0)
    Loop.Directive = Directive;
  if (std::optional<Refusal> R = loopBody(G, I, Filled, Loop.Body))
    return R;
  closeLoop(L, Loop.Body);
  Out.push_back(std::move(Loop));
  return std::nullopt;
}

std::optional<Refusal> GraphLowering::loopBody(const ir::BranchedGraph &G,
                                               size_t I,
                                               const ir::Temporary *Filled,
                                               Nodes &Body) {
  const ir::Loop &L = G.Loops[I];
  if (auto Flags = RanFlags.find(&L); Flags != RanFlags.end())
    for (const std::string &Flag : Flags->second)
      Body.push_back(Node::statement(code(Flag + " = 1;")));
  C.Enclosing.push_back(&L);
  if (I == 0 && Filled)
    append(Body, zeroSliceFirst(C, *Filled, L));
  // After the zeroing: a skipped slice is zero, not left unset.
  if (auto Test = LoopTests.find(L.Index); Test != LoopTests.end()) {
    Body.push_back(skipUnless(C.code(Test->second)));
    TestsMade.insert(L.Index);
  }
  return loops(G, I + 1, nullptr, OmpDirective(), Body);
}

/// The coordinate load goes first once the body is known to read it (a
/// load the file's own statement does not read is kept as written).
void GraphLowering::closeLoop(const ir::Loop &L, Nodes &Body) {
  if (L.isCompressed() &&
      (mentions(Body, L.Index) || !originalReads(L.Index))) {
    Nodes Loads;
    for (const std::string &Load : C.S.loop(L.Index)->Prologue) {
      Loads.push_back(Node::statement(C.code(Load)));
      Loads.back().For = Node::Purpose::CoordinateLoad;
    }
    Body.insert(Body.begin(), std::make_move_iterator(Loads.begin()),
                std::make_move_iterator(Loads.end()));
  }
  C.Enclosing.pop_back();
}

std::optional<Refusal> GraphLowering::statement(const ir::Assignment &A,
                                                Nodes &Out) {
  std::optional<Code> Text = C.statementText(A);
  if (!Text && C.Problem)
    return *C.Problem;
  if (!Text)
    return Refusal(rule::Internal, "no source for an access of " + toString(A));
  for (const std::string &Declaration : positionsRead(A)) {
    Out.push_back(Node::statement(C.code(Declaration)));
    Out.back().For = Node::Purpose::PositionRead;
  }
  Out.push_back(Node::statement(*Text + code(";")));
  Out.back().Computes = &A;
  return std::nullopt;
}

/// `t = f(t);`: the producer's function applied to its scalar sum; then
/// `T[p] = t;` where the original's temporary is still read after.
Nodes GraphLowering::mapped(const ir::Temporary &T) {
  const std::string &Name = C.cName(T.Name);
  Nodes Out;
  if (T.maps())
    Out.push_back(Node::statement(
        C.code(Name + " = " + ir::applyMap(T.Map, Name) + ";")));
  if (!T.Store.empty())
    Out.push_back(Node::statement(
        C.code(T.Store + (T.StoreAdds ? " += " : " = ") + Name + ";")));
  return Out;
}

std::optional<Refusal> GraphLowering::branches(const ir::BranchedGraph &G,
                                               Nodes &Out) {
  Nodes Own; // C89: the temporary's declaration opens a block of its own.
  Nodes &To = C.Facts.DeclarationsFirst ? Own : Out;
  // The flag first: zeroing a vector is a statement.
  std::optional<ProducerGuard::ElementTest> Tested;
  std::optional<std::string> Guard = producerRuns(G, To, Tested);
  if (C.Problem)
    return *C.Problem;
  append(To, zero(C, *G.Temp));
  if (auto R = graph(G.producer(), OmpDirective(), To))
    return R;
  if (!G.Temp->Map.empty())
    append(To, mapped(*G.Temp));
  if (Tested)
    LoopTests[Tested->Index] = Tested->Condition;
  Nodes Consumer;
  if (auto R = graph(G.consumer(), OmpDirective(), Guard ? Consumer : To))
    return R;
  if (Tested && !TestsMade.count(Tested->Index))
    return Refusal(rule::UnsupportedSchedule,
                   "the consumer of " + C.cName(G.Temp->Name) +
                       " has no loop over '" + Tested->Index + "' to test '" +
                       Tested->Condition + "' in");
  if (Tested)
    LoopTests.erase(Tested->Index);
  if (Guard)
    To.push_back(Node::ifThen(C.code(*Guard), std::move(Consumer)));
  if (C.Facts.DeclarationsFirst)
    Out.push_back(Node::block(std::move(Own)));
  return std::nullopt;
}

/// A test that the producer of G's temporary has run its statement
/// (ProducerGuard.h): where it has not, the temporary stays zero and the
/// consumer, which only adds products with the temporary in them, is
/// skipped, as the original adds nothing there even with an infinity in the
/// consumer's operands (0 * inf would be NaN). Skipping the GEMM of an empty
/// row also saves 44% of <SDDMM, SpMM, GEMM>'s operations on rmat12-4. A
/// flag the producer sets, declared in Out, when its fibers must be walked
/// to tell. PerElement: the test the consumer's loop over an index makes
/// first.
std::optional<std::string> GraphLowering::producerRuns(
    const ir::BranchedGraph &G, Nodes &Out,
    std::optional<ProducerGuard::ElementTest> &PerElement) {
  // Through a function, the temporary is no longer 0 where the producer
  // adds nothing (a sigmoid's 0.5): the consumer always runs.
  if (!G.Temp || !G.Temp->Map.empty() || !consumerOnlyScales(G))
    return std::nullopt;
  ProducerGuard Guard = rewrite::producerGuard(
      G.producer(), *G.Temp, C.isGlobal(G.Temp->Name), C.K, C.S);
  std::string Temp = toString(ir::Access{G.Temp->Name, G.Temp->Indices});
  if (Guard.Untestable) {
    C.Problem = Refusal(rule::UnsupportedSchedule,
                        "the consumer of " + Temp +
                            " cannot be skipped where the original computes "
                            "nothing: " +
                            *Guard.Untestable);
    return std::nullopt;
  }
  if (std::optional<std::string> Why = producerSkipsUntested(G)) {
    C.Problem = Refusal(rule::UnsupportedSchedule,
                        "the consumer of " + Temp +
                            " cannot be skipped where the original computes "
                            "nothing: " +
                            *Why);
    return std::nullopt;
  }
  PerElement = Guard.PerElement;
  if (Guard.FlagLoop) {
    std::string Flag = C.Names.pick(C.cName(G.Temp->Name) + "_ran");
    Out.push_back(declare("int", Flag, "0"));
    RanFlags[Guard.FlagLoop].push_back(Flag);
    Guard.Conditions.push_back(Flag);
  }
  if (Guard.Conditions.empty())
    return std::nullopt;
  return allOf(Guard.Conditions);
}

/// A loop of the producer that a temporary around it tests element by
/// element (`if (!(pos[m] < pos[m + 1])) continue;`) computes nothing for a
/// skipped element: unless the temporary has that index too, its extent
/// does not tell whether anything was computed (as in a phase,
/// PhaseGuards::fills). Why, when that is so.
std::optional<std::string>
GraphLowering::producerSkipsUntested(const ir::BranchedGraph &G) {
  std::vector<const ir::Loop *> ProducerLoops;
  std::function<void(const ir::BranchedGraph &)> Collect =
      [&](const ir::BranchedGraph &B) {
        for (const ir::Loop &L : B.Loops)
          ProducerLoops.push_back(&L);
        for (const ir::BranchedGraph &Branch : B.Branches)
          Collect(Branch);
      };
  Collect(G.producer());
  const std::vector<std::string> &Indices = G.Temp->Indices;
  for (const ir::Loop *L : ProducerLoops)
    if (auto Test = LoopTests.find(L->Index);
        Test != LoopTests.end() &&
        std::find(Indices.begin(), Indices.end(), L->Index) == Indices.end())
      return "its producer skips the elements of '" + L->Index + "' where '" +
             Test->second + "' fails, and the temporary is not indexed by it";
  return std::nullopt;
}

/// Whether every statement of G's consumer that writes outside it adds a
/// product that is zero when G's temporary is: one with the temporary in
/// it, or a temporary of the consumer filled from it (`t1 += t[l] * B`,
/// then `A += t1 * alpha`).
bool GraphLowering::consumerOnlyScales(const ir::BranchedGraph &G) const {
  const ir::BranchedGraph &Consumer = G.consumer();
  std::vector<ir::Temporary> Inside = Consumer.temporaries();
  std::set<std::string> Carrying{G.Temp->Name};
  for (const ir::Assignment &A : Consumer.statements()) {
    bool Local =
        std::any_of(Inside.begin(), Inside.end(), [&](const ir::Temporary &T) {
          return T.Name == A.Lhs.Tensor;
        });
    bool ReadsTemp = std::any_of(
        A.Factors.begin(), A.Factors.end(),
        [&](const ir::Access &F) { return Carrying.count(F.Tensor); });
    if (Local && ReadsTemp)
      Carrying.insert(A.Lhs.Tensor);
    if (!Local && !(A.Accumulate && ReadsTemp))
      return false;
  }
  return true;
}

bool GraphLowering::originalReads(const std::string &Index) const {
  std::string Code = C.S.Output;
  for (const NestSource::Factor &F : C.S.Factors)
    Code += " " + F.Text;
  for (const NestSource::Alias &A : C.S.Aliases)
    Code += " " + A.Declaration;
  return rewrite::mentions(Code, Index);
}

/// The declarations of the dense positions the statement's accesses read
/// (TACO's kC), in the file's order.
std::vector<std::string>
GraphLowering::positionsRead(const ir::Assignment &A) const {
  std::set<std::string> Names;
  auto Add = [&](const std::vector<std::string> &List) {
    Names.insert(List.begin(), List.end());
  };
  std::vector<ir::Access> Accesses{A.Lhs};
  Accesses.insert(Accesses.end(), A.Factors.begin(), A.Factors.end());
  const ir::Kernel &K = C.K;
  for (const ir::Access &X : Accesses) {
    if (X.Tensor == K.Stmt.Lhs.Tensor && X.Indices == K.Stmt.Lhs.Indices)
      Add(C.S.OutputAliases);
    for (size_t I = 0; I < K.Stmt.Factors.size(); ++I)
      if (K.Stmt.Factors[I].Tensor == X.Tensor &&
          K.Stmt.Factors[I].Indices == X.Indices && I < C.S.Factors.size())
        Add(C.S.Factors[I].Aliases);
  }
  std::vector<std::string> Out;
  for (const NestSource::Alias &Alias : C.S.Aliases)
    if (Names.count(Alias.Name))
      Out.push_back(Alias.Declaration);
  return Out;
}

std::optional<Refusal>
GraphLowering::allocatingBlock(const ir::BranchedGraph &G,
                               const std::vector<ir::Temporary> &List,
                               Nodes &Out) {
  Allocates = true;
  Nodes Run;
  if (auto R = graph(G, OmpDirective(), Run))
    return R;
  Nodes Body = allocations(C, List);
  Body.push_back(
      Node::ifElse(code(allAllocated(C, List)), std::move(Run),
                   {Node::statement(code(C.Facts.AllocatedFlag + " = 0;"))}));
  append(Body, releases(C, List));
  Out.push_back(Node::block(std::move(Body)));
  return std::nullopt;
}

/// A thread whose malloc fails cannot run the original nest while the
/// others run their share of the rewrite, and a work-shared loop must be
/// met by every thread of the team or by none. So a thread that fails
/// clears the shared flag, and after the barrier (which makes the writes
/// visible, and after which nobody writes the flag) every thread reads the
/// same value: all of them run the loop, or none does and the caller runs
/// the original nest after the region. Each thread still allocates its own
/// vector, in the region (placed near it by first touch, as before).
/// Allocating the vectors of every thread before the region would need the
/// size of the team, which a num_threads clause, nested regions and
/// omp_get_max_threads (omp.h, absent without -fopenmp) leave uncertain.
/// Without OpenMP the pragmas are ignored and the same code runs as one
/// thread. The flag is shared explicitly: a default clause of the file's
/// directive would not share it. Several threads may clear it at once: the
/// store is atomic, with the builtin that gcc and clang (and compilers
/// claiming __GNUC__) provide, `omp atomic` elsewhere. The builtin is what
/// the tool itself reads: its recovery cannot walk a function holding an
/// `omp atomic` (a directive without a captured statement), and must read
/// its own output again.
std::optional<Refusal>
GraphLowering::allocatingRegion(const ir::BranchedGraph &G,
                                OmpDirective Parallel,
                                const std::vector<ir::Temporary> &List,
                                const OmpDirective &For, Nodes &Out) {
  Allocates = true;
  const std::string &Flag = C.Facts.AllocatedFlag;
  std::string Missing;
  for (const ir::Temporary &T : List)
    Missing += (Missing.empty() ? "!" : " || !") + C.cName(T.Name);
  Nodes Run;
  if (auto R = graph(G, For, Run))
    return R;
  Nodes Body = allocations(C, List);
  Body.push_back(Node::ifThen(
      code(Missing), {Node::directive(code("#ifdef __GNUC__")),
                      Node::statement(code("__atomic_store_n(&" + Flag +
                                           ", 0, __ATOMIC_RELAXED);")),
                      Node::directive(code("#else")),
                      Node::directive(OmpDirective::atomicWrite()),
                      Node::statement(code(Flag + " = 0;")),
                      Node::directive(code("#endif"))}));
  Body.push_back(Node::directive(OmpDirective::barrier()));
  Body.push_back(Node::ifThen(code(Flag), std::move(Run)));
  append(Body, releases(C, List));
  Node Region = Node::block(std::move(Body));
  Region.Directive = std::move(Parallel.with("shared(" + Flag + ")"));
  Out.push_back(std::move(Region));
  return std::nullopt;
}

} // namespace lnr::lower
