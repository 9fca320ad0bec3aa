//===- NestCompositionTest.cpp - Two nests read as one kernel -------------===//
//
// rewrite/NestComposition.h on the SDDMM + SpMM pair built by hand: the
// producer T(i,j) = B(i,j) C(i,k) D(j,k) stored at B's positions, and the
// consumer A(i,l) += T(i,j) E(j,l) reading it. The composed kernel, its
// source, the separate graph's cost, and the pairs that do not compose.
// Without Clang.
//
//===----------------------------------------------------------------------===//

#include "rewrite/NestComposition.h"
#include "rewrite/FiniteScales.h"

#include "analysis/ir/Cost.h"
#include "lower/NestBuilders.h"

#include <gtest/gtest.h>

using namespace lnr;
using ir::test::compressed;
using ir::test::dense;
using lnr::lower::test::denseLoop;
using lnr::lower::test::factors;
using lnr::lower::test::factorTexts;
using lnr::lower::test::sddmmSpmmSource;
using rewrite::ComposedNest;
using rewrite::composeNests;
using rewrite::PairFacts;

namespace {

constexpr ir::LevelFormat Dense = ir::LevelFormat::Dense;
constexpr ir::LevelFormat Compressed = ir::LevelFormat::Compressed;

class NestCompositionTest : public ::testing::Test {
protected:
  ir::Kernel PK, QK;
  NestSource PS, QS;
  PairFacts Facts;

  void SetUp() override {
    ir::Tensor T{"T", {Dense, Compressed}, ir::PatternSource{"B", 2}};
    PK.Tensors = {T,
                  {"B", {Dense, Compressed}},
                  {"C", {Dense, Dense}},
                  {"D", {Dense, Dense}}};
    PK.Indices = {{"i", "n"}, {"j", ""}, {"k", "K"}};
    PK.Stmt = {{"T", {"i", "j"}},
               true,
               {{"B", {"i", "j"}}, {"C", {"i", "k"}}, {"D", {"j", "k"}}}};
    PK.Loops = {dense("i"), compressed("j", "B", 1), dense("k")};
    QK.Tensors = {{"A", {Dense, Dense}},
                  {"T", {Dense, Compressed}},
                  {"E", {Dense, Dense}}};
    QK.Indices = {{"i", "n"}, {"j", ""}, {"l", "L"}};
    QK.Stmt = {{"A", {"i", "l"}}, true, {{"T", {"i", "j"}}, {"E", {"j", "l"}}}};
    QK.Loops = {dense("i"), compressed("j", "T", 1), dense("l")};

    NestSource Both = sddmmSpmmSource();
    PS = Both;
    PS.Loops = {Both.Loops[0], Both.Loops[1], Both.Loops[2]};
    PS.Factors = factors({"vals[p]", "C[i * K + k]", "D[j * K + k]"});
    // 'T[p] = vals[p] * s': B scales the sum over k (a factor inside it
    // that no loop of the sum indexes keeps the two apart).
    PS.SumScales = {0};
    PS.Output = "T[p]";
    PS.ZeroOutputFirst = true;
    PS.Offset = 100;
    QS = Both;
    QS.Loops = {Both.Loops[0], Both.Loops[1], Both.Loops[3]};
    QS.Factors = factors({"T[p]", "E[j * L + l]"});
    QS.Overlap.OutputRestrict = true;
    QS.Offset = 300;
    Facts.Temporary = "T";
    Facts.Text = "the two nests";
  }

  std::variant<ComposedNest, std::string> compose() const {
    return composeNests(PK, PS, QK, QS, Facts);
  }
  std::string reason() const {
    auto C = compose();
    const std::string *Why = std::get_if<std::string>(&C);
    return Why ? *Why : "composed";
  }
};

} // namespace

