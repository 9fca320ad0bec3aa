//===- Passes.h - The passes over a lowered nest, in order -----*- C++ -*-===//
//
// Each pass rewrites the tree the lowering wrote (TreeWalk.h), as the
// options allow. Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_LOWER_PASSES_PASSES_H
#define LNR_REWRITE_LOWER_PASSES_PASSES_H

#include "rewrite/lower/Context.h"

namespace lnr::lower {

/// Prefetching first: it reads every statement below a compressed loop
/// as the graph has it, and unroll and jam and partial sums then replace
/// a graph's last loops and statement with their own. Vectorizing then
/// marks the innermost loops left, and values are hoisted before those.
void runPasses(Context &C, Nodes &Tree);

} // namespace lnr::lower

#endif
