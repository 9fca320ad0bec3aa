//===- LoopUseTest.cpp - The search's test of a split, without Clang ------===//

#include "analysis/ir/LoopUse.h"
#include "analysis/ir/Schedule.h"

#include "KernelBuilders.h"

#include <gtest/gtest.h>

using namespace lnr;
using namespace lnr::ir;
using namespace lnr::ir::test;

namespace {

/// The factors of Mask as a directive's producer and the others as its
/// consumer ('{B,C,D}{E}').
std::string planOf(const Kernel &K, unsigned Mask) {
  std::string Producer, Consumer;
  for (size_t I = 0; I < K.Stmt.Factors.size(); ++I) {
    std::string &Side = Mask & (1u << I) ? Producer : Consumer;
    Side += (Side.empty() ? "" : ",") + K.Stmt.Factors[I].Tensor;
  }
  return "{" + Producer + "}{" + Consumer + "}";
}

TEST(LoopUseTest, SplitsOfTheSddmmSpmmProduct) {
  Kernel K = sddmmSpmm(); // A(i,l) += B(i,j) * C(i,k) * D(j,k) * E(j,l)
  LoopUse Use(K.Stmt, K.Loops);
  // {B,C,D}{E}: the producer sums over k, the consumer iterates l.
  EXPECT_TRUE(Use.mayRemoveALoop(0b0111));
  // {C,D}{B,E}: the producer sums over k, the consumer iterates l.
  EXPECT_TRUE(Use.mayRemoveALoop(0b0110));
  // {E}{B,C,D}: E sums over nothing of its own.
  EXPECT_FALSE(Use.mayRemoveALoop(0b1000));
  // {B}{C,D,E}: neither does B.
  EXPECT_FALSE(Use.mayRemoveALoop(0b0001));
}

/// The search skips the splits this refuses: each must be one that
/// split() refuses as removing no loop, and the others must not be.
TEST(LoopUseTest, AgreesWithTheSplitsTheFusionBuilds) {
  Kernel K = sddmmSpmm();
  LoopUse Use(K.Stmt, K.Loops);
  unsigned N = unsigned(K.Stmt.Factors.size());
  for (unsigned Mask = 1; Mask + 1 < (1u << N); ++Mask) {
    OrRefusal<Schedule> S = applyDirective(K, planOf(K, Mask) + "!");
    bool RemovesNone = !S && S.refusal().Name == "lnr-no-gain";
    EXPECT_EQ(Use.mayRemoveALoop(Mask), !RemovesNone) << planOf(K, Mask);
  }
}

TEST(LoopUseTest, LoopsOverOneIndexAreNotToldApart) {
  Kernel K = sddmmSpmm();
  std::vector<Loop> Loops = K.Loops;
  Loops.push_back(dense("k")); // a second loop over k
  LoopUse Use(K.Stmt, Loops);
  EXPECT_TRUE(Use.mayRemoveALoop(0b1000)); // left to split()
}

} // namespace
