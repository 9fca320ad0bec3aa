//===- Fusion.h - Loop fusion after distribution (Algorithm 1) -*- C++ -*-===//
//
// Algorithm 1 of the SparseLNR paper, generalized to any split of the
// product: distribute A = F1 * ... * Fn into a producer T' = (some factors)
// and a consumer A = T' * (the others), fuse the common prefix of their loop
// orders (the shared indices V, above the nest boundary), and shrink T' to a
// temporary over the indices both still iterate below the boundary. Either
// side may be split again.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_ANALYSIS_IR_FUSION_H
#define LNR_ANALYSIS_IR_FUSION_H

#include "analysis/ir/BranchedGraph.h"
#include "analysis/ir/Kernel.h"
#include "analysis/ir/Refusal.h"

#include <memory>
#include <string>
#include <vector>

namespace lnr::ir {

/// One distribution step and what to do with its two sides.
struct SplitPlan {
  /// Positions of the producer's factors in the statement's factor list. In
  /// a consumer statement, position 0 is the temporary T'.
  std::vector<unsigned> Producer;
  /// Share the common outer loops; false distributes only (a full
  /// temporary, as two separate kernels would use).
  bool Fuse = true;
  /// First reorder the loops, within the sparse constraints, so that the
  /// indices of T' come first and as many as possible are shared.
  bool Reorder = false;
  /// When a side's plan cannot apply, keep that side a perfect nest instead
  /// of refusing (the paper's loopfuse(n) stops where it cannot go on).
  bool Optional = false;
  std::shared_ptr<const SplitPlan> ProducerPlan, ConsumerPlan;

  /// "{B,C,D}{E}": the producer's factors, then the consumer's, each side
  /// bracketed again where it is split.
  std::string toString(const Assignment &S) const;
};

/// The paper's loopfuse(Depth) on a product of Factors factors: the last
/// factor is the consumer, and the producer is split again Depth-1 times,
/// as far as it goes.
SplitPlan loopfusePlan(size_t Factors, unsigned Depth);

/// Applies Plan to K's statement in K's loop order.
OrRefusal<BranchedGraph> distribute(const Kernel &K, const SplitPlan &Plan);

/// One way to schedule a statement: the plan and the graph it builds.
struct Alternative {
  std::shared_ptr<const SplitPlan> Plan;
  BranchedGraph Graph;
};

/// Every legal split plan for K up to Depth nested splits per side, each
/// level in the order as given and reordered for sharing, at the top also
/// distributed without fusion. Refused splits are not searched further;
/// Budget bounds the number of combinations tried.
std::vector<Alternative> searchSchedules(const Kernel &K, unsigned Depth,
                                         size_t Budget);

/// loopfuse(Depth) in K's loop order: Algorithm 1 as the paper states it.
OrRefusal<BranchedGraph> fuseAfterDistribution(const Kernel &K,
                                               unsigned Depth = 1);

} // namespace lnr::ir

#endif
