//===- Fusion.cpp ---------------------------------------------------------===//

#include "analysis/ir/Fusion.h"
#include "analysis/ir/LoopUse.h"

#include <algorithm>

namespace lnr::ir {
namespace {

bool contains(const std::vector<std::string> &List, const std::string &X) {
  return std::find(List.begin(), List.end(), X) != List.end();
}

/// The indices the accesses use, in loop order.
std::vector<std::string> indicesInLoopOrder(const std::vector<Loop> &Loops,
                                            const std::vector<Access> &Uses) {
  std::vector<std::string> Out;
  for (const Loop &L : Loops)
    if (std::any_of(Uses.begin(), Uses.end(),
                    [&](const Access &A) { return A.uses(L.Index); }))
      Out.push_back(L.Index);
  return Out;
}

std::vector<Loop> loopsOver(const std::vector<Loop> &Loops,
                            const std::vector<std::string> &Indices) {
  std::vector<Loop> Out;
  for (const Loop &L : Loops)
    if (contains(Indices, L.Index))
      Out.push_back(L);
  return Out;
}

/// Gives T's accesses in G the indices Indices (T' becomes T once the
/// shared loops provide the other coordinates).
void reindex(BranchedGraph &G, const std::string &T,
             const std::vector<std::string> &Indices) {
  if (G.Statement) {
    if (G.Statement->Lhs.Tensor == T)
      G.Statement->Lhs.Indices = Indices;
    for (Access &A : G.Statement->Factors)
      if (A.Tensor == T)
        A.Indices = Indices;
  }
  for (BranchedGraph &B : G.Branches)
    reindex(B, T, Indices);
}

/// A loop over a compressed level is kept in a branch only when the branch
/// is zero wherever that level has no coordinate: the driving tensor is one
/// of the branch's factors (or its output follows that tensor's pattern), or
/// a factor of the producer that filled the temporary over all of the
/// level's coordinates. Otherwise the loop runs densely over the index's
/// extent (the branch reads a full temporary), or the split is refused.
std::optional<Refusal> fitDrivers(const Kernel &K, std::vector<Loop> &Loops,
                                  const Assignment &Branch,
                                  const std::vector<Access> &Inherited,
                                  const std::vector<std::string> &TempDims,
                                  const char *Name) {
  for (Loop &L : Loops) {
    if (!L.isCompressed())
      continue;
    auto Drives = [&](const Access &A) { return A.Tensor == L.Driver; };
    if (std::any_of(Branch.Factors.begin(), Branch.Factors.end(), Drives))
      continue;
    const Tensor *Out = K.findTensor(Branch.Lhs.Tensor);
    if (Out && Out->SameNonzerosAs && Out->SameNonzerosAs->Tensor == L.Driver &&
        L.DriverLevel < Out->SameNonzerosAs->Levels &&
        std::any_of(Inherited.begin(), Inherited.end(), Drives))
      continue;
    auto Source = std::find_if(Inherited.begin(), Inherited.end(), Drives);
    bool Covered = Source != Inherited.end();
    for (unsigned Level = 0; Covered && Level <= L.DriverLevel; ++Level)
      Covered = contains(TempDims, Source->Indices[Level]);
    if (Covered)
      continue;
    const IndexVar *V = K.findIndex(L.Index);
    bool OutputSparse = Out && Out->isSparse() && Branch.Lhs.uses(L.Index);
    if (V && !V->Extent.empty() && !OutputSparse) {
      L = Loop{L.Index, "", 0};
      continue;
    }
    return Refusal(rule::UnsupportedSchedule,
                   std::string("the ") + Name + " would iterate '" + L.Index +
                       "' over the nonzeros of '" + L.Driver +
                       "', which it does not read, and '" + L.Index +
                       "' has no extent to iterate densely");
  }
  return std::nullopt;
}

/// Why the consumer Side, below the loops it shares, walks the positions
/// of a level that repeats coordinates (COO) without reading that tensor
/// in each of its statements: a temporary filled over those coordinates
/// (fitDrivers' covered loop) would be read once per position of a
/// repeated row, not once per row. Inside the shared loops the consumer
/// runs once per position, as the producer does, and is not asked.
std::optional<std::string> revisitsRows(const BranchedGraph &Side,
                                        const Kernel &K) {
  std::vector<Assignment> Statements = Side.statements();
  for (const Loop &L : Side.Loops) {
    if (isUnique(K.levelOf(L)))
      continue;
    for (const Assignment &A : Statements)
      if (std::none_of(A.Factors.begin(), A.Factors.end(),
                       [&](const Access &F) { return F.Tensor == L.Driver; }))
        return "the consumer would walk the positions of '" + L.Driver +
               "' at '" + L.Index + "' (" + levelName(K.levelOf(L)) +
               ", a coordinate repeated at several positions) without "
               "reading '" +
               L.Driver + "', and read its temporary once per position";
  }
  return std::nullopt;
}

/// Where a temporary over Dims (below the shared loops) is stored. At the
/// positions of a sparse producer factor whose leading levels are all
/// indices of T' (TPrimeDims), as separate kernels keep a sparse
/// intermediate: the consumer walks those positions too, and nnz elements
/// are fewer than the dense extents' product. Otherwise dense when every
/// index has an extent, else at the positions of a sparse producer factor
/// whose leading levels Dims and the shared loops cover.
std::optional<Temporary> storage(const Kernel &K, std::string Name,
                                 const std::vector<std::string> &Dims,
                                 const std::vector<std::string> &TPrimeDims,
                                 const std::vector<Loop> &Shared,
                                 const std::vector<Access> &ProducerFactors) {
  Temporary T{std::move(Name), Dims, std::nullopt};
  for (const Access &A : ProducerFactors) {
    const Tensor *X = K.findTensor(A.Tensor);
    if (!X || !X->isSparse() || Dims.empty())
      continue;
    for (unsigned Level = 0; Level < A.Indices.size(); ++Level) {
      if (X->Levels[Level] != LevelFormat::Compressed)
        continue;
      std::vector<std::string> Prefix(A.Indices.begin(),
                                      A.Indices.begin() + Level + 1);
      bool InTPrime =
          std::all_of(Prefix.begin(), Prefix.end(), [&](const std::string &I) {
            return contains(TPrimeDims, I);
          });
      bool DimsInPrefix =
          std::all_of(Dims.begin(), Dims.end(), [&](const std::string &I) {
            return contains(Prefix, I);
          });
      if (InTPrime && DimsInPrefix && contains(Dims, Prefix.back())) {
        T.Positions = PatternSource{A.Tensor, Level + 1};
        return T;
      }
    }
  }
  bool Dense = std::all_of(Dims.begin(), Dims.end(), [&](const std::string &I) {
    const IndexVar *V = K.findIndex(I);
    return V && !V->Extent.empty();
  });
  if (Dense)
    return T;
  auto IsShared = [&](const std::string &I) {
    return std::any_of(Shared.begin(), Shared.end(),
                       [&](const Loop &L) { return L.Index == I; });
  };
  for (const Access &A : ProducerFactors) {
    const Tensor *X = K.findTensor(A.Tensor);
    if (!X || !X->isSparse())
      continue;
    for (unsigned Level = 0; Level < A.Indices.size(); ++Level) {
      if (X->Levels[Level] != LevelFormat::Compressed)
        continue;
      std::vector<std::string> Prefix(A.Indices.begin(),
                                      A.Indices.begin() + Level + 1);
      bool PrefixCovered =
          std::all_of(Prefix.begin(), Prefix.end(), [&](const std::string &I) {
            return contains(Dims, I) || IsShared(I);
          });
      bool DimsInPrefix =
          std::all_of(Dims.begin(), Dims.end(), [&](const std::string &I) {
            return contains(Prefix, I);
          });
      if (PrefixCovered && DimsInPrefix && contains(Dims, Prefix.back())) {
        T.Positions = PatternSource{A.Tensor, Level + 1};
        return T;
      }
    }
  }
  return std::nullopt;
}

/// Gives the temporaries of G the names t, t1, t2, ... in order of
/// appearance, avoiding the kernel's tensor names.
void nameTemporaries(BranchedGraph &G, const Kernel &K) {
  unsigned Next = 0;
  for (const Temporary &T : G.temporaries()) {
    std::string Name;
    do
      Name = Next == 0 ? "t" : "t" + std::to_string(Next);
    while (++Next && K.findTensor(Name));
    struct Renamer {
      const std::string &From, &To;
      void operator()(BranchedGraph &G) const {
        if (G.Temp && G.Temp->Name == From)
          G.Temp->Name = To;
        if (G.Statement) {
          if (G.Statement->Lhs.Tensor == From)
            G.Statement->Lhs.Tensor = To;
          for (Access &A : G.Statement->Factors)
            if (A.Tensor == From)
              A.Tensor = To;
        }
        for (BranchedGraph &B : G.Branches)
          (*this)(B);
      }
    };
    Renamer{T.Name, Name}(G);
  }
}

/// One distribution step before its two sides are scheduled.
struct Step {
  std::string TName;
  std::vector<std::string> TPrimeDims;
  std::vector<Access> ProducerFactors;
  Assignment ProducerStmt, ConsumerStmt;
  std::vector<Loop> ProducerLoops, ConsumerLoops;
};

class Distributor {
public:
  explicit Distributor(const Kernel &K) : K(K) {}

