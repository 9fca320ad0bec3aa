//===- ScheduleTest.cpp - The six kernels of the paper, scheduled ---------===//
//
// For each kernel of the SparseLNR evaluation: the schedule the search
// chooses, its temporaries and its cost, checked against the schedule the
// paper picked by hand (reorder + loopfuse), which the choice must match or
// beat asymptotically.
//
//===----------------------------------------------------------------------===//

#include "analysis/ir/Schedule.h"

#include "KernelBuilders.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <set>
#include <string>

using namespace lnr;
using namespace lnr::ir;
using namespace lnr::ir::test;

namespace {

Tensor dense2(std::string Name) { return Tensor{std::move(Name), {D, D}}; }

/// The chosen schedule must be at least as cheap as the paper's.
void expectNoWorseThanPaper(const Kernel &K, const Schedule &Chosen,
                            const std::string &PaperDirective) {
  OrRefusal<Schedule> Paper = applyDirective(K, PaperDirective);
  ASSERT_TRUE(Paper) << Paper.refusal().Message;
  EXPECT_FALSE(asymptoticallyCheaper(Paper->Estimate, Chosen.Estimate))
      << "paper " << Paper->Estimate.toString() << " beats chosen "
      << Chosen.Estimate.toString();
}

TEST(ScheduleTest, SddmmSpmm) {
  // A(i,l) = B(i,j) C(i,k) D(j,k) E(j,l), B CSR.
  Kernel K = sddmmSpmm();

  OrRefusal<Schedule> S = chooseSchedule(K);
  ASSERT_TRUE(S) << S.refusal().Message;
  EXPECT_EQ(costOf(K).toString(), "O(nnz(B_ij)*K*L)");
  EXPECT_EQ(S->Estimate.toString(), "O(nnz(B_ij)*(K+L))");
  EXPECT_EQ(indicesOf(S->Graph.Loops), (std::vector<std::string>{"i", "j"}));
  EXPECT_TRUE(S->Graph.Temp->isScalar());
  EXPECT_TRUE(S->ParallelOuter);
  EXPECT_EQ(S->describe(K),
            "split {B,C,D}{E}, shared (i,j), temporary scalar t");
  expectNoWorseThanPaper(K, *S, "reorder(i,j,k,l);loopfuse(1)");
}

TEST(ScheduleTest, TheRewriteSaysWhichOuterLoopsAreShared) {
  // Without the rewrite's word, a dense outer loop that indexes the output
  // counts as shared; with it, only the loops it names do.
  Kernel K = sddmmSpmm();
  SchedulerOptions Opts;
  Opts.SharedOuter = std::set<std::string>{};
  std::vector<Schedule> None = enumerateSchedules(K, Opts);
  ASSERT_FALSE(None.empty());
  EXPECT_TRUE(std::none_of(None.begin(), None.end(),
                           [](const Schedule &S) { return S.ParallelOuter; }));
  Opts.SharedOuter = std::set<std::string>{"i"};
  std::vector<Schedule> Rows = enumerateSchedules(K, Opts);
  ASSERT_FALSE(Rows.empty());
  EXPECT_TRUE(Rows.front().ParallelOuter);
  EXPECT_EQ(Rows.front().Graph.Loops.front().Index, "i");
}

TEST(ScheduleTest, TransposedDIsReorderedToAScalarTemporary) {
  // The paper's Section 4.3: A(i,l) = B(i,j) C(i,k) D(k,j) E(j,l) in TACO's
  // order i, k, j, l. Algorithm 1 alone keeps a temporary over j; reordering
  // to i, j, k, l within B's constraint makes it a scalar.
  Kernel K = sddmmSpmm();
  K.Stmt.Factors[2] = {"D", {"k", "j"}};
  K.Loops = {dense("i"), dense("k"), compressed("j", "B", 1), dense("l")};

  OrRefusal<Schedule> AsGiven = applyDirective(K, "loopfuse(1)");
  ASSERT_TRUE(AsGiven);
  EXPECT_FALSE(AsGiven->Graph.Temp->isScalar());

  OrRefusal<Schedule> S = chooseSchedule(K);
  ASSERT_TRUE(S) << S.refusal().Message;
  EXPECT_EQ(indicesOf(S->Graph.Loops), (std::vector<std::string>{"i", "j"}));
  EXPECT_TRUE(S->Graph.Temp->isScalar());
  EXPECT_EQ(S->Estimate.toString(), "O(nnz(B_ij)*(K+L))");
  EXPECT_LT(S->TemporarySize, AsGiven->TemporarySize);
  expectNoWorseThanPaper(K, *S, "reorder(i,j,k,l);loopfuse(1)");
}

TEST(ScheduleTest, SpmmhGemm) {
  // A(i,l) = B(i,k) C(k,j) D(k,j) E(j,l), B CSR.
  Kernel K;
  K.Tensors = {
      dense2("A"), {"B", {D, C}}, dense2("C"), dense2("D"), dense2("E")};
  K.Indices = {{"i", "N"}, {"k", ""}, {"j", "J"}, {"l", "L"}};
  K.Stmt = {{"A", {"i", "l"}},
            true,
            {{"B", {"i", "k"}},
             {"C", {"k", "j"}},
             {"D", {"k", "j"}},
             {"E", {"j", "l"}}}};
  K.Loops = {dense("i"), compressed("k", "B", 1), dense("j"), dense("l")};

  OrRefusal<Schedule> S = chooseSchedule(K);
  ASSERT_TRUE(S) << S.refusal().Message;
  EXPECT_EQ(costOf(K).toString(), "O(nnz(B_ik)*J*L)");
  EXPECT_EQ(S->Estimate.toString(), "O(nnz(B_ik)*J+J*L*N)");
  EXPECT_EQ(indicesOf(S->Graph.Loops), std::vector<std::string>{"i"});
  EXPECT_EQ(S->Graph.Temp->Indices, std::vector<std::string>{"j"});
  EXPECT_TRUE(S->ParallelOuter);
  expectNoWorseThanPaper(K, *S, "loopfuse(1)");
}

TEST(ScheduleTest, SpmmGemm) {
  // A(i,l) = B(i,j) C(j,k) D(k,l), B CSR.
  Kernel K;
  K.Tensors = {dense2("A"), {"B", {D, C}}, dense2("C"), dense2("D")};
  K.Indices = {{"i", "N"}, {"j", ""}, {"k", "K"}, {"l", "L"}};
  K.Stmt = {{"A", {"i", "l"}},
            true,
            {{"B", {"i", "j"}}, {"C", {"j", "k"}}, {"D", {"k", "l"}}}};
  K.Loops = {dense("i"), compressed("j", "B", 1), dense("k"), dense("l")};

  OrRefusal<Schedule> S = chooseSchedule(K);
  ASSERT_TRUE(S) << S.refusal().Message;
  EXPECT_EQ(S->Estimate.toString(), "O(nnz(B_ij)*K+K*L*N)");
  EXPECT_EQ(indicesOf(S->Graph.Loops), std::vector<std::string>{"i"});
  EXPECT_EQ(S->Graph.Temp->Indices, std::vector<std::string>{"k"});
  expectNoWorseThanPaper(K, *S, "loopfuse(1)");
}

TEST(ScheduleTest, ChainedMatricesCountAFiberPerCoordinate) {
  // A(i,l) = B(i,j) C(j,k) x(k) D(j,l), C's compressed level reached
  // through B's coordinate j: the loop over k visits a fiber of C per
  // nonzero of B, fiber(C_jk) each, not nnz(C_jk) in all.
  Kernel K;
  K.Tensors = {
      {"A", {D, D}}, {"B", {D, C}}, {"C", {D, C}}, {"x", {D}}, {"D", {D, D}}};
  K.Indices = {{"i", "N"}, {"j", ""}, {"k", ""}, {"l", "L"}};
  K.Stmt = {
      {"A", {"i", "l"}},
      true,
      {{"B", {"i", "j"}}, {"C", {"j", "k"}}, {"x", {"k"}}, {"D", {"j", "l"}}}};
  K.Loops = {dense("i"), compressed("j", "B", 1), compressed("k", "C", 1),
             dense("l")};
  ASSERT_FALSE(K.validate().has_value());
  EXPECT_EQ(costOf(K).toString(), "O(nnz(B_ij)*L*fiber(C_jk))");
  OrRefusal<Schedule> S = chooseSchedule(K);
  ASSERT_TRUE(S) << S.refusal().Message;
  EXPECT_EQ(S->Estimate.toString(), "O(nnz(B_ij)*(L+fiber(C_jk)))");
  EXPECT_EQ(S->describe(K),
            "split {B,C,x}{D}, shared (i,j), temporary scalar t");
  // The model's sizes take a fiber to hold its mean nonzeros.
  SizeModel Sizes;
  EXPECT_EQ(Sizes.valueOf("fiber(C_jk)"), Sizes.NonzerosPerFiber);
}

TEST(ScheduleTest, CscSpmmGemmGainsOnlyFromDistribution) {
  // B in CSC: stored B(j,i), columns dense, rows compressed. With the
  // paper's association (B*C first), no loop is common to the producer
  // (j, i, k) and the consumer (i, k, l): fusion gains nothing, and only
  // distribution through a full temporary t(i,k) lowers the cost.
  Kernel K;
  K.Tensors = {dense2("A"), {"B", {D, C}}, dense2("C"), dense2("D")};
  K.Indices = {{"i", "N"}, {"j", "M"}, {"k", "K"}, {"l", "L"}};
  K.Stmt = {{"A", {"i", "l"}},
            true,
            {{"B", {"j", "i"}}, {"C", {"j", "k"}}, {"D", {"k", "l"}}}};
  K.Loops = {dense("j"), compressed("i", "B", 1), dense("k"), dense("l")};
  EXPECT_EQ(costOf(K).toString(), "O(nnz(B_ji)*K*L)");

  OrRefusal<Schedule> Paper = applyDirective(K, "loopfuse(1)");
  ASSERT_TRUE(Paper) << Paper.refusal().Message;
  EXPECT_TRUE(Paper->Graph.Loops.empty());
  EXPECT_EQ(Paper->Graph.Temp->Indices, (std::vector<std::string>{"i", "k"}));
  EXPECT_FALSE(Paper->Graph.Temp->Positions);
  EXPECT_EQ(Paper->Estimate.toString(), "O(nnz(B_ji)*K+K*L*N)");
  EXPECT_TRUE(asymptoticallyCheaper(Paper->Estimate, costOf(K)));

  // The search also re-associates: t(l) = C(j,:) * D once per column j,
  // fused over j, then scattered along the column's nonzeros.
  OrRefusal<Schedule> S = chooseSchedule(K);
  ASSERT_TRUE(S) << S.refusal().Message;
  EXPECT_EQ(S->describe(K), "split {C,D}{B}, shared (j), temporary dense t(l)");
  EXPECT_EQ(S->Estimate.toString(), "O(nnz(B_ji)*L+K*L*M)");
  EXPECT_FALSE(asymptoticallyCheaper(Paper->Estimate, S->Estimate));
}

TEST(ScheduleTest, SddmmSpmmGemm) {
  // A(i,m) = B(i,j) C(i,k) D(j,k) F(j,l) W(l,m), B CSR: the paper's
  // loopfuse(2).
  Kernel K;
  K.Tensors = {dense2("A"), {"B", {D, C}}, dense2("C"),
               dense2("D"), dense2("F"),   dense2("W")};
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

  OrRefusal<Schedule> Paper = applyDirective(K, "loopfuse(2)");
  ASSERT_TRUE(Paper);
  EXPECT_EQ(Paper->Estimate.toString(), "O(nnz(B_ij)*K+nnz(B_ij)*L+L*M*N)");

  OrRefusal<Schedule> S = chooseSchedule(K);
  ASSERT_TRUE(S) << S.refusal().Message;
  EXPECT_EQ(costOf(K).toString(), "O(nnz(B_ij)*K*L*M)");
  EXPECT_TRUE(asymptoticallyCheaper(S->Estimate, costOf(K)));
  expectNoWorseThanPaper(K, *S, "loopfuse(2)");
  EXPECT_TRUE(S->ParallelOuter);
}

TEST(ScheduleTest, MttkrpGemm) {
  // A(i,m) = B(i,k,l) C(l,j) D(k,j) E(j,m), B CSF.
  Kernel K;
  K.Tensors = {
      dense2("A"), {"B", {D, C, C}}, dense2("C"), dense2("D"), dense2("E")};
  K.Indices = {{"i", "N"}, {"k", ""}, {"l", ""}, {"j", "J"}, {"m", "M"}};
  K.Stmt = {{"A", {"i", "m"}},
            true,
            {{"B", {"i", "k", "l"}},
             {"C", {"l", "j"}},
             {"D", {"k", "j"}},
             {"E", {"j", "m"}}}};
  K.Loops = {dense("i"), compressed("k", "B", 1), compressed("l", "B", 2),
             dense("j"), dense("m")};

  OrRefusal<Schedule> S = chooseSchedule(K);
  ASSERT_TRUE(S) << S.refusal().Message;
  EXPECT_EQ(costOf(K).toString(), "O(nnz(B_ikl)*J*M)");
  EXPECT_EQ(S->Estimate.toString(), "O(nnz(B_ikl)*J+J*M*N)");
  EXPECT_EQ(indicesOf(S->Graph.Loops), std::vector<std::string>{"i"});
  EXPECT_EQ(S->Graph.Temp->Indices, std::vector<std::string>{"j"});
  expectNoWorseThanPaper(K, *S, "loopfuse(1)");
}

TEST(ScheduleTest, SpttmSpttmWithASparseOutput) {
  // A(i,j,m) = B(i,j,k) C(k,l) D(l,m), B CSF, A sparse in (i,j) with B's
  // pattern: A's positions are B's, so rows are written independently.
  Kernel K;
  K.Tensors = {{"A", {D, C, D}, PatternSource{"B", 2}},
               {"B", {D, C, C}},
               dense2("C"),
               dense2("D")};
  K.Indices = {{"i", "N"}, {"j", ""}, {"k", ""}, {"l", "L"}, {"m", "M"}};
  K.Stmt = {{"A", {"i", "j", "m"}},
            true,
            {{"B", {"i", "j", "k"}}, {"C", {"k", "l"}}, {"D", {"l", "m"}}}};
  K.Loops = {dense("i"), compressed("j", "B", 1), compressed("k", "B", 2),
             dense("l"), dense("m")};
  ASSERT_FALSE(K.validate());

  OrRefusal<Schedule> S = chooseSchedule(K);
  ASSERT_TRUE(S) << S.refusal().Message;
  EXPECT_EQ(costOf(K).toString(), "O(nnz(B_ijk)*L*M)");
  // The paper: fused O(nnz(B_ijk)*L + nnz(B_ij)*L*M).
  EXPECT_EQ(S->Estimate.toString(), "O(nnz(B_ijk)*L+nnz(B_ij)*L*M)");
  EXPECT_EQ(indicesOf(S->Graph.Loops), (std::vector<std::string>{"i", "j"}));
  EXPECT_EQ(S->Graph.Temp->Indices, std::vector<std::string>{"l"});
  EXPECT_TRUE(S->ParallelOuter);
  expectNoWorseThanPaper(K, *S, "loopfuse(1)");
}

TEST(ScheduleTest, SparseOutputMustFollowAnInput) {
  Kernel K;
  K.Tensors = {{"A", {D, C}}, {"B", {D, C}}, dense2("C")};
  K.Indices = {{"i", "N"}, {"j", ""}, {"k", "K"}};
  K.Stmt = {{"A", {"i", "j"}}, true, {{"B", {"i", "j"}}, {"C", {"i", "k"}}}};
  K.Loops = {dense("i"), compressed("j", "B", 1), dense("k")};
  auto Problem = K.validate();
  ASSERT_TRUE(Problem);
  EXPECT_NE(Problem->Message.find("does not follow the pattern"),
            std::string::npos);
}

/// sddmmSpmm() with B in COO: one loop over its positions binds i and j.
Kernel sddmmSpmmCoo() {
  Kernel K = sddmmSpmm();
  K.Tensors[1].Levels = {LevelFormat::CompressedNonUnique,
                         LevelFormat::Singleton};
  K.Indices[0].Extent = "";
  K.Loops = {compressed("i", "B", 0), compressed("j", "B", 1), dense("k"),
             dense("l")};
  return K;
}

TEST(ScheduleTest, CooIsFusedPerPositionAndNeverSplitBetweenItsLevels) {
  Kernel K = sddmmSpmmCoo();
  EXPECT_EQ(formatName(*K.findTensor("B")), "COO");
  ASSERT_FALSE(K.validate());
  EXPECT_EQ(costOf(K).toString(), "O(nnz(B_ij)*K*L)");
  OrRefusal<Schedule> S = chooseSchedule(K);
  ASSERT_TRUE(S) << S.refusal().Message;
  EXPECT_EQ(S->Estimate.toString(), "O(nnz(B_ij)*(K+L))");
  EXPECT_EQ(indicesOf(S->Graph.Loops), (std::vector<std::string>{"i", "j"}));
  EXPECT_TRUE(S->Graph.Temp->isScalar());
  // Rows repeat at several positions: the outer loop is not parallel.
  EXPECT_FALSE(S->ParallelOuter);
  // No schedule of the search iterates j apart from i's positions.
  for (const Alternative &A : searchSchedules(K, 2, 4096)) {
    std::function<void(const BranchedGraph &)> Check =
        [&](const BranchedGraph &G) {
          EXPECT_FALSE(singletonApart(G.Loops, K)) << toString(G);
          for (const BranchedGraph &B : G.Branches)
            Check(B);
        };
    Check(A.Graph);
  }
}

TEST(ScheduleTest, SingletonLevelsFollowTheirNonUniqueParent) {
  Kernel K = sddmmSpmmCoo();
  K.Loops = {compressed("i", "B", 0), dense("k"), compressed("j", "B", 1),
             dense("l")};
  std::optional<Refusal> Apart = K.validate();
  ASSERT_TRUE(Apart);
  EXPECT_NE(Apart->Message.find("right inside the loop over 'i'"),
            std::string::npos)
      << Apart->Message;
  // Under a unique level, a singleton level would drop coordinates.
  Kernel Unique = sddmmSpmmCoo();
  Unique.Tensors[1].Levels = {C, LevelFormat::Singleton};
  ASSERT_TRUE(Unique.validate());
  EXPECT_NE(Unique.validate()->Message.find("non-unique"), std::string::npos);
}

TEST(ScheduleTest, ATemporaryOverCooRowsIsNotReadOncePerPosition) {
  // A(i,m) = B(i,j) E(j,l) F(l,m), B in COO, i with an extent: a temporary
  // over (i,l) read by a consumer walking B's positions would add each row
  // once per nonzero in it. Every schedule keeps B in both sides.
  Kernel K;
  K.Tensors = {
      dense2("A"),
      {"B", {LevelFormat::CompressedNonUnique, LevelFormat::Singleton}},
      dense2("E"),
      dense2("F")};
  K.Indices = {{"i", "N"}, {"j", "M"}, {"l", "L"}, {"m", "Q"}};
  K.Stmt = {{"A", {"i", "m"}},
            true,
            {{"B", {"i", "j"}}, {"E", {"j", "l"}}, {"F", {"l", "m"}}}};
  K.Loops = {compressed("i", "B", 0), compressed("j", "B", 1), dense("l"),
             dense("m")};
  ASSERT_FALSE(K.validate());
  // Every statement under a loop over B's positions reads B.
  std::function<void(const BranchedGraph &, bool)> Check =
      [&](const BranchedGraph &G, bool UnderB) {
        for (const Loop &L : G.Loops)
          UnderB = UnderB || L.Driver == "B";
        if (G.Statement) {
          bool ReadsB = std::any_of(
              G.Statement->Factors.begin(), G.Statement->Factors.end(),
              [](const Access &F) { return F.Tensor == "B"; });
          EXPECT_TRUE(!UnderB || ReadsB) << toString(G);
        }
        for (const BranchedGraph &B : G.Branches)
          Check(B, UnderB);
      };
  std::vector<Alternative> All = searchSchedules(K, 2, 4096);
  EXPECT_FALSE(All.empty());
  for (const Alternative &A : All)
    Check(A.Graph, false);
}

TEST(ScheduleTest, CoiterationIsARefusal) {
  // A(i,l) = B(i,j) G(i,j) E(j,l), B and G both CSR: j would have to run
  // over the intersection of two compressed levels.
  Kernel K;
  K.Tensors = {dense2("A"), {"B", {D, C}}, {"G", {D, C}}, dense2("E")};
  K.Indices = {{"i", "N"}, {"j", ""}, {"l", "L"}};
  K.Stmt = {{"A", {"i", "l"}},
            true,
            {{"B", {"i", "j"}}, {"G", {"i", "j"}}, {"E", {"j", "l"}}}};
  K.Loops = {dense("i"), compressed("j", "B", 1), dense("l")};
  OrRefusal<Schedule> S = chooseSchedule(K);
  ASSERT_FALSE(S);
  EXPECT_EQ(S.refusal().Name, "lnr-unsupported-coiteration");
}

TEST(ScheduleTest, NothingToGainIsARefusal) {
  // SpMV: no split removes a loop.
  Kernel K;
  K.Tensors = {{"y", {D}}, {"B", {D, C}}, {"x", {D}}};
  K.Indices = {{"i", "N"}, {"j", "M"}};
  K.Stmt = {{"y", {"i"}}, true, {{"B", {"i", "j"}}, {"x", {"j"}}}};
  K.Loops = {dense("i"), compressed("j", "B", 1)};
  OrRefusal<Schedule> S = chooseSchedule(K);
  ASSERT_FALSE(S);
  EXPECT_EQ(S.refusal().Name, "lnr-no-gain");
}

TEST(ScheduleTest, DirectivesAreCheckedAndExplained) {
  Kernel K = sddmmSpmm();

  OrRefusal<Schedule> Ok =
      applyDirective(K, " reorder(i, j, l, k) ; loopfuse(1)");
  ASSERT_TRUE(Ok) << Ok.refusal().Message;
  EXPECT_EQ(indicesOf(Ok->Order),
            (std::vector<std::string>{"i", "j", "l", "k"}));

  for (const char *Bad :
       {"reorder(j,i,k,l);loopfuse(1)", "reorder(i,j,k);loopfuse(1)",
        "reorder(i,j,k,x);loopfuse(1)", "loopfuse(0)", "loopfuse(x)",
        "split(2)", "reorder(i,j,k,l)", "loopfuse(1"}) {
    OrRefusal<Schedule> S = applyDirective(K, Bad);
    ASSERT_FALSE(S) << Bad;
    EXPECT_EQ(S.refusal().Name, "lnr-invalid-schedule") << Bad;
  }
}

/// <SpMM, GEMM> with every extent known (TACO's dimensions), B CSR.
Kernel spmmGemmWithExtents() {
  Kernel K;
  K.Tensors = {dense2("A"), {"B", {D, C}}, dense2("C"), dense2("D")};
  K.Indices = {{"i", "N"}, {"j", "M"}, {"k", "K"}, {"l", "L"}};
  K.Stmt = {{"A", {"i", "l"}},
            true,
            {{"B", {"i", "j"}}, {"C", {"j", "k"}}, {"D", {"k", "l"}}}};
  K.Loops = {dense("i"), compressed("j", "B", 1), dense("k"), dense("l")};
  return K;
}

TEST(ScheduleTest, PlansAreAppliedAsWritten) {
  // Re-associated: t(j,l) = C(j,k) D(k,l) for every j, a full temporary,
  // then A(i,l) += B(i,j) t(j,l).
  Kernel K = spmmGemmWithExtents();
  OrRefusal<Schedule> Full = applyDirective(K, "{C,D}{B}!");
  ASSERT_TRUE(Full) << Full.refusal().Message;
  EXPECT_FALSE(Full->Plan.Fuse);
  EXPECT_TRUE(Full->Graph.Loops.empty());
  EXPECT_EQ(Full->Graph.Temp->Indices, (std::vector<std::string>{"j", "l"}));
  EXPECT_FALSE(Full->Graph.Temp->Positions);
  EXPECT_EQ(Full->describe(K),
            "split {C,D}{B}!, no loop shared, temporary dense t(j,l)");
  EXPECT_EQ(Full->Estimate.toString(), "O(nnz(B_ij)*L+K*L*M)");
  // The producer iterates j densely: it does not read B.
  EXPECT_FALSE(Full->Graph.producer().Loops.front().isCompressed());
  EXPECT_TRUE(Full->Graph.consumer().Loops[1].isCompressed());

  // Spaces are allowed; the paper's association, fused.
  OrRefusal<Schedule> Fused = applyDirective(K, " { B , C } { D } ");
  ASSERT_TRUE(Fused) << Fused.refusal().Message;
  EXPECT_EQ(Fused->describe(K),
            "split {B,C}{D}, shared (i), temporary dense t(k)");

  // With a reorder first.
  OrRefusal<Schedule> Ordered = applyDirective(K, "reorder(i,j,l,k); {B,C}{D}");
  ASSERT_TRUE(Ordered) << Ordered.refusal().Message;
  EXPECT_EQ(indicesOf(Ordered->Order),
            (std::vector<std::string>{"i", "j", "l", "k"}));
}

TEST(ScheduleTest, SchedulesNoneBeatsAsymptoticallyAreAllKept) {
  // Fused, nnz(B)*K + N*K*L, and re-associated, M*K*L + nnz(B)*L: each is
  // cheaper for some sizes, so the search keeps both (the run-time choice
  // between them needs the second). Only what another schedule beats for
  // every size is left out.
  Kernel K = spmmGemmWithExtents();
  std::vector<Schedule> All = enumerateSchedules(K);
  std::set<std::string> Costs;
  for (const Schedule &S : All) {
    Costs.insert(S.Estimate.toString());
    for (const Schedule &O : All)
      EXPECT_FALSE(asymptoticallyCheaper(O.Estimate, S.Estimate))
          << O.describe(K) << " beats " << S.describe(K);
  }
  EXPECT_EQ(Costs, (std::set<std::string>{"O(nnz(B_ij)*K+K*L*N)",
                                          "O(nnz(B_ij)*L+K*L*M)"}));
  EXPECT_EQ(All.front().describe(K),
            "split {B,C}{D}, shared (i), temporary dense t(k)");
}

/// "4*nnz(B_ij)*L" for comparing work terms.
std::set<std::string> workTerms(const Schedule &S, const Kernel &K) {
  std::set<std::string> Out;
  for (const WorkTerm &T : workOf(S.Graph, K)) {
    std::string Text = std::to_string(static_cast<int>(T.Weight));
    for (const std::string &Symbol : T.Symbols)
      Text += "*" + Symbol;
    Out.insert(Text);
  }
  return Out;
}

TEST(ScheduleTest, WorkWeighsGathersAndWholeTemporaries) {
  Kernel K = spmmGemmWithExtents();
  // Fused: t(k) zeroed per row, B(i,j) * C(j,k) gathers C's row j, the
  // consumer streams.
  OrRefusal<Schedule> Fused = applyDirective(K, "{B,C}{D}");
  ASSERT_TRUE(Fused) << Fused.refusal().Message;
  EXPECT_EQ(workTerms(*Fused, K),
            (std::set<std::string>{"1*K*N", "5*nnz(B_ij)*K", "1*K*L*N"}));
  // Re-associated: t(j,l) allocated whole (weight 4 per element), filled
  // by a dense GEMM, then gathered by row j.
  OrRefusal<Schedule> Full = applyDirective(K, "{C,D}{B}!");
  ASSERT_TRUE(Full) << Full.refusal().Message;
  EXPECT_EQ(workTerms(*Full, K),
            (std::set<std::string>{"4*L*M", "1*K*L*M", "5*nnz(B_ij)*L"}));
  // <SDDMM, SpMM> at B's positions: t(i,j) read where the loop walks B, E
  // gathered.
  Kernel S = sddmmSpmm();
  OrRefusal<Schedule> Positions = applyDirective(S, "{B,C,D}{E}!");
  ASSERT_TRUE(Positions) << Positions.refusal().Message;
  EXPECT_EQ(
      workTerms(*Positions, S),
      (std::set<std::string>{"4*nnz(B_ij)", "5*nnz(B_ij)*K", "5*nnz(B_ij)*L"}));
}

TEST(ScheduleTest, SddmmSpmmAsTwoKernelsStoresTheTemporaryAtBsPositions) {
  // SDDMM into t(i,j) at B's positions, then SpMM reads it.
  Kernel K = sddmmSpmm();
  OrRefusal<Schedule> S = applyDirective(K, "{B,C,D}{E}!");
  ASSERT_TRUE(S) << S.refusal().Message;
  EXPECT_TRUE(S->Graph.Loops.empty());
  ASSERT_TRUE(S->Graph.Temp->Positions);
  EXPECT_EQ(S->Graph.Temp->Positions->Tensor, "B");
  EXPECT_EQ(S->Graph.Temp->Positions->Levels, 2u);
  EXPECT_EQ(S->Graph.Temp->Indices, (std::vector<std::string>{"i", "j"}));
  EXPECT_EQ(S->Estimate.toString(), "O(nnz(B_ij)*(K+L))");
  EXPECT_EQ(S->describe(K), "split {B,C,D}{E}!, no loop shared, temporary "
                            "t(i,j) at the positions of B");
}

TEST(ScheduleTest, EveryPlanTheSearchPrintsReadsBack) {
  // What --explain prints, given back to --schedule, is the same schedule
  // (nested plans, "t'" and '!' included).
  Kernel SddmmSpmmGemm;
  SddmmSpmmGemm.Tensors = {dense2("A"), {"B", {D, C}}, dense2("C"),
                           dense2("D"), dense2("F"),   dense2("W")};
  SddmmSpmmGemm.Indices = {
      {"i", "N"}, {"j", ""}, {"k", "K"}, {"l", "L"}, {"m", "M"}};
  SddmmSpmmGemm.Stmt = {{"A", {"i", "m"}},
                        true,
                        {{"B", {"i", "j"}},
                         {"C", {"i", "k"}},
                         {"D", {"j", "k"}},
                         {"F", {"j", "l"}},
                         {"W", {"l", "m"}}}};
  SddmmSpmmGemm.Loops = {dense("i"), compressed("j", "B", 1), dense("k"),
                         dense("l"), dense("m")};
  unsigned Nested = 0, Unfused = 0;
  for (const Kernel &K : {sddmmSpmm(), spmmGemmWithExtents(), SddmmSpmmGemm}) {
    std::vector<Alternative> All = searchSchedules(K, 3, 20000);
    ASSERT_FALSE(All.empty());
    for (const Alternative &A : All) {
      std::string Plan = A.Plan->toString(K.Stmt);
      Nested += Plan.find("{{") != std::string::npos ||
                Plan.find("}}") != std::string::npos;
      Unfused += !A.Plan->Fuse;
      OrRefusal<Schedule> Again = applyDirective(K, Plan);
      ASSERT_TRUE(Again) << Plan << ": " << Again.refusal().Message;
      EXPECT_EQ(Again->Plan.toString(K.Stmt), Plan);
      // Several graphs may share a printed plan (reordered or not); the one
      // read back is never worse than the one printed.
      EXPECT_FALSE(asymptoticallyCheaper(costOf(A.Graph, K), Again->Estimate))
          << Plan;
    }
    // The best schedule reads back as itself.
    OrRefusal<Schedule> Best = chooseSchedule(K);
    ASSERT_TRUE(Best);
    OrRefusal<Schedule> Again = applyDirective(K, Best->Plan.toString(K.Stmt));
    ASSERT_TRUE(Again);
    EXPECT_EQ(toString(Again->Graph), toString(Best->Graph));
  }
  EXPECT_GT(Nested, 0u);
  EXPECT_GT(Unfused, 0u);
}

TEST(ScheduleTest, MalformedPlansAreRefused) {
  Kernel K = sddmmSpmm();
  for (const char *Bad :
       {"{B,C,D}", "{B,C,D}{E", "{B,C,D}{E}}", "{B,C,D}{E}!!", "{}{E}",
        "{B,C,D}{}", "{B,C,D,E}{E}", "{B,C}{E}", "{B,C,D}{E,C}", "{X,C,D}{E}",
        "{B,,C}{D,E}", "{B,C,D}{E};{B}{C,D,E}", "{B,C,D}{E};loopfuse(1)",
        "{B,C}{{D}{E}}", "{B,C}{{t',t'}{D,E}}", "{B,C,D}{E} x"}) {
    OrRefusal<Schedule> S = applyDirective(K, Bad);
    ASSERT_FALSE(S) << Bad;
    EXPECT_EQ(S.refusal().Name, "lnr-invalid-schedule")
        << Bad << ": " << S.refusal().Message;
  }
  // Well formed, but the split gains nothing: the split's own refusal.
  OrRefusal<Schedule> S = applyDirective(K, "{B,C}{D,E}");
  ASSERT_FALSE(S);
  EXPECT_EQ(S.refusal().Name, "lnr-no-gain");
}

TEST(ScheduleTest, PositionsArePreferredToADenseTemporaryTheConsumerWalks) {
  // With j's extent known (TACO's dimensions), t(i,j) could be dense N x M;
  // at B's positions it holds nnz(B) elements, and the consumer walks them.
  Kernel K = sddmmSpmm();
  K.Indices[1].Extent = "M";
  OrRefusal<Schedule> S = applyDirective(K, "{B,C,D}{E}!");
  ASSERT_TRUE(S) << S.refusal().Message;
  ASSERT_TRUE(S->Graph.Temp->Positions);
  EXPECT_EQ(S->Graph.Temp->Positions->Tensor, "B");
  EXPECT_EQ(S->Estimate.toString(), "O(nnz(B_ij)*(K+L))");
  // A temporary over dense indices only stays dense.
  OrRefusal<Schedule> Dense =
      applyDirective(spmmGemmWithExtents(), "{C,D}{B}!");
  ASSERT_TRUE(Dense);
  EXPECT_FALSE(Dense->Graph.Temp->Positions);
}

} // namespace

