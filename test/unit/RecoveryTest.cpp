//===- RecoveryTest.cpp - a few lines of C in, the recovered nest out -----===//
//
// Each test parses a snippet with clang (tooling::buildASTFromCode), runs
// the recovery on the first nest of the function `kernel` and checks the
// index notation and loop order it recovered, or the refusal it named.
//
//===----------------------------------------------------------------------===//

#include "analysis/recover/Linearization.h"
#include "analysis/recover/NestRecovery.h"

#include "clang/AST/Decl.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace lnr;

namespace {

/// What the recovery made of a nest: the notation and loop order, or the
/// refusal's name and message.
/// The text of each factor as recovered.
std::vector<std::string> factorTexts(const NestSource &S) {
  std::vector<std::string> Out;
  for (const NestSource::Factor &F : S.Factors)
    Out.push_back(F.Text);
  return Out;
}

/// Whether the original's product converts each factor.
std::vector<bool> converted(const NestSource &S) {
  std::vector<bool> Out;
  for (const NestSource::Factor &F : S.Factors)
    Out.push_back(F.Converted);
  return Out;
}

struct Recovered {
  std::string Notation, LoopOrder, Refusal, Message;
  NestSource Source;
};

/// Recovers nest number Index of the function `kernel` in Code (C99).
Recovered recoverFrom(const std::string &Code, unsigned Index = 0,
                      recover::Options Opts = {},
                      std::vector<std::string> Args = {"-std=c99"}) {
  Args.push_back("-fopenmp");
  std::unique_ptr<clang::ASTUnit> AST =
      clang::tooling::buildASTFromCodeWithArgs(Code, Args, "kernel.c");
  Recovered Out;
  if (!AST || AST->getDiagnostics().hasErrorOccurred()) {
    Out.Refusal = "(does not parse)";
    return Out;
  }
  clang::ASTContext &Ctx = AST->getASTContext();
  for (const clang::Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    const auto *F = llvm::dyn_cast<clang::FunctionDecl>(D);
    if (!F || F->getName() != "kernel" || !F->hasBody())
      continue;
    std::vector<recover::NestSite> Nests = recover::findLoopNests(*F);
    if (Index >= Nests.size()) {
      Out.Refusal = "(no such nest)";
      return Out;
    }
    auto Result = recover::recoverNest(Nests[Index], Ctx, Opts);
    if (auto *Failed = std::get_if<recover::Failure>(&Result)) {
      Out.Refusal = Failed->Reason.Name;
      Out.Message = Failed->Reason.Message;
      return Out;
    }
    auto &Nest = std::get<recover::RecoveredNest>(Result);
    Out.Notation = ir::toString(Nest.Kernel.Stmt);
    Out.LoopOrder = ir::loopOrderString(Nest.Kernel.Loops);
    Out.Source = std::move(Nest.Source);
    return Out;
  }
  Out.Refusal = "(no function 'kernel')";
  return Out;
}

const char *const CsrSddmmSpmm = R"(
void kernel(int N, int K, int L, const int *restrict pos,
            const int *restrict crd, const double *restrict B,
            const double *restrict C, const double *restrict D,
            const double *restrict E, double *restrict A) {
  for (int i = 0; i < N; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += B[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
)";

TEST(RecoveryTest, HandWrittenCsrChain) {
  Recovered R = recoverFrom(CsrSddmmSpmm);
  ASSERT_EQ(R.Refusal, "") << R.Message;
  EXPECT_EQ(R.Notation, "A(i,l) += B(i,j) * C(i,k) * D(j,k) * E(j,l)");
  EXPECT_EQ(R.LoopOrder, "i, j(B), k, l");
  // restrict proves the output apart from the inputs: no run-time test.
  EXPECT_FALSE(R.Source.Overlap.Needed);
  ASSERT_NE(R.Source.loop("j"), nullptr);
  EXPECT_EQ(R.Source.loop("i")->Kind, LevelKind::Dense);
  EXPECT_EQ(R.Source.loop("j")->Kind, LevelKind::Compressed);
}

TEST(RecoveryTest, DcsrRootLevelHasNoParentLoop) {
  // The outer loop walks the positions of B's compressed first level,
  // pos1[0] to pos1[1]; the rows' positions are read at the root's
  // position q, not at the coordinate i.
  Recovered R = recoverFrom(R"(
void kernel(int K, int L, const int *pos1, const int *crd1, const int *pos2,
            const int *crd2, const double *restrict B, const double *C,
            const double *D, const double *E, double *A) {
  for (int q = pos1[0]; q < pos1[1]; q++) {
    int i = crd1[q];
    for (int p = pos2[q]; p < pos2[q + 1]; p++) {
      int j = crd2[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += B[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
  }
}
)");
  ASSERT_EQ(R.Refusal, "") << R.Message;
  EXPECT_EQ(R.Notation, "A(i,l) += B(i,j) * C(i,k) * D(j,k) * E(j,l)");
  EXPECT_EQ(R.LoopOrder, "i(B), j(B), k, l");
  ASSERT_EQ(R.Source.Loops.size(), 4u);
  const LoopSource &Root = R.Source.Loops[0];
  EXPECT_EQ(Root.Position, "q");
  EXPECT_EQ(Root.Positions, "pos1");
  EXPECT_EQ(Root.LoopBegin, "pos1[0]");
  EXPECT_EQ(Root.LoopEnd, "pos1[1]");
  EXPECT_EQ(Root.LevelEnd, "pos1[1]");
  EXPECT_EQ(R.Source.Loops[1].LoopBegin, "pos2[q]");
  // Without restrict on A, the overlap test ranges the root's positions
  // over [pos1[0], pos1[1]): a position range with no parent loop, and
  // pos1 read at 0 and 1 only.
  ASSERT_TRUE(R.Source.Overlap.Needed);
  EXPECT_EQ(R.Source.Overlap.Unbounded, "");
  bool RootRange = false, Pos1 = false;
  for (const auto &P : R.Source.Overlap.PositionRanges)
    RootRange |= P.Variable == "q" && P.Positions == "pos1" && P.Parent == "";
  for (const auto &A : R.Source.Overlap.Arrays)
    Pos1 |=
        A.Base == "pos1" && A.Positions && A.Terms.empty() && A.Offset == "0";
  EXPECT_TRUE(RootRange);
  EXPECT_TRUE(Pos1);
}

TEST(RecoveryTest, RootWalkedFromZeroIsTheRootFromItsFirstPosition) {
  // ATL's form: the root's positions from 0 to pos1[1], q read only as a
  // position (the coordinate crd1[q], the rows' positions pos2[q]). It is
  // the root from pos1[0] when pos1[0] is 0, which the rewrite checks.
  Recovered R = recoverFrom(R"(
void kernel(int K, int L, const int *restrict pos1, const int *restrict crd1,
            const int *restrict pos2, const int *restrict crd2,
            const double *restrict B, const double *restrict C,
            const double *restrict D, double *restrict A) {
  for (int q = 0; q < pos1[1]; q++)
    for (int p = pos2[q]; p < pos2[q + 1]; p++)
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[crd1[q] * L + l] += B[p] * C[crd2[p] * K + k] * D[k * L + l];
}
)");
  ASSERT_EQ(R.Refusal, "") << R.Message;
  EXPECT_EQ(R.Notation,
            "A(crd1[q],l) += B(crd1[q],crd2[p]) * C(crd2[p],k) * D(k,l)");
  EXPECT_EQ(R.LoopOrder, "crd1[q](B), crd2[p](B), k, l");
  const LoopSource &Root = R.Source.Loops[0];
  EXPECT_EQ(Root.Position, "q");
  EXPECT_EQ(Root.Positions, "pos1");
  EXPECT_EQ(Root.LoopBegin, "0");
  EXPECT_EQ(Root.LevelEnd, "pos1[1]");
  EXPECT_EQ(R.Source.ZeroFirstPositions, std::vector<std::string>{"pos1[0]"});
}

TEST(RecoveryTest, DenseLoopToAPositionStaysDense) {
  // To pos1[1), but q is the row of A and C: an index, not a position.
  Recovered R = recoverFrom(R"(
void kernel(int K, int L, const int *restrict pos1, const int *restrict pos2,
            const int *restrict crd2, const double *restrict B,
            const double *restrict C, const double *restrict D,
            double *restrict A) {
  for (int q = 0; q < pos1[1]; q++)
    for (int p = pos2[q]; p < pos2[q + 1]; p++)
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[q * L + l] += B[p] * C[q * K + k] * D[crd2[p] * L + l];
}
)");
  ASSERT_EQ(R.Refusal, "") << R.Message;
  EXPECT_EQ(R.LoopOrder, "q, crd2[p](B), k, l");
  EXPECT_TRUE(R.Source.ZeroFirstPositions.empty());
}

/// TACO's default order over a DCSR matrix: each row's whole sum assigned
/// at the coordinate the root loads.
const std::string DcsrAssigned = R"(
void kernel(int K, const int *pos1, const int *crd1, const int *pos2,
            const int *crd2, const double *restrict B,
            const double *restrict C, double *restrict A) {
  for (int q = pos1[0]; q < pos1[1]; q++) {
    int i = crd1[q];
    for (int k = 0; k < K; k++) {
      double t = 0;
      for (int p = pos2[q]; p < pos2[q + 1]; p++) {
        int j = crd2[p];
        t += B[p] * C[j * K + k];
      }
      A[i * K + k] = t;
    }
  }
}
)";

TEST(RecoveryTest, CompressedRootAssignedWholeSumIsCheckedOrRefused) {
  // TACO's default order over a DCSR matrix assigns each row's sum at the
  // row's coordinate, which the root may list twice: zeroing A and
  // accumulating would add the sums the original overwrites. A loaded
  // coordinate is checked to strictly increase at run time.
  Recovered R = recoverFrom(DcsrAssigned);
  ASSERT_EQ(R.Refusal, "") << R.Message;
  EXPECT_EQ(R.Notation, "A(i,k) += B(i,j) * C(j,k)");
  EXPECT_EQ(R.Source.DeferredRefusal, std::nullopt);
  EXPECT_EQ(R.Source.DistinctCoordinates, "i");
  EXPECT_TRUE(R.Source.ZeroOutputFirst);
  // Read in place, it is checked the same way: the level's coordinates
  // array is known.
  std::string InPlace = DcsrAssigned;
  InPlace.replace(InPlace.find("    int i = crd1[q];\n"),
                  std::string("    int i = crd1[q];\n").size(), "");
  InPlace.replace(InPlace.find("A[i * K + k] = t;"),
                  std::string("A[i * K + k] = t;").size(),
                  "A[crd1[q] * K + k] = t;");
  Recovered P = recoverFrom(InPlace);
  ASSERT_EQ(P.Refusal, "") << P.Message;
  EXPECT_EQ(P.Source.DistinctCoordinates, "crd1[q]");
  EXPECT_EQ(P.Source.DeferredRefusal, std::nullopt);
  EXPECT_TRUE(P.Source.ZeroOutputFirst);
}

TEST(RecoveryTest, DenseTensorIndicesTakeTheLargestStrideFirst) {
  // D is stored column-major (k + j * K reads D(j,k)): the order of the
  // subscript's terms does not decide the order of the indices.
  Recovered R = recoverFrom(R"(
void kernel(int N, int M, int K, const double *restrict B,
            const double *restrict D, double *restrict A) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < K; k++)
        A[i * M + j] += B[i * K + k] * D[k + j * K];
}
)");
  ASSERT_EQ(R.Refusal, "") << R.Message;
  EXPECT_EQ(R.Notation, "A(i,j) += B(i,k) * D(j,k)");
  EXPECT_EQ(R.LoopOrder, "i, j, k");
}

TEST(RecoveryTest, EqualStridesAreOrderedByDeclaration) {
  // NJ is 1: i and j have the same stride in D and E. Either reading is
  // right, but it must be the same on every run (the terms are kept by
  // address): the variable declared first is the outer level, whichever
  // term the subscript writes first.
  for (int Run = 0; Run < 5; ++Run) {
    Recovered R = recoverFrom(R"(
#define NJ 1
void kernel(int N, int M, int K, const double *restrict B,
            const double *restrict D, const double *restrict E,
            double *restrict A) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < K; k++)
        A[i * K + k] += B[i * K + k] * D[j + i * NJ] * E[i * NJ + j];
}
)");
    ASSERT_EQ(R.Refusal, "") << R.Message;
    EXPECT_EQ(R.Notation, "A(i,k) += B(i,k) * D(i,j) * E(i,j)");
  }
}

TEST(RecoveryTest, RowPointersAndTwoDimensionalArrays) {
  Recovered R = recoverFrom(R"(
void kernel(int N, int K, int L, double B[restrict][64],
            const double *restrict C, double A[restrict][64]) {
  for (int i = 0; i < N; i++) {
    const double *Ci = &C[i * K];
    for (int k = 0; k < K; k++)
      for (int l = 0; l < L; l++)
        A[i][l] += B[i][k] * Ci[k];
  }
}
)");
  ASSERT_EQ(R.Refusal, "") << R.Message;
  EXPECT_EQ(R.Notation, "A(i,l) += B(i,k) * C(i,k)");
}

TEST(RecoveryTest, C89LoopVariablesDeclaredBeforeTheNest) {
  Recovered R = recoverFrom(R"(
void kernel(int N, int K, const int *pos, const int *crd, const double *B,
            const double *C, double *A) {
  int i, p, j, k;
  for (i = 0; i < N; i++)
    for (p = pos[i]; p < pos[i + 1]; p++) {
      j = crd[p];
      for (k = 0; k < K; k++)
        A[i * K + k] += B[p] * C[j * K + k];
    }
}
)",
                            0, {}, {"-std=c89"});
  ASSERT_EQ(R.Refusal, "") << R.Message;
  EXPECT_EQ(R.Notation, "A(i,k) += B(i,j) * C(j,k)");
  EXPECT_EQ(R.LoopOrder, "i, j(B), k");
  // No restrict: the rewrite needs the run-time overlap test.
  EXPECT_TRUE(R.Source.Overlap.Needed);
  EXPECT_EQ(R.Source.OuterDeclared,
            (std::vector<std::string>{"i", "p", "j", "k"}));
}

