//===- PartialSums.h - A dot product summed in eight partial sums -*- C++
//-*-===//
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

bool canSplitReduction(Context &C, const ir::BranchedGraph &G);
/// G's last loop as partial sums (canSplitReduction(G) holds).
Nodes partialSums(Context &C, const ir::BranchedGraph &G);

} // namespace lnr::lower

#endif
