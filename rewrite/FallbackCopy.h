//===- FallbackCopy.h - The original nest, kept to run instead -*- C++ -*-===//
//
// A rewrite that runs only when run-time checks pass (the arrays do not
// overlap, positions never decrease) or when its temporaries can be
// allocated keeps the original nest, token for token, to run otherwise. A
// comment in front of the copy says why it is there; a second run of the
// tool recognizes the copy by it and leaves it alone, as it recognizes a
// whole rewrite by the summary comment in front of it. Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_FALLBACKCOPY_H
#define LNR_REWRITE_FALLBACKCOPY_H

#include "analysis/source/NestSource.h"
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
/// indentation of its line; a Verbatim node, which the printer lays out at
/// its column like the code around it, or keeps as it is), as nodes of
/// the rewrite's tree.
lower::Nodes fallbackCopy(FallbackReason Why, const NestSource &S);

/// Whether the nest whose file text before it is Before (up to its first
/// character) is such a copy: the marker is the last comment in front of
/// it, before the nest's own OpenMP directives and the brace of their
/// region, however a style reflowed it.
bool isFallbackCopy(std::string_view Before);

/// Whether the statement whose file text before it is Before is a rewrite
/// this tool wrote: its summary comment ('/* lnr-rewrite: A(i,l) += ...,
/// which costs O(..) as written. ...') is the last comment in front of it,
/// as isFallbackCopy reads a marker. A
/// second run never rewrites the nests inside it (OwnRewrites.h), so that a
/// run on the tool's own output changes nothing, whatever a search of the
/// rewritten nests would find (each of them the schedule's, not the
/// file's).
bool isOwnRewrite(std::string_view Before);

} // namespace lnr::rewrite

#endif
