//===- FusionTest.cpp - Algorithm 1 and the cost model, without Clang -----===//

#include "analysis/ir/Fusion.h"
#include "analysis/ir/Cost.h"

#include "KernelBuilders.h"

#include <gtest/gtest.h>

using namespace lnr;
using namespace lnr::ir;
using namespace lnr::ir::test;

namespace {

TEST(KernelTest, PrintsIndexNotationAndFormats) {
  Kernel K = sddmmSpmm();
  EXPECT_EQ(toString(K.Stmt), "A(i,l) += B(i,j) * C(i,k) * D(j,k) * E(j,l)");
  EXPECT_EQ(formatName(*K.findTensor("B")), "CSR");
  EXPECT_EQ(formatName(*K.findTensor("C")), "dense");
  EXPECT_EQ(loopOrderString(K.Loops), "i, j(B), k, l");
  EXPECT_FALSE(K.validate());
}

TEST(KernelTest, CompressedLevelCannotPrecedeItsParent) {
  Kernel K = sddmmSpmm();
  K.Loops = {compressed("j", "B", 1), dense("i"), dense("k"), dense("l")};
  auto Problem = K.validate();
  ASSERT_TRUE(Problem);
  EXPECT_EQ(Problem->Name, "lnr-invalid-kernel");
  EXPECT_NE(Problem->Message.find("before its parent 'i'"), std::string::npos);
}

TEST(FusionTest, SddmmSpmmSharesIJWithAScalarTemporary) {
  Kernel K = sddmmSpmm();
  OrRefusal<BranchedGraph> G = fuseAfterDistribution(K);
  ASSERT_TRUE(G) << G.refusal().Message;

  EXPECT_EQ(indicesOf(G->Loops), (std::vector<std::string>{"i", "j"}));
  EXPECT_TRUE(G->Loops[1].isCompressed());
  ASSERT_TRUE(G->Temp);
  EXPECT_TRUE(G->Temp->isScalar());

  const BranchedGraph &P = G->producer();
  ASSERT_TRUE(P.isLinear());
  EXPECT_EQ(indicesOf(P.Loops), std::vector<std::string>{"k"});
  EXPECT_EQ(toString(*P.Statement), "t += B(i,j) * C(i,k) * D(j,k)");

  const BranchedGraph &Cons = G->consumer();
  ASSERT_TRUE(Cons.isLinear());
  EXPECT_EQ(indicesOf(Cons.Loops), std::vector<std::string>{"l"});
  EXPECT_EQ(toString(*Cons.Statement), "A(i,l) += t * E(j,l)");
}

TEST(FusionTest, SddmmSpmmCostDropsFromKLToKPlusL) {
  Kernel K = sddmmSpmm();
  Cost Before = costOf(K);
  OrRefusal<BranchedGraph> G = fuseAfterDistribution(K);
  ASSERT_TRUE(G);
  Cost After = costOf(*G, K);
  EXPECT_EQ(Before.toString(), "O(nnz(B_ij)*K*L)");
  EXPECT_EQ(After.toString(), "O(nnz(B_ij)*(K+L))");
  EXPECT_TRUE(asymptoticallyCheaper(After, Before));
  EXPECT_FALSE(asymptoticallyCheaper(Before, After));

  std::map<std::string, double> Sizes{
      {"nnz(B_ij)", 1000}, {"K", 64}, {"L", 32}};
  EXPECT_EQ(Before.evaluate(Sizes), 1000.0 * 64 * 32);
  EXPECT_EQ(After.evaluate(Sizes), 1000.0 * (64 + 32));
  EXPECT_FALSE(After.evaluate({{"K", 1}}));
}

TEST(FusionTest, SddmmSpmmGemmRecursesOnTheProducer) {
  // A(i,m) = B(i,j) C(i,k) D(j,k) F(j,l) W(l,m): loopfuse(2).
  Kernel K;
  K.Tensors = {{"A", {D, D}}, {"B", {D, C}}, {"C", {D, D}},
               {"D", {D, D}}, {"F", {D, D}}, {"W", {D, D}}};
  K.Indices = {{"i", "N"}, {"j", ""}, {"k", "K"}, {"l", "L"}, {"m", "M"}};
  K.Stmt = {{"A", {"i", "m"}},
            true,
            {{"B", {"i", "j"}},
             {"C", {"i", "k"}},
             {"D", {"j", "k"}},
             {"F", {"j", "l"}},
             {"W", {"l", "m"}}}};
  K.Loops = {dense("i"), compressed("j", "B", 1), dense("k"), dense("l"),
             dense("m")};

  OrRefusal<BranchedGraph> G = fuseAfterDistribution(K, 2);
  ASSERT_TRUE(G) << G.refusal().Message;
  EXPECT_EQ(indicesOf(G->Loops), std::vector<std::string>{"i"});
  EXPECT_EQ(G->Temp->Indices, std::vector<std::string>{"l"});
  const BranchedGraph &P = G->producer();
  ASSERT_FALSE(P.isLinear());
  EXPECT_EQ(indicesOf(P.Loops), std::vector<std::string>{"j"});
  EXPECT_TRUE(P.Temp->isScalar());
  EXPECT_EQ(toString(*P.producer().Statement),
            "t1 += B(i,j) * C(i,k) * D(j,k)");
  EXPECT_EQ(toString(*P.consumer().Statement), "t(l) += t1 * F(j,l)");
  EXPECT_EQ(toString(*G->consumer().Statement), "A(i,m) += t(l) * W(l,m)");

  EXPECT_EQ(costOf(K).toString(), "O(nnz(B_ij)*K*L*M)");
  EXPECT_EQ(costOf(*G, K).toString(), "O(nnz(B_ij)*K+nnz(B_ij)*L+L*M*N)");

  // One level only: the producer stays a perfect nest over j, k, l.
  OrRefusal<BranchedGraph> Once = fuseAfterDistribution(K, 1);
  ASSERT_TRUE(Once);
  EXPECT_TRUE(Once->producer().isLinear());
  EXPECT_EQ(costOf(*Once, K).toString(), "O(nnz(B_ij)*K*L+L*M*N)");
}

TEST(FusionTest, PrintsTheBranchedGraphAsALoopTree) {
  Kernel K = sddmmSpmm();
  OrRefusal<BranchedGraph> G = fuseAfterDistribution(K);
  ASSERT_TRUE(G);
  EXPECT_EQ(toString(*G), "for i\n"
                          "  for j in B level 2\n"
                          "    t = 0\n"
                          "    for k\n"
                          "      t += B(i,j) * C(i,k) * D(j,k)\n"
                          "    for l\n"
                          "      A(i,l) += t * E(j,l)\n");
}

TEST(FusionTest, RefusesWhenTheLastFactorAddsNoLoop) {
  // SpMV y(i) = B(i,j) * x(j): x's only index is also B's.
  Kernel K;
  K.Tensors = {{"y", {D}}, {"B", {D, C}}, {"x", {D}}};
  K.Indices = {{"i", "N"}, {"j", "M"}};
  K.Stmt = {{"y", {"i"}}, true, {{"B", {"i", "j"}}, {"x", {"j"}}}};
  K.Loops = {dense("i"), compressed("j", "B", 1)};
  OrRefusal<BranchedGraph> G = fuseAfterDistribution(K);
  ASSERT_FALSE(G);
  EXPECT_EQ(G.refusal().Name, "lnr-no-gain");
}

TEST(FusionTest, RefusesAnAssignmentInsideAReduction) {
  Kernel K = sddmmSpmm();
  K.Stmt.Accumulate = false;
  OrRefusal<BranchedGraph> G = fuseAfterDistribution(K);
  ASSERT_FALSE(G);
  EXPECT_EQ(G.refusal().Name, "lnr-assign-in-reduction");
}

TEST(FusionTest, TransposedDInTacoOrderNeedsATemporaryAtBsPositions) {
  // The transposed D of the paper's Section 4.3 in TACO's order i, k, j, l:
  // Algorithm 1 as stated shares only i, and the temporary is indexed by j,
  // a coordinate without a dense extent: it lives at B's positions.
  Kernel K = sddmmSpmm();
  K.Stmt.Factors[2] = {"D", {"k", "j"}};
  K.Loops = {dense("i"), dense("k"), compressed("j", "B", 1), dense("l")};
  OrRefusal<BranchedGraph> G = fuseAfterDistribution(K);
  ASSERT_TRUE(G) << G.refusal().Message;
  EXPECT_EQ(indicesOf(G->Loops), std::vector<std::string>{"i"});
  EXPECT_EQ(G->Temp->Indices, std::vector<std::string>{"j"});
  ASSERT_TRUE(G->Temp->Positions);
  EXPECT_EQ(G->Temp->Positions->Tensor, "B");
  EXPECT_EQ(G->Temp->Positions->Levels, 2u);
  EXPECT_EQ(costOf(*G, K).toString(), "O(nnz(B_ij)*(K+L))");
}

TEST(FusionTest, RefusesATemporaryOverAnIndexWithoutExtent) {
  // <SpMM, GEMM> whose k has no known extent: t(k) cannot be sized.
  Kernel K;
  K.Tensors = {{"A", {D, D}}, {"B", {D, C}}, {"C", {D, D}}, {"D", {D, D}}};
  K.Indices = {{"i", "N"}, {"j", ""}, {"k", ""}, {"l", "L"}};
  K.Stmt = {{"A", {"i", "l"}},
            true,
            {{"B", {"i", "j"}}, {"C", {"j", "k"}}, {"D", {"k", "l"}}}};
  K.Loops = {dense("i"), compressed("j", "B", 1), dense("k"), dense("l")};
  SplitPlan Plan;
  Plan.Producer = {0, 1};
  OrRefusal<BranchedGraph> G = distribute(K, Plan);
  ASSERT_FALSE(G);
  EXPECT_EQ(G.refusal().Name, "lnr-unsupported-temporary");
}

} // namespace
