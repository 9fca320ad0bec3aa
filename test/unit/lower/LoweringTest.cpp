//===- LoweringTest.cpp - Branched graph -> loop tree, without Clang ------===//
//
// The SDDMM + SpMM nest (NestBuilders.h) and an SpMM + GEMM nest, scheduled
// by the search and lowered: the tree's loops, their directives, the
// temporaries, and what each pass adds (prefetches, partial sums, unroll
// and jam, the producer's guard), and what each option removes.
//
//===----------------------------------------------------------------------===//

#include "rewrite/lower/Lowering.h"
#include "rewrite/lower/Printer.h"
#include "rewrite/lower/Sketch.h"

#include "analysis/ir/Schedule.h"

#include "NestBuilders.h"

#include <gtest/gtest.h>

using namespace lnr;
using namespace lnr::lower;
using namespace lnr::lower::test;

namespace {

LoweredNest lowered(const ir::Kernel &K, const NestSource &S,
                    const LowerOptions &Opts = {}) {
  OrRefusal<ir::Schedule> Chosen = ir::chooseSchedule(K);
  EXPECT_TRUE(Chosen) << Chosen.refusal().Message;
  OrRefusal<LoweredNest> Out = lowerNest(Chosen->Graph, K, S, Opts, NestFacts(),
                                         NamePicker(S.IsNameTaken));
  EXPECT_TRUE(Out) << Out.refusal().Message;
  return Out ? *Out : LoweredNest();
}

std::vector<const Node *> find(const Nodes &Tree,
                               const std::function<bool(const Node &)> &P) {
  std::vector<const Node *> Out;
  forEach(Tree, [&](const Node &N) {
    if (P(N))
      Out.push_back(&N);
  });
  return Out;
}

const Node *loopOver(const Nodes &Tree, const std::string &Index) {
  std::vector<const Node *> L =
      find(Tree, [&](const Node &N) { return N.isLoop() && N.Index == Index; });
  return L.empty() ? nullptr : L.front();
}

bool hasStatement(const Nodes &Tree, const std::string &Text) {
  return !find(Tree, [&](const Node &N) {
            return N.K == Node::Kind::Statement && N.Text.str() == Text;
          }).empty();
}

} // namespace

TEST(LoweringTest, OuterLoopIsParallelWhereRowsWriteApart) {
  LoweredNest N = lowered(sddmmSpmm(), sddmmSpmmSource());
  ASSERT_EQ(N.Tree.size(), 1u);
  ASSERT_EQ(N.Tree.front().Body.size(), 1u);
  const Node &I = N.Tree.front().Body.front();
  EXPECT_EQ(I.Index, "i");
  EXPECT_EQ(I.runs(), Execution::ParallelFor);
  EXPECT_EQ(I.Directive.line(),
            "#pragma omp parallel for schedule(dynamic, 64)");
  EXPECT_TRUE(N.Parallel);
  EXPECT_NE(N.ParallelNote.find("parallel over 'i'"), std::string::npos);
}

TEST(LoweringTest, NoOpenMPNoDirective) {
  LowerOptions Opts;
  Opts.OpenMP = false;
  LoweredNest N = lowered(sddmmSpmm(), sddmmSpmmSource(), Opts);
  EXPECT_FALSE(N.Parallel);
  EXPECT_EQ(N.ParallelNote, "OpenMP disabled by --no-openmp");
  EXPECT_TRUE(
      find(N.Tree, [](const Node &X) { return !X.Directive.empty(); }).empty());
}

TEST(LoweringTest, SharedRowsAreNotParallel) {
  NestSource S = sddmmSpmmSource();
  S.DisjointOutputIndices = {"l"};
  LoweredNest N = lowered(sddmmSpmm(), S);
  EXPECT_FALSE(N.Parallel);
  EXPECT_EQ(N.Tree.front().runs(), Execution::Serial);
  EXPECT_NE(N.ParallelNote.find("different 'i' may write the same elements"),
            std::string::npos);
}