TEST(RecoveryTest, InnerBoundsThatCouldFaultAreRefused) {
  // Read by the nest only when the loops around run; a rewrite reads them
  // before. The outermost bound, a member through a pointer and a nonzero
  // constant divisor are read anywhere.
  struct Case {
    const char *Outer, *Inner;
    bool Refused;
  };
  const Case Cases[] = {
      {"N", "w[N - 1]", true},       {"N", "T / K", true},
      {"N", "T % K", true},          {"N", "*kp", true},
      {"w[0]", "K", false},          {"N", "d->K", false},
      {"N", "(K + 15) / 16", false}, {"N", "sizeof(double) * K", false},
  };
  for (const Case &C : Cases) {
    Recovered R = recoverFrom(std::string(R"(
struct dims { int K; };
void kernel(int N, int K, int T, const int *w, const int *kp,
            const struct dims *d, const double *restrict B,
            double *restrict A) {
  for (int i = 0; i < )") + C.Outer +
                              R"(; i++)
    for (int k = 0; k < )" + C.Inner +
                              R"(; k++)
      A[i] += B[i * K + k];
}
)");
    if (C.Refused) {
      EXPECT_EQ(R.Refusal, "lnr-unsupported-loop") << C.Inner;
      EXPECT_NE(R.Message.find("before them"), std::string::npos)
          << C.Inner << ": " << R.Message;
    } else {
      EXPECT_EQ(R.Refusal, "")
          << C.Outer << ", " << C.Inner << ": " << R.Message;
    }
  }
}

TEST(RecoveryTest, LoopVariableReadAfterTheNestIsRefused) {
  Recovered R = recoverFrom(R"(
int kernel(int N, int K, const double *restrict B, double *restrict A) {
  int i, k;
  for (i = 0; i < N; i++)
    for (k = 0; k < K; k++)
      A[i] += B[i * K + k];
  return k;
}
)");
  EXPECT_NE(R.Refusal, "");
  EXPECT_NE(R.Message.find("'k'"), std::string::npos) << R.Message;
}

TEST(RecoveryTest, TacoAccumulatorAndDimensions) {
  Recovered R = recoverFrom(R"(
typedef struct { int order; int *dimensions; int ***indices; double *vals; }
    taco_tensor_t;
int kernel(taco_tensor_t *A, taco_tensor_t *B, taco_tensor_t *C) {
  int A1_dimension = (int)(A->dimensions[0]);
  int A2_dimension = (int)(A->dimensions[1]);
  double *restrict A_vals = (double *)(A->vals);
  int *restrict B2_pos = (int *)(B->indices[1][0]);
  int *restrict B2_crd = (int *)(B->indices[1][1]);
  double *restrict B_vals = (double *)(B->vals);
  int C2_dimension = (int)(C->dimensions[1]);
  double *restrict C_vals = (double *)(C->vals);
  for (int i = 0; i < A1_dimension; i++) {
    for (int k = 0; k < C2_dimension; k++) {
      int kA = i * A2_dimension + k;
      double tjA_val = 0.0;
      for (int jB = B2_pos[i]; jB < B2_pos[i + 1]; jB++) {
        int j = B2_crd[jB];
        int kC = j * C2_dimension + k;
        tjA_val += B_vals[jB] * C_vals[kC];
      }
      A_vals[kA] = A_vals[kA] + tjA_val;
    }
  }
  return 0;
}
)");
  ASSERT_EQ(R.Refusal, "") << R.Message;
  EXPECT_EQ(R.Notation, "A(i,k) += B(i,j) * C(j,k)");
  EXPECT_EQ(R.LoopOrder, "i, k, j(B)");
}

TEST(RecoveryTest, AssignmentOncePerElementIsKeptAsAssignment) {
  // A(i,j) = sum over no index: each element assigned once.
  Recovered R = recoverFrom(R"(
void kernel(int N, int M, const double *restrict B, const double *restrict C,
            double *restrict A) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i * M + j] = B[i * M + j] * C[j];
}
)");
  ASSERT_EQ(R.Refusal, "") << R.Message;
  EXPECT_EQ(R.Notation, "A(i,j) = B(i,j) * C(j)");
}

