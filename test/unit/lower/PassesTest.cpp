//===- PassesTest.cpp - Each pass on a loop tree built by hand ------------===//
//
// The trees are written here as the lowering would write them for the
// SDDMM + SpMM nest (NestBuilders.h): the graph's loops in the file's
// headers (Node::Iterates), its statements (Node::Computes), the coordinate
// loads. Each pass is run alone, and what it must add, and what it must
// leave alone, is checked on the tree. The decision to share the outer
// loop among threads, made on the graph before it is lowered, is checked on
// graphs built by hand. Without Clang.
//
//===----------------------------------------------------------------------===//

#include "rewrite/lower/Context.h"
#include "rewrite/lower/Printer.h"
#include "rewrite/lower/passes/HoistValues.h"
#include "rewrite/lower/passes/MemberLocals.h"
#include "rewrite/lower/passes/Parallelize.h"
#include "rewrite/lower/passes/PartialSums.h"
#include "rewrite/lower/passes/Prefetch.h"
#include "rewrite/lower/passes/Simd.h"
#include "rewrite/lower/passes/UnrollJam.h"

#include "NestBuilders.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>

using namespace lnr;
using namespace lnr::lower;
using namespace lnr::lower::test;

namespace {

/// The nest's kernel and source, a Context over them, and shorthands for
/// the nodes the lowering writes.
class PassesTest : public ::testing::Test {
protected:
  ir::Kernel K = sddmmSpmm();
  NestSource S = sddmmSpmmSource();
  LowerOptions Opts;
  NestFacts Facts;
  std::unique_ptr<Context> C;
  /// t = 0; t += B(i,j) C(i,k) D(j,k); A(i,l) += t E(j,l); and the GEMM
  /// consumer A(i,l) += v(k) D(k,l) of a vector v.
  ir::Assignment Dot{{"t", {}},
                     true,
                     {{"B", {"i", "j"}}, {"C", {"i", "k"}}, {"D", {"j", "k"}}}};
  ir::Assignment Scale{{"A", {"i", "l"}}, true, {{"t", {}}, {"E", {"j", "l"}}}};
  ir::Assignment Gemm{
      {"A", {"i", "l"}}, true, {{"v", {"k"}}, {"D", {"k", "l"}}}};

  /// The context, made once the test has set the source and options.
  Context &context() {
    if (!C) {
      C = std::make_unique<Context>(K, S, Opts, Facts,
                                    NamePicker(S.IsNameTaken));
      C->CName = {{"t", "t"}, {"v", "v"}};
      C->Vectors = {{"v", {"k"}}};
    }
    return *C;
  }

  /// The SpMM + GEMM nest instead, before the context is made.
  void useSpmmGemm() {
    K = spmmGemm();
    S = spmmGemmSource();
  }

  /// The kernel's loop over Index, as the lowering writes it.
  Node loop(const std::string &Index, Nodes Body) {
    const ir::Loop &Over =
        *std::find_if(K.Loops.begin(), K.Loops.end(),
                      [&](const ir::Loop &X) { return X.Index == Index; });
    Node N =
        Node::loop(*context().loopHeader(Over.Index, &Over), std::move(Body));
    N.Index = Over.Index;
    N.Compressed = Over.isCompressed();
    N.Iterates = &Over;
    if (Over.isCompressed()) {
      N.Body.insert(N.Body.begin(),
                    Node::statement(code("int j = colidx[p];")));
      N.Body.front().For = Node::Purpose::CoordinateLoad;
    }
    return N;
  }

  Node computing(const ir::Assignment &A) {
    Node N = Node::statement(*context().statementText(A) + code(";"));
    N.Computes = &A;
    return N;
  }

  /// for i { for p { int j = colidx[p]; for k Dot; for l Scale } }
  Nodes sddmmSpmmTree() {
    return nodes(
        loop("i", nodes(loop("j", nodes(loop("k", nodes(computing(Dot))),
                                        loop("l", nodes(computing(Scale))))))));
  }
};

const Node *find(const Nodes &Tree,
                 const std::function<bool(const Node &)> &Wanted) {
  const Node *Found = nullptr;
  forEach(Tree, [&](const Node &N) {
    if (!Found && Wanted(N))
      Found = &N;
  });
  return Found;
}

const Node *loopOver(const Nodes &Tree, const std::string &Index) {
  return find(Tree,
              [&](const Node &N) { return N.isLoop() && N.Index == Index; });
}

bool has(const Nodes &Tree, const std::string &Text) {
  return print(Tree).find(Text) != std::string::npos;
}

} // namespace

