//===- UnrollJam.h - A GEMM consumer unrolled by 4 and jammed --*- C++ -*-===//
//
// The last two loops k, l of a linear graph, around a statement that
// accumulates over k into elements that move with l (`A[i * L + l] += t[k]
// * D[k * L + l]`, the GEMM consumer of a vector temporary), written with k
// unrolled by 4 and jammed into l: each element of the left side is loaded
// and stored once per four k instead of once per k. The sums over k keep
// their order within each element (docs/code-generation.md, "Unroll and
// jam"). Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_LOWER_PASSES_UNROLLJAM_H
#define LNR_REWRITE_LOWER_PASSES_UNROLLJAM_H

#include "rewrite/lower/Context.h"

namespace lnr::lower {

/// Every serial pair of loops k { l { statement } } of the graph in Tree
/// whose statement accumulates over k into elements that move with l, in
/// one block that runs them unrolled and jammed.
void unrollAndJam(Context &C, Nodes &Tree);

} // namespace lnr::lower

#endif
