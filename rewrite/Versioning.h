//===- Versioning.h - The rewritten nest and what guards it ----*- C++ -*-===//
//
// What replaces a nest is more than the lowered schedule: the scans of the
// coordinates whose extents or ranges it needs, the run-time checks it
// relies on (the overlap test, positions that never decrease) with the
// flag they clear, the flag a temporary that cannot be allocated clears,
// and the original nest, kept to run when a check fails or an allocation
// does. This composes them as one loop tree, which the printer writes.
// Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_VERSIONING_H
#define LNR_REWRITE_VERSIONING_H

#include "analysis/source/NestSource.h"
#include "rewrite/OverlapTest.h"
#include "rewrite/lower/LoopTree.h"
#include "rewrite/lower/Lowering.h"

#include <optional>
#include <string>

namespace lnr::rewrite {

struct Versioning {
  /// The rewritten nest: one lowered schedule, or the run-time choice
  /// between two (Choice).
  lower::Nodes Rewrite;
  bool Choice = false;
  /// The scans the rest reads (their declarations first), or none.
  lower::Nodes Scans;
  /// The run-time checks and their flag: the rewrite runs when it is
  /// nonzero, the original nest otherwise. ChecksMore: they check more
  /// than the overlap test does (positions in order, OrderedPositions.h;
  /// scales finite, FiniteScales.h; a stored temporary's loops run,
  /// StoredTemporary.h), and the fallback's marker says a check failed.
  std::optional<OverlapTest> Checks;
  bool ChecksMore = false;
  /// Whether the rewrite allocates temporaries: when one cannot be
  /// allocated it clears the checks' flag, or Facts.AllocatedFlag without
  /// checks, and the original nest runs.
  bool Allocates = false;
  /// The nest's facts the lowering wrote it with: its allocation flag, and
  /// C89's declarations where a block starts (DeclarationsFirst).
  lower::NestFacts Facts;
  /// The words of the comment the replacement begins with; none when
  /// empty.
  std::string Summary;
};

/// The replacement of the nest S as one tree, after the summary comment:
/// in a block of its own when
/// anything is declared around the rewrite (the scans', the flags'
/// variables stay local to it, and no 'else' pairs with an 'if' around
/// the nest); without a copy of the original nest, followed by a '(void)'
/// statement for each local S reads in place, which would be left unused.
lower::Nodes versioned(Versioning V, const NestSource &S);

} // namespace lnr::rewrite

#endif