TEST(RecoveryTest, InlineCoordinateLoadsNameTheIndexAfterTheLoad) {
  Recovered R = recoverFrom(R"(
void kernel(int N, int K, const int *restrict pos, const int *restrict crd,
            const double *restrict B, const double *restrict C,
            double *restrict A) {
  for (int i = 0; i < N; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int k = 0; k < K; k++)
        A[i * K + k] += B[p] * C[crd[p] * K + k];
}
)");
  ASSERT_EQ(R.Refusal, "") << R.Message;
  EXPECT_EQ(R.Notation, "A(i,k) += B(i,crd[p]) * C(crd[p],k)");
}

TEST(RecoveryTest, ValueLocalsAreReadInPlace) {
  Recovered R = recoverFrom(R"(
void kernel(int N, int K, const int *restrict pos, const int *restrict crd,
            const double *restrict B, const double *restrict C,
            double *restrict A) {
  for (int i = 0; i < N; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double v = B[p];
      for (int k = 0; k < K; k++) {
        double c = C[(long)j * K + k];
        double t = v * c;
        A[(unsigned long)i * K + k] += t;
      }
    }
}
)");
  ASSERT_EQ(R.Refusal, "") << R.Message;
  EXPECT_EQ(R.Notation, "A(i,k) += B(i,j) * C(j,k)");
  EXPECT_EQ(factorTexts(R.Source),
            (std::vector<std::string>{"B[p]", "C[(long)j * K + k]"}));
}

TEST(RecoveryTest, FactorsTheProductConvertsAreMarked) {
  // C multiplies left to right: a long E first makes every product long,
  // and the int factors are converted to it; an unsigned char factor is
  // promoted to int, the product's type, and is not.
  Recovered R = recoverFrom(R"(
void kernel(int N, int K, long alpha, const int *restrict pos,
            const int *restrict crd, const int *restrict B,
            const long *restrict E, long *restrict A) {
  for (int i = 0; i < N; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++)
        A[i * K + k] += E[j * K + k] * B[p] * alpha;
    }
}
)");
  ASSERT_EQ(R.Refusal, "") << R.Message;
  EXPECT_EQ(R.Source.ValueType, "long");
  EXPECT_EQ(converted(R.Source), (std::vector<bool>{false, true, false}));
  Recovered Narrow = recoverFrom(R"(
void kernel(int N, int K, const int *restrict pos, const int *restrict crd,
            const int *restrict B, const unsigned char *restrict C,
            int *restrict I) {
  for (int i = 0; i < N; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++)
        I[i * K + k] += B[p] * C[j * K + k];
    }
}
)");
  ASSERT_EQ(Narrow.Refusal, "") << Narrow.Message;
  EXPECT_EQ(converted(Narrow.Source), (std::vector<bool>{false, false}));
}

TEST(RecoveryTest, DoubleProductsIntoAFloatOutputAreHeldInDouble) {
  Recovered R = recoverFrom(R"(
void kernel(int N, int K, const int *restrict pos, const int *restrict crd,
            const float *restrict B, const float *restrict C,
            float *restrict A) {
  for (int i = 0; i < N; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++)
        A[i * K + k] += 0.5 * B[p] * C[j * K + k];
    }
}
)");
  ASSERT_EQ(R.Refusal, "") << R.Message;
  EXPECT_EQ(R.Source.ValueType, "double");
  EXPECT_EQ(R.Source.ElementType, "double");
  EXPECT_EQ(converted(R.Source), (std::vector<bool>{false, true, true}));
}