  OrRefusal<BranchedGraph> run(const Assignment &Stmt,
                               const std::vector<Loop> &Loops,
                               const SplitPlan &Plan) {
    OrRefusal<Step> S = split(Stmt, Loops, Plan.Producer, Plan.Reorder);
    if (!S)
      return S.refusal();
    OrRefusal<BranchedGraph> Producer =
        side(S->ProducerStmt, S->ProducerLoops, Plan.ProducerPlan);
    if (!Producer)
      return Producer;
    OrRefusal<BranchedGraph> Consumer =
        side(S->ConsumerStmt, S->ConsumerLoops, Plan.ConsumerPlan);
    if (!Consumer)
      return Consumer;
    return join(*S, std::move(*Producer), std::move(*Consumer), Plan.Fuse);
  }

  /// Every schedule of Stmt with up to Depth nested splits per side, the
  /// perfect nest first. Splits that are refused are not searched further.
  std::vector<Alternative> search(const Assignment &Stmt,
                                  const std::vector<Loop> &Loops,
                                  unsigned Depth, bool Top, size_t &Budget) {
    std::vector<Alternative> Out{{nullptr, BranchedGraph::linear(Loops, Stmt)}};
    size_t N = Stmt.Factors.size();
    if (Depth == 0 || N < 2)
      return Out;
    LoopUse Use(Stmt, Loops);
    for (unsigned Mask = 1; Mask + 1 < (1u << N) && Budget; ++Mask) {
      if (!Use.mayRemoveALoop(Mask))
        continue; // split() would refuse it, with or without reordering
      std::vector<unsigned> Producer;
      for (unsigned I = 0; I < N; ++I)
        if (Mask & (1u << I))
          Producer.push_back(I);
      for (bool Reorder : {false, true}) {
        OrRefusal<Step> S = split(Stmt, Loops, Producer, Reorder);
        if (!S)
          continue;
        std::vector<Alternative> Producers =
            search(S->ProducerStmt, S->ProducerLoops, Depth - 1, false, Budget);
        // The consumer T' * (the rest) may be split again too (the depth
        // bounds the search): T' * D(n) can still sum D over n by itself.
        std::vector<Alternative> Consumers =
            search(S->ConsumerStmt, S->ConsumerLoops, Depth - 1, false, Budget);
        for (const Alternative &P : Producers)
          for (const Alternative &C : Consumers)
            // Distribution without fusion only at the top: below it, a
            // temporary that is not shared would be rebuilt for every
            // outer iteration.
            for (bool Fuse : {true, false}) {
              if ((!Fuse && !Top) || !Budget)
                continue;
              --Budget;
              OrRefusal<BranchedGraph> G = join(*S, P.Graph, C.Graph, Fuse);
              if (!G)
                continue;
              auto Plan = std::make_shared<SplitPlan>();
              Plan->Producer = Producer;
              Plan->Fuse = Fuse;
              Plan->Reorder = Reorder;
              Plan->ProducerPlan = P.Plan;
              Plan->ConsumerPlan = C.Plan;
              Out.push_back({std::move(Plan), std::move(*G)});
            }
      }
    }
    return Out;
  }

private:
  const Kernel &K;
  unsigned Temporaries = 0;