TEST(ScheduleTest, KernelsDifferingInAnyFieldHaveDifferentKeys) {
  const Kernel Base = sddmmSpmm();
  std::vector<std::pair<std::string, std::function<void(Kernel &)>>> Changes = {
      {"tensor name", [](Kernel &K) { K.Tensors[4].Name = "F"; }},
      {"level format", [](Kernel &K) { K.Tensors[0].Levels[1] = C; }},
      {"pattern source",
       [](Kernel &K) {
         K.Tensors[0].SameNonzerosAs = PatternSource{"B", 2};
       }},
      {"index name", [](Kernel &K) { K.Indices[3].Name = "m"; }},
      {"extent", [](Kernel &K) { K.Indices[3].Extent = "M"; }},
      {"unknown extent", [](Kernel &K) { K.Indices[3].Extent = ""; }},
      {"lhs",
       [](Kernel &K) {
         K.Stmt.Lhs.Indices = {"l", "i"};
       }},
      {"assignment", [](Kernel &K) { K.Stmt.Accumulate = false; }},
      {"factor order",
       [](Kernel &K) { std::swap(K.Stmt.Factors[2], K.Stmt.Factors[3]); }},
      {"factor indices",
       [](Kernel &K) {
         K.Stmt.Factors[2].Indices = {"k", "j"};
       }},
      {"loop order", [](Kernel &K) { std::swap(K.Loops[2], K.Loops[3]); }},
      {"loop driver", [](Kernel &K) { K.Loops[1].DriverLevel = 0; }},
      // Names that run together must not make equal keys.
      {"split names", [](Kernel &K) {
         K.Tensors[3].Name = "DE";
         K.Tensors[4].Name = "";
       }}};
  std::set<std::string> Keys{identityKey(Base)};
  for (auto &[What, Change] : Changes) {
    Kernel K = Base;
    Change(K);
    EXPECT_TRUE(Keys.insert(identityKey(K)).second) << What;
  }
  EXPECT_EQ(identityKey(Base), identityKey(sddmmSpmm()));
}

