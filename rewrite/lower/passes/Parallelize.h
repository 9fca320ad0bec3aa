//===- Parallelize.h - Whether an outer loop runs in parallel --*- C++ -*-===//
//
// The one place that decides whether a loop is shared among threads: the
// outer loop of a nest or of one phase of it (its ParallelPlan, with the
// directives it is written with and the note `--explain` prints), the
// loops that zero the output, the scans of unknown extents, and the loops
// the schedule search prefers outermost. A loop is shared when its
// distinct iterations write distinct elements of everything shared (the
// output, proved from its subscript or by the file's own directive; shared
// temporaries), and OpenMP takes its header as written. Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_LOWER_PASSES_PARALLELIZE_H
#define LNR_REWRITE_LOWER_PASSES_PARALLELIZE_H

#include "rewrite/lower/Context.h"

#include <set>

namespace lnr::lower {

/// How one graph's outer loop runs, decided once: what the lowering
/// writes, what the output's zeroing follows and what `--explain` says.
struct ParallelPlan {
  bool Parallel = false;
  std::string Note; // why, or why not
  /// The directive on the outer loop; and when each thread allocates its
  /// own temporaries, the parallel region around it (Loop then work-shares
  /// the loop in it).
  OmpDirective Loop, Region;
};

/// For Root's outer loop, which writes Written (quoted, for the note).
/// Kept: the file's directive stays on it. PerThread: it allocates
/// temporaries for each thread, in a region of their own.
ParallelPlan planParallel(const Context &C, const ir::BranchedGraph &Root,
                          bool Kept, bool PerThread,
                          const std::string &Written);

/// The directive of the loops that zero the output before a nest that
/// runs in parallel or not: on the output's first loop in the kernel's
/// order, shared where the nest is and that loop writes apart.
OmpDirective zeroingDirective(const Context &C, bool NestParallel);

/// Whether OpenMP may share L, a loop of K, as written: a dense loop over
/// distinct coordinates whose header OpenMP takes (NestSource's
/// OmpCanonical). What it writes is the caller's question.
bool shareableHeader(const ir::Kernel &K, const NestSource &S,
                     const ir::Loop &L);

/// The indices whose loop, outermost, the schedule search counts as shared
/// (ir::SchedulerOptions): shareable, and each writes its own elements of
/// the output (proved, or the file's directive on it). Empty without
/// OpenMP.
std::set<std::string> sharedOuterIndices(const ir::Kernel &K,
                                         const NestSource &S, bool OpenMP);

/// Whether distinct iterations of G's outer loop write distinct elements of
/// everything G writes that is not private to a thread: the output (proved
/// from its subscript, or by the file's own directive when TrustOutput),
/// and shared temporaries (dense ones indexed by the loop's index, those at
/// positions when the loop runs over the tensor's first, dense level). Why
/// says which write prevents it.
bool writesDisjoint(const Context &C, const ir::BranchedGraph &G,
                    bool TrustOutput, std::string &Why);

/// On each parallel region of Tree whose directive, the file's, says
/// 'default(none)': a 'shared' clause naming what the rewrite declared
/// outside the region and reads or writes in it (a shared temporary, a
/// scanned extent, a flag), which the clause would otherwise leave without
/// a data-sharing attribute (clang rejects the region; gcc does not).
void shareRewriteNames(const Context &C, Nodes &Tree);

/// The note for the file's 'schedule(runtime)' kept on Root's outer loop,
/// when its iterations walk fibers; none otherwise.
void noteRuntimeSchedule(const ir::BranchedGraph &Root, const NestSource &S,
                         std::vector<std::string> &Notes);

} // namespace lnr::lower

#endif