  OrRefusal<BranchedGraph> side(const Assignment &Stmt,
                                const std::vector<Loop> &Loops,
                                const std::shared_ptr<const SplitPlan> &Plan) {
    BranchedGraph Linear = BranchedGraph::linear(Loops, Stmt);
    if (!Plan)
      return Linear;
    OrRefusal<BranchedGraph> Split = run(Stmt, Loops, *Plan);
    if (!Split && Plan->Optional)
      return Linear;
    return Split;
  }

  OrRefusal<Step> split(const Assignment &Stmt, std::vector<Loop> Loops,
                        const std::vector<unsigned> &Producer, bool Reorder);
  OrRefusal<BranchedGraph> join(const Step &S, BranchedGraph Producer,
                                BranchedGraph Consumer, bool Fuse);
};

OrRefusal<Step> Distributor::split(const Assignment &Stmt,
                                   std::vector<Loop> Loops,
                                   const std::vector<unsigned> &Producer,
                                   bool Reorder) {
  const std::vector<Access> &Factors = Stmt.Factors;
  std::vector<bool> InProducer(Factors.size(), false);
  for (unsigned P : Producer) {
    if (P >= Factors.size() || InProducer[P])
      return Refusal(rule::InvalidSchedule, "the split names factor " +
                                                std::to_string(P + 1) + " of " +
                                                std::to_string(Factors.size()) +
                                                " twice or out of range");
    InProducer[P] = true;
  }
  if (Factors.size() < 2)
    return Refusal(rule::NoGain, "'" + toString(Stmt) +
                                     "' is not a product of two or more "
                                     "factors; there is nothing to "
                                     "distribute");
  if (Producer.empty() || Producer.size() == Factors.size())
    return Refusal(rule::NoGain, "a split needs factors on both sides; '" +
                                     toString(Stmt) +
                                     "' has nothing to distribute");
  Step S;
  std::vector<Access> Rest;
  for (unsigned I = 0; I < Factors.size(); ++I)
    (InProducer[I] ? S.ProducerFactors : Rest).push_back(Factors[I]);

  if (!Stmt.Accumulate)
    for (const Loop &L : Loops)
      if (!Stmt.Lhs.uses(L.Index))
        return Refusal(rule::AssignInReduction,
                       "'" + toString(Stmt.Lhs) + "' is assigned, not " +
                           "accumulated, inside the reduction loop over '" +
                           L.Index + "'; only its last value is kept");

  std::vector<Access> ConsumerUses = Rest;
  ConsumerUses.push_back(Stmt.Lhs);
  std::vector<std::string> ProducerIdx =
      indicesInLoopOrder(Loops, S.ProducerFactors);
  std::vector<std::string> ConsumerIdx =
      indicesInLoopOrder(Loops, ConsumerUses);
  // T' keeps the producer's indices that outlive it: those the consumer
  // still needs. The others are summed inside the producer.
  for (const std::string &I : ProducerIdx)
    if (contains(ConsumerIdx, I))
      S.TPrimeDims.push_back(I);

  if (std::all_of(
          ConsumerIdx.begin(), ConsumerIdx.end(),
          [&](const std::string &I) { return contains(ProducerIdx, I); }))
    return Refusal(rule::NoGain,
                   "every index of the factors after the split and of the "
                   "output is also iterated by the factors before it; "
                   "distribution removes no loop");
  if (S.TPrimeDims.size() == ProducerIdx.size())
    return Refusal(rule::NoGain,
                   "the factors before the split sum over no index of their "
                   "own; distribution removes no loop");

  if (Reorder) {
    Loops = bringForward(Loops, S.TPrimeDims, K);
    S.TPrimeDims = indicesInLoopOrder(Loops, {Access{"", S.TPrimeDims}});
    ProducerIdx = indicesInLoopOrder(Loops, S.ProducerFactors);
    ConsumerIdx = indicesInLoopOrder(Loops, ConsumerUses);
  }

  // A placeholder name, unique across alternatives; nameTemporaries()
  // gives the final ones.
  S.TName = "$" + std::to_string(Temporaries++);
  Access TPrime{S.TName, S.TPrimeDims};
  S.ProducerStmt = Assignment{TPrime, true, S.ProducerFactors};
  S.ConsumerStmt = Assignment{Stmt.Lhs, Stmt.Accumulate, {TPrime}};
  S.ConsumerStmt.Factors.insert(S.ConsumerStmt.Factors.end(), Rest.begin(),
                                Rest.end());
  S.ProducerLoops = loopsOver(Loops, ProducerIdx);
  S.ConsumerLoops = loopsOver(Loops, ConsumerIdx);

  if (auto R =
          fitDrivers(K, S.ProducerLoops, S.ProducerStmt, {}, {}, "producer"))
    return *R;
  if (auto R = fitDrivers(K, S.ConsumerLoops, S.ConsumerStmt, S.ProducerFactors,
                          S.TPrimeDims, "consumer"))
    return *R;
  return S;
}

OrRefusal<BranchedGraph> Distributor::join(const Step &S,
                                           BranchedGraph Producer,
                                           BranchedGraph Consumer, bool Fuse) {
  // The shared indices V: the longest common prefix of the two sides' outer
  // loops (a side already split shares only its own shared loops). A loop
  // the producer runs densely is not shared with a consumer that walks it
  // over a compressed level: the consumer reads that level's positions (a
  // value, or the level below: a compressed first level has no dense
  // parent to share first).
  size_t SharedCount = 0;
  auto Shares = [&](size_t N) {
    const Loop &P = Producer.Loops[N], &C = Consumer.Loops[N];
    return P.Index == C.Index && (P.isCompressed() || !C.isCompressed());
  };
  while (Fuse && SharedCount < Producer.Loops.size() &&
         SharedCount < Consumer.Loops.size() && Shares(SharedCount))
    ++SharedCount;
  // A side must keep a loop of its own below the boundary.
  if (SharedCount > 0 && Producer.isLinear() &&
      SharedCount == Producer.Loops.size())
    --SharedCount;
  std::vector<Loop> Shared(Producer.Loops.begin(),
                           Producer.Loops.begin() + SharedCount);

  std::vector<std::string> TempDims;
  for (const std::string &I : S.TPrimeDims)
    if (std::none_of(Shared.begin(), Shared.end(),
                     [&](const Loop &L) { return L.Index == I; }))
      TempDims.push_back(I);
  std::optional<Temporary> Temp =
      storage(K, S.TName, TempDims, S.TPrimeDims, Shared, S.ProducerFactors);
  if (!Temp)
    return Refusal(rule::UnsupportedTemporary,
                   "the temporary would be indexed by " +
                       toString(Access{"", TempDims}) +
                       ", an index without an extent, and follows no sparse "
                       "factor's nonzeros");

  Producer.Loops.erase(Producer.Loops.begin(),
                       Producer.Loops.begin() + SharedCount);
  Consumer.Loops.erase(Consumer.Loops.begin(),
                       Consumer.Loops.begin() + SharedCount);
  reindex(Producer, S.TName, TempDims);
  reindex(Consumer, S.TName, TempDims);
  for (const std::vector<Loop> *List :
       {&Shared, &Producer.Loops, &Consumer.Loops})
    if (std::optional<std::string> Apart = singletonApart(*List, K))
      return Refusal(rule::NoGain,
                     "the split would finish a row before its other "
                     "coordinates, which a coordinate (COO) list's positions "
                     "do not group: " +
                         *Apart);
  if (std::optional<std::string> Again = revisitsRows(Consumer, K))
    return Refusal(rule::NoGain, *Again);
  return BranchedGraph::branch(std::move(Shared), std::move(*Temp),
                               std::move(Producer), std::move(Consumer));
}

} // namespace

std::string SplitPlan::toString(const Assignment &S) const {
  std::vector<Access> ProducerFactors, Rest;
  for (unsigned I = 0; I < S.Factors.size(); ++I)
    (std::find(Producer.begin(), Producer.end(), I) != Producer.end()
         ? ProducerFactors
         : Rest)
        .push_back(S.Factors[I]);
  auto Names = [](const std::vector<Access> &Factors) {
    std::string Out;
    for (const Access &A : Factors)
      Out += (Out.empty() ? "" : ",") + A.Tensor;
    return Out;
  };
  Access TPrime{"t'", {}};
  Assignment ProducerStmt{TPrime, true, ProducerFactors};
  Assignment ConsumerStmt{S.Lhs, S.Accumulate, {TPrime}};
  ConsumerStmt.Factors.insert(ConsumerStmt.Factors.end(), Rest.begin(),
                              Rest.end());
  std::string Out = "{";
  Out += ProducerPlan ? ProducerPlan->toString(ProducerStmt)
                      : Names(ProducerFactors);
  Out += "}{";
  Out += ConsumerPlan ? ConsumerPlan->toString(ConsumerStmt) : Names(Rest);
  return Out + "}" + (Fuse ? "" : "!");
}

SplitPlan loopfusePlan(size_t Factors, unsigned Depth) {
  SplitPlan Plan;
  for (unsigned I = 0; I + 1 < Factors; ++I)
    Plan.Producer.push_back(I);
  if (Depth > 1 && Factors > 2) {
    auto Inner =
        std::make_shared<SplitPlan>(loopfusePlan(Factors - 1, Depth - 1));
    Inner->Optional = true;
    Plan.ProducerPlan = std::move(Inner);
  }
  return Plan;
}

OrRefusal<BranchedGraph> distribute(const Kernel &K, const SplitPlan &Plan) {
  if (auto Invalid = K.validate())
    return *Invalid;
  OrRefusal<BranchedGraph> G = Distributor(K).run(K.Stmt, K.Loops, Plan);
  if (G)
    nameTemporaries(*G, K);
  return G;
}

std::vector<Alternative> searchSchedules(const Kernel &K, unsigned Depth,
                                         size_t Budget) {
  if (K.validate())
    return {};
  std::vector<Alternative> All =
      Distributor(K).search(K.Stmt, K.Loops, Depth, true, Budget);
  All.erase(All.begin()); // the nest as it is
  for (Alternative &A : All)
    nameTemporaries(A.Graph, K);
  return All;
}

OrRefusal<BranchedGraph> fuseAfterDistribution(const Kernel &K,
                                               unsigned Depth) {
  return distribute(K,
                    loopfusePlan(K.Stmt.Factors.size(), std::max(Depth, 1u)));
}

} // namespace lnr::ir
