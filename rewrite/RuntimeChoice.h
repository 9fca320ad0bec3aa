//===- RuntimeChoice.h - Two schedules, chosen by the actual sizes -*- C++ -*-//
//
// Some schedules are cheaper than others only for some sizes: <SpMM, GEMM>
// fused costs nnz(B)*K + n*K*L, re-associated (T = C*D first) m*K*L +
// nnz(B)*L. The size model cannot know which the caller's matrices favour,
// so the rewrite writes both and the nest evaluates both costs on its own
// extents and nonzero counts before it runs one. These are the pieces: the
// run-time value of each cost symbol, a cost as a C expression, the second
// schedule and the test that picks one. An extent the source never states
// comes from a scan of the coordinates (ExtentScan.h). Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_RUNTIMECHOICE_H
#define LNR_REWRITE_RUNTIMECHOICE_H

#include "analysis/ir/Cost.h"
#include "analysis/ir/Kernel.h"
#include "analysis/ir/Schedule.h"
#include "analysis/source/NestSource.h"
#include "rewrite/ExtentScan.h"
#include "rewrite/NamePicker.h"
#include "rewrite/lower/Lowering.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace lnr::rewrite {

/// C expressions of type double for the cost symbols of K whose value the
/// nest can read before it runs: each dense extent as written, and the
/// nonzeros of a compressed level from its positions array (`rowptr[n]`;
/// `pos[1] - pos[0]` for a compressed first level, DCSR's).
/// Every read is one the nest itself makes: `rowptr[n]` only when n > 0
/// and every dense loop around the level's loop that is not its parent
/// runs, a second level's end only when the last fiber above it is not
/// empty as well.
std::map<std::string, std::string> runtimeSymbols(const ir::Kernel &K,
                                                  const NestSource &S);

/// C for the value of a schedule's work (ir::workOf), or nullopt when a
/// symbol has no run-time value.
std::optional<std::string>
runtimeCost(const std::vector<ir::WorkTerm> &Work,
            const std::map<std::string, std::string> &Sym);

/// A second schedule, cheaper than the chosen one for some sizes, and the
/// run-time test that picks between them.
struct RuntimeAlternative {
  ir::Schedule Schedule;
  lower::LoweredNest Emitted;
  std::string ChosenCost, OtherCost; // C expressions
  std::vector<ExtentScan> Scans;     // extents the two need, found first
};

/// The first of Candidates (or, with Scans, of the schedules of Scanned: K
/// with the extents the scans find, for which more schedules apply, such
/// as a dense temporary over a hand-written CSR matrix's columns) that
/// costs less than Chosen for some sizes, with both costs as C, lowered
/// with Names; only a schedule Allowed (it gains on the nest, and the
/// run-time checks cover what it relies on).
std::optional<RuntimeAlternative> runtimeAlternative(
    const ir::Schedule &Chosen, const ir::Kernel &K, const NestSource &Source,
    const std::vector<ir::Schedule> &Candidates,
    const lower::LowerOptions &Opts, const lower::NestFacts &Facts,
    ir::ScheduleCache &Schedules, const ir::Kernel &Scanned,
    const std::vector<ExtentScan> &Scans, const NamePicker &Names,
    const std::function<bool(const ir::Schedule &)> &Allowed);

/// The names the run-time choice gives the two costs (picked with the
/// rewrite's other names, before the lowering).
struct CostNames {
  std::string Then, Else;
};

/// 'const double Then = cost of Chosen; const double Else = cost of Other;
/// if (Then <= Else) { Chosen } else { Other }', Other never when the
/// coordinates a scan it needs found do not start at 0. Each cost a declaration
/// of its own: the condition then reads as the choice it is, and every line is
/// one the printer lays out itself (a sum broken at its '+').
lower::Nodes runtimeChoice(const RuntimeAlternative &Alternative,
                           const CostNames &Names, lower::Nodes Chosen,
                           lower::Nodes Other);

} // namespace lnr::rewrite

#endif