TEST_F(PassesTest, PrefetchGoesAfterTheCoordinateLoad) {
  Nodes Tree = sddmmSpmmTree();
  prefetchNextRows(context(), Tree);
  const Node *P = loopOver(Tree, "j");
  ASSERT_NE(P, nullptr);
  ASSERT_EQ(P->Body.size(), 6u) << print(Tree);
  EXPECT_EQ(P->Body[0].Text.str(), "int j = colidx[p];");
  EXPECT_EQ(P->Body[1].Text.str(), "#ifdef __GNUC__");
  EXPECT_EQ(P->Body[2].K, Node::Kind::If);
  EXPECT_EQ(P->Body[2].Text.str(), "p + 1 < rowptr[i + 1]");
  EXPECT_EQ(P->Body[3].Text.str(), "#endif");
  // The rows of both dense inputs the next nonzero gathers, one loop per
  // extent, a cache line (8 doubles) apart.
  EXPECT_TRUE(has(P->Body[2].Body, "__builtin_prefetch(&D[colidx[p + 1] * K + "
                                   "pf]);"))
      << print(Tree);
  EXPECT_TRUE(has(P->Body[2].Body, "__builtin_prefetch(&E[colidx[p + 1] * L + "
                                   "pf]);"));
  EXPECT_TRUE(has(P->Body[2].Body, "pf += 8"));
}

TEST_F(PassesTest, PrefetchNeedsARowGatheredByTheCoordinate) {
  // C(i,k) is read at the row of i, not of the coordinate j.
  ir::Assignment RowOfI{{"t", {}}, true, {{"C", {"i", "k"}}}};
  Nodes Tree = nodes(loop("j", nodes(loop("k", nodes(computing(RowOfI))))));
  std::string Before = print(Tree);
  prefetchNextRows(context(), Tree);
  EXPECT_EQ(print(Tree), Before);
}

TEST_F(PassesTest, PrefetchFollowsTheValueType) {
  S.ValueType = "int"; // no cache-line step known: nothing prefetched
  Nodes Tree = sddmmSpmmTree();
  std::string Before = print(Tree);
  prefetchNextRows(context(), Tree);
  EXPECT_EQ(print(Tree), Before);
}

TEST_F(PassesTest, VectorizesInnermostLoopsWithIndependentIterations) {
  Nodes Tree = sddmmSpmmTree();
  vectorize(context(), Tree);
  // A reduction into the scalar temporary, and rows of the output proved
  // disjoint (DisjointOutputIndices has l).
  EXPECT_EQ(loopOver(Tree, "k")->Directive.line(),
            "#pragma omp simd reduction(+ : t)");
  EXPECT_EQ(loopOver(Tree, "l")->runs(), Execution::Simd);
  EXPECT_EQ(loopOver(Tree, "l")->Directive.line(), "#pragma omp simd");
  // Loops with loops of the graph below, and compressed ones, are not.
  EXPECT_EQ(loopOver(Tree, "i")->runs(), Execution::Serial);
  EXPECT_EQ(loopOver(Tree, "j")->runs(), Execution::Serial);
}

TEST_F(PassesTest, NoSimdWhereIterationsMayWriteTheSameElement) {
  S.DisjointOutputIndices = {"i"};
  Nodes Tree = sddmmSpmmTree();
  vectorize(context(), Tree);
  EXPECT_EQ(loopOver(Tree, "l")->runs(), Execution::Serial);
  EXPECT_TRUE(loopOver(Tree, "l")->Directive.empty());
}

TEST_F(PassesTest, NoSimdOnALoopAlreadyParallel) {
  Nodes Tree = nodes(loop("l", nodes(computing(Scale))));
  Tree.front().Directive = OmpDirective::parallelFor();
  vectorize(context(), Tree);
  EXPECT_EQ(Tree.front().Directive.line(), "#pragma omp parallel for");
}

