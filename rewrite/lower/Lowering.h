//===- Lowering.h - Branched iteration graph -> loop tree ------*- C++ -*-===//
//
// Writes a branched graph as a loop tree (LoopTree.h) that reuses the nest's
// own loop headers, coordinate loads and array accesses, so the printed
// result keeps the file's names, types and indexing style. Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_LOWER_LOWERING_H
#define LNR_REWRITE_LOWER_LOWERING_H

#include "analysis/ir/BranchedGraph.h"
#include "analysis/ir/Kernel.h"
#include "analysis/ir/Refusal.h"
#include "analysis/source/NestSource.h"
#include "rewrite/NamePicker.h"
#include "rewrite/lower/LoopTree.h"

#include <map>
#include <string>
#include <vector>

namespace lnr::lower {

using rewrite::NamePicker;

struct LowerOptions {
  bool OpenMP = true;
  /// The schedule clause of a new `omp parallel for`. Measured on 2 cores,
  /// a skewed 200,000-row CSR matrix (1.6M nonzeros), K = L = 64: dynamic
  /// and guided within noise of each other, static 5-10% slower; dynamic,64
  /// had the steadiest median (docs/code-generation.md, "OpenMP schedule").
  std::string OmpSchedule = "dynamic, 64";
  /// Software prefetches, one nonzero ahead, of the dense rows a compressed
  /// loop gathers by coordinate (docs/code-generation.md, "Prefetching").
  bool Prefetch = true;
  /// A GEMM consumer's loops k, l unrolled by 4 over k and jammed
  /// (docs/code-generation.md, "Unroll and jam").
  bool UnrollJam = true;
  /// A dot product into a scalar temporary summed into eight partial sums
  /// (docs/code-generation.md, "Partial sums").
  bool SplitReductions = true;
};

/// What the rewrite around one nest fixes for its lowering, beside the
/// configured LowerOptions: facts of the nest's file and of its checks.
struct NestFacts {
  /// The file's standard is C89/C90 (Dialect::DeclarationsFirst):
  /// declarations only where a block starts, none in a loop's header (the
  /// file's own C99 constructs are its business; the rewrite adds none).
  bool DeclarationsFirst = false;
  /// The int, declared nonzero by the caller, that the rewrite sets to 0
  /// when a temporary cannot be allocated (malloc or calloc returns NULL);
  /// the caller then runs the original nest. Picked from the NamePicker the
  /// caller passes lowerNest, so the nest's own names avoid it.
  std::string AllocatedFlag = "allocated";
};

struct LoweredNest {
  Nodes Tree;
  bool Parallel = false;
  std::string ParallelNote; // why the outer loop is, or is not, parallel
  /// What the remark's notes say of the rewritten nest (a clang 'note:'
  /// each): the file's 'schedule(runtime)' kept on a loop over fibers.
  std::vector<std::string> Notes;
  bool NeedsStdlib = false; // calls malloc/free, which are not declared
  /// Allocates temporaries on the heap: when one cannot be allocated, the
  /// tree computes nothing (it may zero the output first, which the
  /// original assigns whole), frees what it allocated and sets
  /// NestFacts::AllocatedFlag to 0.
  bool Allocates = false;
  /// Each temporary of the schedule by the name the tree declares it
  /// under (NamePicker: 't_1' where the function has a 't').
  std::map<std::string, std::string> TemporaryNames;
};

/// 'schedule(...)' of the loops the rewrite makes parallel.
std::string scheduleClause(const LowerOptions &Opts);
/// " private(i, p, j)": the nest's variables declared before it (C89 loops,
/// counters), which a parallel region the rewrite opens would otherwise
/// share.
std::string privateClause(const NestSource &S);

/// Names: what the rewrite around the nest has picked (NamePicker.h); the
/// nest picks its own names from a copy, so another schedule written in its
/// place (a run-time choice, or the next candidate) picks the same ones.
OrRefusal<LoweredNest> lowerNest(const ir::BranchedGraph &G,
                                 const ir::Kernel &K, const NestSource &S,
                                 const LowerOptions &Opts,
                                 const NestFacts &Facts,
                                 const NamePicker &Names);

} // namespace lnr::lower

#endif
