//===- ProducerGuardTest.cpp - When a producer ran, on graphs by hand -----===//
//
// The empty-fiber guard (rewrite/ProducerGuard.h): the conditions under
// which a producer runs its statement, the flag set where only walking the
// fibers tells, the per-element test of a shared temporary, and the cases
// it cannot test. The producers are graphs of the SDDMM + SpMM nest
// (NestBuilders.h) and of a CSF nest, built by hand. Without Clang.
//
//===----------------------------------------------------------------------===//

#include "rewrite/ProducerGuard.h"

#include "NestBuilders.h"

#include <gtest/gtest.h>

using namespace lnr;
using namespace lnr::lower::test;
using rewrite::ProducerGuard;
using rewrite::producerGuard;

namespace {

class ProducerGuardTest : public ::testing::Test {
protected:
  ir::Kernel K = sddmmSpmm();
  NestSource S = sddmmSpmmSource();
  /// The last producer guarded (a guard's FlagLoop points into it).
  ir::BranchedGraph Producer;

  const ir::Loop &over(const std::string &Index) const {
    for (const ir::Loop &L : K.Loops)
      if (L.Index == Index)
        return L;
    throw std::out_of_range(Index);
  }

  /// The producer t(Indices) += B(i,j) C(i,k) D(j,k) over Loops.
  ProducerGuard guard(const std::vector<std::string> &Loops,
                      const std::vector<std::string> &Indices,
                      bool Shared = false) {
    std::vector<ir::Loop> Around;
    for (const std::string &I : Loops)
      Around.push_back(over(I));
    ir::Assignment Dot{
        {"t", Indices},
        true,
        {{"B", {"i", "j"}}, {"C", {"i", "k"}}, {"D", {"j", "k"}}}};
    Producer = ir::BranchedGraph::linear(Around, Dot);
    return producerGuard(Producer, ir::Temporary{"t", Indices}, Shared, K, S);
  }
};

} // namespace

TEST_F(ProducerGuardTest, DenseLoopRunsWhenItsBoundIsPositive) {
  ProducerGuard G = guard({"k"}, {});
  EXPECT_EQ(G.Conditions, std::vector<std::string>{"K > 0"});
  EXPECT_EQ(G.FlagLoop, nullptr);
  EXPECT_FALSE(G.Untestable);
}

TEST_F(ProducerGuardTest, UnsignedIndexComparesInItsOwnType) {
  // 'for (unsigned k = 0; k < K; k++)' runs for an int K of -1 (converted
  // to UINT_MAX), where 'K > 0' is false: the test compares as the loop.
  S.Loops[2].IndexType = "unsigned";
  EXPECT_EQ(guard({"k"}, {}).Conditions,
            std::vector<std::string>{"(unsigned)0 < K"});
}

TEST_F(ProducerGuardTest, UnknownBoundCannotBeTested) {
  S.Loops[2].Bound = "";
  ProducerGuard G = guard({"k"}, {});
  ASSERT_TRUE(G.Untestable);
  EXPECT_EQ(*G.Untestable, "the bounds of the loop over 'k' are not known "
                           "where the consumer starts");
}

TEST_F(ProducerGuardTest, FirstCompressedLoopTestsItsFiber) {
  ProducerGuard G = guard({"j", "k"}, {});
  EXPECT_EQ(G.Conditions,
            (std::vector<std::string>{"K > 0", "rowptr[i] < rowptr[i + 1]"}));
  EXPECT_EQ(G.FlagLoop, nullptr);
}

TEST_F(ProducerGuardTest, TemporarysOwnIndexNeedsNoTest) {
  // t(k): the consumer loops over k itself; only the row is tested.
  EXPECT_EQ(guard({"j", "k"}, {"k"}).Conditions,
            std::vector<std::string>{"rowptr[i] < rowptr[i + 1]"});
}

TEST_F(ProducerGuardTest, SharedTemporaryTestedElementByElement) {
  // t(i,k), one for the nest, filled over the nonzeros of row i: the
  // consumer's loop over i tests that row.
  ProducerGuard G = guard({"i", "j", "k"}, {"i", "k"}, /*Shared=*/true);
  ASSERT_TRUE(G.PerElement);
  EXPECT_EQ(G.PerElement->Index, "i");
  EXPECT_EQ(G.PerElement->Condition, "rowptr[i] < rowptr[i + 1]");
  EXPECT_FALSE(G.Untestable);
}

TEST_F(ProducerGuardTest, TemporaryAlongACompressedIndexIsUntestable) {
  // t(j): its elements at the coordinates of an empty row are never
  // computed by the original, and no loop of the consumer tests them.
  ProducerGuard G = guard({"j", "k"}, {"j"});
  ASSERT_TRUE(G.Untestable);
  EXPECT_NE(G.Untestable->find("filled by the compressed loop over 'j'"),
            std::string::npos);
}

TEST_F(ProducerGuardTest, NestedFibersNeedAFlag) {
  // A CSF tensor B(i,j,k): whether some fiber of k under row i is not
  // empty is known only by walking them.
  using namespace ir::test;
  K.Tensors = {{"A", {D, D}}, {"B", {D, C, C}}, {"C", {D, D}}};
  K.Stmt = {
      {"A", {"i", "l"}}, true, {{"B", {"i", "j", "k"}}, {"C", {"k", "l"}}}};
  K.Loops = {dense("i"), compressed("j", "B", 1), compressed("k", "B", 2),
             dense("l")};
  ir::Assignment Fill{{"t", {}}, true, {{"B", {"i", "j", "k"}}}};
  Producer = ir::BranchedGraph::linear({K.Loops[1], K.Loops[2]}, Fill);
  ProducerGuard G =
      producerGuard(Producer, ir::Temporary{"t", {}}, false, K, S);
  ASSERT_NE(G.FlagLoop, nullptr);
  EXPECT_EQ(G.FlagLoop->Index, "k");
  EXPECT_TRUE(G.Conditions.empty());
}

// Two nests composed: the original stores the producer's sum even with no
// terms, and the consumer multiplies it; its loops keep no consumer from
// running.
TEST_F(ProducerGuardTest, ASumStoredEmptyDoesNotGuard) {
  S.SumsStoredEmpty = {"k"};
  ProducerGuard G = guard({"k"}, {});
  EXPECT_TRUE(G.Conditions.empty());
  EXPECT_EQ(G.FlagLoop, nullptr);
  EXPECT_FALSE(G.Untestable);
  S.SumsStoredEmpty = {"j"};
  G = guard({"j", "k"}, {"i"});
  EXPECT_EQ(G.Conditions, std::vector<std::string>{"K > 0"});
  EXPECT_EQ(G.FlagLoop, nullptr);
}