TEST_F(PassesTest, HoistsTheNonzerosValueBeforeASimdLoop) {
  Nodes Tree = sddmmSpmmTree();
  Node &P = Tree.front().Body.front();
  P.Body[1].Directive = OmpDirective::simd(); // the loop over k
  hoistNonzeroValues(context(), Tree);
  ASSERT_EQ(P.Body.size(), 4u) << print(Tree);
  EXPECT_EQ(P.Body[1].K, Node::Kind::Declaration);
  EXPECT_EQ(P.Body[1].Decl.Name, "B_val");
  EXPECT_EQ(P.Body[1].Decl.Type.str(), "const double");
  EXPECT_EQ(P.Body[1].Decl.Init.str(), "vals[p]");
  EXPECT_EQ(P.Body[2].Body.front().Text.str(),
            "t += B_val * C[i * K + k] * D[j * K + k];");
  // The loop over l was not vectorized: its statement reads what it read.
  EXPECT_EQ(P.Body[3].Body.front().Text.str(),
            "A[i * L + l] += t * E[j * L + l];");
}

TEST_F(PassesTest, ConvertedFactorsAreMultipliedInTheProductsType) {
  // 'E[j] * vals[p] * C[k] * D[k]' with a long E and int vals, C, D: the
  // original multiplies every factor in long. The producer, which leaves E
  // out, converts each factor itself; the hoisted value is a long.
  S.Factors = factors(factorTexts(S), "int");
  S.Factors[3].Type = "long";
  for (size_t F = 0; F < 3; ++F)
    S.Factors[F].Converted = true;
  S.ValueType = S.ElementType = "long";
  EXPECT_EQ(context().statementText(Dot)->str(),
            "t += (long)vals[p] * (long)C[i * K + k] * (long)D[j * K + k]");
  EXPECT_EQ(context().statementText(Scale)->str(),
            "A[i * L + l] += t * E[j * L + l]");
  Nodes Tree = sddmmSpmmTree();
  Node &P = Tree.front().Body.front();
  P.Body[1].Directive = OmpDirective::simd(); // the loop over k
  hoistNonzeroValues(context(), Tree);
  ASSERT_EQ(P.Body.size(), 4u) << print(Tree);
  EXPECT_EQ(P.Body[1].Decl.Type.str(), "const long");
  EXPECT_EQ(P.Body[1].Decl.Init.str(), "vals[p]");
  EXPECT_EQ(P.Body[2].Body.front().Text.str(),
            "t += B_val * (long)C[i * K + k] * (long)D[j * K + k];");
}

TEST_F(PassesTest, ConvertedFactorsAreParenthesizedUnlessElements) {
  S.Factors[0].Text = "VAL(p)"; // a macro: its expansion may bind looser
  S.Factors[0].Converted = true;
  S.ValueType = "long";
  EXPECT_EQ(context().statementText(Dot)->str(),
            "t += (long)(VAL(p)) * C[i * K + k] * D[j * K + k]");
  C.reset();
  S.Factors[0].Text = "alpha"; // a name, as a number, needs none
  EXPECT_EQ(context().statementText(Dot)->str(),
            "t += (long)alpha * C[i * K + k] * D[j * K + k]");
}

TEST_F(PassesTest, HoistedNamesAreGivenBackWhenTheirLoopCloses) {
  // Two loops over the nonzeros, each around a vectorized loop: the second
  // declares the name the first gave back; a second vectorized loop in
  // the same loop needs another.
  Nodes Tree = nodes(loop("j", nodes(loop("k", nodes(computing(Dot))),
                                     loop("k", nodes(computing(Dot))))),
                     loop("j", nodes(loop("k", nodes(computing(Dot))))));
  forEach(Tree, [](Node &N) {
    if (N.Index == "k")
      N.Directive = OmpDirective::simd();
  });
  hoistNonzeroValues(context(), Tree);
  std::vector<std::string> Names;
  forEach(Tree, [&](const Node &N) {
    if (N.K == Node::Kind::Declaration)
      Names.push_back(N.Decl.Name);
  });
  EXPECT_EQ(Names, (std::vector<std::string>{"B_val", "B_val_1", "B_val"}));
}

