// Unit tests of the recogniser of OpenMP directives made optional by a
// conditional (analysis/recover/OpenmpConditionals.h), on file texts.
#include "analysis/recover/OpenmpConditionals.h"

#include <gtest/gtest.h>

#include <string>

using lnr::recover::beginWithOpenmpConditionals;
using lnr::recover::commentsBlanked;
using lnr::recover::directiveLeftBefore;
using lnr::recover::firstOtherDirective;

namespace {

/// The offset of Needle in Text, where a nest begins.
size_t at(const std::string &Text, const std::string &Needle) {
  size_t Pos = Text.find(Needle);
  EXPECT_NE(Pos, std::string::npos) << Needle;
  return Pos;
}

TEST(OpenmpConditionalsTest, AConditionalRightBeforeGoesWithTheNest) {
  std::string File = "void f(void) {\n"
                     "  #ifdef USE_MP\n"
                     "#pragma omp parallel for\n"
                     "#endif\n"
                     "\n"
                     "  for (;;) {}\n"
                     "}\n";
  EXPECT_EQ(
      beginWithOpenmpConditionals(File, at(File, "for (;;)"), File.size()),
      at(File, "#ifdef"));
  EXPECT_EQ(directiveLeftBefore(File, at(File, "#ifdef")), "");
}

TEST(OpenmpConditionalsTest, TheOneAParsedDirectiveOpensGoesWithIt) {
  // '#ifdef _OPENMP' above the directive the parse read, its '#endif'
  // inside the nest's text.
  std::string File = "x;\n#ifdef _OPENMP\n#pragma omp parallel for\n#endif\n"
                     "for (;;) {}\n";
  size_t Begin = at(File, "#pragma");
  EXPECT_EQ(beginWithOpenmpConditionals(File, Begin, File.size()),
            at(File, "#ifdef"));
  EXPECT_EQ(firstOtherDirective(File.substr(at(File, "#ifdef"))), "");
  // Alone, the nest's text closes a conditional it does not open.
  EXPECT_EQ(firstOtherDirective(File.substr(Begin)), "#endif");
}

TEST(OpenmpConditionalsTest, ContinuationsAndElseBranchesOfDirectives) {
  std::string File = "x;\n#if defined(A) && \\\n    defined(B)\n"
                     "#pragma omp parallel \\\n   for\n#else\n// none\n"
                     "#endif\nfor (;;) {}\n";
  EXPECT_EQ(
      beginWithOpenmpConditionals(File, at(File, "for (;;)"), File.size()),
      at(File, "#if"));
}

TEST(OpenmpConditionalsTest, CodeStopsTheConditionalFromGoing) {
  // The other branch holds code: the conditional stays, and its directive
  // would be left on what takes the nest's place.
  std::string File = "x;\n#ifdef X\n#pragma omp parallel for\n#else\n"
                     "  c = 0;\n#endif\nfor (;;) {}\n";
  size_t Begin = at(File, "for (;;)");
  EXPECT_EQ(beginWithOpenmpConditionals(File, Begin, File.size()), Begin);
  EXPECT_EQ(directiveLeftBefore(File, Begin), "c = 0;");
}

TEST(OpenmpConditionalsTest, ALineThatOnlyBeginsWithACommentIsCode) {
  std::string File = "x;\n#ifdef X\n#pragma omp parallel for\n#endif\n"
                     "/* a */ c = 1; // */\nfor (;;) {}\n";
  size_t Begin = at(File, "for (;;)");
  EXPECT_EQ(beginWithOpenmpConditionals(File, Begin, File.size()), Begin);
  // The directive applies to 'c = 1;', not to the nest.
  EXPECT_EQ(directiveLeftBefore(File, Begin), "");
  EXPECT_EQ(firstOtherDirective("for (;;)\n#ifdef X\n /* a */ j = 0; // */\n"
                                "#pragma omp simd\n#endif\nfor (;;) {}\n"),
            "#ifdef X");
}

TEST(OpenmpConditionalsTest, ClausesWithAnEffectAreNotJustADirective) {
  EXPECT_EQ(firstOtherDirective("for (;;)\n#ifdef X\n#pragma omp simd "
                                "safelen(n++)\n#endif\nfor (;;) {}\n"),
            "#pragma omp simd safelen(n++)");
  EXPECT_EQ(firstOtherDirective("for (;;)\n#ifdef X\n#pragma omp parallel "
                                "for num_threads(pick())\n#endif\n"),
            "#pragma omp parallel for num_threads(pick())");
  EXPECT_EQ(firstOtherDirective("for (;;)\n#ifdef X\n#pragma omp parallel "
                                "for num_threads(omp_get_max_threads()) "
                                "if(n >= 100)\n#endif\n"),
            "");
}

TEST(OpenmpConditionalsTest, AHintOrADefinitionBeforeTheNest) {
  std::string Hint = "x;\n#pragma GCC unroll 2\nfor (;;) {}\n";
  EXPECT_EQ(directiveLeftBefore(Hint, at(Hint, "for")), "#pragma GCC unroll 2");
  // A definition is no statement: the directive above it still applies.
  std::string Defined = "x;\n#ifdef X\n#pragma omp parallel for\n#endif\n"
                        "#define N 4\nfor (;;) {}\n";
  EXPECT_EQ(directiveLeftBefore(Defined, at(Defined, "for (;;)")),
            "#pragma omp parallel for");
  // Code inside a conditional of the nest is no directive of its own.
  EXPECT_EQ(firstOtherDirective("for (;;)\n#ifdef DEBUG\n  log();\n#endif\n"),
            "#ifdef DEBUG");
  EXPECT_EQ(firstOtherDirective("for (;;)\n#define M 1\n"), "#define M 1");
  EXPECT_EQ(firstOtherDirective("for (;;)\n#pragma GCC ivdep\nfor (;;) {}\n"),
            "");
}

TEST(OpenmpConditionalsTest, CommentsAreBlankedAcrossLines) {
  std::string File = "x;\n#ifdef X\n#pragma omp parallel for\n#endif /* note\n"
                     " b */\n/* c */ y = \"/*\"; // d \\\n e\nfor (;;) {}\n";
  std::string Blanked = commentsBlanked(File);
  ASSERT_EQ(Blanked.size(), File.size());
  EXPECT_EQ(Blanked.find("note"), std::string::npos);
  EXPECT_EQ(Blanked.find(" e"), std::string::npos); // the '//' continued
  EXPECT_NE(Blanked.find("y = \"/*\";"), std::string::npos);
  // 'y = ...' is code right before the nest: the directive applies to it.
  EXPECT_EQ(directiveLeftBefore(Blanked, at(File, "for (;;)")), "");
}

TEST(OpenmpConditionalsTest, WhatMayStillBeADirectiveBeforeTheNest) {
  // A comment over two lines between: the directive applies to the nest.
  std::string Comment = "x;\n#ifdef X\n#pragma omp parallel for\n#endif\n"
                        "/* a\n b */\nfor (;;) {}\n";
  EXPECT_EQ(
      directiveLeftBefore(commentsBlanked(Comment), at(Comment, "for (;;)")),
      "#pragma omp parallel for");
  // Code under '#if 0' between: none in any configuration that compiles.
  std::string Inactive = "x;\n#ifdef X\n#pragma omp parallel for\n#endif\n"
                         "#if 0\nc = 1;\n#endif\nfor (;;) {}\n";
  EXPECT_EQ(directiveLeftBefore(Inactive, at(Inactive, "for (;;)")), "c = 1;");
  // The operator form, or a macro that may expand to it.
  std::string Operator = "x;\n#ifdef X\n_Pragma(\"omp parallel for\")\n"
                         "#endif\nfor (;;) {}\n";
  EXPECT_EQ(directiveLeftBefore(Operator, at(Operator, "for (;;)")),
            "_Pragma(\"omp parallel for\")");
  std::string Macro = "x;\n#ifdef X\nOMP_FOR\n#endif\nfor (;;) {}\n";
  EXPECT_EQ(directiveLeftBefore(Macro, at(Macro, "for (;;)")), "OMP_FOR");
  // An empty conditional, then nothing: no directive.
  std::string Empty = "x;\n#ifdef Y\n#endif\nfor (;;) {}\n";
  EXPECT_EQ(directiveLeftBefore(Empty, at(Empty, "for (;;)")), "");
}

} // namespace