TEST_F(NestCompositionTest, SubstitutesTheProducerForTheTemporary) {
  auto C = compose();
  ASSERT_TRUE(std::holds_alternative<ComposedNest>(C)) << reason();
  const ComposedNest &N = std::get<ComposedNest>(C);
  EXPECT_EQ(ir::toString(N.Kernel.Stmt),
            "A(i,l) += B(i,j) * C(i,k) * D(j,k) * E(j,l)");
  EXPECT_EQ(ir::loopOrderString(N.Kernel.Loops), "i, j(B), k, l");
  EXPECT_EQ(N.Kernel.findTensor("T"), nullptr);
  EXPECT_EQ(factorTexts(N.Source),
            (std::vector<std::string>{"vals[p]", "C[i * K + k]", "D[j * K + k]",
                                      "E[j * L + l]"}));
  ASSERT_EQ(N.Source.Loops.size(), 4u);
  EXPECT_EQ(N.Source.Loops[2].Index, "k");
  EXPECT_EQ(N.Source.Loops[3].Index, "l");
  // The producer's own sum is stored even when empty.
  EXPECT_EQ(N.Source.SumsStoredEmpty, std::vector<std::string>{"k"});
  // The span of both nests, replaced as one.
  EXPECT_EQ(N.Source.Offset, 100u);
  EXPECT_EQ(N.Source.Original, "the two nests");
  // A restrict output keeps apart from the producer's inputs too.
  EXPECT_FALSE(N.Source.Overlap.Needed);
}

TEST_F(NestCompositionTest, TheSeparateNestsCostTheirSum) {
  auto C = compose();
  ASSERT_TRUE(std::holds_alternative<ComposedNest>(C)) << reason();
  const ComposedNest &N = std::get<ComposedNest>(C);
  EXPECT_EQ(ir::costOf(N.Separate, N.Kernel).toString(), "O(nnz(B_ij)*(K+L))");
  EXPECT_EQ(ir::costOf(N.Kernel).toString(), "O(nnz(B_ij)*K*L)");
}

TEST_F(NestCompositionTest, AnOutputNotRestrictIsTested) {
  QS.Overlap.OutputRestrict = false;
  auto C = compose();
  ASSERT_TRUE(std::holds_alternative<ComposedNest>(C)) << reason();
  EXPECT_TRUE(std::get<ComposedNest>(C).Source.Overlap.Needed);
  Facts.AssumeNoAlias = true;
  EXPECT_FALSE(std::get<ComposedNest>(compose()).Source.Overlap.Needed);
}

TEST_F(NestCompositionTest, OtherRowsAreNotTheProducers) {
  QS.Loops[0] = denseLoop("i", "n - 1");
  EXPECT_EQ(reason(), "the consumer's loop over 'i' is not the producer's "
                      "loop over 'i' as written");
}

TEST_F(NestCompositionTest, AnAccumulatedTemporaryMustStartAtZero) {
  PS.ZeroOutputFirst = false;
  EXPECT_EQ(reason(), "'T' is not zero before the producer adds to it");
  Facts.ZeroBefore = true;
  EXPECT_EQ(reason(), "composed");
}

TEST_F(NestCompositionTest, TheProducersIndexMustBeItsOwn) {
  QK.Indices[2].Name = "k";
  QK.Stmt.Factors[1].Indices[1] = "k";
  QK.Stmt.Lhs.Indices[1] = "k";
  QK.Loops[2].Index = "k";
  QS.Loops[2] = denseLoop("k", "L");
  EXPECT_EQ(reason(),
            "the producer's index 'k' is also an index of the consumer");
}

TEST_F(NestCompositionTest, TheConsumerMustNotWriteTheProducersInput) {
  QK.Stmt.Lhs.Tensor = "C";
  EXPECT_EQ(reason(), "the producer reads 'C', which a nest writes");
}

TEST_F(NestCompositionTest, TheTemporaryReadTwiceIsNotSubstituted) {
  QK.Stmt.Factors.push_back({"T", {"i", "j"}});
  QS.Factors.push_back({"T[p]", "double", {}, false});
  EXPECT_EQ(reason(), "the consumer reads 'T' twice");
}

