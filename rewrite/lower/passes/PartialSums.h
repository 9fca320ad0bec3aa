//===- PartialSums.h - A dot product in eight partial sums ----*- C++ -*-===//
//
// The reduction t += x(k) into a scalar temporary over a dense innermost
// loop from zero (the dot product of an SDDMM), as eight partial sums added
// to t at the end: one accumulator makes each addition wait for the
// previous one, eight let them overlap (and vectorize without reassociating
// a scalar sum). Only the grouping of the terms changes, as fusion itself
// already regroups the sums (docs/code-generation.md, "Partial sums").
// Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_LOWER_PASSES_PARTIALSUMS_H
#define LNR_REWRITE_LOWER_PASSES_PARTIALSUMS_H

#include "rewrite/lower/Context.h"

namespace lnr::lower {

/// Every serial innermost loop of the graph in Tree over which a scalar
/// temporary sums the terms of a dot product, as partial sums.
void splitReductions(Context &C, Nodes &Tree);

} // namespace lnr::lower

#endif
