//===- LevelTest.cpp - Each level kind's answers --------------------------===//
//
// Levels built by hand as the recovery reads them (RecoveryTest checks
// which kind each form is read as); the emitter's questions asked of each.
//
//===----------------------------------------------------------------------===//
#include "rewrite/levels/Level.h"

#include <gtest/gtest.h>

namespace lnr {
namespace {

using levels::Level;

LoopSource dense(const std::string &Begin, const std::string &Bound,
                 const std::string &Type = "int") {
  LoopSource L;
  L.Kind = LevelKind::Dense;
  L.Index = "i";
  L.IndexType = L.VariableType = Type;
  L.Header = "for (" + Type + " i = " + (Begin.empty() ? "0" : Begin) +
             "; i < " + Bound + "; i++)";
  L.StartsAtZero = Begin.empty();
  L.Begin = Begin;
  L.Bound = Bound;
  return L;
}

LoopSource csr() {
  LoopSource J;
  J.Kind = LevelKind::Compressed;
  J.Index = "j";
  J.Header = "for (int p = rowptr[i]; p < rowptr[i + 1]; p++)";
  J.Prologue = {"int j = colidx[p];"};
  J.Position = "p";
  J.Positions = "rowptr";
  J.Coordinates = "colidx";
  J.NextCoordinate = "colidx[p + 1]";
  J.LoopBegin = "rowptr[i]";
  J.LoopEnd = "rowptr[i + 1]";
  J.LevelEnd = "rowptr[n]";
  return J;
}

TEST(LevelTest, DenseFromZero) {
  LoopSource S = dense("", "n");
  Level L(S);
  EXPECT_STREQ(L.name(), "dense");
  ASSERT_TRUE(L.fiber());
  EXPECT_EQ(L.fiber()->Begin, "0");
  EXPECT_EQ(L.fiber()->End, "n");
  EXPECT_TRUE(L.fromZero());
  // In a signed type, 'n > 0' is '0 < n'.
  EXPECT_EQ(L.nonEmpty(), "n > 0");
  EXPECT_FALSE(L.walksPositions());
  EXPECT_TRUE(L.ordered() && L.unique() && L.compact());
  EXPECT_FALSE(L.next());
  EXPECT_FALSE(L.positions());
  EXPECT_EQ(L.header(), S.Header);
}

TEST(LevelTest, DenseFromElsewhereComparesInTheIndexType) {
  LoopSource S = dense("lo + 1", "n", "unsigned");
  Level L(S);
  EXPECT_FALSE(L.fromZero());
  EXPECT_EQ(L.fiber()->Begin, "lo + 1");
  // -1 converted to unsigned is no smaller than n: compared as the loop.
  EXPECT_EQ(L.nonEmpty(), "(unsigned)(lo + 1) < n");
  LoopSource Unsigned = dense("", "n", "size_t");
  EXPECT_EQ(Level(Unsigned).nonEmpty(), "(size_t)0 < n");
}

TEST(LevelTest, DenseWithoutItsBoundsHasNoRange) {
  LoopSource S = dense("", "");
  EXPECT_FALSE(Level(S).fiber());
  EXPECT_FALSE(Level(S).nonEmpty());
}

TEST(LevelTest, StripsAnswerAsTheirDenseRange) {
  LoopSource S = dense("", "N");
  S.Kind = LevelKind::Strips;
  S.Split = "for (int i0 = 0; i0 < ((N + 15) / 16); i0++)";
  Level L(S);
  EXPECT_EQ(L.fiber()->End, "N");
  EXPECT_EQ(L.nonEmpty(), "N > 0");
  EXPECT_FALSE(L.walksPositions());
  EXPECT_TRUE(L.ordered());
}

TEST(LevelTest, DescendingIsItsDenseRangeOutOfOrder) {
  LoopSource S = dense("", "n");
  S.Kind = LevelKind::Descending;
  S.Header = "for (int i = n; i-- > 0;)";
  Level L(S);
  EXPECT_EQ(L.fiber()->End, "n");
  EXPECT_TRUE(L.fromZero());
  EXPECT_EQ(L.nonEmpty(), "n > 0");
  EXPECT_FALSE(L.walksPositions());
  EXPECT_FALSE(L.ordered());
  EXPECT_TRUE(L.unique() && L.compact());
  EXPECT_EQ(L.header(), "for (int i = n; i-- > 0;)");
}

TEST(LevelTest, CompressedOfOnePositionsArray) {
  LoopSource S = csr();
  Level L(S);
  EXPECT_EQ(L.fiber()->Begin, "rowptr[i]");
  EXPECT_EQ(L.fiber()->End, "rowptr[i + 1]");
  EXPECT_FALSE(L.fromZero());
  EXPECT_EQ(L.nonEmpty(), "rowptr[i] < rowptr[i + 1]");
  ASSERT_TRUE(L.next());
  EXPECT_EQ(L.next()->Coordinate, "colidx[p + 1]");
  EXPECT_EQ(L.next()->Guard, "p + 1 < rowptr[i + 1]");
  EXPECT_EQ(L.positions(), "rowptr");
  EXPECT_EQ(L.positionCount(), "rowptr[n]");
  EXPECT_EQ(L.coordinates(), "colidx");
  EXPECT_TRUE(L.walksPositions() && L.unique() && L.compact());
  // Coordinates in order is CSR's convention, not relied on unchecked.
  EXPECT_FALSE(L.ordered());
  EXPECT_TRUE(L.coordinateReadable());
}

TEST(LevelTest, PositionOnlyHasNoCoordinateToRead) {
  LoopSource S = csr();
  S.PositionOnly = true;
  EXPECT_FALSE(Level(S).coordinateReadable());
  EXPECT_EQ(Level(S).positions(), "rowptr");
}

TEST(LevelTest, RelativePositionsNameNoPositionsArray) {
  LoopSource S = csr();
  S.Kind = LevelKind::Relative;
  S.LoopBegin = "0";
  S.LoopEnd = "pos[i + 1] - pos[i]";
  S.Positions = S.LevelEnd = "";
  Level L(S);
  EXPECT_EQ(L.nonEmpty(), "0 < pos[i + 1] - pos[i]");
  EXPECT_FALSE(L.positions());
  EXPECT_FALSE(L.positionCount());
  EXPECT_TRUE(L.compact());
}

TEST(LevelTest, SeparateEndsAreNotCompact) {
  LoopSource S = csr();
  S.Kind = LevelKind::SeparateEnds;
  S.LoopBegin = "pntrb[i]";
  S.LoopEnd = S.PositionEnds = "pntre[i]";
  S.Positions = S.LevelEnd = "";
  Level L(S);
  EXPECT_EQ(L.nonEmpty(), "pntrb[i] < pntre[i]");
  EXPECT_FALSE(L.compact());
  EXPECT_FALSE(L.positions());
  EXPECT_FALSE(L.positionCount());
  EXPECT_TRUE(L.unique());
}

TEST(LevelTest, CoordinateListAndItsSingleton) {
  LoopSource Rows;
  Rows.Kind = LevelKind::Coordinates;
  Rows.Index = "i";
  Rows.Header = "for (int e = 0; e < nnz; e++)";
  Rows.Prologue = {"int i = dst[e];"};
  Rows.Position = "e";
  Rows.Coordinates = "dst";
  Rows.NextCoordinate = "dst[e + 1]";
  Rows.StartsAtZero = true;
  Rows.Bound = "nnz";
  Rows.LoopBegin = "0";
  Rows.LoopEnd = "nnz";
  Level L(Rows);
  EXPECT_STREQ(L.name(), "compressed-nonunique");
  EXPECT_EQ(L.fiber()->End, "nnz");
  EXPECT_TRUE(L.fromZero());
  EXPECT_EQ(L.nonEmpty(), "0 < nnz");
  EXPECT_FALSE(L.unique());
  EXPECT_FALSE(L.ordered());
  EXPECT_FALSE(L.positions());
  EXPECT_EQ(L.coordinates(), "dst");
  EXPECT_EQ(L.next()->Guard, "e + 1 < nnz");

  LoopSource Columns = Rows;
  Columns.Kind = LevelKind::Singleton;
  Columns.Index = "j";
  Columns.Header = "";
  Columns.Prologue = {"int j = src[e];"};
  Columns.Coordinates = "src";
  Columns.NextCoordinate = "src[e + 1]";
  Level C(Columns);
  EXPECT_STREQ(C.name(), "singleton");
  // No loop of its own: no header, no range, never empty.
  EXPECT_FALSE(C.header());
  EXPECT_FALSE(C.fiber());
  EXPECT_FALSE(C.nonEmpty());
  EXPECT_TRUE(C.walksPositions());
  // The next position is the list's.
  EXPECT_EQ(C.next()->Coordinate, "src[e + 1]");
  EXPECT_EQ(C.next()->Guard, "e + 1 < nnz");
}

TEST(LevelTest, EveryKindHasAFormat) {
  for (LevelKind K :
       {LevelKind::Dense, LevelKind::Strips, LevelKind::Descending,
        LevelKind::Compressed, LevelKind::Relative, LevelKind::SeparateEnds,
        LevelKind::Coordinates, LevelKind::Singleton})
    EXPECT_NE(std::string(levels::formatOf(K).name()), "");
}

} // namespace
} // namespace lnr