TEST_F(NestCompositionTest, AProducersLoopNamedAsTheConsumersIsRenamed) {
  QK.Indices[2].Name = "k";
  QK.Stmt.Factors[1].Indices[1] = "k";
  QK.Stmt.Lhs.Indices[1] = "k";
  QK.Loops[2].Index = "k";
  QS.Loops[2] = denseLoop("k", "L");
  Facts.IsNameTaken = [](const std::string &Name) { return Name == "k_p"; };
  auto C = compose();
  ASSERT_TRUE(std::holds_alternative<ComposedNest>(C)) << reason();
  const ComposedNest &N = std::get<ComposedNest>(C);
  EXPECT_EQ(N.Renamed, std::vector<std::string>{"k_p1"});
  EXPECT_EQ(ir::toString(N.Kernel.Stmt),
            "A(i,k) += B(i,j) * C(i,k_p1) * D(j,k_p1) * E(j,k)");
  EXPECT_EQ(N.Source.Factors[1].Text, "C[i * K + k_p1]");
  EXPECT_EQ(N.Source.Loops[2].Header, "for (int k_p1 = 0; k_p1 < K; k_p1++)");
  EXPECT_EQ(N.Source.SumsStoredEmpty, std::vector<std::string>{"k_p1"});
}

// The original multiplies the producer's stored sum, 0 where it has no
// terms, by the consumer's E: NaN for an infinite E. A schedule that
// multiplies E into each term of the sum over k adds nothing there, so
// it runs only where a check finds E finite (FiniteScales.h); the two
// nests as written multiply E outside that sum.
TEST_F(NestCompositionTest, AConsumerFactorInsideTheProducersSumIsChecked) {
  auto C = compose();
  ASSERT_TRUE(std::holds_alternative<ComposedNest>(C)) << reason();
  const ComposedNest &N = std::get<ComposedNest>(C);
  const size_t E = 3;
  ASSERT_EQ(N.Kernel.Stmt.Factors[E].Tensor, "E");
  ir::BranchedGraph OneNest =
      ir::BranchedGraph::linear(N.Kernel.Loops, N.Kernel.Stmt);
  std::vector<size_t> Inside =
      rewrite::scalesInsideSums(OneNest, N.Kernel, N.Source);
  EXPECT_NE(std::find(Inside.begin(), Inside.end(), E), Inside.end());
  std::vector<size_t> AsWritten =
      rewrite::scalesInsideSums(N.Separate, N.Kernel, N.Source);
  EXPECT_EQ(std::find(AsWritten.begin(), AsWritten.end(), E), AsWritten.end());
}

// A producer's sum over a compressed level may be empty at a row: the
// consumer skips it only under a check that the factors multiplying the
// sum are finite. Over a dense extent it saves nothing; a function of the
// sum (f(0) need not be 0) keeps the consumer running.
TEST_F(NestCompositionTest, AnEmptySumIsSkippedOnlyWhereItsFactorsAreChecked) {
  auto C = compose();
  ASSERT_TRUE(std::holds_alternative<ComposedNest>(C)) << reason();
  const ComposedNest &N = std::get<ComposedNest>(C);
  ASSERT_EQ(N.Source.SumsStoredEmpty, std::vector<std::string>{"k"});
  EXPECT_FALSE(rewrite::emptySumFactors(N.Kernel, N.Source).has_value());
  NestSource OverRows = N.Source;
  OverRows.SumsStoredEmpty = {"j"};
  std::optional<std::vector<size_t>> Factors =
      rewrite::emptySumFactors(N.Kernel, OverRows);
  ASSERT_TRUE(Factors.has_value());
  // C(i,k), the one factor that does not range over j.
  EXPECT_EQ(*Factors, std::vector<size_t>{1});
  OverRows.Map = "exp(@)";
  EXPECT_FALSE(rewrite::emptySumFactors(N.Kernel, OverRows).has_value());
}