TEST(ScheduleTest, TheCacheSearchesEachDistinctKernelOnce) {
  ScheduleCache Cache{SchedulerOptions{}};
  const std::vector<Schedule> &First = Cache.enumerate(sddmmSpmm());
  const std::vector<Schedule> &Again = Cache.enumerate(sddmmSpmm());
  EXPECT_EQ(&First, &Again); // the same entry, not a second search
  std::vector<Schedule> Direct = enumerateSchedules(sddmmSpmm());
  ASSERT_EQ(First.size(), Direct.size());
  for (size_t I = 0; I < Direct.size(); ++I)
    EXPECT_EQ(toString(First[I].Graph), toString(Direct[I].Graph));
  Kernel Renamed = sddmmSpmm();
  Renamed.Tensors[4].Name = "F";
  Renamed.Stmt.Factors[3].Tensor = "F";
  const std::vector<Schedule> &Other = Cache.enumerate(Renamed);
  EXPECT_NE(&First, &Other);
  ASSERT_FALSE(Other.empty());
  EXPECT_NE(toString(Other.front().Graph).find("F("), std::string::npos);
}

using Renaming = std::function<void(std::string &)>;

/// K with every tensor and index renamed, and every extent.
Kernel renamedEverywhere(Kernel K, const Renaming &Tensor,
                         const Renaming &Index) {
  for (ir::Tensor &T : K.Tensors)
    Tensor(T.Name);
  for (IndexVar &I : K.Indices) {
    Index(I.Name);
    if (!I.Extent.empty())
      I.Extent = "(" + I.Extent + "_rows)";
  }
  std::vector<Access *> Accesses{&K.Stmt.Lhs};
  for (Access &F : K.Stmt.Factors)
    Accesses.push_back(&F);
  for (Access *A : Accesses) {
    Tensor(A->Tensor);
    for (std::string &I : A->Indices)
      Index(I);
  }
  for (Loop &L : K.Loops) {
    Index(L.Index);
    if (!L.Driver.empty())
      Tensor(L.Driver);
  }
  return K;
}