TEST(RecoveryTest, C89LocalsAssignedInTheLoopsAreReadInPlace) {
  Recovered R = recoverFrom(R"(
void kernel(int N, int K, const int *pos, const int *crd, const double *B,
            const double *C, double *A) {
  int i, p, j, k, iK;
  const double *Cj;
  double v;
  for (i = 0; i < N; i++) {
    iK = i * K;
    for (p = pos[i]; p < pos[i + 1]; p++) {
      j = crd[p];
      v = B[p];
      Cj = C + j * K;
      for (k = 0; k < K; k++)
        A[iK + k] += v * Cj[k];
    }
  }
}
)",
                            0, {}, {"-std=c89"});
  ASSERT_EQ(R.Refusal, "") << R.Message;
  EXPECT_EQ(R.Notation, "A(i,k) += B(i,j) * C(j,k)");
  EXPECT_EQ(factorTexts(R.Source),
            (std::vector<std::string>{"B[p]", "(C + j * K)[k]"}));
  EXPECT_EQ(R.Source.Output, "A[(i * K) + k]");
  EXPECT_EQ(R.Source.ReadInPlace, (std::vector<std::string>{"iK", "v", "Cj"}));
}

TEST(RecoveryTest, Refusals) {
  struct Case {
    const char *Body, *Refusal;
  } Cases[] = {
      // The accumulator is stored by assignment inside the loop over j,
      // which does not index the output: only the last j is kept.
      {"for (int i = 0; i < N; i++) for (int j = 0; j < K; j++) {"
       " double t = 0; for (int k = 0; k < K; k++)"
       " t += B[i * K + k] * C[k]; A[i] = t; }",
       "lnr-assign-in-reduction"},
      {"for (int i = 0; i < N; i++) for (int k = 0; k < K; k++)"
       " A[i] += B[i * i + k] * C[k];",
       "lnr-non-affine-subscript"},
      {"for (int i = 0; i < N; i += 2) for (int k = 0; k < K; k++)"
       " A[i] += B[i * K + k] * C[k];",
       "lnr-unsupported-loop"},
      {"for (int i = 0; i < N; i++) for (int k = 0; k < K; k++)"
       " A[i] += B[i * K + k] / C[k];",
       "lnr-unsupported-expression"},
      // A narrowing cast may change the element an index reads.
      {"for (int i = 0; i < N; i++) for (int k = 0; k < K; k++)"
       " A[i] += B[(short)i * K + k] * C[k];",
       "lnr-non-affine-subscript"},
      // A float local holding a double product rounds it.
      {"for (int i = 0; i < N; i++) for (int k = 0; k < K; k++) {"
       " float f = B[i * K + k] * C[k]; A[i] += f; }",
       "lnr-mixed-types"},
      {"\n#pragma omp parallel for reduction(+ : s)\n"
       " for (int i = 0; i < N; i++) for (int k = 0; k < K; k++)"
       " A[i] += B[i * K + k] * C[k];",
       "lnr-unsupported-pragma"},
  };
  for (const Case &C : Cases) {
    std::string Code = "void kernel(int N, int K, const double *restrict B,"
                       " const double *restrict C, double *restrict A) {"
                       " double s = 0; " +
                       std::string(C.Body) + " }";
    Recovered R = recoverFrom(Code);
    EXPECT_EQ(R.Refusal, C.Refusal) << C.Body << "\n" << R.Message;
  }
}

TEST(RecoveryTest, OverlapFactsWithoutRestrict) {
  const char *Code = R"(
void kernel(int N, int K, const int *pos, const int *crd, const double *B,
            const double *C, double *A) {
  for (int i = 0; i < N; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++)
        A[i * K + k] += B[p] * C[j * K + k];
    }
}
)";
  Recovered R = recoverFrom(Code);
  ASSERT_EQ(R.Refusal, "") << R.Message;
  ASSERT_TRUE(R.Source.Overlap.Needed);
  EXPECT_EQ(R.Source.Overlap.Unbounded, "");
  std::vector<std::string> Bases;
  for (const auto &Array : R.Source.Overlap.Arrays)
    Bases.push_back(Array.Base + (Array.Written ? " (written)" : ""));
  for (const char *Base : {"A (written)", "B", "C", "pos", "crd"})
    EXPECT_NE(std::find(Bases.begin(), Bases.end(), Base), Bases.end()) << Base;
  // --no-alias-check keeps the refusal instead of a run-time test.
  recover::Options NoCheck;
  NoCheck.NoAliasCheck = true;
  Recovered Refused = recoverFrom(Code, 0, NoCheck);
  EXPECT_EQ(Refused.Refusal, "");
  EXPECT_NE(Refused.Source.DeferredRefusal, std::nullopt);
}

} // namespace

TEST(RecoveryTest, RepeatLoopAroundTheNest) {
  // A 'for' whose variable its body does not use repeats the nests in its
  // body: each is a nest of its own, the repeat loop kept as written.
  const char *Code = R"(
void kernel(int T, int N, int K, int L, const int *restrict pos,
            const int *restrict crd, const double *restrict B,
            const double *restrict C, const double *restrict D,
            const double *restrict E, double *restrict A) {
  for (int t = 0; t < T; t++) {
    for (int i = 0; i < N; i++)
      for (int p = pos[i]; p < pos[i + 1]; p++) {
        int j = crd[p];
        for (int k = 0; k < K; k++)
          for (int l = 0; l < L; l++)
            A[i * L + l] += B[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
    for (int i = 0; i < N; i++)
      for (int k = 0; k < K; k++)
        A[i * L] += C[i * K + k];
  }
}
)";
  Recovered R = recoverFrom(Code);
  ASSERT_EQ(R.Refusal, "") << R.Message;
  EXPECT_EQ(R.Notation, "A(i,l) += B(i,j) * C(i,k) * D(j,k) * E(j,l)");
  EXPECT_EQ(R.LoopOrder, "i, j(B), k, l");
  EXPECT_EQ(recoverFrom(Code, 1).Notation, "A(i) += C(i,k)");
  // A loop whose variable a statement of its body reads is the nest, and
  // repeats the statement: refused.
  std::string Used = Code;
  Used.replace(Used.find("A[i * L] += C[i * K + k];"), 25,
               "A[i * L] += C[i * K + k] * (t + 1);");
  Recovered U = recoverFrom(Used);
  EXPECT_NE(U.Refusal, "");
  EXPECT_EQ(recoverFrom(Used, 1).Refusal, "(no such nest)");
}

TEST(RecoveryTest, FourArrayCsr) {
  // MKL's four-array CSR: the fiber of row i is [pntrb[i], pntre[i]).
  const char *Code = R"(
void kernel(int N, int K, const int *pntrb, const int *pntre,
            const int *crd, const double *B, const double *C, double *A) {
  for (int i = 0; i < N; i++)
    for (int p = pntrb[i]; p < pntre[i]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++)
        A[i * K + k] += B[p] * C[j * K + k];
    }
}
)";
  Recovered R = recoverFrom(Code);
  ASSERT_EQ(R.Refusal, "") << R.Message;
  EXPECT_EQ(R.Notation, "A(i,k) += B(i,j) * C(j,k)");
  EXPECT_EQ(R.LoopOrder, "i, j(B), k");
  const LoopSource *J = R.Source.loop("j");
  ASSERT_NE(J, nullptr);
  EXPECT_EQ(J->LoopBegin, "pntrb[i]");
  EXPECT_EQ(J->LoopEnd, "pntre[i]");
  EXPECT_EQ(J->PositionEnds, "pntre");
  EXPECT_EQ(J->Kind, LevelKind::SeparateEnds);
  // No element of one array bounds the level's positions.
  EXPECT_EQ(J->Positions, "");
  EXPECT_EQ(J->LevelEnd, "");
  // Without restrict, the overlap test cannot bound the positions: the
  // reason is kept for the refusal.
  ASSERT_TRUE(R.Source.Overlap.Needed);
  EXPECT_NE(R.Source.Overlap.Unbounded.find("separate begin and end arrays"),
            std::string::npos)
      << R.Source.Overlap.Unbounded;
  // Begin and end arrays read at different rows are not a fiber.
  std::string Shifted = Code;
  Shifted.replace(Shifted.find("pntre[i]"), 8, "pntre[i + 1]");
  EXPECT_EQ(recoverFrom(Shifted).Refusal, "lnr-unsupported-loop");
}

