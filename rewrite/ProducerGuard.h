//===- ProducerGuard.h - When a producer runs its statement ----*- C++ -*-===//
//
// The original nest runs its statement only where every one of its loops
// has an iteration. Fused, the consumer of a temporary runs whether or not
// the producer filled it, and adds `0 * x`: NaN where x is infinite, where
// the original added nothing at all (K == 0, an empty row, an empty fiber).
// This module says when the producer of a temporary has run at least once,
// so that the consumer can be skipped otherwise.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_PRODUCERGUARD_H
#define LNR_REWRITE_PRODUCERGUARD_H

#include "analysis/ir/BranchedGraph.h"
#include "analysis/ir/Kernel.h"
#include "analysis/source/NestSource.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace lnr::rewrite {

struct ProducerGuard {
  /// C conditions, all true exactly when the producer runs (given the loops
  /// around it run): `K > 0` for a dense loop, `rowptr[i] < rowptr[i + 1]`
  /// for a compressed first loop.
  std::vector<std::string> Conditions;
  /// A compressed loop nested in the producer below another compressed
  /// loop: whether one of its fibers is not empty is known only by walking
  /// them, so the lowering sets a flag in its body (for a shared temporary,
  /// only in a phase that runs on one thread).
  const ir::Loop *FlagLoop = nullptr;
  /// A shared temporary filled by a compressed loop below a loop over one
  /// of its own indices (t(i,l) filled over the nonzeros of row i): the
  /// test of that fiber ("rowptr[i] < rowptr[i + 1]"), made by the
  /// consumer in its loop over that index.
  struct ElementTest {
    std::string Index, Condition;
  };
  std::optional<ElementTest> PerElement;
  /// Why the emptiness cannot be tested where the consumer reads the
  /// temporary (a shared temporary whose elements are filled by a
  /// compressed loop it is not stored along), if it cannot.
  std::optional<std::string> Untestable;
};

/// The guard of a consumer of Temp, whose producer is the graph Producer.
/// Shared: Temp is one temporary for the whole nest (full, or stored at a
/// tensor's positions), not one per iteration of the loops around it.
ProducerGuard producerGuard(const ir::BranchedGraph &Producer,
                            const ir::Temporary &Temp, bool Shared,
                            const ir::Kernel &K, const NestSource &S);

/// Whether Index is of a sum the original stores even when empty
/// (NestSource::SumsStoredEmpty): its loop keeps no consumer from running.
bool sumStoredEmpty(const std::string &Index, const NestSource &S);

/// `Begin < Bound` of the file's loop over Index, compared in the loop
/// variable's type (an unsigned `k` makes `k < K` true for K == -1).
std::optional<std::string> denseLoopRuns(const std::string &Index,
                                         const NestSource &S);

/// That the dense loops over Indices all run ("K > 0 && L > 0"), each
/// test once; "" for none; none when a loop's bounds were not read.
std::optional<std::string>
denseLoopsRun(const std::vector<std::string> &Indices, const NestSource &S);

/// That K's dense loops, the outermost aside (a pass tests it itself), for
/// which Which holds all run ("K > 0 && L > 0"), each once; "" for none;
/// none when such a loop's bounds were not read.
std::optional<std::string>
innerDenseLoopsRun(const ir::Kernel &K, const NestSource &S,
                   const std::function<bool(const ir::Loop &)> &Which);

} // namespace lnr::rewrite

#endif
