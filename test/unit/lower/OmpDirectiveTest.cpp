//===- OmpDirectiveTest.cpp - OpenMP directives of the loop tree ----------===//

#include "rewrite/lower/OmpDirective.h"
#include "rewrite/lower/LoopTree.h"

#include <gtest/gtest.h>

using namespace lnr::lower;

TEST(OmpDirectiveTest, SpellsEachConstructWithItsClausesInOrder) {
  EXPECT_EQ(OmpDirective().line(), "");
  EXPECT_EQ(
      OmpDirective::parallelFor({"schedule(dynamic, 64)", "private(i)"}).line(),
      "#pragma omp parallel for schedule(dynamic, 64) private(i)");
  EXPECT_EQ(OmpDirective::parallel({"shared(ok)"}).line(),
            "#pragma omp parallel shared(ok)");
  EXPECT_EQ(OmpDirective::workShared().line(), "#pragma omp for");
  EXPECT_EQ(OmpDirective::simd({"reduction(+ : t)"}).line(),
            "#pragma omp simd reduction(+ : t)");
  EXPECT_EQ(OmpDirective::barrier().line(), "#pragma omp barrier");
  EXPECT_EQ(OmpDirective::atomicWrite().line(), "#pragma omp atomic write");
}

TEST(OmpDirectiveTest, EmptyClausesAreLeftOutAndBlanksTrimmed) {
  // The file's clauses of a construct come with their leading blank, and
  // the private clause is empty when nothing was declared before the nest.
  EXPECT_EQ(
      OmpDirective::parallelFor({" num_threads(2)", "schedule(static)", ""})
          .line(),
      "#pragma omp parallel for num_threads(2) schedule(static)");
}

TEST(OmpDirectiveTest, TheFilesDirectiveIsKeptAsWrittenAndTakesClauses) {
  OmpDirective Region =
      OmpDirective::kept("#pragma omp parallel for default(none) shared(A, n)");
  EXPECT_EQ(Region.Is, OmpDirective::Construct::ParallelFor);
  EXPECT_TRUE(Region.opensRegion());
  EXPECT_TRUE(Region.mentions("default(none)"));
  EXPECT_TRUE(Region.mentions("n"));
  EXPECT_FALSE(Region.mentions("t"));
  Region.with("shared(t)");
  EXPECT_EQ(Region.line(),
            "#pragma omp parallel for default(none) shared(A, n) shared(t)");

  OmpDirective InRegion = OmpDirective::kept("#pragma omp for nowait");
  EXPECT_EQ(InRegion.Is, OmpDirective::Construct::For);
  EXPECT_FALSE(InRegion.opensRegion());
}

TEST(OmpDirectiveTest, ALoopRunsAsItsDirectiveSays) {
  Node L = Node::rangeLoop(code("i = 0"), code("i < n"), code("i++"));
  EXPECT_EQ(L.runs(), Execution::Serial);
  L.Directive = OmpDirective::parallelFor();
  EXPECT_EQ(L.runs(), Execution::ParallelFor);
  L.Directive = OmpDirective::kept("#pragma omp for schedule(runtime)");
  EXPECT_EQ(L.runs(), Execution::WorkShared);
  L.Directive = OmpDirective::simd();
  EXPECT_EQ(L.runs(), Execution::Simd);
}
