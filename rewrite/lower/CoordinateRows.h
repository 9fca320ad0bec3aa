//===- CoordinateRows.h - A COO list's rows split between threads -*- C++
//-*-===//
//
// A coordinate (COO) list visits a row at several positions, so its loop
// over the positions is never shared between threads as it is. When its
// positions are sorted by row, checked at run time in one pass, each row's
// positions are contiguous: the positions are cut into chunks, each chunk
// moved to the next row boundary, and the chunks run in parallel, every
// row in one chunk. Unsorted, the rows are split between the threads
// instead: one part per thread of the team, each part a range of rows
// holding about as many positions as the others (counted in 1024 buckets
// of rows), and each thread walks the whole list in order and runs the
// positions of its own rows. Either way each row is summed by one thread
// in the list's order, as the rewrite on one thread sums it: the result
// is the same bit for bit whatever the number of threads. Nothing is
// allocated; an unsorted list reads its coordinates once more per thread.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_LOWER_COORDINATEROWS_H
#define LNR_REWRITE_LOWER_COORDINATEROWS_H

#include "rewrite/lower/Context.h"

#include <string>

namespace lnr::lower {

/// Whether G's outer loop runs its rows in parallel as above: a COO
/// list's loop over its positions, the output written apart at distinct
/// rows, nothing allocated for the threads, OpenMP on, and the loop's
/// bounds and coordinates read.
bool rowsSplit(const Context &C, const ir::BranchedGraph &G);

/// Tree, whose one node is the loop over the positions of G's outer COO
/// level, as the parts above.
Nodes splitAtRows(Context &C, const ir::BranchedGraph &G, Nodes Tree);

} // namespace lnr::lower

#endif