TEST(RecoveryTest, OpenMPRegionAroundTheNest) {
  // '#pragma omp parallel { #pragma omp for ... }' reads as the one
  // 'parallel for' with both directives' clauses; the region is replaced.
  std::string Region = R"(
void kernel(int N, int K, const double *restrict B, const double *restrict C,
            double *restrict A) {
  int keep = 0;
#pragma omp parallel num_threads(4)
  {
#pragma omp for schedule(static) nowait
    for (int i = 0; i < N; i++)
      for (int k = 0; k < K; k++)
        A[i] += B[i * K + k] * C[k];
  }
  (void)keep;
}
)";
  Recovered R = recoverFrom(Region);
  ASSERT_EQ(R.Refusal, "") << R.Message;
  EXPECT_EQ(R.Notation, "A(i) += B(i,k) * C(k)");
  ASSERT_TRUE(R.Source.Pragma.has_value());
  EXPECT_EQ(R.Source.Pragma->Text,
            "#pragma omp parallel for num_threads(4) schedule(static)");
  EXPECT_EQ(R.Source.Pragma->ParallelClauses, " num_threads(4)");
  EXPECT_EQ(R.Source.Pragma->ForClauses, " schedule(static)");
  EXPECT_TRUE(R.Source.Pragma->FromRegion);
  // The replaced text is the whole region.
  EXPECT_EQ(R.Source.Offset, Region.find("#pragma omp parallel"));
  EXPECT_EQ(R.Source.Offset + R.Source.Length, Region.find("\n  (void)keep;"));
  EXPECT_EQ(R.Source.Line, 5u);

  // The shapes that are not the nest alone under '#pragma omp for'.
  struct Case {
    const char *From, *To, *Message;
  } Cases[] = {
      {"#pragma omp for schedule(static) nowait\n", "",
       "without '#pragma omp for': every thread runs the whole nest"},
      {"  {\n#pragma omp for schedule(static) nowait\n"
       "    for (int i = 0; i < N; i++)",
       "  {\n    int n = N;\n#pragma omp for schedule(static) nowait\n"
       "    for (int i = 0; i < n; i++)",
       "the nest reads 'n', which each thread"},
      {"#pragma omp for schedule(static) nowait\n",
       "  if (N > 0)\n#pragma omp for schedule(static) nowait\n",
       "nested inside a statement of a '#pragma omp parallel' region"},
      {"num_threads(4)", "reduction(+ : A[:N])", "the clause 'reduction'"},
      {"num_threads(4)", "firstprivate(K)", "the clause 'firstprivate'"},
      {"#pragma omp for schedule(static) nowait", "#pragma omp for simd",
       "only '#pragma omp for' is read"},
  };
  for (const Case &C : Cases) {
    std::string Code = Region;
    Code.replace(Code.find(C.From), std::strlen(C.From), C.To);
    Recovered Refused = recoverFrom(Code);
    EXPECT_EQ(Refused.Refusal, "lnr-unsupported-pragma") << Code;
    EXPECT_NE(Refused.Message.find(C.Message), std::string::npos)
        << Refused.Message;
  }
}

TEST(RecoveryTest, OpenMPRegionHoldingMore) {
  // A region that holds more than the nest: the nest alone is replaced,
  // its '#pragma omp for' kept as written, shared among the region's
  // threads (KeptDirective::InTeam).
  std::string Region = R"(
void kernel(int N, int K, const double *restrict B, const double *restrict C,
            double *restrict A) {
#pragma omp parallel num_threads(4)
  {
    int i, k;
#pragma omp for schedule(static)
    for (i = 0; i < N; i++)
      for (k = 0; k < K; k++)
        A[i] += B[i * K + k] * C[k];
#pragma omp barrier
  }
}
)";
  Recovered R = recoverFrom(Region);
  ASSERT_EQ(R.Refusal, "") << R.Message;
  ASSERT_TRUE(R.Source.Pragma.has_value());
  EXPECT_EQ(R.Source.Pragma->Text, "#pragma omp for schedule(static)");
  EXPECT_FALSE(R.Source.Pragma->FromRegion);
  EXPECT_TRUE(R.Source.inTeam());
  EXPECT_TRUE(R.Source.Pragma->barrierAfter());
  // The replaced text is the directive and its loop; 'i' and 'k', the
  // region's, need no 'private' clause.
  EXPECT_EQ(R.Source.Offset, Region.find("#pragma omp for"));
  EXPECT_EQ(R.Source.Offset + R.Source.Length,
            Region.find("\n#pragma omp barrier"));
  // Written 'nowait', the rewrite adds no barrier.
  std::string Nowait = Region;
  Nowait.replace(Nowait.find("schedule(static)"), 16,
                 "schedule(static) nowait");
  Recovered W = recoverFrom(Nowait);
  ASSERT_EQ(W.Refusal, "") << W.Message;
  EXPECT_TRUE(W.Source.inTeam());
  EXPECT_FALSE(W.Source.Pragma->barrierAfter());
}

TEST(RecoveryTest, AccessorMacroTakingTheArray) {
  // The macro's body indexes its argument: the tensor is named from the
  // argument, and the accesses, the output's included, are kept as the
  // macro's uses. The statement starts and ends in macro expansions.
  Recovered R = recoverFrom(R"(
#define AT(A, i, j, ld) (A)[(i) * (ld) + (j)]
void kernel(int N, int K, int L, const int *pos, const int *crd,
            const double *B, const double *C, const double *D, double *out) {
  for (int i = 0; i < N; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          AT(out, i, l, L) += B[p] * AT(C, i, k, K) * AT(D, j, l, L);
    }
}
)");
  ASSERT_EQ(R.Refusal, "") << R.Message;
  EXPECT_EQ(R.Notation, "out(i,l) += B(i,j) * C(i,k) * D(j,l)");
  EXPECT_EQ(R.Source.Output, "AT(out, i, l, L)");
  ASSERT_EQ(R.Source.Factors.size(), 3u);
  EXPECT_EQ(R.Source.Factors[1].Text, "AT(C, i, k, K)");
  // Without restrict: every subscript is bounded through the arguments.
  EXPECT_TRUE(R.Source.Overlap.Needed);
  EXPECT_EQ(R.Source.Overlap.Unbounded, "");
}

