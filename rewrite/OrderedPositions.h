//===- OrderedPositions.h - Fibers apart, checked at run time --*- C++ -*-===//
//
// In a valid CSR or CSF level the positions array never decreases, so the
// fibers of distinct parents are distinct ranges of positions. Some
// rewrites rely on it: an output stored at an input's positions and
// assigned there (zeroed, then accumulated), or parallel over its fibers,
// or addressed through TACO's counter (jA = jB - pos[0]); the overlap test,
// which bounds a level's positions by [pos[lo], pos[hi + 1]). A malformed
// tensor, whose fibers overlap, would make the rewrite compute something
// else than the original, which only walks them. So the rewrite checks it
// first, in O(fibers), and the original nest runs when it fails.
// Clang-free: the check is composed from the recovered loop facts.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_ORDEREDPOSITIONS_H
#define LNR_REWRITE_ORDEREDPOSITIONS_H

#include "analysis/ir/BranchedGraph.h"
#include "analysis/ir/Refusal.h"
#include "analysis/source/NestSource.h"
#include "rewrite/NamePicker.h"
#include "rewrite/OverlapTest.h"
#include "rewrite/lower/LoopTree.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace lnr::rewrite {

/// The position variables whose levels' order a rewrite of S relies on:
/// those the overlap test ranges over (when S needs one), the level an
/// output is stored at (NestSource::OutputPosition), AlsoRelied (the
/// schedule's: positionsOfTemporaries) and the position split's; each once.
std::vector<std::string>
positionsRelied(const NestSource &S,
                const std::vector<std::string> &AlsoRelied = {});

/// The position variables whose levels' order a temporary of G at the
/// positions of an input relies on: each position must belong to one
/// fiber, or a temporary accumulated per visit of a position would sum
/// the visits of two fibers. "" for a level no loop of S walks through a
/// position variable (its order cannot be checked).
std::vector<std::string> positionsOfTemporaries(const ir::BranchedGraph &G,
                                                const ir::Kernel &K,
                                                const NestSource &S);

/// That the positions arrays whose first element the reading of S took to
/// be 0 have it (NestSource::ZeroFirstPositions): "pos[0] == 0", joined by
/// "&&"; "" when there is none.
std::string zeroFirstCondition(const NestSource &S);

/// Statements that clear the int Flag (declared by the caller) when a
/// positions array on the path from the root to one of Positions
/// decreases over the range of positions the nest walks; each level is
/// checked only when the levels above it passed, so the check reads only
/// what the nest reads. nullopt when a level is not walked from a dense
/// root loop with known bounds through positions arrays (MKL's begin and
/// end arrays, a compressed root): Why says which.
/// Scanned: the exact ranges of the coordinates a chain's level is reached
/// through (OverlapTest.h chainParents), which the check walks as that
/// level's parents.
std::optional<lower::Nodes> orderedPositionsCheck(
    const NestSource &S, const std::vector<std::string> &Positions,
    const std::string &Flag, NamePicker &Names, std::string &Why,
    const std::map<std::string, ScannedRange> &Scanned = {});

/// Test (the overlap test, or none) with the checks of what else a rewrite
/// of S relies on: positions that never decrease, the coordinates of a
/// compressed first level the output is assigned at strictly increasing
/// (NestSource::DistinctCoordinates), the loops inside a sum stored scaled
/// run (NestSource::ScaledSumLoops), and an output at
/// positions whose inner extent as written is not its stride, fibers apart
/// (assigned once, written in parallel) only when extent <= stride. The
/// checks clear the test's flag, or a flag of their own ("checked") without
/// a test. Positions says whether a check beyond the overlap test's was
/// added (for an output stored at positions): the positions the overlap
/// test ranges over are part of it, and their check is the test's own (the
/// arrays may overlap when they decrease). AlsoRelied: the positions the
/// chosen schedule's temporaries rely on (positionsOfTemporaries), checked
/// too. lnr-unsupported-format when the order cannot be checked.
OrRefusal<std::optional<OverlapTest>>
withPositionChecks(const NestSource &S, std::optional<OverlapTest> Test,
                   const std::map<std::string, ScannedRange> &Scanned,
                   NamePicker &Names, bool &Positions,
                   const std::vector<std::string> &AlsoRelied = {});

} // namespace lnr::rewrite

#endif
