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

} // namespace lnr::ir::test

#endif
