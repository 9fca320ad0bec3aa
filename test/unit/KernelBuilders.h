//===- KernelBuilders.h - Shorthands for building IR in unit tests -*- C++ -*-//
#ifndef LNR_TEST_UNIT_KERNELBUILDERS_H
#define LNR_TEST_UNIT_KERNELBUILDERS_H

#include "analysis/ir/Kernel.h"

#include <string>
#include <vector>

namespace lnr::ir::test {

inline const auto D = LevelFormat::Dense;
inline const auto C = LevelFormat::Compressed;

inline Loop dense(std::string I) { return Loop{std::move(I), "", 0}; }
inline Loop compressed(std::string I, std::string T, unsigned Level) {
  return Loop{std::move(I), std::move(T), Level};
}

inline std::vector<std::string> indicesOf(const std::vector<Loop> &Loops) {
  std::vector<std::string> Out;
  for (const Loop &L : Loops)
    Out.push_back(L.Index);
  return Out;
}

/// <SDDMM, SpMM>: A(i,l) = B(i,j) * C(i,k) * D(j,k) * E(j,l), B in CSR,
/// in the paper's loop order i, j, k, l; i runs to Rows.
inline Kernel sddmmSpmm(const std::string &Rows = "N") {
  Kernel K;
  K.Tensors = {{"A", {D, D}},
               {"B", {D, C}},
               {"C", {D, D}},
               {"D", {D, D}},
               {"E", {D, D}}};
  K.Indices = {{"i", Rows}, {"j", ""}, {"k", "K"}, {"l", "L"}};
  K.Stmt = {{"A", {"i", "l"}},
            true,
            {{"B", {"i", "j"}},
             {"C", {"i", "k"}},
             {"D", {"j", "k"}},
             {"E", {"j", "l"}}}};
  K.Loops = {dense("i"), compressed("j", "B", 1), dense("k"), dense("l")};
  return K;
}

} // namespace lnr::ir::test

#endif
