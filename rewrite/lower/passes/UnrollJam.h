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

bool canJam(Context &C, const ir::BranchedGraph &G);
/// G's last two loops, jammed (canJam(G) holds).
Nodes unrollAndJam(Context &C, const ir::BranchedGraph &G);

} // namespace lnr::lower

#endif