TEST_F(PassesTest, NothingHoistedOutsideTheNonzerosLoop) {
  // Without the loop over the nonzeros open, vals[p] has no position.
  Nodes Tree = nodes(loop("k", nodes(computing(Dot))));
  Tree.front().Directive = OmpDirective::simd();
  std::string Before = print(Tree);
  hoistNonzeroValues(context(), Tree);
  EXPECT_EQ(print(Tree), Before);
}

TEST_F(PassesTest, DotProductIntoEightPartialSums) {
  Nodes Tree = sddmmSpmmTree();
  splitReductions(context(), Tree);
  Node &P = Tree.front().Body.front();
  ASSERT_EQ(P.Body[1].K, Node::Kind::Block) << print(Tree);
  const Node *Lanes = find(P.Body[1].Body, [](const Node &N) {
    return N.isLoop() && N.Header.Condition.str() == "k_lane < 8";
  });
  ASSERT_NE(Lanes, nullptr);
  EXPECT_EQ(Lanes->runs(), Execution::Simd);
  EXPECT_TRUE(has(P.Body[1].Body, "for (; k + 7 < K; k += 8)")) << print(Tree);
  EXPECT_NE(find(P.Body[1].Body,
                 [](const Node &N) {
                   return N.Text.str() ==
                          "t_part[k_lane] += vals[p] * C[i * K + (k + k_lane)] "
                          "* D[j * K + (k + k_lane)];";
                 }),
            nullptr)
      << print(Tree);
  // The remainder, then the partial sums added in pairs.
  EXPECT_TRUE(has(P.Body[1].Body, "for (; k < K; k++)"));
  EXPECT_TRUE(has(P.Body[1].Body, "t += ((t_part[0] + t_part[1]) + "));
  // The loop over l writes the output, not a scalar.
  EXPECT_TRUE(P.Body[2].isLoop());
}

TEST_F(PassesTest, NoPartialSumsOfAnAssignmentOrOfAParallelLoop) {
  Dot.Accumulate = false;
  Nodes Tree = nodes(loop("k", nodes(computing(Dot))));
  std::string Before = print(Tree);
  splitReductions(context(), Tree);
  EXPECT_EQ(print(Tree), Before);

  Dot.Accumulate = true;
  Nodes Shared = nodes(loop("k", nodes(computing(Dot))));
  Shared.front().Directive = OmpDirective::workShared();
  splitReductions(context(), Shared);
  EXPECT_TRUE(Shared.front().isLoop());
}

TEST_F(PassesTest, GemmConsumerUnrolledByFourAndJammed) {
  useSpmmGemm();
  Nodes Tree = nodes(loop("k", nodes(loop("l", nodes(computing(Gemm))))));
  unrollAndJam(context(), Tree);
  ASSERT_EQ(Tree.size(), 1u);
  ASSERT_EQ(Tree.front().K, Node::Kind::Block) << print(Tree);
  std::string Text = print(Tree);
  EXPECT_NE(Text.find("for (; k + 3 < K; k += 4)"), std::string::npos) << Text;
  EXPECT_NE(Text.find("v[k + 3] * D[(k + 3) * L + l]"), std::string::npos)
      << Text;
  // The remainder, one k at a time; each loop over l vectorized.
  EXPECT_NE(Text.find("for (; k < K; k++)"), std::string::npos) << Text;
  EXPECT_EQ(find(Tree,
                 [](const Node &N) {
                   return N.isLoop() && N.runs() == Execution::Simd;
                 })
                ->Directive.line(),
            "#pragma omp simd");
}

TEST_F(PassesTest, JamOnlyTheLoopsAroundTheStatementAlone) {
  useSpmmGemm();
  // Something else in the loop over k (a flag the producer sets) runs once
  // per k: the pair is left as it is.
  Nodes Tree = nodes(loop("k", nodes(loop("l", nodes(computing(Gemm))))));
  Tree.front().Body.insert(Tree.front().Body.begin(),
                           Node::statement(code("v_ran = 1;")));
  std::string Before = print(Tree);
  unrollAndJam(context(), Tree);
  EXPECT_EQ(print(Tree), Before);

  // Nor is a loop over k already shared among threads.
  Nodes Shared = nodes(loop("k", nodes(loop("l", nodes(computing(Gemm))))));
  Shared.front().Directive = OmpDirective::parallelFor();
  unrollAndJam(context(), Shared);
  EXPECT_TRUE(Shared.front().isLoop());
}

