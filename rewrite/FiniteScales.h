//===- FiniteScales.h - The scale of a sum, checked finite -----*- C++ -*-===//
//
// A sum stored scaled (`s = 0; for k: s += C * D;` then `B[p] * s`) is
// read as the sum of the scaled terms (NestSource::ScaledSumLoops), and a
// schedule may multiply the scale into each term inside the sum. For a
// finite scale the two differ in rounding only; for an infinite one a zero
// term gives NaN (`Inf * 0`) and terms of both signs `Inf - Inf`, where
// the original gives an infinity. Such a schedule runs only when a check
// at run time finds every element of those scales finite; the original
// runs otherwise. Two nests composed are alike: the original multiplies
// the producer's stored sum, 0 where it has no terms, by the consumer's
// factors (NaN for an infinite one), and a schedule that multiplies them
// into the sum's terms adds nothing there (NestSource::SumsStoredEmpty).
// Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_FINITESCALES_H
#define LNR_REWRITE_FINITESCALES_H

#include "analysis/ir/BranchedGraph.h"
#include "analysis/ir/Kernel.h"
#include "analysis/ir/Refusal.h"
#include "analysis/source/NestSource.h"
#include "rewrite/NamePicker.h"
#include "rewrite/OverlapTest.h"

#include <optional>
#include <vector>

namespace lnr::rewrite {

/// The scales of K's scaled sums (positions in K.Stmt.Factors, among
/// NestSource::SumScales) that a statement of G multiplies inside a loop
/// over an index of the sum; for two nests composed, also the factors
/// outside the producer's sums (the consumer's, the producer's scales)
/// that a statement multiplies inside a loop over one of them.
std::vector<size_t> scalesInsideSums(const ir::BranchedGraph &G,
                                     const ir::Kernel &K, const NestSource &S);

/// Two nests composed: the factors of K outside every sum the producer
/// stores even when empty (NestSource::SumsStoredEmpty): the consumer's,
/// and the producer's scales.
std::vector<size_t> factorsOutsideStoredSums(const ir::Kernel &K,
                                             const NestSource &S);

/// Two nests composed: the original multiplies the producer's sum of no
/// terms, stored as 0, by the consumer's factors (NaN for an infinite
/// one), so the fused consumer runs even where the producer's loops have
/// no iteration (ProducerGuard.h). Where a check finds every factor that
/// multiplies such a sum finite, 0 times them adds nothing (but a zero's
/// sign), and the consumer may skip an empty fiber as a single nest's
/// does. Those factors (factorsOutsideStoredSums), when a stored sum runs
/// over a compressed level (an empty row, an empty fiber: a dense extent
/// of 0 saves nothing), the producer stores no function of its sum, the
/// temporary is not stored, and each can be checked; none otherwise.
std::optional<std::vector<size_t>> emptySumFactors(const ir::Kernel &K,
                                                   const NestSource &S);

/// Two nests composed: the producer's factors that none of its sum's loops
/// index (NestSource::InvariantSumFactors). The original multiplies them
/// into terms only; a schedule may multiply one into a sum of no terms,
/// so each is checked finite whatever the schedule. None when one cannot
/// be checked (its loops cannot be written alone).
std::optional<std::vector<size_t>> invariantSumFactors(const ir::Kernel &K,
                                                       const NestSource &S);

/// Test (the checks so far, or none) with a check that every element of
/// the scales Scales the nest reads is finite: the loops of the nest over
/// their indices, as written, around `flag &= x - x == 0;` (false for an
/// infinity and NaN). The checks run only where every loop of the nest
/// does (everyLoopRuns, in the flag: otherwise the original may read no
/// element of a scale, which need not be there at all); the original runs
/// where they do not. lnr-unsupported-statement when a scale's loops
/// cannot be written alone.
OrRefusal<std::optional<OverlapTest>>
withFiniteScales(const ir::Kernel &K, const NestSource &S,
                 const std::vector<size_t> &Scales,
                 std::optional<OverlapTest> Test, const Dialect &Standard,
                 NamePicker &Names);

} // namespace lnr::rewrite

#endif
