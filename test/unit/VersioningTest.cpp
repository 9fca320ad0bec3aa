//===- VersioningTest.cpp - What surrounds a lowered nest, as a tree ------===//
//
// The replacement of a nest beyond its lowered schedule, without Clang: the
// scans of coordinates (ExtentScan.h), and the run-time checks, the
// allocation flag and the fallback copy of the original nest composed
// around the rewrite (Versioning.h), printed by the loop tree's printer;
// and the marker by which a second run knows the copy (FallbackCopy.h).
//
//===----------------------------------------------------------------------===//

#include "rewrite/Versioning.h"
#include "rewrite/Explain.h"
#include "rewrite/ExtentScan.h"
#include "rewrite/FallbackCopy.h"
#include "rewrite/lower/Printer.h"

#include "lower/NestBuilders.h"

#include "analysis/ir/Cost.h"
#include "analysis/ir/Schedule.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace lnr;
using namespace lnr::rewrite;
using lower::code;
using lower::Node;
using lower::Nodes;

namespace {

NestSource original() {
  NestSource S;
  S.Indentation = "  ";
  S.Original = "for (i = 0; i < n; i++)\n    y[i] += x[i];";
  return S;
}

OverlapTest checks() {
  OverlapTest T;
  T.Flag = "ok";
  T.Statements = {Node::declaration({code("int"), false, "ok", {}, code("1")}),
                  Node::statement(code("ok &= n <= m;"))};
  return T;
}

Nodes rewrite() { return {Node::statement(code("fast(y, x, n);"))}; }

/// Text up to the copy of the original nest's first line.
std::string beforeCopy(const std::string &Printed) {
  size_t At = Printed.find("  for (i = 0;");
  EXPECT_NE(At, std::string::npos) << Printed;
  return Printed.substr(0, At == std::string::npos ? 0 : At + 2);
}

TEST(VersioningTest, ChecksRunTheRewriteOrTheOriginalNest) {
  Versioning V;
  V.Rewrite = rewrite();
  V.Checks = checks();
  V.ChecksMore = true;
  std::string Printed = lower::print(versioned(V, original()));
  EXPECT_EQ(Printed,
            "{\n"
            "  int ok = 1;\n"
            "  ok &= n <= m;\n"
            "  if (ok) {\n"
            "    fast(y, x, n);\n"
            "  } else {\n"
            "    /* lnr-rewrite: the original nest, run when a run-time "
            "check fails */\n"
            "    /* clang-format off */\n"
            "  for (i = 0; i < n; i++)\n"
            "    y[i] += x[i];\n"
            "    /* clang-format on */\n"
            "  }\n"
            "}");
  EXPECT_TRUE(isFallbackCopy(beforeCopy(Printed)));
}

TEST(VersioningTest, AnAllocationThatFailsClearsTheChecksFlag) {
  Versioning V;
  V.Rewrite = rewrite();
  V.Checks = checks();
  V.Allocates = true;
  std::string Printed = lower::print(versioned(V, original()));
  EXPECT_NE(
      Printed.find("  if (ok) {\n    fast(y, x, n);\n  }\n  if (!ok) {\n"
                   "    /* lnr-rewrite: the original nest, run on overlap "
                   "or out of memory */\n"),
      std::string::npos)
      << Printed;
  EXPECT_TRUE(isFallbackCopy(beforeCopy(Printed)));
}

TEST(VersioningTest, C89DeclaresTheFlagsInABlockAfterTheScans) {
  Versioning V;
  V.Rewrite = rewrite();
  V.Scans = {Node::declaration({code("long"), false, "j_extent", {}, {}}),
             Node::statement(code("j_extent = 4;"))};
  V.Allocates = true;
  V.Facts.AllocatedFlag = "allocated";
  V.Facts.DeclarationsFirst = true;
  EXPECT_EQ(lower::print(versioned(V, original())),
            "{\n"
            "  long j_extent;\n"
            "  j_extent = 4;\n"
            "  {\n"
            "    int allocated = 1;\n"
            "    fast(y, x, n);\n"
            "    if (!allocated) {\n"
            "      /* lnr-rewrite: the original nest, run when an allocation "
            "fails */\n"
            "      /* clang-format off */\n"
            "  for (i = 0; i < n; i++)\n"
            "    y[i] += x[i];\n"
            "      /* clang-format on */\n"
            "    }\n"
            "  }\n"
            "}");
  // Without scans the flag's declaration starts the outer block.
  V.Scans.clear();
  std::string Printed = lower::print(versioned(V, original()));
  EXPECT_EQ(Printed.rfind("{\n  int allocated = 1;\n  fast(y, x, n);\n", 0), 0u)
      << Printed;
}

TEST(VersioningTest, WithoutFallbackLocalsReadInPlaceAreUsed) {
  NestSource S = original();
  S.ReadInPlace = {"n"};
  Versioning V;
  V.Rewrite = rewrite();
  EXPECT_EQ(lower::print(versioned(V, S)), "fast(y, x, n);\n(void)n;");
  // A run-time choice has a block of its own, the statement after it.
  V.Choice = true;
  Nodes Tree = versioned(V, S);
  ASSERT_EQ(Tree.size(), 2u);
  EXPECT_EQ(Tree[0].K, Node::Kind::Block);
  EXPECT_EQ(Tree[1].Text.str(), "(void)n;");
}

TEST(FallbackCopyTest, KnowsTheMarkerReflowedAndBeforeTheNestsDirectives) {
  EXPECT_TRUE(isFallbackCopy("  /* lnr-rewrite: the original nest, run when\n"
                             "   * the arrays may overlap */\n"
                             "  /* clang-format off */\n"
                             "#pragma omp parallel\n"
                             "  {\n"
                             "#pragma omp for \\\n"
                             "    schedule(static)\n  "));
  EXPECT_FALSE(isFallbackCopy("  /* the original nest */\n  "));
  EXPECT_FALSE(isFallbackCopy("  x = 1;\n  "));
  EXPECT_FALSE(isFallbackCopy(""));
}

TEST(FallbackCopyTest, KnowsTheToolsOwnRewriteByItsSummary) {
  // The summary comment, reflowed (after its first word too), before the
  // rewrite's block or its directive.
  EXPECT_TRUE(isOwnRewrite("  /* lnr-rewrite: A(i,l) += B(i,j) * C(j,k) * "
                           "D(k,l), which\n"
                           "   * costs O(nnz(B_ij)*K*L) as written. */\n  "));
  EXPECT_TRUE(isOwnRewrite("/* lnr-rewrite:\n * A(i) += B(i,j) * x(j), which "
                           "costs O(n*m) as\n * written. Schedule: ... */\n"
                           "#pragma omp parallel for schedule(dynamic, 64)\n"));
  // Not a fallback's marker, a comment that only starts as the summary
  // does, nor a comment before another statement.
  EXPECT_FALSE(isOwnRewrite("  /* lnr-rewrite: the original nest, run when "
                            "an allocation fails */\n  "));
  EXPECT_FALSE(isOwnRewrite("  /* lnr-rewrite: todo */\n  "));
  EXPECT_FALSE(isOwnRewrite("  /* rewritten by hand */\n  "));
  EXPECT_FALSE(isOwnRewrite("  /* lnr-rewrite: A(i), which costs O(n) as "
                            "written. */ y = 2;\n  "));
  EXPECT_FALSE(isOwnRewrite(""));
}

TEST(ExtentScanTest, ScansTheCoordinatesTheNestReads) {
  ir::Kernel K = lower::test::sddmmSpmm();
  NestSource S = lower::test::sddmmSpmmSource();
  NamePicker Names(S.IsNameTaken);
  std::vector<ExtentScan> Scans =
      scanUnknownExtents(K, S, /*Parallel=*/true, Names);
  ASSERT_EQ(Scans.size(), 1u);
  EXPECT_EQ(K.findIndex("j")->Extent, "j_extent");
  EXPECT_EQ(lower::print(scanNodes(Scans)),
            "long j_extent;\n"
            "long j_min;\n"
            "int j_low = 1;\n"
            "int j_max = 0;\n"
            "int j_seen = 0;\n"
            "if (n > 0) {\n"
            "  int positions_ordered = 1;\n"
            "  {\n"
            "    int p;\n"
            "    for (p = 0; p < n; p++) {\n"
            "      positions_ordered &= rowptr[p + 1] >= rowptr[p];\n"
            "    }\n"
            "  }\n"
            "  if (positions_ordered) {\n"
            "    {\n"
            "      int p;\n"
            "#pragma omp parallel for reduction(max : j_max, j_seen) "
            "reduction(min : j_low)\n"
            "      for (p = rowptr[0]; p < rowptr[n]; p++) {\n"
            "        int j = colidx[p];\n"
            "        j_seen = 1;\n"
            "        j_max = j > j_max ? j : j_max;\n"
            "        j_low = j < j_low ? j : j_low;\n"
            "      }\n"
            "    }\n"
            "  } else {\n"
            "#pragma omp parallel for reduction(max : j_max, j_seen) "
            "reduction(min : j_low)\n"
            "    for (int i = 0; i < n; i++) {\n"
            "      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {\n"
            "        int j = colidx[p];\n"
            "        j_seen = 1;\n"
            "        j_max = j > j_max ? j : j_max;\n"
            "        j_low = j < j_low ? j : j_low;\n"
            "      }\n"
            "    }\n"
            "  }\n"
            "}\n"
            "j_extent = j_seen ? (long)j_max + 1 : 0;\n"
            "j_min = j_low;");
}

TEST(ExtentScanTest, ScansACoordinateReadInPlaceWhereTheNestReadsIt) {
  // 'D[colidx[p] * K + k]' with no 'int j = colidx[p];': the index is
  // named after the read, and the scan reads it where the nest does.
  const std::string J = "colidx[p]";
  ir::Kernel K = lower::test::sddmmSpmm();
  for (ir::IndexVar &I : K.Indices)
    if (I.Name == "j")
      I.Name = J;
  for (ir::Loop &L : K.Loops)
    if (L.Index == "j")
      L.Index = J;
  for (ir::Access &A : K.Stmt.Factors)
    std::replace(A.Indices.begin(), A.Indices.end(), std::string("j"), J);
  NestSource S = lower::test::sddmmSpmmSource();
  S.Loops[1].Index = J;
  S.Loops[1].Prologue.clear();
  S.Factors =
      lower::test::factors({"vals[p]", "C[i * K + k]", "D[colidx[p] * K + k]",
                            "E[colidx[p] * L + l]"});
  NamePicker Names(S.IsNameTaken);
  std::vector<ExtentScan> Scans =
      scanUnknownExtents(K, S, /*Parallel=*/false, Names);
  ASSERT_EQ(Scans.size(), 1u);
  EXPECT_EQ(K.findIndex(J)->Extent, "colidx_p_extent");
  std::string Printed = lower::print(scanNodes(Scans));
  // The nest reads it only where every loop runs: so does the scan.
  EXPECT_EQ(Printed.find("if (K > 0 && L > 0) {\n  if (n > 0) {\n"), 108u)
      << Printed;
  EXPECT_NE(Printed.find("        for (p = rowptr[0]; p < rowptr[n]; p++) {\n"
                         "          colidx_p_seen = 1;\n"
                         "          colidx_p_max = colidx[p] > colidx_p_max ? "
                         "colidx[p] : colidx_p_max;\n"),
            std::string::npos)
      << Printed;
  EXPECT_EQ(Printed.find("int j"), std::string::npos) << Printed;
  // A read in place that names another loop's variable is not scanned
  // flat: the flat loops declare only the positions.
  S.Loops[1].Index = "colidx[p + i - i]";
  for (ir::IndexVar &I : K.Indices)
    if (I.Name == J)
      I.Name = S.Loops[1].Index, I.Extent.clear();
  for (ir::Loop &L : K.Loops)
    if (L.Index == J)
      L.Index = S.Loops[1].Index;
  for (ir::Access &A : K.Stmt.Factors)
    std::replace(A.Indices.begin(), A.Indices.end(), J, S.Loops[1].Index);
  NamePicker Again(S.IsNameTaken);
  Scans = scanUnknownExtents(K, S, /*Parallel=*/false, Again);
  ASSERT_EQ(Scans.size(), 1u);
  EXPECT_TRUE(Scans.front().RootBound.empty());
}

TEST(VersioningTest, TheSummaryCommentComesFirstOutsideTheBlock) {
  Versioning V;
  V.Rewrite = rewrite();
  V.Checks = checks();
  V.Summary = "lnr-rewrite: y(i) += x(i)";
  Nodes Tree = versioned(V, original());
  ASSERT_FALSE(Tree.empty());
  EXPECT_EQ(Tree.front().K, Node::Kind::Comment);
  std::string Printed = lower::print(Tree);
  EXPECT_EQ(Printed.rfind("/* lnr-rewrite: y(i) += x(i) */\n{\n", 0), 0u)
      << Printed;
  // The copy is still known by what precedes it, the summary aside.
  EXPECT_TRUE(isFallbackCopy(beforeCopy(Printed)));
  V.Summary.clear();
  EXPECT_NE(versioned(V, original()).front().K, Node::Kind::Comment);
}

TEST(VersioningTest, TheSummarySaysWhatTheNestComputesAndAtWhatCost) {
  ir::Kernel K = lower::test::sddmmSpmm();
  OrRefusal<ir::Schedule> S = ir::chooseSchedule(K);
  ASSERT_TRUE(S) << S.refusal().Message;
  ir::Cost Before = ir::costOf(K);
  std::string Text = summaryComment(K, *S, Before, nullptr, false);
  EXPECT_EQ(Text.rfind("lnr-rewrite: " + toString(K.Stmt) + ", which costs " +
                           Before.toString() + " as written.",
                       0),
            0u)
      << Text;
  EXPECT_NE(Text.find("Schedule: " + S->describe(K) + "; it costs " +
                      S->Estimate.toString() + "."),
            std::string::npos)
      << Text;
  EXPECT_EQ(Text.find("original nest"), std::string::npos) << Text;
  EXPECT_EQ(Text.find("*/"), std::string::npos) << Text;

  // With a fallback; with a run-time choice, each branch says its schedule
  // (scheduleComment), the head that they do.
  EXPECT_NE(summaryComment(K, *S, Before, nullptr, true)
                .find("The original nest, kept below, runs when"),
            std::string::npos);
  RuntimeAlternative Other{*S, {}, "1.0", "2.0", {}};
  std::string Choice = summaryComment(K, *S, Before, &Other, false);
  EXPECT_NE(Choice.find("each of its branches begins with its schedule"),
            std::string::npos)
      << Choice;
  // The head says what the test's constants weigh ('5.0 * nnz * K' is one
  // per iteration and four for a row read at random).
  EXPECT_NE(Choice.find("counts 1 per iteration of each statement, 4 more per "
                        "operand it reads through a coordinate"),
            std::string::npos)
      << Choice;
  EXPECT_NE(Choice.find("and 4 per element of a temporary allocated whole"),
            std::string::npos)
      << Choice;
  EXPECT_EQ(scheduleComment(K, *S), "Schedule: " + S->describe(K) +
                                        "; it costs " + S->Estimate.toString() +
                                        ".");
  EXPECT_EQ(Choice.find("Schedule: "), std::string::npos) << Choice;
}

TEST(VersioningTest, TheCommentsNameTemporariesAsTheCodeDeclaresThem) {
  ir::Kernel K = lower::test::sddmmSpmm();
  OrRefusal<ir::Schedule> S = ir::chooseSchedule(K);
  ASSERT_TRUE(S) << S.refusal().Message;
  std::vector<ir::Temporary> Temporaries = S->Graph.temporaries();
  ASSERT_EQ(Temporaries.size(), 1u);
  const std::string Ir = Temporaries.front().Name;
  std::map<std::string, std::string> DeclaredAs{{Ir, Ir + "_1"}};
  std::string Renamed = S->describe(K, DeclaredAs);
  EXPECT_NE(Renamed.find("temporary scalar " + Ir + "_1"), std::string::npos)
      << Renamed;
  EXPECT_EQ(S->describe(K).find(Ir + "_1"), std::string::npos);
  std::string Summary =
      summaryComment(K, *S, ir::costOf(K), nullptr, false, DeclaredAs);
  EXPECT_NE(Summary.find("Schedule: " + Renamed + ";"), std::string::npos)
      << Summary;
  EXPECT_EQ(scheduleComment(K, *S, DeclaredAs).find("Schedule: " + Renamed),
            0u);
}

TEST(VersioningTest, TheRunTimeChoiceRunsAScannedRangeOnlyFromZero) {
  // The other schedule runs the scanned index densely from 0: only when
  // the coordinates start there does it stay between rows the nest reads.
  ir::Kernel K = lower::test::sddmmSpmm();
  OrRefusal<ir::Schedule> S = ir::chooseSchedule(K);
  ASSERT_TRUE(S) << S.refusal().Message;
  ExtentScan Scan;
  Scan.Index = "j";
  Scan.Variable = "j_extent";
  Scan.Minimum = "j_min";
  RuntimeAlternative Other{*S, {}, "1.0", "2.0", {Scan}};
  std::string Printed = lower::print(
      runtimeChoice(Other, CostNames{"then_cost", "else_cost"},
                    {lower::Node::statement(lower::code("x = 1;"))},
                    {lower::Node::statement(lower::code("x = 2;"))}));
  EXPECT_NE(Printed.find("if (j_min != 0 || then_cost <= else_cost) {"),
            std::string::npos)
      << Printed;
}

} // namespace
