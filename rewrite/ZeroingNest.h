//===- ZeroingNest.h - The consumer's zeroing nest, run first --*- C++ -*-===//
//
// TACO's kernels with a dense output zero it in a nest of their own before
// the nest that adds to it: `for (pC = 0; pC < C1_dimension * C2_dimension;
// pC++) C_vals[pC] = 0.0;`. Between a producer and such a consumer
// (recover::NestPair::ZeroesOutput), the fused nest runs the zeroing nest
// first, before the producer's work it used to follow: the same result
// when the zeroed memory is apart from every array the producer reads or
// writes, which the run-time overlap test then checks over the zeroing
// nest's own bounds. Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_ZEROINGNEST_H
#define LNR_REWRITE_ZEROINGNEST_H

#include "analysis/ir/Kernel.h"
#include "analysis/source/NestSource.h"

#include <optional>
#include <string>

namespace lnr::rewrite {

/// Into (the composed nest) with the zeroing nest ZK/ZS to run first
/// (NestSource::First) and the memory it writes among the overlap facts
/// (OverlapFacts::WrittenFirst, over variables of its own); or why it
/// cannot run first: a loop whose bounds were not read, a subscript not
/// read as an affine function of its loops.
std::optional<std::string> runFirst(const ir::Kernel &ZK, const NestSource &ZS,
                                    NestSource &Into);

} // namespace lnr::rewrite

#endif
