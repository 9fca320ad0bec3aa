//===- PairRenamesTest.cpp - Names two composed nests agree on ------------===//
//
// rewrite/PairRenames.h: a variable renamed in every text a nest keeps,
// members of the same name left alone however they are spelled, and a
// consumer's position named as the producer's only where that captures
// nothing (a text of the consumer, a macro's body it expands), and the
// producer's rows and coordinates named as the consumer's. Without Clang.
//
//===----------------------------------------------------------------------===//

#include "rewrite/PairRenames.h"

#include <gtest/gtest.h>

using namespace lnr;
using rewrite::alignPositions;
using rewrite::alignRows;
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

/// SparseLNR's SDDMM, S(i1467,i1468) = B * C * D, its rows counted by
/// 'i1467' and its coordinate loaded into 'i1468'.
struct Sddmm {
  ir::Kernel K;
  NestSource S;
  Sddmm() {
    K.Indices = {{"i1467", {}}, {"i1468", {}}, {"i1469", {}}};
    K.Stmt = {{"S", {"i1467", "i1468"}},
              false,
              {{"B", {"i1467", "i1468"}}, {"C", {"i1467", "i1469"}}}};
    for (const char *I : {"i1467", "i1468", "i1469"}) {
      ir::Loop L;
      L.Index = I;
      K.Loops.push_back(L);
    }
    LoopSource I, J, K3;
    I.Index = "i1467";
    I.Header = "for (int32_t i1467 = 0; i1467 < A13921_dimension; i1467++)";
    I.Bound = "A13921_dimension";
    I.StartsAtZero = true;
    J.Kind = LevelKind::Compressed;
    J.Index = "i1468";
    J.Position = "i1468cage3";
    J.Prologue = {"int32_t i1468 = cage32_crd[i1468cage3];"};
    K3.Index = "i1469";
    S.Loops = {I, J, K3};
    S.Factors = {{"cage3_vals[i1468cage3]", "double", {}},
                 {"A1392_vals[i1469A1392]", "double", {"i1469A1392"}}};
    S.Aliases = {{"i1469A1392",
                  "int32_t i1469A1392 = i1467 * A13922_dimension + i1469;"}};
    S.DisjointOutputIndices = {"i1467"};
  }
};

/// Its SpMM reads S(i,j) by 'i' and 'j'.
ir::Access spmmRead() { return {"S", {"i", "j"}}; }

NestSource spmmSource() {
  NestSource Q;
  LoopSource I, J;
  I.Kind = LevelKind::Strips;
  I.Index = "i";
  J.Kind = LevelKind::Compressed;
  J.Index = "j";
  J.Position = "jposA";
  J.Prologue = {"int32_t j = A2_crd[jposA];"};
  Q.Loops = {I, J};
  return Q;
}

TEST(PairRenamesTest, TheProducersRowsAndCoordinatesAreNamedAsTheConsumers) {
  Sddmm P;
  alignRows(P.K, P.S, spmmSource(), spmmRead());
  EXPECT_EQ(P.K.Stmt.Lhs.Indices, (std::vector<std::string>{"i", "j"}));
  EXPECT_EQ(P.K.Stmt.Factors[1].Indices,
            (std::vector<std::string>{"i", "i1469"}));
  EXPECT_EQ(P.K.Loops[0].Index, "i");
  EXPECT_EQ(P.S.Loops[0].Header,
            "for (int32_t i = 0; i < A13921_dimension; i++)");
  EXPECT_EQ(P.S.Loops[1].Prologue[0], "int32_t j = cage32_crd[i1468cage3];");
  EXPECT_EQ(P.S.Aliases[0].Declaration,
            "int32_t i1469A1392 = i * A13922_dimension + i1469;");
  EXPECT_EQ(P.S.DisjointOutputIndices, (std::vector<std::string>{"i"}));
  // The position stays the producer's: alignPositions names the
  // consumer's after it.
  EXPECT_EQ(P.S.Loops[1].Position, "i1468cage3");
}

TEST(PairRenamesTest, AProducerUsingTheConsumersNameKeepsItsOwn) {
  // 'i' already names something of the producer's.
  Sddmm P;
  P.S.Factors[0].Text = "cage3_vals[i]";
  alignRows(P.K, P.S, spmmSource(), spmmRead());
  EXPECT_EQ(P.K.Loops[0].Index, "i1467");
  EXPECT_EQ(P.S.Factors[0].Text, "cage3_vals[i]");
  // The producer's row variable spelled in a macro's body.
  Sddmm M;
  M.S.MacroBodyNames = {"i1467"};
  alignRows(M.K, M.S, spmmSource(), spmmRead());
  EXPECT_EQ(M.S.Loops[0].Index, "i1467");
  // Declared before the nest (C89): its declaration is not renamed.
  Sddmm D;
  D.S.OuterDeclared = {"i1467"};
  alignRows(D.K, D.S, spmmSource(), spmmRead());
  EXPECT_EQ(D.K.Loops[0].Index, "i1467");
  // The element read transposed, S(j, i): 'i1468' is the producer's too.
  Sddmm T;
  alignRows(T.K, T.S, spmmSource(), {"S", {"i1468", "i"}});
  EXPECT_EQ(T.K.Stmt.Lhs.Indices, (std::vector<std::string>{"i1467", "i1468"}));
}

} // namespace
