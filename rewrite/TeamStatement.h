//===- TeamStatement.h - A rewrite as a statement of a region --*- C++ -*-===//
//
// A nest that is one statement of the file's '#pragma omp parallel' region
// among others (KeptDirective::InTeam) is replaced by a rewrite that every
// thread of the region runs: its declarations and checks on each thread,
// its one loop shared under the file's '#pragma omp for' (lowered with
// 'nowait'). What that takes besides the lowering: the checks' own copies
// of the variables the threads share, and the barriers around the rewrite.
// Clang-free.
//
//===----------------------------------------------------------------------===//

#ifndef LNR_REWRITE_TEAMSTATEMENT_H
#define LNR_REWRITE_TEAMSTATEMENT_H

#include "analysis/source/NestSource.h"
#include "rewrite/lower/LoopTree.h"

namespace lnr::rewrite {

/// The scans of a nest in a team, which walk its loops as written and
/// assign its variables: after their declarations, which the rest of the
/// rewrite reads, in a block with its own of each variable the region's
/// threads share (NestSource::TeamShared) that they name.
lower::Nodes scansWithOwnVariables(lower::Nodes Scans, const NestSource &S);

/// Tree as one statement of the file's region: a barrier first where a
/// statement before it may still run (KeptDirective::BarrierBefore), after
/// the summary comment; one after it where the original's loop ends with
/// one (KeptDirective::barrierAfter).
lower::Nodes asTeamStatement(lower::Nodes Tree, const NestSource &S);

} // namespace lnr::rewrite

#endif