TEST(LoweringTest, CompressedLoopLoadsItsCoordinateFirst) {
  LoweredNest N = lowered(sddmmSpmm(), sddmmSpmmSource());
  const Node *J = loopOver(N.Tree, "j");
  ASSERT_NE(J, nullptr);
  EXPECT_TRUE(J->Compressed);
  ASSERT_FALSE(J->Body.empty());
  EXPECT_EQ(J->Body.front().Text.str(), "int j = colidx[p];");
}

TEST(LoweringTest, PrefetchesTheNextNonzerosRows) {
  LoweredNest N = lowered(sddmmSpmm(), sddmmSpmmSource());
  const Node *J = loopOver(N.Tree, "j");
  ASSERT_NE(J, nullptr);
  ASSERT_GE(J->Body.size(), 4u);
  EXPECT_EQ(J->Body[1].Text.str(), "#ifdef __GNUC__");
  EXPECT_EQ(J->Body[2].Text.str(), "p + 1 < rowptr[i + 1]");
  EXPECT_EQ(J->Body[3].Text.str(), "#endif");
  EXPECT_TRUE(
      hasStatement(J->Body, "__builtin_prefetch(&D[colidx[p + 1] * K + pf]);"));
  EXPECT_TRUE(
      hasStatement(J->Body, "__builtin_prefetch(&E[colidx[p + 1] * L + pf]);"));

  LowerOptions Opts;
  Opts.Prefetch = false;
  LoweredNest Without = lowered(sddmmSpmm(), sddmmSpmmSource(), Opts);
  EXPECT_TRUE(find(Without.Tree, [](const Node &X) {
                return X.K == Node::Kind::Directive;
              }).empty());
}

TEST(LoweringTest, DotProductInEightPartialSums) {
  LoweredNest N = lowered(sddmmSpmm(), sddmmSpmmSource());
  std::vector<const Node *> Lanes = find(N.Tree, [](const Node &X) {
    return X.isLoop() && X.Header.Condition.str() == "k_lane < 8";
  });
  ASSERT_EQ(Lanes.size(), 1u);
  EXPECT_EQ(Lanes.front()->runs(), Execution::Simd);
  EXPECT_TRUE(hasStatement(
      N.Tree, "t_part[k_lane] += vals[p] * C[i * K + (k + k_lane)] * "
              "D[j * K + (k + k_lane)];"));

  LowerOptions Opts;
  Opts.SplitReductions = false;
  LoweredNest Plain = lowered(sddmmSpmm(), sddmmSpmmSource(), Opts);
  const Node *K = loopOver(Plain.Tree, "k");
  ASSERT_NE(K, nullptr);
  EXPECT_EQ(K->Directive.line(), "#pragma omp simd reduction(+ : t)");
  // The nonzero's value, which does not move with k, read once before it.
  EXPECT_TRUE(
      hasStatement(K->Body, "t += B_val * C[i * K + k] * D[j * K + k];"))
      << print(Plain.Tree);
  EXPECT_FALSE(find(Plain.Tree, [](const Node &X) {
                 return X.K == Node::Kind::Declaration &&
                        X.Decl.Name == "B_val" &&
                        X.Decl.Init.str() == "vals[p]";
               }).empty());
}

TEST(LoweringTest, ConsumerSkippedWhereTheProducerRanNothing) {
  LoweredNest N = lowered(sddmmSpmm(), sddmmSpmmSource());
  std::vector<const Node *> Guards = find(N.Tree, [](const Node &X) {
    return X.K == Node::Kind::If && X.Text.str() == "K > 0";
  });
  ASSERT_EQ(Guards.size(), 1u);
  const Node *L = loopOver(Guards.front()->Body, "l");
  ASSERT_NE(L, nullptr);
  EXPECT_TRUE(hasStatement(L->Body, "A[i * L + l] += t * E[j * L + l];"));
}