TEST_F(PassesTest, NoJamWhereFloatProductsWouldRoundFirst) {
  useSpmmGemm();
  S.ValueType = "float"; // into a double output
  Nodes Tree = nodes(loop("k", nodes(loop("l", nodes(computing(Gemm))))));
  unrollAndJam(context(), Tree);
  EXPECT_TRUE(Tree.front().isLoop());
}

namespace {

/// The SDDMM + SpMM nest's graph, linear, with a context for it.
class ParallelizeTest : public PassesTest {
protected:
  ir::BranchedGraph linear() {
    return ir::BranchedGraph::linear(K.Loops, K.Stmt);
  }
};

} // namespace

TEST_F(ParallelizeTest, RowsWrittenApartRunInParallel) {
  ParallelPlan Choice = planParallel(context(), linear(), false, false, "'A'");
  EXPECT_TRUE(Choice.Parallel);
  EXPECT_EQ(Choice.Note,
            "parallel over 'i': each iteration writes its own elements of 'A'");
}

TEST_F(ParallelizeTest, OutputRowsNotProvedApart) {
  S.DisjointOutputIndices = {"l"};
  ParallelPlan Choice = planParallel(context(), linear(), false, false, "'A'");
  EXPECT_FALSE(Choice.Parallel);
  EXPECT_EQ(Choice.Note, "not parallelized: different 'i' may write the same "
                         "elements of 'A'");
  // The file's own directive says they are: kept.
  Choice = planParallel(context(), linear(), true, false, "'A'");
  EXPECT_TRUE(Choice.Parallel);
  EXPECT_EQ(Choice.Note, "kept the existing OpenMP directive on 'i'");
}

TEST_F(ParallelizeTest, SharedTemporaryNotIndexedByTheOuterLoop) {
  // w(k) += B(i,j) D(j,k), w allocated once for every thread.
  context().CName["w"] = "w";
  context().Globals = {{"w", {"k"}}};
  ir::Assignment Fill{
      {"w", {"k"}}, true, {{"B", {"i", "j"}}, {"D", {"j", "k"}}}};
  ir::BranchedGraph G =
      ir::BranchedGraph::linear({K.Loops[0], K.Loops[1], K.Loops[2]}, Fill);
  ParallelPlan Choice = planParallel(context(), G, false, false, "'w'");
  EXPECT_FALSE(Choice.Parallel);
  EXPECT_EQ(Choice.Note, "not parallelized: different 'i' may write the same "
                         "elements of 'w'");
}

TEST_F(ParallelizeTest, CompressedOuterLoopOrAHeaderGccRejects) {
  ir::BranchedGraph G =
      ir::BranchedGraph::linear({K.Loops[1], K.Loops[2], K.Loops[3]}, K.Stmt);
  EXPECT_EQ(planParallel(context(), G, false, false, "'A'").Note,
            "not parallelized: the outer loop over 'j' is compressed");

  S.Loops[0].OmpCanonical = false; // 'for (i = 0; (i < n); i++)'
  ParallelPlan Choice = planParallel(context(), linear(), false, false, "'A'");
  EXPECT_FALSE(Choice.Parallel);
  EXPECT_NE(Choice.Note.find("gcc does not take the header of the loop over "
                             "'i' for OpenMP as written"),
            std::string::npos);
}

TEST_F(ParallelizeTest, NoOpenMPNoParallelLoop) {
  Opts.OpenMP = false;
  ParallelPlan Choice = planParallel(context(), linear(), false, false, "'A'");
  EXPECT_FALSE(Choice.Parallel);
  EXPECT_EQ(Choice.Note, "OpenMP disabled by --no-openmp");
}