/// Longer names, sorted as K's are ("z_B_vals", "ii0").
Kernel renamedEverywhere(Kernel K) {
  return renamedEverywhere(
      std::move(K), [](std::string &N) { N = "z_" + N + "_vals"; },
      [](std::string &N) { N = N + N + "0"; });
}

/// Letters sorted the other way round (A..E as Z..V, i..l as r..o).
Kernel renamedBackwards(Kernel K) {
  return renamedEverywhere(
      std::move(K),
      [](std::string &N) { N = std::string(1, 'Z' - (N[0] - 'A')); },
      [](std::string &N) { N = std::string(1, 'z' - (N[0] - 'a') - 8); });
}

TEST(ScheduleTest, ACostIsBoundedWhateverItsSymbolsAreCalled) {
  // I*J against nnz(X_ij)*nnz(C_ik), with I and J at most nnz(X_ij) and I
  // at most nnz(C_ik): I must take nnz(C_ik), J nnz(X_ij). A first fit in
  // the order the names sort in takes nnz(X_ij) for I when X sorts first.
  for (const std::string Tensor : {"B", "X"}) {
    std::string Rows = "nnz(" + Tensor + "_ij)", Other = "nnz(C_ik)";
    SymbolOrder Order{{"I", Rows}, {"J", Rows}, {"I", Other}};
    Cost Small{{{"I", "J"}}, Order};
    Monomial Large{Rows, Other};
    std::sort(Large.begin(), Large.end());
    Cost Big{{Large}, Order};
    EXPECT_FALSE(mayCostMore(Small, Big)) << Tensor;
    EXPECT_TRUE(asymptoticallyCheaper(Small, Big)) << Tensor;
  }
}

