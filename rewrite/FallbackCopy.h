//===- FallbackCopy.h - The original nest, kept to run instead -*- C++ -*-===//
//
// A rewrite that runs only when run-time checks pass (the arrays do not
// overlap, positions never decrease) or when its temporaries can be
// allocated keeps the original nest, byte for byte, to run otherwise. A
// comment in front of the copy says why it is there; a second run of the
// tool recognizes the copy by it and leaves it alone. Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_FALLBACKCOPY_H
#define LNR_REWRITE_FALLBACKCOPY_H

#include "analysis/recover/NestSource.h"
#include "rewrite/lower/LoopTree.h"

#include <string_view>

namespace lnr::rewrite {

/// What makes the original nest run.
enum class FallbackReason {
  Overlap, // the overlap test finds the arrays may overlap
  Memory,  // a temporary cannot be allocated
  Either,  // either of those
  Check,   // a run-time check fails (positions that decrease, among others)
};

/// The marker comment, the original nest as the file spells it (from the
/// indentation of its line; clang-format off around it, so that it stays
/// as it is), as nodes of the rewrite's tree.
lower::Nodes fallbackCopy(FallbackReason Why, const NestSource &S);

/// Whether the nest whose file text before it is Before (up to its first
/// character) is such a copy: the marker is the last comment in front of
/// it, before the nest's own OpenMP directives and the brace of their
/// region, however a style reflowed it.
bool isFallbackCopy(std::string_view Before);

} // namespace lnr::rewrite

#endif