TEST_F(ParallelizeTest, ThePlanCarriesTheDirectivesItIsWrittenWith) {
  S.OuterDeclared = {"j"};
  ParallelPlan Own = planParallel(context(), linear(), false, false, "'A'");
  EXPECT_TRUE(Own.Region.empty());
  EXPECT_EQ(Own.Loop.line(),
            "#pragma omp parallel for schedule(dynamic, 64) private(j)");
  // Temporaries allocated per thread: a region, its loop work-shared.
  ParallelPlan PerThread =
      planParallel(context(), linear(), false, true, "'A'");
  EXPECT_EQ(PerThread.Region.line(), "#pragma omp parallel private(j)");
  EXPECT_EQ(PerThread.Loop.line(), "#pragma omp for schedule(dynamic, 64)");
  // The file's directive, kept whole, or split around such temporaries.
  S.Pragma =
      KeptDirective{"#pragma omp parallel for num_threads(2) schedule(static)",
                    " num_threads(2)", " schedule(static)"};
  EXPECT_EQ(planParallel(context(), linear(), true, false, "'A'").Loop.line(),
            S.Pragma->Text);
  ParallelPlan Split = planParallel(context(), linear(), true, true, "'A'");
  EXPECT_EQ(Split.Region.line(), "#pragma omp parallel num_threads(2)");
  EXPECT_EQ(Split.Loop.line(), "#pragma omp for schedule(static)");
  // A plan that is not parallel writes no directive.
  Opts.OpenMP = false;
  C.reset();
  ParallelPlan Serial = planParallel(context(), linear(), false, true, "'A'");
  EXPECT_TRUE(Serial.Loop.empty() && Serial.Region.empty());
}

TEST_F(ParallelizeTest, ZeroingAndTheSearchAskTheSameQuestion) {
  // The output's first loop writes its own rows: the zeroing is shared
  // when the nest is, and the search counts a schedule beginning with it
  // (or with the loop over l, which writes apart too) as parallel.
  EXPECT_EQ(zeroingDirective(context(), true).line(),
            "#pragma omp parallel for schedule(static)");
  EXPECT_TRUE(zeroingDirective(context(), false).empty());
  EXPECT_EQ(sharedOuterIndices(K, S, true), (std::set<std::string>{"i", "l"}));
  EXPECT_TRUE(sharedOuterIndices(K, S, false).empty());
  // A header OpenMP does not take as written: neither.
  S.Loops[0].OmpCanonical = false;
  C.reset();
  EXPECT_TRUE(zeroingDirective(context(), true).empty());
  EXPECT_EQ(sharedOuterIndices(K, S, true), (std::set<std::string>{"l"}));
  EXPECT_FALSE(shareableHeader(K, S, K.Loops[0]));
  EXPECT_FALSE(shareableHeader(K, S, K.Loops[1])); // compressed
}

TEST_F(ParallelizeTest, RuntimeScheduleOverFibersIsNoted) {
  S.Pragma = KeptDirective{"#pragma omp parallel for schedule(runtime)", "",
                           " schedule(runtime)", /*ScheduleRuntime=*/true};
  std::vector<std::string> Notes;
  noteRuntimeSchedule(linear(), S, Notes);
  ASSERT_EQ(Notes.size(), 1u);
  EXPECT_NE(Notes.front().find("OMP_SCHEDULE=dynamic,64"), std::string::npos);

  // Rows of a dense matrix are all as long: nothing to say.
  Notes.clear();
  noteRuntimeSchedule(
      ir::BranchedGraph::linear({K.Loops[0], K.Loops[2]},
                                {{"A", {"i"}}, true, {{"C", {"i", "k"}}}}),
      S, Notes);
  EXPECT_TRUE(Notes.empty());
}

TEST_F(ParallelizeTest, DefaultNoneRegionSharesWhatTheRewriteDeclared) {
  // t declared by the rewrite before the region and read in it; u declared
  // in it; allocated named already.
  Context &C = context();
  std::string T = C.Names.pick("t"), U = C.Names.pick("u"),
              Flag = C.Names.pick("allocated");
  Nodes Region = nodes(Node::rangeLoop(
      code("int i = 0"), code("i < n"), code("i++"),
      nodes(declare("double", U, T + "[i]"),
            Node::statement(code("A[i] += " + U + " * " + Flag + ";")))));
  Region.front().Directive = OmpDirective::kept(
      "#pragma omp parallel for default(none) shared(A, n, " + Flag + ")");
  shareRewriteNames(C, Region);
  EXPECT_EQ(Region.front().Directive.line(),
            "#pragma omp parallel for default(none) shared(A, n, " + Flag +
                ") shared(" + T + ")");

  // Without default(none) the data-sharing defaults apply: no clause.
  Region.front().Directive = OmpDirective::kept("#pragma omp parallel for");
  shareRewriteNames(C, Region);
  EXPECT_EQ(Region.front().Directive.line(), "#pragma omp parallel for");
}

