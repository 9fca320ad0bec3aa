//===- Temporaries.h - Naming, allocating and zeroing temporaries -*- C++
//-*-===//
//
// The schedule's temporaries as C: their names (picked, never taken from an
// expression's text), where they live (a scalar or per-thread vector in the
// loops, or one shared array), their allocation, zeroing and release.
// Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_LOWER_TEMPORARIES_H
#define LNR_REWRITE_LOWER_TEMPORARIES_H

#include "rewrite/lower/Context.h"

namespace lnr::lower {

/// Names every temporary of G and files it as a vector (per thread) or a
/// global (shared); why one cannot be written, if one cannot.
std::optional<Refusal> nameTemporaries(Context &C, const ir::BranchedGraph &G);

/// Shared temporaries: allocated once before the nest (calloc, or malloc
/// when the loop that fills one zeroes it slice by slice), and released.
Nodes globalAllocations(const Context &C);
Nodes globalReleases(const Context &C);
/// Per-thread vectors: malloc'd, and released.
Nodes allocations(const Context &C, const std::vector<ir::Temporary> &List);
Nodes releases(const Context &C, const std::vector<ir::Temporary> &List);
/// "t && u": every temporary of List on the heap was allocated.
std::string allAllocated(const Context &C,
                         const std::vector<ir::Temporary> &List);

/// `T t = 0;`, or the loops that zero a vector where its producer starts.
Nodes zero(Context &C, const ir::Temporary &T);
/// A full temporary filled by a dense loop over its first index: that loop
/// zeroes its slice first (and calloc need not); none otherwise.
Nodes zeroSliceFirst(Context &C, const ir::Temporary &T, const ir::Loop &L);

/// `Element = 0;` inside the loops Headers, outermost first.
Nodes zeroInLoops(const std::vector<LoopHeader> &Headers, Code Element);

} // namespace lnr::lower

#endif
