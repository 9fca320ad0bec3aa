//===- LoopsAlike.h - Two loops that are one at run time -------*- C++ -*-===//
//
// Separate kernels are often two functions each given its own name for the
// same matrix: SpComm3D's SDDMM walks `S.ii[e]` and its SpMM `C.ii[e]`,
// where the caller made C a copy of S with other values; TACO's generated
// kernels read `B2_pos` in one and `T2_pos` in the other. Inlined, the two
// loops are written alike but for those names: they are the same loop when
// each pair of names holds the same pointer or bound at run time, which the
// rewrite checks before the fused nest, the two nests as written running
// otherwise (EqualAtRunTime.h). The loops' own variables must be spelled
// alike: a renamed loop variable is no invariant (a position variable of
// the consumer's is named as the producer's first: PairRenames.h).
// Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_LOOPSALIKE_H
#define LNR_REWRITE_LOOPSALIKE_H

#include "analysis/source/NestSource.h"

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace lnr::rewrite {

/// The pairs of expressions, P's then Q's, that must be equal at run time.
using Equalities = std::vector<NestSource::Equality>;

/// The variables the nests declare or step (loop variables, positions, the
/// names their loops' prologues set): never an invariant.
std::set<std::string> nestVariables(const NestSource &P, const NestSource &Q);

/// Whether the C texts P and Q are the same once the pairs added to Equal
/// (invariants, as for loopsAlike) are equal; Equal may grow when they
/// are not.
bool textsAlike(const std::string &P, const std::string &Q,
                const std::set<std::string> &Variables, Equalities &Equal);

/// Whether P and Q are the same loop once the pairs added to Equal (each
/// an invariant expression: a variable, or a member path from one, as
/// 'S.ii' and 'C.ii') are equal; Equal unchanged when they are not.
bool loopsAlike(const LoopSource &P, const LoopSource &Q,
                const std::set<std::string> &Variables, Equalities &Equal);

/// Whether P and Q, each a dense loop from 0 or TACO's split of one
/// (strips of it, LevelKind::Strips), visit the same values of one
/// variable in the same order: their bounds alike once the pairs added to
/// Equal are equal, as for loopsAlike; Equal unchanged when they are not.
bool rangesAlike(const LoopSource &P, const LoopSource &Q,
                 const std::set<std::string> &Variables, Equalities &Equal);

} // namespace lnr::rewrite

#endif
