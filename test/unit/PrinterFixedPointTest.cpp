//===- PrinterFixedPointTest.cpp - Printed text clang-format keeps --------===//
//
// Trees of the shapes the rewrite writes, printed in the LLVM, Google, GNU
// and Mozilla styles (read through printStyleFor) inside a function body
// that clang-format formatted, then clang-format run over the whole
// function: it must change nothing. The same trees with irregularly spaced
// leaves must come out the same. A sweep of long statements and headers
// checks the line breaking: whatever the printer says it printed exactly
// must be a fixed point too.
//
//===----------------------------------------------------------------------===//

#include "rewrite/LineFormat.h"
#include "rewrite/PrintStyle.h"
#include "rewrite/lower/Printer.h"

#include "clang/Format/Format.h"
#include "clang/Tooling/Core/Replacement.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <random>

using namespace lnr::lower;
using clang::format::FormatStyle;

namespace {

const char *const Styles[] = {"LLVM", "Google", "GNU", "Mozilla"};

/// Variants a user's .clang-format may ask for.
const char *const Variants[] = {
    "{BasedOnStyle: LLVM, IndentWidth: 4, UseTab: ForIndentation, "
    "TabWidth: 8}",
    "{BasedOnStyle: LLVM, IndentWidth: 8, UseTab: Always, TabWidth: 8}",
    "{BasedOnStyle: LLVM, BreakBeforeBraces: Allman, ColumnLimit: 100}",
    "{BasedOnStyle: LLVM, BreakBeforeBinaryOperators: NonAssignment, "
    "AlignOperands: AlignAfterOperator}",
    "{BasedOnStyle: LLVM, AlignOperands: DontAlign, ContinuationIndentWidth: "
    "8}",
    "{BasedOnStyle: LLVM, PointerAlignment: Middle, SpaceAfterCStyleCast: "
    "true, SpacesInParentheses: true, SpaceBeforeParens: NonEmptyParentheses}",
    "{BasedOnStyle: Google, DerivePointerAlignment: false, "
    "AllowShortBlocksOnASingleLine: Empty, Cpp11BracedListStyle: false}",
    "{BasedOnStyle: LLVM, BreakBeforeBraces: Stroustrup, ColumnLimit: 72}",
};

/// A predefined style by name, or a style in YAML ('{BasedOnStyle: ...}').
FormatStyle styleNamed(const std::string &Name) {
  FormatStyle S;
  if (Name[0] != '{') {
    EXPECT_TRUE(
        clang::format::getPredefinedStyle(Name, FormatStyle::LK_Cpp, &S));
    return S;
  }
  S.Language = FormatStyle::LK_Cpp;
  EXPECT_FALSE(clang::format::parseConfiguration(Name, &S));
  return S;
}

std::string format(const FormatStyle &Style, const std::string &Code) {
  clang::tooling::Replacements R = clang::format::reformat(
      Style, Code, {clang::tooling::Range(0, unsigned(Code.size()))},
      "kernel.c");
  llvm::Expected<std::string> Out =
      clang::tooling::applyAllReplacements(Code, R);
  EXPECT_TRUE(bool(Out));
  return Out ? *Out : Code;
}

/// A function clang-format formatted, whose body has a placeholder line
/// Depth blocks deep; the printed tree replaces it.
struct Frame {
  std::string Before, After, Indent;
};

Frame frame(const FormatStyle &Style, unsigned Depth, bool LeftPointers) {
  std::string Star = LeftPointers ? "* " : " *";
  std::string Code = "void kernel(int n, int K, int L, int" + Star +
                     "rowptr, int" + Star + "colidx, double" + Star +
                     "A, double" + Star + "B, double" + Star + "C, double" +
                     Star + "D) {\nint i, p, allocated = 1;\n";
  for (unsigned I = 0; I < Depth; ++I)
    Code += "if (n > " + std::to_string(I) + ") {\n";
  Code += "PLACEHOLDER();\n";
  for (unsigned I = 0; I < Depth; ++I)
    Code += "}\n";
  Code += "}\n";
  Code = format(Style, Code);
  size_t At = Code.find("PLACEHOLDER");
  size_t LineStart = Code.rfind('\n', At) + 1;
  size_t End = Code.find('\n', At);
  return {Code.substr(0, At), Code.substr(End),
          Code.substr(LineStart, At - LineStart)};
}

/// The replacements clang-format makes on Code, as a readable diff.
std::string changes(const FormatStyle &Style, const std::string &Code) {
  std::string Formatted = format(Style, Code);
  if (Formatted == Code)
    return "";
  return "printed:\n" + Code + "\nclang-format:\n" + Formatted;
}

struct Printed {
  std::string Code;
  bool Exact;
};

/// Tree printed in the style named, inside a function Depth blocks deep.
Printed printIn(const std::string &StyleName, const Nodes &Tree,
                unsigned Depth = 1, bool LeftPointers = false,
                bool WithFallback = false) {
  FormatStyle Style = styleNamed(StyleName);
  Frame F = frame(Style, Depth, LeftPointers);
  std::optional<PrintStyle> P =
      lnr::rewrite::printStyleFor(Style, F.Before + F.After);
  EXPECT_TRUE(P.has_value()) << StyleName;
  if (!P)
    return {"", false};
  bool Exact = false;
  std::string Text = WithFallback ? print(Tree, *P, F.Indent, Exact,
                                          lnr::rewrite::clangFormatLines(Style))
                                  : print(Tree, *P, F.Indent, Exact);
  return {F.Before + Text + F.After, Exact};
}

// ---- The trees: shapes the rewrite writes.

Code c(const std::string &Text) { return code(Text); }

/// Leaves spelled regularly, or irregularly as a file may spell them.
struct Spelling {
  bool Odd;
  std::string pick(const std::string &Regular,
                   const std::string &Irregular) const {
    return Odd ? Irregular : Regular;
  }
};

Nodes csrTree(const Spelling &S) {
  Declaration K;
  K.Type = c("int");
  K.Name = "k";
  K.Init = c(S.pick("colidx[p]", "colidx[ p ]"));
  Declaration T;
  T.Type = c("double");
  T.Pointer = true;
  T.Name = "t";
  T.Init = c(S.pick("(double *)malloc(sizeof(double) * (K > 0 ? K : 1))",
                    "(double*) malloc( sizeof( double )*(K>0?K:1) )"));
  Declaration Part;
  Part.Type = c("double");
  Part.Name = "s_part";
  Part.ArraySize = c("8");
  Part.Init = c(S.pick("{0, 0, 0, 0, 0, 0, 0, 0}", "{ 0,0,0,0, 0,0,0,0 }"));
  Nodes Then = {
      Node::statement(c(S.pick("t[0] = B[i * K + k];", "t[0]=B[i*K+k];"))),
      Node::statement(c(S.pick("x += y;", "x  +=y;")))};
  Nodes Else = {Node::statement(c("allocated = 0;"))};
  Node Skip = Node::ifThen(c(S.pick("!(k < n)", "!( k<n )")),
                           {Node::statement(c("continue;"))});
  Skip.Braces = false;
  Nodes Inner = {
      Node::declaration(K),
      Node::declaration(T),
      Node::ifElse(c("t"), Then, Else),
      Node::directive(c("#ifdef __GNUC__")),
      Node::statement(c(S.pick("__builtin_prefetch(&C[i * K + k]);",
                               "__builtin_prefetch( & C[i*K + k] );"))),
      Node::directive(c("#endif")),
      Skip,
      Node::statement(c(S.pick(
          "A[i * L + l] += t[k] * D[k * L + l] + t[k + 1] * D[(k + 1) * L + "
          "l] + t[k + 2] * D[(k + 2) * L + l] + t[k + 3] * D[(k + 3) * L + "
          "l];",
          "A[i*L+l] +=t[k]*D[k*L+l]+t[k+1]*D[(k+1)*L+l] + t[k+2]*D[(k+2)*L+l]"
          "+t[k+3]*D[(k+3)*L+l];"))),
      Node::declaration(Part),
      Node::statement(c(S.pick("free(t);", "free (t) ;"))),
  };
  Node Rows = Node::sourceLoop(
      c(S.pick("for (int p = rowptr[i]; p < rowptr[i + 1]; p++)",
               "for(int p=rowptr[i];p<rowptr[i+1];p++)")),
      Inner);
  Node Outer = Node::rangeLoop(c("i = 0"), c(S.pick("i < n", "i<n")),
                               c(S.pick("i++", "i ++")), {Rows});
  Outer.Directive = OmpDirective::parallelFor(
      {S.pick("schedule(dynamic, 64)", "schedule(dynamic,64)"),
       S.pick("private(i, p)", "private(i,p)")});
  return {Node::statement(c("allocated = 1;")), Outer,
          Node::comment("the rows' partial sums")};
}

Nodes deepTree(const Spelling &S) {
  Nodes Body = {Node::statement(
      c(S.pick("s += B[i * K + k] * C[k];", "s+=B[i*K+k]*C[k];")))};
  for (int I = 0; I < 6; ++I)
    Body = {Node::block(Body)};
  return Body;
}

/// A Verbatim node needs the file's text as the style writes it.
Nodes verbatimTree(const std::string &Indent) {
  return {Node::statement(c("s = 0;")),
          Node::verbatim(Indent + "s = s * 2 + t;"),
          Node::statement(c("t = 1;"))};
}

class FixedPoint : public ::testing::TestWithParam<const char *> {};

TEST_P(FixedPoint, RealisticTrees) {
  for (bool Odd : {false, true}) {
    Spelling S{Odd};
    for (unsigned Depth : {1u, 3u}) {
      Printed P = printIn(GetParam(), csrTree(S), Depth);
      // Three blocks deeper in GNU style, the malloc line is too long: a
      // call broken in its arguments, which the printer leaves to
      // clang-format.
      bool GnuDeep = std::string(GetParam()) == "GNU" && Depth == 3;
      if (GetParam()[0] != '{') {
        EXPECT_EQ(P.Exact, !GnuDeep);
      }
      if (P.Exact) {
        EXPECT_EQ(changes(styleNamed(GetParam()), P.Code), "")
            << (Odd ? "irregular leaves" : "regular leaves");
      }
      P = printIn(GetParam(), deepTree(S), Depth);
      if (GetParam()[0] != '{') {
        EXPECT_TRUE(P.Exact);
      }
      if (P.Exact) {
        EXPECT_EQ(changes(styleNamed(GetParam()), P.Code), "");
      }
    }
  }
}

TEST_P(FixedPoint, LeftPointersDerived) {
  // The frame's pointers spelled 'double* A': Google derives Left, the
  // others do not derive.
  Printed P = printIn(GetParam(), csrTree({false}), 1, true);
  if (P.Exact) {
    EXPECT_EQ(changes(styleNamed(GetParam()), P.Code), "");
  }
}

TEST_P(FixedPoint, Verbatim) {
  FormatStyle Style = styleNamed(GetParam());
  Frame F = frame(Style, 2, false);
  std::optional<PrintStyle> PS =
      lnr::rewrite::printStyleFor(Style, F.Before + F.After);
  ASSERT_TRUE(PS);
  bool Exact = false;
  std::string Text = print(verbatimTree(F.Indent), *PS, F.Indent, Exact);
  EXPECT_TRUE(Exact);
  EXPECT_EQ(changes(Style, F.Before + Text + F.After), "");
}

TEST_P(FixedPoint, VerbatimLaidOutByClangFormat) {
  // A nest of the file, at another depth than the rewrite's, spaced
  // irregularly, a directive first: laid out as the style writes it there,
  // the same tokens.
  const std::string Nest = "    #pragma omp parallel for\n"
                           "    for (int i = 0; i<n; i++) {\n"
                           "          for (int p = pos[i]; p < pos[i + 1]; "
                           "p++)\n"
                           "      A[i]+=B[p] *x[crd[p]]; // row i\n"
                           "\n"
                           "    }";
  FormatStyle Style = styleNamed(GetParam());
  for (unsigned Depth : {1u, 3u}) {
    Frame F = frame(Style, Depth, false);
    std::optional<PrintStyle> PS =
        lnr::rewrite::printStyleFor(Style, F.Before + F.After);
    ASSERT_TRUE(PS);
    bool Exact = false;
    std::string Text =
        print({Node::comment("kept"), Node::verbatim(Nest)}, *PS, F.Indent,
              Exact, lnr::rewrite::clangFormatLines(Style));
    EXPECT_TRUE(Exact);
    EXPECT_EQ(Text.find("clang-format off"), std::string::npos) << Text;
    EXPECT_EQ(changes(Style, F.Before + Text + F.After), "");
    auto Tokens = [](std::string T) {
      T.erase(std::remove_if(T.begin(), T.end(),
                             [](char C) { return std::isspace(C); }),
              T.end());
      return T;
    };
    EXPECT_EQ(Tokens(Text), "/*kept*/" + Tokens(Nest));
  }
}

/// A comment of Words before a statement, printed in Style at a random
/// depth: the text, whether the printer says it is exact, and the text in
/// its frame.
struct CommentPrinted {
  std::string Text;
  bool Exact = false;
  std::string InFrame;
};
CommentPrinted printComment(const FormatStyle &Style, const std::string &Words,
                            std::mt19937 &Random) {
  Nodes Tree = {Node::comment(Words), Node::statement(c("s = 0;"))};
  Frame F = frame(Style, 1 + Random() % 4, false);
  std::optional<PrintStyle> PS =
      lnr::rewrite::printStyleFor(Style, F.Before + F.After);
  EXPECT_TRUE(PS);
  CommentPrinted Out;
  if (!PS)
    return Out;
  Out.Text = print(Tree, *PS, F.Indent, Out.Exact);
  Out.InFrame = F.Before + Out.Text + F.After;
  return Out;
}

/// Comments of random lengths (the rewrite's summary of a nest) at random
/// depths: filled to the column limit as clang-format reflows them.
TEST_P(FixedPoint, LongComments) {
  FormatStyle Style = styleNamed(GetParam());
  std::mt19937 Random(11);
  unsigned Exact = 0;
  for (int Case = 0; Case < 100; ++Case) {
    std::string Words = "lnr-rewrite:";
    for (unsigned N = Random() % 40; N > 0; --N) {
      Words += " ";
      for (unsigned L = 1 + Random() % 14; L > 0; --L)
        Words += char('a' + Random() % 26);
      if (Random() % 5 == 0)
        Words += "(i,j)";
    }
    CommentPrinted P = printComment(Style, Words, Random);
    if (!P.Exact)
      continue;
    ++Exact;
    EXPECT_EQ(changes(Style, P.InFrame), "") << P.Text;
  }
  EXPECT_GE(Exact, 90u);
}

/// Comments with words longer than the line (a cost such as
/// 'O(nnz(vals_105_ij)*K_105+...)' under long names): each such word on a
/// line of its own, and the '*/' after a last line too long on its own
/// line, as clang-format breaks them.
TEST_P(FixedPoint, CommentsWithWordsLongerThanTheLine) {
  FormatStyle Style = styleNamed(GetParam());
  std::mt19937 Random(12);
  for (int Case = 0; Case < 100; ++Case) {
    std::string Words = "lnr-rewrite:";
    for (unsigned N = Random() % 12; N > 0; --N) {
      Words += " ";
      unsigned Length = Random() % 3 ? 1 + Random() % 14 : 60 + Random() % 40;
      for (unsigned L = Length; L > 0; --L)
        Words += char('a' + Random() % 26);
    }
    CommentPrinted P = printComment(Style, Words, Random);
    EXPECT_TRUE(P.Exact) << P.Text;
    EXPECT_EQ(changes(Style, P.InFrame), "") << P.Text;
  }
}

/// A name of Min to Max characters that starts with First.
std::string randomName(std::mt19937 &Random, char First, unsigned Min,
                       unsigned Max) {
  unsigned N = Min + Random() % (Max - Min + 1);
  std::string S(1, First);
  while (S.size() < N)
    S += char('a' + Random() % 26);
  return S;
}

/// Long statements, conditions and headers of random lengths: what the
/// printer says is exact must be clang-format's layout.
TEST_P(FixedPoint, LongLinesSweep) {
  FormatStyle Style = styleNamed(GetParam());
  std::mt19937 Random(7);
  auto Name = [&](unsigned Min, unsigned Max) {
    return randomName(Random, 'v', Min, Max);
  };
  auto Operand = [&]() {
    switch (Random() % 4) {
    case 0:
      return Name(1, 12);
    case 1:
      return Name(1, 6) + "[" + Name(1, 3) + " * " + Name(1, 3) + " + " +
             Name(1, 3) + "]";
    case 2:
      return Name(1, 4) + "[k + " + std::to_string(Random() % 8) + "] * " +
             Name(1, 4) + "[(k + " + std::to_string(Random() % 8) +
             ") * L + l]";
    default:
      return Name(2, 8) + " * " + Name(2, 8);
    }
  };
  unsigned Exact = 0, Total = 0;
  for (int Case = 0; Case < 300; ++Case) {
    unsigned Depth = 1 + Random() % 4;
    unsigned Terms = 2 + Random() % 9;
    const char *Ops[] = {" + ", " + ", " - ", " * ", " && ", " || "};
    std::string Op = Ops[Random() % 6];
    std::string Sum = Operand();
    for (unsigned T = 1; T < Terms; ++T)
      Sum += Op + Operand();
    Nodes Tree;
    switch (Random() % 5) {
    case 0:
      Tree = {Node::statement(c(Name(1, 30) + "[i] += " + Sum + ";"))};
      break;
    case 1:
      Tree = {Node::statement(c(Name(1, 40) + " = " + Sum + ";"))};
      break;
    case 2: {
      Declaration D;
      D.Type = c("double");
      D.Name = Name(1, 30);
      D.Init = c(Sum);
      Tree = {Node::declaration(D)};
      break;
    }
    case 3:
      Tree = {Node::ifThen(c(Sum), {Node::statement(c("x = 1;"))})};
      break;
    default:
      Tree = {Node::rangeLoop(c("int " + Name(1, 20) + " = " + Name(1, 20)),
                              c(Name(1, 20) + " < " + Sum),
                              c(Name(1, 20) + "++"),
                              {Node::statement(c("x = 1;"))})};
      break;
    }
    Printed P = printIn(GetParam(), Tree, Depth);
    ++Total;
    if (!P.Exact)
      continue;
    ++Exact;
    EXPECT_EQ(changes(Style, P.Code), "") << "case " << Case;
  }
  // Most long lines are of shapes the printer breaks itself.
  EXPECT_GE(Exact * 10, Total * 6) << Exact << " of " << Total << " exact";
}

/// Long lines of shapes the printer does not break itself (calls broken in
/// their arguments, conditional expressions, long directives) laid out by
/// clang-format alone (LineFormat.h): in their place in a function, they
/// are what clang-format writes there.
TEST_P(FixedPoint, LinesLaidOutByClangFormatAlone) {
  FormatStyle Style = styleNamed(GetParam());
  std::mt19937 Random(13);
  auto Name = [&](unsigned Min, unsigned Max) {
    return randomName(Random, 'w', Min, Max);
  };
  auto Count = [&]() {
    return "(" + Name(1, 8) + " > 0 ? (double)" + Name(2, 8) + "[" +
           Name(1, 6) + "] : 0.0)";
  };
  unsigned Exact = 0, Total = 0;
  for (int Case = 0; Case < 150; ++Case) {
    unsigned Depth = 1 + Random() % 4;
    std::string Sum = Count();
    for (unsigned T = Random() % 6; T > 0; --T)
      Sum += " * (double)" + Name(1, 6) + " + " + Count();
    std::string Size = "(size_t)(" + Name(1, 10) + " > 0 ? " + Name(1, 10) +
                       " : 1) * (size_t)(" + Name(1, 5) + " > 0 ? " +
                       Name(1, 5) + " : 1)";
    Nodes Tree;
    switch (Random() % 4) {
    case 0:
      Tree = {Node::declaration(
          {c("double"),
           true,
           Name(1, 12),
           {},
           c("(double *)malloc(sizeof(double) * " + Size + ")")})};
      break;
    case 1:
      Tree = {Node::ifElse(c(Name(1, 6) + "_min != 0 || " + Sum + " <= " + Sum),
                           {Node::statement(c("x = 1;"))},
                           {Node::statement(c("x = 2;"))})};
      break;
    case 2:
      // Not first: the frame indents the first line as a nest's own.
      Tree = {Node::statement(c("x = 0;")),
              Node::directive(
                  c("#pragma omp parallel for reduction(max : " + Name(1, 12) +
                    ") reduction(min : " + Name(1, 12) +
                    ") reduction(| : " + Name(1, 12) + ")")),
              Node::rangeLoop(c("int q = 0"), c("q < n"), c("q++"),
                              {Node::statement(c("x = 1;"))})};
      break;
    default:
      Tree = {Node::statement(
          c(Name(1, 10) + " = " + Name(1, 6) + " > 0 && " + Name(1, 8) + "[" +
            Name(1, 6) + "] > 0 ? (double)" + Name(4, 12) + "[" + Name(4, 12) +
            "[" + Name(1, 3) + "]] : " + Count() + ";"))};
      break;
    }
    Printed P = printIn(GetParam(), Tree, Depth, false, true);
    ++Total;
    if (!P.Exact)
      continue;
    ++Exact;
    EXPECT_EQ(changes(Style, P.Code), "") << "case " << Case;
  }
  // Only a column the style's blocks cannot nest to is left to the caller.
  EXPECT_GE(Exact * 10, Total * 9) << Exact << " of " << Total << " exact";
}

INSTANTIATE_TEST_SUITE_P(Styles, FixedPoint, ::testing::ValuesIn(Styles));
INSTANTIATE_TEST_SUITE_P(Variants, FixedPoint, ::testing::ValuesIn(Variants));

TEST(PrintStyleFor, RefusesWhatThePrinterDoesNotFollow) {
  FormatStyle S = styleNamed("LLVM");
  EXPECT_TRUE(lnr::rewrite::printStyleFor(S));
  FormatStyle G = styleNamed("Google");
  EXPECT_FALSE(lnr::rewrite::printStyleFor(G)); // derives its alignment
  // Derived from the text: Right stars, Left stars, a tie (Left), and a
  // text whose only stars could be multiplications.
  auto Derived = [&](const char *Code) {
    std::optional<PrintStyle> P = lnr::rewrite::printStyleFor(G, Code);
    return P ? int(P->PointerAlignment) : -1;
  };
  EXPECT_EQ(Derived("double *a; int *b;"), int(PrintStyle::Alignment::Right));
  EXPECT_EQ(Derived("double* a; int *b; char* c;"),
            int(PrintStyle::Alignment::Left));
  EXPECT_EQ(Derived("int x = 1;"), int(PrintStyle::Alignment::Left));
  EXPECT_EQ(Derived("double *a; x = n* m;"), -1);
  FormatStyle J = styleNamed("LLVM");
  J.Language = FormatStyle::LK_JavaScript;
  EXPECT_FALSE(lnr::rewrite::printStyleFor(J));
  FormatStyle A = S;
  A.AlignConsecutiveAssignments = FormatStyle::ACS_Consecutive;
  EXPECT_FALSE(lnr::rewrite::printStyleFor(A));
  FormatStyle W = S;
  W.BreakBeforeBraces = FormatStyle::BS_Whitesmiths;
  EXPECT_FALSE(lnr::rewrite::printStyleFor(W));
  FormatStyle PP = S;
  PP.IndentPPDirectives = FormatStyle::PPDIS_AfterHash;
  EXPECT_FALSE(lnr::rewrite::printStyleFor(PP));
}

} // namespace
