//===- CodeTest.cpp - Tokens with holes -----------------------------------===//

#include "rewrite/lower/Code.h"

#include <gtest/gtest.h>

using namespace lnr::lower;

TEST(CodeTest, KeepsTheSpellingWithOneBlankWhereBlanksWere) {
  EXPECT_EQ(code("A[i*L +  l]").str(), "A[i*L + l]");
  EXPECT_EQ(code("x").str() + "|", "x|");
  EXPECT_EQ((code("x +=") + code(" y")).str(), "x += y");
  EXPECT_EQ((code("x += ") + code("y")).str(), "x += y");
  EXPECT_EQ((code("f(") + code("a") + code(")")).str(), "f(a)");
}

TEST(CodeTest, LexesCTokens) {
  Code C = code("p->val[k] += 1.5e-3 * x++ >> 2; s = \"a b\";");
  std::vector<std::string> Texts;
  for (const Token &T : C.tokens())
    Texts.push_back(T.Text);
  EXPECT_EQ(Texts, (std::vector<std::string>{
                       "p", "->", "val", "[", "k", "]", "+=", "1.5e-3", "*",
                       "x", "++", ">>", "2", ";", "s", "=", "\"a b\"", ";"}));
}

TEST(CodeTest, LexesEachPunctuatorWhole) {
  // Every punctuator of C and C++ alone, then before a character it could
  // be mistaken to continue with.
  const std::vector<std::string> Puncts = {
      "<<=", ">>=", "...", "->*", "->", "++", "--", "<<", ">>", "<=",
      ">=",  "==",  "!=",  "&&",  "||", "+=", "-=", "*=", "/=", "%=",
      "&=",  "|=",  "^=",  "##",  "::", "<",  ">",  ".",  "-",  "+",
      "=",   "!",   "&",   "|",   "*",  "/",  "%",  "^",  "#",  ":",
      "(",   ")",   "[",   "]",   "{",  "}",  ",",  ";",  "?",  "~"};
  for (const std::string &P : Puncts) {
    Code Alone = code(P);
    ASSERT_EQ(Alone.tokens().size(), 1u) << P;
    EXPECT_EQ(Alone.tokens()[0].Text, P);
    EXPECT_EQ(Alone.tokens()[0].K, Token::Punct) << P;
    Code Before = code(P + "a");
    ASSERT_EQ(Before.tokens().size(), 2u) << P;
    EXPECT_EQ(Before.tokens()[0].Text, P);
  }
  std::vector<std::string> Texts;
  Code Run = code("a<<<=b->->*c..d...e+++f");
  for (const Token &T : Run.tokens())
    Texts.push_back(T.Text);
  EXPECT_EQ(Texts, (std::vector<std::string>{"a", "<<", "<=", "b", "->", "->*",
                                             "c", ".", ".", "d", "...", "e",
                                             "++", "+", "f"}));
}

TEST(CodeTest, CommentsAreBlanks) {
  EXPECT_EQ(code("k < K /* columns of C */").str(), "k < K");
  EXPECT_EQ(code("k < K // columns\n && l").str(), "k < K && l");
  EXPECT_EQ(code("a/**/b").str(), "a b");
  EXPECT_EQ(code("a / b /* open").str(), "a / b");
  EXPECT_EQ(code("s = \"/* kept */\" // gone").str(), "s = \"/* kept */\"");
  EXPECT_EQ(code("x /= 2").str(), "x /= 2");
}

TEST(CodeTest, HolesAreTheIndicesButNotMembers) {
  Code C = Code::lex("m->k + B[k] + s.k", {"k"});
  Code Filled = C.fill("k", code("k + 1"));
  EXPECT_EQ(Filled.str(), "m->k + B[k + 1] + s.k");
}

TEST(CodeTest, FillParenthesizesUnlessAloneInBrackets) {
  Code C = Code::lex("C_AT(i, k) * D[k * L + l]", {"i", "k", "l"});
  EXPECT_EQ(C.fill("k", code("k + 1")).str(),
            "C_AT(i, (k + 1)) * D[(k + 1) * L + l]");
  EXPECT_EQ(Code::lex("t[k]", {"k"}).fill("k", code("k + 1")).str(),
            "t[k + 1]");
  EXPECT_EQ(C.fill("i", code("colidx[p + 1]"), /*Parenthesize=*/false).str(),
            "C_AT(colidx[p + 1], k) * D[k * L + l]");
}

TEST(CodeTest, FillReplacesOnlyHoles) {
  Code C = Code::lex("kk + k + k_1", {"k"});
  EXPECT_EQ(C.fill("k", code("0")).str(), "kk + (0) + k_1");
}

TEST(CodeTest, MentionsIdentifiersAndTokenRuns) {
  Code C = code("A[B2_crd[kB] * n] += x;");
  EXPECT_TRUE(C.mentions("kB"));
  EXPECT_FALSE(C.mentions("k"));
  EXPECT_TRUE(C.mentions("B2_crd[kB]"));
  EXPECT_FALSE(C.mentions("B2_crd[k]"));
}

TEST(CodeTest, ReplaceSwapsTokenRuns) {
  Code C = code("D[B2_crd[kB] * L + l]");
  EXPECT_EQ(C.replace(code("B2_crd[kB]"), code("B2_crd[kB + 1]")).str(),
            "D[B2_crd[kB + 1] * L + l]");
}

TEST(CodeTest, AppendingByMoveJoinsAsByCopy) {
  // Each pair: what is appended to, and what is appended.
  const std::vector<std::pair<std::string, std::string>> Pairs = {
      {"x +=", " y"}, {"x += ", "y"}, {"", " y "}, {"f(", "a"},
      {"a ", ""},     {"", ""},       {"a", " "},  {"p->", "k"}};
  for (const auto &[Left, Right] : Pairs) {
    Code Copied = code(Left), Moved = code(Left);
    Copied += code(Right);
    Moved += Code(code(Right));
    EXPECT_EQ(Moved.str(), Copied.str()) << Left << "|" << Right;
    // Whether the text ends in blanks carries over to what follows.
    EXPECT_EQ((Moved + code("z")).str(), (Copied + code("z")).str())
        << Left << "|" << Right;
  }
}
