//===- NestBuilders.h - Kernels with their source, for lowering tests -*- C++
//-*-//
//
// The SDDMM + SpMM nest over CSR, as the recovery reads it from
//
//   for (int i = 0; i < n; i++)
//     for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
//       int j = colidx[p];
//       for (int k = 0; k < K; k++)
//         for (int l = 0; l < L; l++)
//           A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] *
//                           E[j * L + l];
//     }
//
// and an SpMM + GEMM nest, built by hand, so the lowering is tested without
// Clang.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_TEST_UNIT_LOWER_NESTBUILDERS_H
#define LNR_TEST_UNIT_LOWER_NESTBUILDERS_H

#include "analysis/ir/Kernel.h"
#include "analysis/source/NestSource.h"

#include "../KernelBuilders.h"

namespace lnr::lower::test {

inline ir::Kernel sddmmSpmm() { return ir::test::sddmmSpmm("n"); }

/// Factors as written, of one type, none converted nor reading a dense
/// position.
inline std::vector<NestSource::Factor>
factors(const std::vector<std::string> &Texts,
        const std::string &Type = "double") {
  std::vector<NestSource::Factor> Out;
  for (const std::string &T : Texts)
    Out.push_back({T, Type, {}, false});
  return Out;
}

/// The text of each of S's factors.
inline std::vector<std::string> factorTexts(const NestSource &S) {
  std::vector<std::string> Out;
  for (const NestSource::Factor &F : S.Factors)
    Out.push_back(F.Text);
  return Out;
}

inline LoopSource denseLoop(const std::string &I, const std::string &Bound) {
  LoopSource L;
  L.Index = I;
  L.IndexType = L.CounterType = "int";
  L.VariableType = "int";
  L.Header = "for (int " + I + " = 0; " + I + " < " + Bound + "; " + I + "++)";
  L.Bound = Bound;
  L.StartsAtZero = true;
  return L;
}

inline NestSource sddmmSpmmSource() {
  NestSource S;
  LoopSource J;
  J.Kind = LevelKind::Compressed;
  J.Index = "j";
  J.IndexType = J.CounterType = "int";
  J.VariableType = "int";
  J.Header = "for (int p = rowptr[i]; p < rowptr[i + 1]; p++)";
  J.Prologue = {"int j = colidx[p];"};
  J.Position = "p";
  J.Positions = "rowptr";
  J.NextCoordinate = "colidx[p + 1]";
  J.LoopBegin = "rowptr[i]";
  J.LoopEnd = "rowptr[i + 1]";
  J.LevelEnd = "rowptr[n]";
  S.Loops = {denseLoop("i", "n"), J, denseLoop("k", "K"), denseLoop("l", "L")};
  S.Factors =
      factors({"vals[p]", "C[i * K + k]", "D[j * K + k]", "E[j * L + l]"});
  S.Output = "A[i * L + l]";
  S.ElementType = "double";
  S.ValueType = "double";
  S.DisjointOutputIndices = {"i", "l"};
  S.HasStdlib = true;
  S.HasCalloc = true;
  S.IsNameTaken = [](const std::string &Name) {
    for (const char *Used : {"A", "C", "D", "E", "vals", "rowptr", "colidx",
                             "n", "K", "L", "i", "p", "j", "k", "l"})
      if (Name == Used)
        return true;
    return false;
  };
  return S;
}

/// SpMM then GEMM: A(i,l) = B(i,j) C(j,k) D(k,l), B CSR.
inline ir::Kernel spmmGemm() {
  using namespace ir::test;
  ir::Kernel K;
  K.Tensors = {{"A", {D, D}}, {"B", {D, C}}, {"C", {D, D}}, {"D", {D, D}}};
  K.Indices = {{"i", "n"}, {"j", "m"}, {"k", "K"}, {"l", "L"}};
  K.Stmt = {{"A", {"i", "l"}},
            true,
            {{"B", {"i", "j"}}, {"C", {"j", "k"}}, {"D", {"k", "l"}}}};
  K.Loops = {dense("i"), compressed("j", "B", 1), dense("k"), dense("l")};
  return K;
}

inline NestSource spmmGemmSource() {
  NestSource S = sddmmSpmmSource();
  S.Factors = factors({"vals[p]", "C[j * K + k]", "D[k * L + l]"});
  S.Loops[2] = denseLoop("k", "K");
  return S;
}

} // namespace lnr::lower::test

#endif