TEST_F(PassesTest, MembersReadOnceIntoLocals) {
  // 'B->val' and 's->B->val' are two arrays: the longer is replaced first,
  // and 'B->val' is not replaced inside it.
  S.MemberArrays = {{"s->B->val", "const double *"},
                    {"B->val", "const double *"},
                    {"X->unused", "const double *"}};
  S.Overlap.Needed = true; // the rewrite runs under the run-time test
  Nodes Tree = nodes(Node::statement(
      code("A[i * L + l] += B->val[p] * s->B->val[p] * E[j * L + l];")));
  readMembersOnce(context(), Tree);
  ASSERT_EQ(Tree.size(), 1u);
  ASSERT_EQ(Tree[0].K, Node::Kind::Block) << print(Tree);
  const Nodes &Body = Tree[0].Body;
  // A local for each array the tree names, none for 'X->unused'.
  ASSERT_EQ(Body.size(), 3u) << print(Tree);
  EXPECT_EQ(Body[0].Decl.Type.str(), "const double *const");
  EXPECT_EQ(Body[0].Decl.Name, "s_B_val");
  EXPECT_EQ(Body[0].Decl.Init.str(), "s->B->val");
  EXPECT_EQ(Body[1].Decl.Name, "B_val");
  EXPECT_EQ(Body[2].Text.str(),
            "A[i * L + l] += B_val[p] * s_B_val[p] * E[j * L + l];");
}

TEST_F(PassesTest, NoMemberNoBlock) {
  S.MemberArrays = {{"B->val", "const double *"}};
  Nodes Tree = nodes(Node::statement(code("A[i] += vals[p];")));
  readMembersOnce(context(), Tree);
  ASSERT_EQ(Tree.size(), 1u);
  EXPECT_EQ(Tree[0].K, Node::Kind::Statement);
}

TEST_F(PassesTest, MemberNamedOnlyInsideAnotherGetsNoLocal) {
  // 'B->val' appears only inside 's->B->val', whose own entry is absent:
  // no local that nothing reads (an unused variable under -Werror).
  S.MemberArrays = {{"B->val", "const double *"}};
  S.Overlap.Needed = true;
  Nodes Tree = nodes(Node::statement(code("A[i] += s->B->val[p];")));
  readMembersOnce(context(), Tree);
  ASSERT_EQ(Tree.size(), 1u);
  EXPECT_EQ(Tree[0].Text.str(), "A[i] += s->B->val[p];");
}

TEST_F(PassesTest, MembersReadInPlaceWithoutTheOverlapTest) {
  // A restrict output: no test runs the tree only when the loops run, and
  // the original may read no member at all ('n == 0', 'B' null).
  S.MemberArrays = {{"B->val", "const double *"}};
  Nodes Tree = nodes(Node::statement(code("A[i] += B->val[p];")));
  readMembersOnce(context(), Tree);
  ASSERT_EQ(Tree.size(), 1u);
  EXPECT_EQ(Tree[0].Text.str(), "A[i] += B->val[p];");
}

TEST_F(PassesTest, MemberOfAPointerTypedef) {
  // 'typedef const double *dptr;': 'dptr const', not 'dptrconst'.
  S.MemberArrays = {{"B->val", "dptr"}};
  S.Overlap.Needed = true;
  Nodes Tree = nodes(Node::statement(code("A[i] += B->val[p];")));
  readMembersOnce(context(), Tree);
  ASSERT_EQ(Tree.size(), 1u);
  ASSERT_FALSE(Tree[0].Body.empty()) << print(Tree);
  EXPECT_EQ(Tree[0].Body[0].Decl.Type.str(), "dptr const");
}
