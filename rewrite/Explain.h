//===- Explain.h - What --explain says of a nest ---------------*- C++ -*-===//
//
// The facts --explain prints of a rewrite ("key: value" lines) that take
// more than a line of code to say: the tensors' formats, the run-time
// choice, the checks the rewrite runs under, and its parallelism.
// Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_EXPLAIN_H
#define LNR_REWRITE_EXPLAIN_H

#include "analysis/ir/Kernel.h"
#include "analysis/source/NestSource.h"
#include "rewrite/RuntimeChoice.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace lnr::rewrite {

/// "B CSR (dense i, compressed j), C dense, ...".
std::string formatsLine(const ir::Kernel &K);

/// The second schedule, its cost, and the extents scanned for it.
std::string runtimeChoiceFact(const RuntimeAlternative &A, const ir::Kernel &K);

/// The checks of a rewrite versioned under run-time checks (OverlapTest.h,
/// OrderedPositions.h): "aliasing", "position split" or "first positions",
/// "positions", those that apply, in that order.
std::vector<std::pair<std::string, std::string>>
checkFacts(const NestSource &S);

/// Whether and why the rewrite is parallel, and the file's region it
/// replaces.
std::string openmpFact(const NestSource &S, const std::string &ParallelNote);

/// "Schedule: <S>; it costs <its cost>." (a branch of a run-time choice
/// begins with it), the temporaries by the names the code declares
/// (LoweredNest::TemporaryNames).
std::string
scheduleComment(const ir::Kernel &K, const ir::Schedule &S,
                const std::map<std::string, std::string> &DeclaredAs = {});

/// The comment a rewritten nest begins with, for a maintainer who meets it
/// in the code: what it computes, the schedule and the cost before and
/// after; with a run-time choice, that each branch begins with its own; with
/// a fallback (Fallback), that the original nest runs when a check fails.
/// Notation is what it computes, "" for K's statement (two nests composed
/// write the producer's function of its sum: NestRewriter's notation).
std::string
summaryComment(const ir::Kernel &K, const ir::Schedule &S,
               const ir::Cost &Before, const RuntimeAlternative *Alternative,
               bool Fallback,
               const std::map<std::string, std::string> &DeclaredAs = {},
               const std::string &Notation = "");

} // namespace lnr::rewrite

#endif