TEST(RecoveryTest, PositionsRelativeToTheFiber) {
  // p counts from the row's start: every read is at pos[i] + p, and the
  // coordinate load 'int j = crd[pos[i] + p];' names the index j.
  const char *Code = R"(
void kernel(int N, int K, const int *pos, const int *crd, const double *B,
            const double *C, double *A) {
  for (int i = 0; i < N; i++)
    for (int p = 0; p < pos[i + 1] - pos[i]; p++) {
      int j = crd[pos[i] + p];
      for (int k = 0; k < K; k++)
        A[i * K + k] += B[pos[i] + p] * C[j * K + k];
    }
}
)";
  Recovered R = recoverFrom(Code);
  ASSERT_EQ(R.Refusal, "") << R.Message;
  EXPECT_EQ(R.Notation, "A(i,k) += B(i,j) * C(j,k)");
  EXPECT_EQ(R.LoopOrder, "i, j(B), k");
  const LoopSource *J = R.Source.loop("j");
  ASSERT_NE(J, nullptr);
  ASSERT_EQ(J->Prologue.size(), 1u);
  EXPECT_EQ(J->Prologue[0], "int j = crd[pos[i] + p];");
  // The fiber is tested with the loop's own bounds.
  EXPECT_EQ(J->LoopBegin, "0");
  EXPECT_EQ(J->LoopEnd, "pos[i + 1] - pos[i]");
  EXPECT_EQ(J->Kind, LevelKind::Relative);
  EXPECT_EQ(J->NextCoordinate, "crd[pos[i] + p + 1]");
  // p is no absolute position: nothing is stored at them.
  EXPECT_EQ(J->Positions, "");
  EXPECT_EQ(J->LevelEnd, "");
  // Read only as pos[i] + p, p ranges over the absolute positions of
  // pos[lo(i)] to pos[hi(i) + 1] in the overlap test, as an absolute loop.
  ASSERT_TRUE(R.Source.Overlap.Needed);
  EXPECT_EQ(R.Source.Overlap.Unbounded, "");
  ASSERT_EQ(R.Source.Overlap.PositionRanges.size(), 1u);
  EXPECT_EQ(R.Source.Overlap.PositionRanges[0].Variable, "p");
  EXPECT_EQ(R.Source.Overlap.PositionRanges[0].Positions, "pos");
  EXPECT_EQ(R.Source.Overlap.PositionRanges[0].Parent, "i");
  EXPECT_EQ(R.Source.Factors[0].Text, "B[pos[i] + p]");
  // Read alone, p is refused.
  std::string Alone = Code;
  Alone.replace(Alone.find("crd[pos[i] + p]"), 15, "crd[p]");
  Recovered A = recoverFrom(Alone);
  EXPECT_EQ(A.Refusal, "lnr-non-affine-subscript");
  EXPECT_NE(A.Message.find("counts positions from its fiber's start"),
            std::string::npos)
      << A.Message;
  // The start read at another row is no fiber.
  std::string Other = Code;
  Other.replace(Other.find("B[pos[i] + p]"), 13, "B[pos[0] + p]");
  EXPECT_EQ(recoverFrom(Other).Refusal, "lnr-non-affine-subscript");
}

// 'A[(n * NJ + j) * NI + i]' with NI 1: 'i' and 'j' both have stride 1, and
// the order the recovery lists the terms in (its variables' addresses) must
// not decide whether the layout is proved row-major: each tied innermost
// candidate is tried.
TEST(RecoveryTest, LevelReachedThroughAnotherTensorsCoordinate) {
  // C's row j, j a coordinate of B: C is read as a dense level of index j
  // above its compressed level, whose positions are not counted from j's
  // own loop (there is none).
  Recovered R = recoverFrom(R"(
void kernel(int n, int L, const int *restrict Bpos, const int *restrict Bcrd,
            const double *restrict Bv, const int *restrict Cpos,
            const int *restrict Ccrd, const double *restrict Cv,
            const double *restrict x, const double *restrict D,
            double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int pB = Bpos[i]; pB < Bpos[i + 1]; pB++) {
      int j = Bcrd[pB];
      for (int pC = Cpos[j]; pC < Cpos[j + 1]; pC++) {
        int k = Ccrd[pC];
        for (int l = 0; l < L; l++)
          A[i * L + l] += Bv[pB] * Cv[pC] * x[k] * D[j * L + l];
      }
    }
}
)");
  ASSERT_EQ(R.Refusal, "") << R.Message;
  EXPECT_EQ(R.Notation, "A(i,l) += Bv(i,j) * Cv(j,k) * x(k) * D(j,l)");
  EXPECT_EQ(R.LoopOrder, "i, j(Bv), k(Cv), l");
  const LoopSource *K = R.Source.loop("k");
  ASSERT_NE(K, nullptr);
  EXPECT_EQ(K->Kind, LevelKind::Compressed);
  EXPECT_EQ(K->Positions, "Cpos");
  EXPECT_EQ(K->LoopBegin, "Cpos[j]");
  // The level's count of positions is not known: j has no loop of its own.
  EXPECT_EQ(K->LevelEnd, "");
  // j is the coordinate, not a local the headers read.
  EXPECT_EQ(R.Source.loop("j")->Prologue,
            std::vector<std::string>{"int j = Bcrd[pB];"});
}

TEST(RecoveryTest, DenseLoopsCountingDownAreTheirRange) {
  Recovered R = recoverFrom(R"(
void kernel(int n, int K, int L, const int *restrict rowptr,
            const int *restrict colidx, const double *restrict vals,
            const double *restrict C, const double *restrict D,
            const double *restrict E, double *restrict A) {
  for (int i = n; i-- > 0;)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = K - 1; k >= 0; k--)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
)");
  ASSERT_EQ(R.Refusal, "") << R.Message;
  EXPECT_EQ(R.Notation, "A(i,l) += vals(i,j) * C(i,k) * D(j,k) * E(j,l)");
  const LoopSource *I = R.Source.loop("i"), *K = R.Source.loop("k");
  ASSERT_TRUE(I && K);
  EXPECT_EQ(I->Kind, LevelKind::Descending);
  EXPECT_TRUE(I->StartsAtZero);
  EXPECT_EQ(I->Bound, "n");
  EXPECT_EQ(I->Header, "for (int i = n; i-- > 0;)");
  // No step: no OpenMP loop.
  EXPECT_FALSE(I->OmpCanonical);
  // From 'K - 1' down to 0: [0, K).
  EXPECT_EQ(K->Kind, LevelKind::Descending);
  EXPECT_EQ(K->Bound, "K");
  EXPECT_TRUE(K->OmpCanonical);
}

