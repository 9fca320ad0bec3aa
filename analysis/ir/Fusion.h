//===- Fusion.h - Loop fusion after distribution (Algorithm 1) -*- C++ -*-===//
#ifndef LNR_ANALYSIS_IR_FUSION_H
#define LNR_ANALYSIS_IR_FUSION_H

#include "analysis/ir/BranchedGraph.h"
#include "analysis/ir/Kernel.h"
#include "analysis/ir/Refusal.h"

namespace lnr::ir {

/// Algorithm 1 of the SparseLNR paper on K's statement A = F1 * ... * Fn:
/// distribute into a producer T' = F1 * ... * F(n-1) and a consumer
/// A = T' * Fn, fuse the common prefix of their loop orders (the shared
/// indices V), and shrink T' to a temporary over the indices both still
/// iterate below that nest boundary. Depth > 1 applies the algorithm again
/// to the producer, as `loopfuse(Depth)` does in SparseLNR.
///
/// Refuses, with a reason, what distribution cannot make cheaper or what
/// the loop order cannot express.
OrRefusal<BranchedGraph> fuseAfterDistribution(const Kernel &K,
                                               unsigned Depth = 1);

} // namespace lnr::ir

#endif
