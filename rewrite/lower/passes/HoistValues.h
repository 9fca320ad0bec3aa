//===- HoistValues.h - Sparse values read once before a simd loop -*- C++ -*-//
//
// Before a vectorized innermost loop L: the values of a sparse input at the
// position of an enclosing loop ('vals[p2]'), which do not move with L,
// read once into a constant. gcc read them again for every vector of the
// loop under '#pragma omp simd': the <SpTTM, SpTTM> consumer 'A[p1 * M + m]
// += t[..] * vals[p2]' ran 35 ms instead of 29. The position is one the
// enclosing loop is at, so the read is one the nest makes (whether or not L
// runs), and the statement computes the same product of the same values.
// Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_LOWER_PASSES_HOISTVALUES_H
#define LNR_REWRITE_LOWER_PASSES_HOISTVALUES_H

#include "rewrite/lower/Context.h"

namespace lnr::lower {

/// Before each vectorized innermost loop of the graph in Tree (Simd.h):
/// the values its statement reads at enclosing positions, declared as
/// constants that the statement reads instead. Each constant's name is
/// given back to the name picker when the loop around its declaration
/// closes.
void hoistNonzeroValues(Context &C, Nodes &Tree);

} // namespace lnr::lower

#endif
