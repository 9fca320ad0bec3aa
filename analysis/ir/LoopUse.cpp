//===- LoopUse.cpp --------------------------------------------------------===//

#include "analysis/ir/LoopUse.h"

#include <set>
#include <string>

namespace lnr::ir {

namespace {

uint64_t loopsUsed(const Access &A, const std::vector<Loop> &Loops) {
  uint64_t Bits = 0;
  for (size_t I = 0; I < Loops.size(); ++I)
    if (A.uses(Loops[I].Index))
      Bits |= uint64_t(1) << I;
  return Bits;
}

} // namespace

LoopUse::LoopUse(const Assignment &Stmt, const std::vector<Loop> &Loops) {
  std::set<std::string> Indices;
  for (const Loop &L : Loops)
    Indices.insert(L.Index);
  // split() compares index names: loop positions stand for them only when
  // each loop has an index of its own.
  Known = Loops.size() <= 64 && Indices.size() == Loops.size() &&
          Stmt.Factors.size() <= 32;
  if (!Known)
    return;
  for (const Access &F : Stmt.Factors)
    Factors.push_back(loopsUsed(F, Loops));
  Output = loopsUsed(Stmt.Lhs, Loops);
}

bool LoopUse::mayRemoveALoop(unsigned Producer) const {
  if (!Known)
    return true;
  uint64_t Before = 0, After = Output;
  for (size_t I = 0; I < Factors.size(); ++I)
    (Producer & (1u << I) ? Before : After) |= Factors[I];
  // As split(): the consumer's indices all among the producer's, or the
  // producer's all kept for the consumer (summing over none of its own).
  bool AfterWithin = (After & ~Before) == 0;
  bool BeforeWithin = (Before & ~After) == 0;
  return !AfterWithin && !BeforeWithin;
}

} // namespace lnr::ir