TEST(LoweringTest, GemmConsumerUnrolledAndJammed) {
  LoweredNest N = lowered(spmmGemm(), spmmGemmSource());
  std::vector<const Node *> ByFour = find(N.Tree, [](const Node &X) {
    return X.isLoop() && X.Header.Condition.str() == "k + 3 < K";
  });
  ASSERT_EQ(ByFour.size(), 1u);
  // The vector temporary is per thread: malloc'd in a parallel region.
  EXPECT_TRUE(N.Allocates);
  EXPECT_NE(print(N.Tree).find("t[k + 3] * D[(k + 3) * L + l]"),
            std::string::npos)
      << print(N.Tree);

  LowerOptions Opts;
  Opts.UnrollJam = false;
  LoweredNest Plain = lowered(spmmGemm(), spmmGemmSource(), Opts);
  EXPECT_TRUE(find(Plain.Tree, [](const Node &X) {
                return X.isLoop() && X.Header.Condition.str() == "k + 3 < K";
              }).empty());
}

// With L == 0 the original runs no statement and reads no operand; the
// producer t = vals * C * D sits outside the loop over l, so the tree runs
// only when every loop that does not enclose every statement runs: both
// for SDDMM-SpMM, only l for SpMM-GEMM, whose producer is inside k.
TEST(LoweringTest, TreeRunsOnlyWhenTheLoopsOutsideAProducerRun) {
  LoweredNest N = lowered(sddmmSpmm(), sddmmSpmmSource());
  ASSERT_EQ(N.Tree.size(), 1u);
  EXPECT_EQ(N.Tree.front().K, Node::Kind::If);
  EXPECT_EQ(N.Tree.front().Text.str(), "K > 0 && L > 0");
  EXPECT_FALSE(N.Tree.front().HasElse);

  LoweredNest Producer = lowered(spmmGemm(), spmmGemmSource());
  ASSERT_EQ(Producer.Tree.size(), 1u);
  EXPECT_EQ(Producer.Tree.front().Text.str(), "L > 0") << print(Producer.Tree);
}

TEST(LoweringTest, VectorsAllocatedPerThreadWithAFlagForFailure) {
  LoweredNest N = lowered(spmmGemm(), spmmGemmSource());
  ASSERT_EQ(N.Tree.size(), 1u);
  ASSERT_EQ(N.Tree.front().Body.size(), 1u);
  const Node &Region = N.Tree.front().Body.front();
  EXPECT_EQ(Region.K, Node::Kind::Block);
  EXPECT_EQ(Region.Directive.line(), "#pragma omp parallel shared(allocated)");
  EXPECT_EQ(Region.Body.front().Decl.Name, "t");
  EXPECT_TRUE(Region.Body.front().Decl.Pointer);
  EXPECT_TRUE(hasStatement(Region.Body, "allocated = 0;"));
  const Node *I = loopOver(Region.Body, "i");
  ASSERT_NE(I, nullptr);
  EXPECT_EQ(I->runs(), Execution::WorkShared);
}

TEST(LoweringTest, NamesAvoidTheFilesIdentifiers) {
  NestSource S = sddmmSpmmSource();
  auto Taken = S.IsNameTaken;
  S.IsNameTaken = [Taken](const std::string &Name) {
    return Name == "t" || Taken(Name);
  };
  LoweredNest N = lowered(sddmmSpmm(), S);
  EXPECT_TRUE(hasStatement(N.Tree, "A[i * L + l] += t_1 * E[j * L + l];"))
      << print(N.Tree);
}

TEST(LoweringTest, SketchOutlinesTheTree) {
  LoweredNest N = lowered(sddmmSpmm(), sddmmSpmmSource());
  std::string S = sketch(N.Tree);
  EXPECT_EQ(S.substr(0, S.find('\n')), "if (K > 0 && L > 0)");
  EXPECT_NE(S.find("\n  parallel for i\n    for j (compressed)\n"
                   "      int j = colidx[p];\n"),
            std::string::npos)
      << S;
  EXPECT_NE(S.find("if (K > 0)\n"), std::string::npos) << S;
  EXPECT_NE(S.find("simd for l\n"), std::string::npos) << S;
}