TEST(RecoveryTest, RowMajorOrderDoesNotDependOnTheTermsOrder) {
  using lnr::recover::Coefficient;
  using lnr::recover::LinearTerm;
  LinearTerm I{"i", Coefficient{1, {}}, {Coefficient{1, {}}}};
  LinearTerm J{"j", Coefficient{1, {}}, {Coefficient{4, {}}}};
  LinearTerm N{"n", Coefficient{4, {}}, {}};
  std::vector<std::vector<LinearTerm>> Orders = {
      {I, J, N}, {J, I, N}, {N, J, I}, {J, N, I}};
  for (const std::vector<LinearTerm> &Terms : Orders) {
    std::optional<std::vector<std::string>> Order =
        lnr::recover::rowMajorOrder(Terms);
    ASSERT_TRUE(Order.has_value());
    EXPECT_EQ(*Order, (std::vector<std::string>{"i", "j", "n"}));
  }
  // Two terms of one stride that no bound separates: not proved, in any
  // order.
  LinearTerm K{"k", Coefficient{1, {}}, {Coefficient{4, {}}}};
  EXPECT_FALSE(lnr::recover::rowMajorOrder({J, K, N}).has_value());
  EXPECT_FALSE(lnr::recover::rowMajorOrder({K, J, N}).has_value());
}

const char *const MemberOutput = R"(
struct mat { int rows; double *data; };
void kernel(int N, int K, int L, const int *pos, const int *crd,
            const double *B, const double *C, const double *D,
            const double *E, struct mat *A) {
  for (int i = 0; i < N; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A->data[i * L + l] += B[p] * C[i * K + k] * D[j * K + k] *
                                E[j * L + l];
    }
}
)";

TEST(RecoveryTest, OutputHeldInAStruct) {
  Recovered R = recoverFrom(MemberOutput);
  ASSERT_EQ(R.Refusal, "") << R.Message;
  EXPECT_EQ(R.Notation, "A->data(i,l) += B(i,j) * C(i,k) * D(j,k) * E(j,l)");
  // No restrict pointer of the function: the overlap test, which bounds
  // the cell of the output's pointer too.
  EXPECT_TRUE(R.Source.Overlap.Needed);
  bool Cell = false;
  for (const OverlapFacts::Array &A : R.Source.Overlap.Arrays)
    Cell |= A.Base == "&(A->data)";
  EXPECT_TRUE(Cell);
}

TEST(RecoveryTest, OutputHeldInAStructUnderNoAliasCheck) {
  // Without the run-time test, the member is not proved apart: said where
  // a schedule would gain.
  recover::Options NoCheck;
  NoCheck.NoAliasCheck = true;
  Recovered R = recoverFrom(MemberOutput, 0, NoCheck);
  ASSERT_EQ(R.Refusal, "") << R.Message;
  ASSERT_TRUE(R.Source.DeferredRefusal.has_value());
  EXPECT_EQ(R.Source.DeferredRefusal->Name, "lnr-possible-alias");
}

TEST(RecoveryTest, OutputMemberReadInItsNest) {
  Recovered R = recoverFrom(R"(
struct mat { int rows; double *data; };
void kernel(int N, int L, const int *pos, const int *crd, const double *B,
            struct mat *A) {
  for (int i = 0; i < N; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A->data[i * L + l] += B[p] * A->data[j * L + l];
    }
}
)");
  EXPECT_EQ(R.Refusal, "lnr-output-read");
  EXPECT_EQ(R.Message, "the output 'A->data' is also read as a factor");
}

TEST(RecoveryTest, OutputMemberAccumulatedByAssignment) {
  // 'A->data[x] = A->data[x] + ...' names the member twice, as the
  // statement must.
  Recovered R = recoverFrom(R"(
struct mat { int rows; double *data; };
void kernel(int N, int K, int L, const int *pos, const int *crd,
            const double *B, const double *C, const double *D,
            const double *E, struct mat *A) {
  for (int i = 0; i < N; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A->data[i * L + l] = A->data[i * L + l] + B[p] * C[i * K + k] *
                                                        D[j * K + k] *
                                                        E[j * L + l];
    }
}
)");
  ASSERT_EQ(R.Refusal, "") << R.Message;
  EXPECT_EQ(R.Notation, "A->data(i,l) += B(i,j) * C(i,k) * D(j,k) * E(j,l)");
}

TEST(RecoveryTest, OutputMemberOfAnElementTheNestPicks) {
  Recovered R = recoverFrom(R"(
struct row { double *data; };
void kernel(int N, int L, const int *pos, const int *crd, const double *B,
            const double *E, struct row *A) {
  for (int i = 0; i < N; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i].data[l] += B[p] * E[j * L + l];
    }
}
)");
  EXPECT_EQ(R.Refusal, "lnr-unsupported-access");
}

namespace {

const char *const EdgeList = R"(
void kernel(int nnz, int K, int L, const int *restrict src,
            const int *restrict dst, const double *restrict w,
            const double *restrict x, const double *restrict y,
            const double *restrict z, double *restrict out) {
  for (int e = 0; e < nnz; e++) {
    int i = dst[e];
    int j = src[e];
    for (int k = 0; k < K; k++)
      for (int l = 0; l < L; l++)
        out[i * L + l] += w[e] * x[i * K + k] * y[j * K + k] * z[j * L + l];
  }
}
)";

TEST(RecoveryTest, EdgeListIsReadAsCooLevelsOfOnePosition) {
  Recovered R = recoverFrom(EdgeList);
  ASSERT_EQ(R.Refusal, "") << R.Message;
  EXPECT_EQ(R.Notation, "out(i,l) += w(i,j) * x(i,k) * y(j,k) * z(j,l)");
  EXPECT_EQ(R.LoopOrder, "i(w), j(w), k, l");
  ASSERT_EQ(R.Source.Loops.size(), 4u);
  // One header for both levels; each loads its own coordinate.
  EXPECT_EQ(R.Source.Loops[0].Header, "for (int e = 0; e < nnz; e++)");
  EXPECT_EQ(R.Source.Loops[1].Header, "");
  EXPECT_EQ(R.Source.Loops[0].Kind, LevelKind::Coordinates);
  EXPECT_EQ(R.Source.Loops[1].Kind, LevelKind::Singleton);
  EXPECT_EQ(R.Source.Loops[0].Prologue,
            std::vector<std::string>{"int i = dst[e];"});
  EXPECT_EQ(R.Source.Loops[1].Prologue,
            std::vector<std::string>{"int j = src[e];"});
  // Two positions may hold one row: no index of the list is disjoint.
  for (const std::string &I : R.Source.DisjointOutputIndices)
    EXPECT_NE(I, "i");
  // Its positions range over the loop's bounds, for the overlap test.
  ASSERT_EQ(R.Source.Overlap.PositionRanges.size(), 1u);
  EXPECT_EQ(R.Source.Overlap.PositionRanges[0].Positions, "");
  EXPECT_EQ(R.Source.Overlap.PositionRanges[0].Begin, "0");
  EXPECT_EQ(R.Source.Overlap.PositionRanges[0].End, "nnz");
}

TEST(RecoveryTest, CooCoordinatesAssignedC89StyleAndThreeLevels) {
  Recovered R = recoverFrom(R"(
void kernel(long nnz, int R, const long *restrict ii, const long *restrict jj,
            const long *restrict kk, const double *restrict v,
            const double *restrict B, const double *restrict C,
            double *restrict A) {
  long x, i, j, k;
  int r;
  for (x = 0; x < nnz; x++) {
    i = ii[x];
    j = jj[x];
    k = kk[x];
    for (r = 0; r < R; r++)
      A[i * R + r] += v[x] * B[j * R + r] * C[k * R + r];
  }
}
)");
  ASSERT_EQ(R.Refusal, "") << R.Message;
  EXPECT_EQ(R.Notation, "A(i,r) += v(i,j,k) * B(j,r) * C(k,r)");
  EXPECT_EQ(R.LoopOrder, "i(v), j(v), k(v), r");
}

