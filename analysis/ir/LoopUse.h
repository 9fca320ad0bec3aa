//===- LoopUse.h - Which loops each factor of a statement uses -*- C++ -*-===//
//
// The schedule search tries every split of a statement's factors into a
// producer and a consumer, and most splits remove no loop: the consumer
// (the other factors and the output) iterates nothing the producer does
// not, or the producer sums over nothing of its own. Distributor::split
// finds that after copying the factors and listing their indices; this
// answers it first, with one set of loops per factor, so that the search
// builds only the splits that can succeed.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_ANALYSIS_IR_LOOPUSE_H
#define LNR_ANALYSIS_IR_LOOPUSE_H

#include "analysis/ir/Kernel.h"

#include <cstdint>
#include <vector>

namespace lnr::ir {

class LoopUse {
public:
  LoopUse(const Assignment &Stmt, const std::vector<Loop> &Loops);

  /// Whether the split with the factors of Producer (a bit per factor)
  /// before it removes a loop: split() refuses it as lnr-no-gain when it
  /// does not. Always true when the sets cannot be told apart (more loops
  /// than bits, or two loops over one index).
  bool mayRemoveALoop(unsigned Producer) const;

private:
  bool Known = true;
  std::vector<uint64_t> Factors; // the loops each factor uses, a bit each
  uint64_t Output = 0;
};

} // namespace lnr::ir

#endif
