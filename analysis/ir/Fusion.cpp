//===- Fusion.cpp ---------------------------------------------------------===//

#include "analysis/ir/Fusion.h"

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
    for (const Access &A : Uses)
      if (A.uses(L.Index)) {
        Out.push_back(L.Index);
        break;
      }
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

std::string freshTemporaryName(const Kernel &K, unsigned Level) {
  std::string Name = Level == 0 ? "t" : "t" + std::to_string(Level);
  while (K.findTensor(Name))
    Name += "_";
  return Name;
}

/// A loop over a compressed level is legal in a branch only when the branch
/// is zero wherever that level has no coordinate: the driving tensor is one
/// of the branch's factors, or a factor of the producer that filled the
/// temporary over all of the level's coordinates.
std::optional<Refusal> checkDrivers(const std::vector<Loop> &Loops,
                                    const std::vector<Access> &Factors,
                                    const std::vector<Access> &Inherited,
                                    const std::vector<std::string> &TempDims,
                                    const char *Branch) {
  for (const Loop &L : Loops) {
    if (!L.isCompressed())
      continue;
    auto Drives = [&](const Access &A) { return A.Tensor == L.Driver; };
    if (std::any_of(Factors.begin(), Factors.end(), Drives))
      continue;
    auto Source = std::find_if(Inherited.begin(), Inherited.end(), Drives);
    bool Covered = Source != Inherited.end();
    for (unsigned Level = 0; Covered && Level <= L.DriverLevel; ++Level)
      Covered = contains(TempDims, Source->Indices[Level]);
    if (!Covered)
      return Refusal("lnr-unsupported-schedule",
                     std::string("the ") + Branch + " would iterate '" +
                         L.Index + "' over the nonzeros of '" + L.Driver +
                         "', which it does not read");
  }
  return std::nullopt;
}

OrRefusal<BranchedGraph> fuse(const Kernel &K, const Assignment &Stmt,
                              const std::vector<Loop> &Loops, unsigned Depth,
                              unsigned Level) {
  const std::vector<Access> &Factors = Stmt.Factors;
  if (Factors.size() < 2)
    return Refusal("lnr-no-gain",
                   "a product of fewer than two factors has nothing to "
                   "distribute");
  std::vector<Access> ProducerFactors(Factors.begin(), Factors.end() - 1);
  const Access &Last = Factors.back();

  if (!Stmt.Accumulate)
    for (const Loop &L : Loops)
      if (!Stmt.Lhs.uses(L.Index))
        return Refusal("lnr-assign-in-reduction",
                       "'" + toString(Stmt.Lhs) + "' is assigned, not " +
                           "accumulated, inside the reduction loop over '" +
                           L.Index + "'; only its last value is kept");

  std::vector<std::string> ProducerIdx =
      indicesInLoopOrder(Loops, ProducerFactors);
  std::vector<std::string> ConsumerIdx =
      indicesInLoopOrder(Loops, {Stmt.Lhs, Last});
  // T' keeps the producer's indices that outlive it: those the consumer
  // still needs. The others are summed inside the producer.
  std::vector<std::string> TPrimeDims;
  for (const std::string &I : ProducerIdx)
    if (contains(ConsumerIdx, I))
      TPrimeDims.push_back(I);

  bool ConsumerOnly = std::any_of(
      ConsumerIdx.begin(), ConsumerIdx.end(),
      [&](const std::string &I) { return !contains(ProducerIdx, I); });
  if (!ConsumerOnly)
    return Refusal("lnr-no-gain",
                   "every index of '" + toString(Last) +
                       "' and of the output is also iterated by the other "
                       "factors; distribution removes no loop");
  if (TPrimeDims.size() == ProducerIdx.size())
    return Refusal("lnr-no-gain",
                   "the factors before '" + toString(Last) +
                       "' sum over no index of their own; distribution "
                       "removes no loop");

  std::string TName = freshTemporaryName(K, Level);
  Access TPrime{TName, TPrimeDims};
  Assignment ProducerStmt{TPrime, true, ProducerFactors};
  Assignment ConsumerStmt{Stmt.Lhs, Stmt.Accumulate, {TPrime, Last}};
  std::vector<Loop> ProducerLoops = loopsOver(Loops, ProducerIdx);
  std::vector<Loop> ConsumerLoops = loopsOver(Loops, ConsumerIdx);

  if (auto R = checkDrivers(ProducerLoops, ProducerFactors, {}, {},
                            "producer"))
    return *R;
  if (auto R = checkDrivers(ConsumerLoops, {Last}, ProducerFactors,
                            TPrimeDims, "consumer"))
    return *R;

  BranchedGraph Producer = BranchedGraph::linear(ProducerLoops, ProducerStmt);
  if (Depth > 1) {
    // Recursion stays optional: a producer that cannot be split further is
    // still a correct linear branch.
    OrRefusal<BranchedGraph> Inner =
        fuse(K, ProducerStmt, ProducerLoops, Depth - 1, Level + 1);
    if (Inner)
      Producer = std::move(*Inner);
  }

  // The shared indices V: the longest common prefix of the two loop orders
  // that the producer has not already split below.
  size_t SharedCount = 0;
  while (SharedCount < Producer.Loops.size() &&
         SharedCount < ConsumerLoops.size() &&
         Producer.Loops[SharedCount].Index ==
             ConsumerLoops[SharedCount].Index)
    ++SharedCount;
  std::vector<Loop> Shared(ConsumerLoops.begin(),
                           ConsumerLoops.begin() + SharedCount);
  // A shared compressed loop must be driven the same way in both branches.
  for (size_t I = 0; I < SharedCount; ++I)
    Shared[I] = Producer.Loops[I];

  std::vector<std::string> TempDims;
  for (const std::string &I : TPrimeDims)
    if (!std::any_of(Shared.begin(), Shared.end(),
                     [&](const Loop &L) { return L.Index == I; }))
      TempDims.push_back(I);
  for (const std::string &I : TempDims) {
    const IndexVar *V = K.findIndex(I);
    if (!V || V->Extent.empty())
      return Refusal("lnr-unsupported-temporary",
                     "the temporary '" + TName + "' would be indexed by '" +
                         I + "', whose extent the nest does not bound");
  }

  Producer.Loops.erase(Producer.Loops.begin(),
                       Producer.Loops.begin() + SharedCount);
  ConsumerLoops.erase(ConsumerLoops.begin(),
                      ConsumerLoops.begin() + SharedCount);
  BranchedGraph Consumer = BranchedGraph::linear(ConsumerLoops, ConsumerStmt);
  reindex(Producer, TName, TempDims);
  reindex(Consumer, TName, TempDims);
  return BranchedGraph::branch(std::move(Shared), Temporary{TName, TempDims},
                               std::move(Producer), std::move(Consumer));
}

} // namespace

OrRefusal<BranchedGraph> fuseAfterDistribution(const Kernel &K,
                                               unsigned Depth) {
  if (auto Invalid = K.validate())
    return *Invalid;
  return fuse(K, K.Stmt, K.Loops, std::max(Depth, 1u), 0);
}

} // namespace lnr::ir