/// An edge list whose coordinates one declaration loads, the row first.
const std::string EdgeListOneDeclaration = R"(
void kernel(int nnz, int K, const int *restrict src, const int *restrict dst,
            const double *restrict w, const double *restrict x,
            const double *restrict y, double *restrict out) {
  for (int e = 0; e < nnz; e++) {
    const int v = dst[e], u = src[e];
    for (int k = 0; k < K; k++)
      out[v * K + k] += w[e] * x[v * K + k] * y[u * K + k];
  }
}
)";

TEST(RecoveryTest, CooCoordinatesInOneDeclarationAreDeclaredApart) {
  Recovered R = recoverFrom(EdgeListOneDeclaration);
  ASSERT_EQ(R.Refusal, "") << R.Message;
  EXPECT_EQ(R.Notation, "out(v,k) += w(v,u) * x(v,k) * y(u,k)");
  ASSERT_EQ(R.Source.Loops.size(), 3u);
  EXPECT_EQ(R.Source.Loops[0].Prologue,
            std::vector<std::string>{"const int v = dst[e];"});
  EXPECT_EQ(R.Source.Loops[1].Prologue,
            std::vector<std::string>{"const int u = src[e];"});
  // A declaration of a coordinate and something else ends the loads: one
  // coordinate alone is no list.
  Recovered Mixed = recoverFrom(R"(
void kernel(int nnz, int K, const int *restrict src, const int *restrict dst,
            const double *restrict w, const double *restrict x,
            const double *restrict y, double *restrict out) {
  for (int e = 0; e < nnz; e++) {
    int v = dst[e];
    int u = src[e], two = 2;
    for (int k = 0; k < K; k++)
      out[v * K + k] += w[e] * x[v * K + k] * y[u * K + k];
  }
}
)");
  EXPECT_EQ(Mixed.Refusal, "lnr-unsupported-format") << Mixed.Message;
}

TEST(RecoveryTest, NarrowedCoordinatesAreNotTakenAsDistinctRows) {
  // 'short v = dst[e];' over int ids: distinct ids may be one row, which a
  // check of the ids' order would not see. The list's positions are not
  // split at rows (no repeated index apart), and a DCSR root's assigned
  // rows are not checked but refused.
  std::string NarrowCoo = EdgeListOneDeclaration;
  NarrowCoo.replace(NarrowCoo.find("const int v"), 11, "short v");
  Recovered Coo = recoverFrom(NarrowCoo);
  ASSERT_EQ(Coo.Refusal, "") << Coo.Message;
  EXPECT_TRUE(Coo.Source.DisjointRepeatedIndices.empty());
  std::string NarrowDcsr = DcsrAssigned;
  NarrowDcsr.replace(NarrowDcsr.find("int i = crd1[q];"), 5, "short i");
  Recovered Dcsr = recoverFrom(NarrowDcsr);
  ASSERT_EQ(Dcsr.Refusal, "") << Dcsr.Message;
  EXPECT_EQ(Dcsr.Source.DistinctCoordinates, "");
  ASSERT_NE(Dcsr.Source.DeferredRefusal, std::nullopt);
  EXPECT_EQ(Dcsr.Source.DeferredRefusal->Name, "lnr-assign-in-reduction");
}

TEST(RecoveryTest, LoadsThatBoundALoopAreNoCooList) {
  // MKL's begin and end arrays read into locals at the row: two integer
  // loads at the loop's variable, which bound the loop inside.
  Recovered R = recoverFrom(R"(
void kernel(int n, int K, const int *restrict b, const int *restrict e,
            const int *restrict crd, const double *restrict v,
            const double *restrict C, double *restrict A) {
  for (int i = 0; i < n; i++) {
    int lo = b[i];
    int hi = e[i];
    for (int p = lo; p < hi; p++)
      for (int k = 0; k < K; k++)
        A[i * K + k] += v[p] * C[crd[p] * K + k];
  }
}
)");
  ASSERT_EQ(R.Refusal, "") << R.Message;
  // A dense row and a compressed level below it, not two COO levels.
  EXPECT_EQ(R.LoopOrder, "i, crd[p](v), k");
}

TEST(RecoveryTest, CooListsRefuseADirectiveAndAnAssignedOutput) {
  std::string Parallel = EdgeList;
  Parallel.replace(Parallel.find("  for (int e"), 0,
                   "#pragma omp parallel for\n");
  Recovered P = recoverFrom(Parallel);
  EXPECT_EQ(P.Refusal, "lnr-unsupported-pragma") << P.Message;
  std::string Assigned = EdgeList;
  Assigned.replace(Assigned.find("+="), 2, "=");
  Recovered A = recoverFrom(Assigned);
  EXPECT_NE(A.Refusal, "") << A.Notation;
}

} // namespace

TEST(RecoveryTest, ABlockPerPositionIsATensorWithOneMoreDenseLevel) {
  // SpTTM's consumer of a workspace per fiber: T holds L values at each
  // position p1 of B's second level, read as T(i, j, l) with B's pattern in
  // (i, j) and a dense l.
  const std::string Block = R"(
void kernel(int I, int L, int M, const int *restrict pos1,
            const int *restrict pos2, const double *restrict T,
            const double *restrict D, double *restrict A) {
  for (int i = 0; i < I; i++)
    for (int p1 = pos1[i]; p1 < pos1[i + 1]; p1++)
      for (int l = 0; l < L; l++)
        for (int m = 0; m < M; m++)
          A[p1 * M + m] += T[p1 * L + l] * D[l * M + m];
}
)";
  Recovered R = recoverFrom(Block);
  ASSERT_EQ(R.Refusal, "") << R.Message;
  EXPECT_NE(R.Notation.find("T(i,"), std::string::npos) << R.Notation;
  EXPECT_NE(R.Notation.find(",l) * D(l,m)"), std::string::npos) << R.Notation;
  // A block whose stride is not its loop's extent (TACO's
  // 'p * A3_dimension + l' with l < D1_dimension) reads the first elements
  // of each block, or overlapping ones: a read all the same.
  std::string Strided = Block;
  Strided.replace(Strided.find("T[p1 * L + l]"), 13, "T[p1 * M + l]");
  Recovered S = recoverFrom(Strided);
  ASSERT_EQ(S.Refusal, "") << S.Message;
  EXPECT_NE(S.Notation.find(",l) * D(l,m)"), std::string::npos) << S.Notation;
  // One read where another array's values are: a dense array indexed by
  // the position.
  std::string Shared = Block;
  Shared.replace(Shared.find("T[p1 * L + l] *"), 15, "T[p1 * L + l] * T[p1] *");
  Recovered V = recoverFrom(Shared);
  EXPECT_EQ(V.Refusal, "lnr-non-affine-subscript");
  EXPECT_EQ(V.Message, "the position 'p1' indexes a dense array");
}
