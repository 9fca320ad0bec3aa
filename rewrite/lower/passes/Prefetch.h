//===- Prefetch.h - Prefetching the rows of the next nonzero ---*- C++ -*-===//
//
// Inside a compressed loop over L (the nonzeros of L.Driver): software
// prefetches of the dense rows X(L.Index, y) that the next nonzero will
// gather, for every input X read below L with y its unit-stride index
// iterated densely from zero below L. The next coordinate is read only
// where the loop itself reads it (p + 1 < its end), and each address is one
// the nest computes for that nonzero. Random rows are what the fused nest
// waits for: the memory latency, not the arithmetic, bounds it
// (docs/code-generation.md, "Prefetching"). Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_LOWER_PASSES_PREFETCH_H
#define LNR_REWRITE_LOWER_PASSES_PREFETCH_H

#include "rewrite/lower/Context.h"

namespace lnr::lower {

/// In each compressed loop of the graph in Tree, after the load of its
/// coordinate: the prefetches, in '#ifdef __GNUC__', of the rows the next
/// nonzero gathers; none where nothing is gathered by its coordinate.
void prefetchNextRows(Context &C, Nodes &Tree);

} // namespace lnr::lower

#endif
