//===- PrinterTest.cpp - The loop tree printed in a style -----------------===//
//
// Trees built by hand, printed with styles set field by field: the exact
// text for indentation, braces, tabs, pointer alignment, token spacing and
// line breaking. (test/unit/PrinterFixedPointTest.cpp checks the same
// against clang-format itself.)
//
//===----------------------------------------------------------------------===//

#include "rewrite/lower/Printer.h"

#include <gtest/gtest.h>

using namespace lnr::lower;

namespace {

Code c(const std::string &Text) { return code(Text); }

PrintStyle gnu() {
  PrintStyle S;
  S.BraceAfterControlStatement = PrintStyle::Wrap::Always;
  S.BraceBeforeElse = true;
  S.IndentBraces = true;
  S.SpaceBeforeCallParens = true;
  S.Cpp11BracedListStyle = false;
  S.BreakBeforeBinaryOperators = PrintStyle::BinaryBreak::All;
  S.ColumnLimit = 79;
  S.ShortPlainBlockOnASingleLine = false;
  S.EmptyPlainBlockOnASingleLine = false;
  return S;
}

Node loop(const std::string &Header, Nodes Body) {
  return Node::sourceLoop(c(Header), std::move(Body));
}

Node unbraced(const std::string &Condition, const std::string &Statement) {
  Node N = Node::ifThen(c(Condition), {Node::statement(c(Statement))});
  N.Braces = false;
  return N;
}

Declaration pointer(const std::string &Type, const std::string &Name,
                    const std::string &Init) {
  Declaration D;
  D.Type = c(Type);
  D.Pointer = true;
  D.Name = Name;
  D.Init = c(Init);
  return D;
}

std::string printed(const Nodes &Tree, const PrintStyle &Style = {},
                    const std::string &Base = "") {
  return print(Tree, Style, Base);
}

// ---- Indentation and braces.

TEST(Printer, IndentsByDepthAfterTheBase) {
  Node Outer = Node::rangeLoop(c("i = 0"), c("i < n"), c("i++"),
                               {loop("for (p = pos[i]; p < pos[i + 1]; p++)",
                                     {Node::statement(c("s += v[p];"))})});
  Outer.Directive = OmpDirective::parallelFor();
  EXPECT_EQ(printed({Node::statement(c("s = 0;")), Outer}, {}, "    "),
            "s = 0;\n"
            "#pragma omp parallel for\n"
            "    for (i = 0; i < n; i++) {\n"
            "      for (p = pos[i]; p < pos[i + 1]; p++) {\n"
            "        s += v[p];\n"
            "      }\n"
            "    }");
}

TEST(Printer, IfElseBlocksCommentsDirectivesVerbatim) {
  Nodes Tree = {Node::ifElse(c("t"), {Node::statement(c("x = 1;"))},
                             {Node::statement(c("allocated = 0;"))}),
                Node::block({Node::directive(c("#ifdef __GNUC__")),
                             Node::statement(c("__builtin_prefetch(&C[k]);")),
                             Node::directive(c("#endif"))}),
                Node::comment("partial sums"),
                Node::verbatim("  kept  as(is);")};
  EXPECT_EQ(printed(Tree), "if (t) {\n"
                           "  x = 1;\n"
                           "} else {\n"
                           "  allocated = 0;\n"
                           "}\n"
                           "{\n"
                           "#ifdef __GNUC__\n"
                           "  __builtin_prefetch(&C[k]);\n"
                           "#endif\n"
                           "}\n"
                           "/* partial sums */\n"
                           "/* clang-format off */\n"
                           "  kept  as(is);\n"
                           "/* clang-format on */");
}

TEST(Printer, VerbatimLaidOutByTheFallback) {
  Nodes Tree = {Node::comment("kept"),
                Node::verbatim("      for (i = 0; i < n; i++)\n"
                               "            x[i]  = 0;")};
  std::string Asked;
  LineFormatter Fallback = [&](const std::string &Text, unsigned Col) {
    Asked = Text + "@" + std::to_string(Col);
    return std::optional<std::vector<std::string>>(
        {"  for (i = 0; i < n; i++)", "    x[i] = 0;"});
  };
  bool Exact = false;
  EXPECT_EQ(print(Tree, PrintStyle(), "  ", Exact, Fallback),
            "/* kept */\n"
            "  for (i = 0; i < n; i++)\n"
            "    x[i] = 0;");
  // The code from its first character, at the node's column.
  EXPECT_EQ(Asked, "for (i = 0; i < n; i++)\n            x[i]  = 0;@2");
  EXPECT_TRUE(Exact);
}

TEST(Printer, VerbatimKeptWhereTheFallbackChangesMoreThanBlanks) {
  // A fallback that reflows a comment (or changes anything but blanks):
  // the code as it is, between clang-format off and on.
  LineFormatter Fallback = [](const std::string &, unsigned) {
    return std::optional<std::vector<std::string>>(
        {"  x = 0; // a", "  // comment"});
  };
  bool Exact = false;
  EXPECT_EQ(print({Node::verbatim("  x = 0; // a comment")}, PrintStyle(), "  ",
                  Exact, Fallback),
            "/* clang-format off */\n"
            "  x = 0; // a comment\n"
            "  /* clang-format on */");
}

TEST(Printer, GnuBracesOnTheirOwnLinesIndented) {
  Nodes Tree = {loop("for (i = 0; i < n; i++)",
                     {Node::ifElse(c("t"), {Node::statement(c("x = f(1);"))},
                                   {Node::statement(c("y = 2;"))}),
                      Node::block({Node::statement(c("z = 3;"))})})};
  EXPECT_EQ(printed(Tree, gnu(), "  "), "for (i = 0; i < n; i++)\n"
                                        "    {\n"
                                        "      if (t)\n"
                                        "        {\n"
                                        "          x = f (1);\n"
                                        "        }\n"
                                        "      else\n"
                                        "        {\n"
                                        "          y = 2;\n"
                                        "        }\n"
                                        "      {\n"
                                        "        z = 3;\n"
                                        "      }\n"
                                        "    }");
}

TEST(Printer, AllmanAndStroustrupElse) {
  PrintStyle Allman;
  Allman.BraceAfterControlStatement = PrintStyle::Wrap::Always;
  Allman.BraceBeforeElse = true;
  Allman.ShortPlainBlockOnASingleLine = false;
  Nodes Tree = {Node::ifElse(c("a"), {Node::statement(c("x = 1;"))},
                             {Node::statement(c("y = 2;"))})};
  EXPECT_EQ(printed(Tree, Allman),
            "if (a)\n{\n  x = 1;\n}\nelse\n{\n  y = 2;\n}");
  PrintStyle Stroustrup;
  Stroustrup.BraceBeforeElse = true;
  EXPECT_EQ(printed(Tree, Stroustrup),
            "if (a) {\n  x = 1;\n}\nelse {\n  y = 2;\n}");
}

TEST(Printer, UnbracedIfAndShortIfs) {
  Nodes Tree = {unbraced("!(c)", "continue;")};
  EXPECT_EQ(printed(Tree), "if (!(c))\n  continue;");
  PrintStyle Google;
  Google.ShortIfOnASingleLine = true;
  EXPECT_EQ(printed(Tree, Google), "if (!(c)) continue;");
  // Too long for one line: as without the option.
  Google.ColumnLimit = 15;
  EXPECT_EQ(printed(Tree, Google), "if (!(c))\n  continue;");
}

TEST(Printer, JoinsShortPlainBlocks) {
  Nodes Tree = {Node::block({Node::block({Node::statement(c("s+=1;"))})}),
                Node::block({})};
  EXPECT_EQ(printed(Tree), "{\n  { s += 1; }\n}\n{}");
  EXPECT_EQ(printed(Tree, gnu()), "{\n  {\n    s += 1;\n  }\n}\n{\n}");
}

TEST(Printer, ParallelRegionBlock) {
  Node Region =
      Node::block({Node::statement(c("a = 1;")), Node::statement(c("b = 2;"))});
  Region.Directive = OmpDirective::parallel();
  EXPECT_EQ(printed({Node::statement(c("x = 0;")), Region}, {}, "  "),
            "x = 0;\n#pragma omp parallel\n  {\n    a = 1;\n    b = 2;\n  }");
}

TEST(Printer, EmptyBodies) {
  Nodes Tree = {loop("for (;;)", {})};
  EXPECT_EQ(printed(Tree), "for (;;) {\n}");
  PrintStyle Empty;
  Empty.EmptyBlockOnASingleLine = true;
  EXPECT_EQ(printed(Tree, Empty), "for (;;) {}");
}

// ---- Tabs.

TEST(Printer, TabsForIndentation) {
  PrintStyle S;
  S.IndentWidth = 4;
  S.TabWidth = 8;
  S.UseTab = PrintStyle::Tabs::ForIndentation;
  Nodes Tree = {loop("for (;;)", {loop("for (;;)", {loop("for (;;)", {})})})};
  EXPECT_EQ(printed(Tree, S, "\t"), "for (;;) {\n"
                                    "\t    for (;;) {\n"
                                    "\t\tfor (;;) {\n"
                                    "\t\t}\n"
                                    "\t    }\n"
                                    "\t}");
  S.IndentWidth = 8;
  S.UseTab = PrintStyle::Tabs::Always;
  EXPECT_EQ(printed({loop("for (;;)", {Node::statement(c("x++;"))})}, S, "\t"),
            "for (;;) {\n\t\tx++;\n\t}");
}

TEST(Printer, TabsOnContinuationLines) {
  PrintStyle S;
  S.IndentWidth = 8;
  S.TabWidth = 8;
  S.UseTab = PrintStyle::Tabs::ForIndentation;
  S.ColumnLimit = 36;
  Nodes Tree = {Node::statement(c("acc = aaaaaa + bbbbbbbb + ccccccccc;"))};
  // The block's indentation in tabs, the alignment in spaces.
  EXPECT_EQ(printed(Tree, S, "\t"), "acc = aaaaaa + bbbbbbbb +\n"
                                    "\t      ccccccccc;");
  S.UseTab = PrintStyle::Tabs::ForContinuationAndIndentation;
  EXPECT_EQ(printed(Tree, S, "\t"), "acc = aaaaaa + bbbbbbbb +\n"
                                    "\t      ccccccccc;");
  S.IndentWidth = 2;
  EXPECT_EQ(printed(Tree, S, "    "), "acc = aaaaaa + bbbbbbbb +\n"
                                      "\t  ccccccccc;");
}

// ---- Spaces.

TEST(Printer, PointerAlignment) {
  Nodes Tree = {Node::declaration(
      pointer("double", "t", "(double *)malloc(sizeof(double) * n)"))};
  EXPECT_EQ(printed(Tree), "double *t = (double *)malloc(sizeof(double) * n);");
  PrintStyle S;
  S.PointerAlignment = PrintStyle::Alignment::Left;
  EXPECT_EQ(printed(Tree, S),
            "double* t = (double*)malloc(sizeof(double) * n);");
  S.PointerAlignment = PrintStyle::Alignment::Middle;
  EXPECT_EQ(printed(Tree, S),
            "double * t = (double *)malloc(sizeof(double) * n);");
  // A declarator star in a statement's own text, and 'int **'.
  S.PointerAlignment = PrintStyle::Alignment::Left;
  EXPECT_EQ(printed({Node::statement(c("int * *q = (int **)p;"))}, S),
            "int** q = (int**)p;");
}

TEST(Printer, NormalizesSpacing) {
  auto One = [](const std::string &Text, const PrintStyle &S = {}) {
    return print({Node::statement(c(Text))}, S);
  };
  EXPECT_EQ(One("x  +=y;"), "x += y;");
  EXPECT_EQ(One("s+=B[i*K+k]*C[ k ];"), "s += B[i * K + k] * C[k];");
  EXPECT_EQ(One("x=C_AT( i,k )+(int) -y* -z+ ! a-sizeof( double );"),
            "x = C_AT(i, k) + (int)-y * -z + !a - sizeof(double);");
  EXPECT_EQ(One("w=a ?-b:c;"), "w = a ? -b : c;");
  EXPECT_EQ(One("y=- a - - b+~c* *p;"), "y = -a - -b + ~c * *p;");
  EXPECT_EQ(One("x=a -> b . c ++ + -- d+ sizeof x;"),
            "x = a->b.c++ + --d + sizeof x;");
  EXPECT_EQ(One("__builtin_prefetch( & C[i] , 0,1 ) ;"),
            "__builtin_prefetch(&C[i], 0, 1);");
  EXPECT_EQ(One("p = &x[0]&mask;"), "p = &x[0] & mask;");
  EXPECT_EQ(One("f ( ) ;"), "f();");
  EXPECT_EQ(One("return -x;"), "return -x;");
  EXPECT_EQ(One("q=(double*)&z;"), "q = (double *)&z;");
  // clang-format takes '(x)' before a unary operator for a cast.
  EXPECT_EQ(One("q=(x)-y;"), "q = (x)-y;");
  EXPECT_EQ(One("q=(x)*y+(k+1)*L;"), "q = (x)*y + (k + 1) * L;");

  PrintStyle G;
  G.SpaceBeforeCallParens = true;
  EXPECT_EQ(One("x=malloc(sizeof(double)*C_AT(i,k)) + f();", G),
            "x = malloc (sizeof (double) * C_AT (i, k)) + f ();");
  PrintStyle In;
  In.SpacesInParentheses = true;
  In.SpaceAfterCStyleCast = true;
  EXPECT_EQ(One("x=(double *)f(a+(b))+g();", In),
            "x = (double *) f( a + ( b ) ) + g();");
  PrintStyle NonEmpty;
  NonEmpty.SpaceBeforeNonEmptyCallParens = true;
  EXPECT_EQ(One("x=f(a)+g();", NonEmpty), "x = f (a) + g();");
}

TEST(Printer, BracedLists) {
  Declaration D;
  D.Type = c("double");
  D.Name = "s_part";
  D.ArraySize = c("8");
  D.Init = c("{ 0,0,0,0, 0,0,0,0}");
  EXPECT_EQ(printed({Node::declaration(D)}),
            "double s_part[8] = {0, 0, 0, 0, 0, 0, 0, 0};");
  PrintStyle S;
  S.Cpp11BracedListStyle = false;
  EXPECT_EQ(printed({Node::declaration(D)}, S),
            "double s_part[8] = { 0, 0, 0, 0, 0, 0, 0, 0 };");
  D.Init = c("{ }");
  EXPECT_EQ(printed({Node::declaration(D)}, S), "double s_part[8] = {};");
}

TEST(Printer, ControlParensAndDirectives) {
  PrintStyle S;
  S.SpacesInParentheses = true;
  S.SpaceBeforeCallParens = true;
  Nodes Tree = {Node::ifThen(c("a&&b"), {})};
  Node L = loop("for(i=0;i<n;i++)", {});
  L.Directive = OmpDirective::parallelFor({"schedule(dynamic,64)"});
  Tree.push_back(L);
  EXPECT_EQ(printed(Tree, S),
            "if ( a && b ) {\n"
            "}\n"
            "#pragma omp parallel for schedule( dynamic, 64 )\n"
            "for ( i = 0; i < n; i++ ) {\n"
            "}");
  EXPECT_EQ(printed({Node::directive(c("#pragma omp for reduction(+:s)"))}),
            "#pragma omp for reduction(+ : s)");
}

// ---- Long lines.

const char *Jammed =
    "A[i*L+l] +=t[k]*D[k*L+l]+t[k+1]*D[(k+1)*L+l] + t[k+2]*D[(k+2)*L+l]"
    "+t[k+3]*D[(k+3)*L+l];";

TEST(Printer, BreaksAfterOperatorsAlignedUnderTheRightHandSide) {
  bool Exact = false;
  std::string Out = print({Node::statement(c(Jammed))}, {}, "      ", Exact);
  EXPECT_TRUE(Exact);
  EXPECT_EQ(
      Out,
      "A[i * L + l] += t[k] * D[k * L + l] + t[k + 1] * D[(k + 1) * L + l] +\n"
      "                      t[k + 2] * D[(k + 2) * L + l] +\n"
      "                      t[k + 3] * D[(k + 3) * L + l];");
}

TEST(Printer, BreaksBeforeOperatorsInGnuStyle) {
  bool Exact = false;
  std::string Out =
      print({Node::statement(c(Jammed))}, gnu(), "          ", Exact);
  EXPECT_TRUE(Exact);
  EXPECT_EQ(
      Out,
      "A[i * L + l] += t[k] * D[k * L + l] + t[k + 1] * D[(k + 1) * L + l]\n"
      "                          + t[k + 2] * D[(k + 2) * L + l]\n"
      "                          + t[k + 3] * D[(k + 3) * L + l];");
}

TEST(Printer, BreaksAfterTheAssignmentWhenThatCostsLess) {
  Nodes Tree = {Node::statement(
      c("some_very_long_lhs_name[index_expression_long] = alpha_value_long + "
        "beta_value_long + gamma;"))};
  EXPECT_EQ(printed(Tree, {}, "    "),
            "some_very_long_lhs_name[index_expression_long] =\n"
            "        alpha_value_long + beta_value_long + gamma;");
  EXPECT_EQ(printed(Tree, gnu(), "    "),
            "some_very_long_lhs_name[index_expression_long]\n"
            "        = alpha_value_long + beta_value_long + gamma;");
}

TEST(Printer, DontAlignContinuesByTheContinuationIndent) {
  PrintStyle S;
  S.AlignOperands = PrintStyle::Operands::DontAlign;
  EXPECT_EQ(
      printed({Node::statement(c(Jammed))}, S, "      "),
      "A[i * L + l] += t[k] * D[k * L + l] + t[k + 1] * D[(k + 1) * L + l] +\n"
      "          t[k + 2] * D[(k + 2) * L + l] + t[k + 3] * D[(k + 3) * L + "
      "l];");
}

TEST(Printer, BreaksLongHeadersAndConditions) {
  Nodes Tree = {Node::rangeLoop(
      c("int pB = B2_pos[iB] + some_offset_value"),
      c("pB < B2_pos[iB + 1] && pB < limit_value_long"), c("pB++"),
      {Node::ifThen(c("B2_pos[i + 1] - B2_pos[i] > 16 && C2_pos[j + 1] - "
                      "C2_pos[j] > 16 && alloc_ok != 0"),
                    {Node::statement(c("x++;"))})})};
  EXPECT_EQ(printed(Tree, {}, "    "),
            "for (int pB = B2_pos[iB] + some_offset_value;\n"
            "         pB < B2_pos[iB + 1] && pB < limit_value_long; pB++) {\n"
            "      if (B2_pos[i + 1] - B2_pos[i] > 16 && C2_pos[j + 1] - "
            "C2_pos[j] > 16 &&\n"
            "          alloc_ok != 0) {\n"
            "        x++;\n"
            "      }\n"
            "    }");
  PrintStyle Multi;
  Multi.BraceAfterControlStatement = PrintStyle::Wrap::MultiLine;
  EXPECT_EQ(printed({Tree[0].Body}, Multi, "    "),
            "if (B2_pos[i + 1] - B2_pos[i] > 16 && C2_pos[j + 1] - C2_pos[j] > "
            "16 &&\n"
            "        alloc_ok != 0)\n"
            "    {\n"
            "      x++;\n"
            "    }");
}

TEST(Printer, LeavesOtherLongLinesToClangFormat) {
  bool Exact = true;
  print({Node::statement(c("__builtin_prefetch(&Cvals[C2_pos[B2_crd[pB + 16]] "
                           "* some_long_stride_name + jj], 0, 1);"))},
        {}, "    ", Exact);
  EXPECT_FALSE(Exact);
  Exact = true;
  print({Node::directive(c("#pragma omp parallel for schedule(dynamic, 64) "
                           "private(i, p, kkkkkkkkkkkk, jjjjjjjjjjjjjjjjjj)"))},
        {}, "", Exact);
  EXPECT_FALSE(Exact);
  Exact = true;
  print({Node::statement(c("std::swap(a, b);"))}, {}, "", Exact);
  EXPECT_FALSE(Exact);
  Exact = false;
  print({Node::statement(c(Jammed))}, {}, "", Exact);
  EXPECT_TRUE(Exact);
}

} // namespace
