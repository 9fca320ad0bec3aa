//===- HoistValues.h - A sparse value read once before a simd loop -*- C++
//-*-===//
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

/// The constants declared for the next statement, and where.
struct HoistedValues {
  /// An input's access ("vals(i,j,k)") -> the constant holding its value.
  std::map<std::string, std::string> ByAccess;
  /// The constants' names, with the number of loops open around their
  /// declaration: given back to the name picker when that loop closes.
  std::vector<std::pair<size_t, std::string>> Names;
};

/// The declarations, before L, of the values A reads at enclosing
/// positions, recorded in Into.
Nodes hoistNonzeroValues(Context &C, const ir::Loop &L, const ir::Assignment &A,
                         HoistedValues &Into);

/// Gives back the names of the constants declared inside loops no longer
/// open (C.Enclosing).
void releaseHoisted(Context &C, HoistedValues &Hoisted);

} // namespace lnr::lower

#endif