TEST(ScheduleTest, TheCacheSearchesEachShapeOnce) {
  ScheduleCache Cache{SchedulerOptions{}};
  Cache.enumerate(sddmmSpmm());
  ASSERT_EQ(Cache.searches(), 1u);
  // The same kernel under other names, sorted as its names or the other
  // way round: the plans found are applied to its names, and give what a
  // search of it gives.
  for (const Kernel &Renamed :
       {renamedEverywhere(sddmmSpmm()), renamedBackwards(sddmmSpmm())}) {
    EXPECT_EQ(shapeKey(Renamed), shapeKey(sddmmSpmm()));
    EXPECT_NE(identityKey(Renamed), identityKey(sddmmSpmm()));
    const std::vector<Schedule> &Reapplied = Cache.enumerate(Renamed);
    EXPECT_EQ(Cache.searches(), 1u);
    std::vector<Schedule> Searched = enumerateSchedules(Renamed);
    ASSERT_EQ(Reapplied.size(), Searched.size());
    ASSERT_FALSE(Searched.empty());
    for (size_t I = 0; I < Searched.size(); ++I) {
      const Schedule &R = Reapplied[I], &S = Searched[I];
      EXPECT_EQ(toString(R.Graph), toString(S.Graph));
      EXPECT_EQ(R.describe(Renamed), S.describe(Renamed));
      EXPECT_EQ(R.Estimate.toString(), S.Estimate.toString());
      EXPECT_EQ(R.Value, S.Value);
      EXPECT_EQ(R.TemporarySize, S.TemporarySize);
      EXPECT_EQ(R.StridedAccesses, S.StridedAccesses);
      EXPECT_EQ(R.ParallelOuter, S.ParallelOuter);
    }
    EXPECT_NE(toString(Reapplied.front().Graph).find(Renamed.Tensors[4].Name),
              std::string::npos);
  }
  // With other loops shared, another shape: searched again.
  Cache.enumerate(renamedEverywhere(sddmmSpmm()), std::set<std::string>{"ll0"});
  EXPECT_EQ(Cache.searches(), 2u);
  // Known sizes are by name: a kernel under other names is searched.
  SchedulerOptions Sized;
  Sized.Sizes.Known["K"] = 4;
  ScheduleCache ByName{Sized};
  ByName.enumerate(sddmmSpmm());
  ByName.enumerate(renamedEverywhere(sddmmSpmm()));
  EXPECT_EQ(ByName.searches(), 2u);
}

TEST(ScheduleTest, AShapeTellsApartWhatTheSearchTellsApart) {
  Kernel Base = sddmmSpmm();
  std::set<std::string> Shapes{shapeKey(Base)};
  Kernel SameExtents = Base; // K and L one size: their costs add up
  SameExtents.Indices[3].Extent = "K";
  Kernel Reordered = Base;
  std::swap(Reordered.Loops[2], Reordered.Loops[3]);
  Kernel OtherFactor = Base; // C(i,k) read as C(k,i)
  std::swap(OtherFactor.Stmt.Factors[1].Indices[0],
            OtherFactor.Stmt.Factors[1].Indices[1]);
  for (const Kernel *K : {&SameExtents, &Reordered, &OtherFactor})
    EXPECT_TRUE(Shapes.insert(shapeKey(*K)).second);
  EXPECT_NE(shapeKey(Base, std::set<std::string>{"i"}), shapeKey(Base));
  EXPECT_EQ(shapeKey(Base, std::set<std::string>{"i"}),
            shapeKey(renamedEverywhere(Base), std::set<std::string>{"ii0"}));
}
