//===- PairRenamesTest.cpp - Names two composed nests agree on ------------===//
//
// rewrite/PairRenames.h: a variable renamed in every text a nest keeps,
// members of the same name left alone however they are spelled, and a
// consumer's position named as the producer's only where that captures
// nothing (a text of the consumer, a macro's body it expands). Without
// Clang.
//
//===----------------------------------------------------------------------===//

#include "rewrite/PairRenames.h"

#include <gtest/gtest.h>

using namespace lnr;
using rewrite::alignPositions;
using rewrite::renamedIn;
using rewrite::renameVariable;

namespace {

TEST(PairRenamesTest, AMemberOfTheSameNameIsNotRenamed) {
  EXPECT_EQ(renamedIn("T[jT] * P->jT[m]", "jT", "jB"), "T[jB] * P->jT[m]");
  EXPECT_EQ(renamedIn("P-> jT[jT]", "jT", "jB"), "P-> jT[jB]");
  EXPECT_EQ(renamedIn("P. jT[m] + P.\n  jT[jT]", "jT", "jB"),
            "P. jT[m] + P.\n  jT[jB]");
  EXPECT_EQ(renamedIn("jTx + xjT + jT", "jT", "jB"), "jTx + xjT + jB");
}

/// The consumer of TACO's <TTM, TTM>: X(i,j,m) = T(i,j,l) * D(l,m), the
/// level of j walked by 'jT'.
struct Consumer {
  ir::Kernel K;
  NestSource S;
  Consumer() {
    K.Stmt = {{"X", {"i", "j", "m"}},
              true,
              {{"T", {"i", "j", "l"}}, {"D", {"l", "m"}}}};
    LoopSource I, J, M, L;
    I.Index = "i";
    I.Header = "for (int32_t i = 0; i < T1_dimension; i++)";
    J.Kind = LevelKind::Compressed;
    J.Index = "j";
    J.Position = "jT";
    J.Positions = "T2_pos";
    J.Header = "for (int32_t jT = T2_pos[i]; jT < T2_pos[(i + 1)]; jT++)";
    M.Index = "m";
    M.Header = "for (int32_t m = 0; m < D2_dimension; m++)";
    L.Index = "l";
    L.Header = "for (int32_t l = 0; l < D1_dimension; l++)";
    S.Loops = {I, J, M, L};
    S.Factors = {{"T_vals[lT]", "double", {"lT"}},
                 {"D_vals[mD]", "double", {"mD"}}};
    S.Aliases = {{"lT", "int32_t lT = jT * T3_dimension + l;"},
                 {"mD", "int32_t mD = l * D2_dimension + m;"},
                 {"mX", "int32_t mX = jT * X3_dimension + m;"}};
    S.Output = "X_vals[mX]";
    S.OutputAliases = {"mX"};
    S.OutputPosition = "jT";
    S.Original = "for (int32_t i = 0; ...) /* jT */";
  }
};

TEST(PairRenamesTest, AVariableIsRenamedInEveryTextButTheOriginal) {
  Consumer Q;
  renameVariable(Q.S, "jT", "jB");
  EXPECT_EQ(Q.S.Loops[1].Position, "jB");
  EXPECT_EQ(Q.S.Loops[1].Header,
            "for (int32_t jB = T2_pos[i]; jB < T2_pos[(i + 1)]; jB++)");
  EXPECT_EQ(Q.S.Aliases[0].Declaration, "int32_t lT = jB * T3_dimension + l;");
  EXPECT_EQ(Q.S.Aliases[2].Declaration, "int32_t mX = jB * X3_dimension + m;");
  EXPECT_EQ(Q.S.OutputPosition, "jB");
  EXPECT_EQ(Q.S.Original, "for (int32_t i = 0; ...) /* jT */");
}

/// The producer that stores T(i,j,l) at B's fibers, walked by 'jB'.
struct Producer {
  ir::Kernel K;
  NestSource S;
  Producer() {
    LoopSource J;
    J.Kind = LevelKind::Compressed;
    J.Index = "j";
    J.Position = "jB";
    S.Loops = {J};
    K.Stmt.Lhs = {"T", {"i", "j", "l"}};
  }
};

TEST(PairRenamesTest, TheConsumersPositionIsNamedAsTheProducers) {
  Consumer Q;
  Producer P;
  EXPECT_EQ(alignPositions(P.S, P.K, Q.S, Q.K.Stmt.Factors[0]), std::nullopt);
  EXPECT_EQ(Q.S.Loops[1].Position, "jB");
}

TEST(PairRenamesTest, ANameOfAMacrosBodyIsNotCaptured) {
  Producer P;
  const NestSource &PS = P.S;
  const ir::Kernel &PK = P.K;
  // '#define SCALE jB', a global jB: inside the fused loop over 'jB', the
  // macro would read the position.
  Consumer Q;
  Q.S.MacroBodyNames = {"jB"};
  EXPECT_NE(alignPositions(PS, PK, Q.S, Q.K.Stmt.Factors[0]), std::nullopt);
  EXPECT_EQ(Q.S.Loops[1].Position, "jT");
  // '#define AT(x) T_vals[jT * T3_dimension + (x)]': a renaming would
  // not reach it.
  Consumer R;
  R.S.MacroBodyNames = {"jT"};
  EXPECT_NE(alignPositions(PS, PK, R.S, R.K.Stmt.Factors[0]), std::nullopt);
  // A text of the consumer naming 'jB' for another value.
  Consumer C;
  C.S.Factors[1].Text = "D_vals[jB]";
  EXPECT_NE(alignPositions(PS, PK, C.S, C.K.Stmt.Factors[0]), std::nullopt);
}

} // namespace
