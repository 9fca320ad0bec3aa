//===- Parallelize.h - Whether an outer loop runs in parallel --*- C++ -*-===//
//
// The one place that decides whether the outer loop of a nest, or of one
// phase of it, is shared among threads, with the note `--explain` prints:
// a loop whose distinct iterations write distinct elements of everything
// shared (the output, proved from its subscript or by the file's own
// directive; shared temporaries), with a header OpenMP takes as written.
// Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_LOWER_PASSES_PARALLELIZE_H
#define LNR_REWRITE_LOWER_PASSES_PARALLELIZE_H

#include "rewrite/lower/Context.h"

namespace lnr::lower {

struct ParallelChoice {
  bool Parallel = false;
  std::string Note; // why, or why not
};

/// For Root's outer loop, which writes Written (quoted, for the note).
/// Kept: the file's directive stays on it.
ParallelChoice chooseParallel(const Context &C, const ir::BranchedGraph &Root,
                              bool Kept, const std::string &Written);

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
