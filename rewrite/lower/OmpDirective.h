//===- OmpDirective.h - An OpenMP directive of the loop tree ---*- C++ -*-===//
//
// The '#pragma omp' lines the rewrite writes, as what they are: the
// construct (a parallel region, a work-shared or parallel loop, a vector
// loop, a barrier, an atomic write) and its clauses, or the file's own
// directive kept as written. The lowering and the passes build and read
// them; the printer alone spells them ('#pragma omp ' and the words).
// Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_LOWER_OMPDIRECTIVE_H
#define LNR_REWRITE_LOWER_OMPDIRECTIVE_H

#include <string>
#include <vector>

namespace lnr::lower {

struct OmpDirective {
  enum class Construct {
    None,
    Parallel,    // 'parallel': a region around a block
    ParallelFor, // 'parallel for': a loop in its own region
    For,         // 'for': a loop work-shared in the region around it
    Simd,        // 'simd': a vector loop
    Barrier,     // 'barrier'
    AtomicWrite, // 'atomic write'
  };
  Construct Is = Construct::None;
  /// The clauses, each as it is written ('schedule(dynamic, 64)',
  /// 'private(i, p)', 'reduction(+ : t)'), or the file's clauses of the
  /// construct kept together ('num_threads(4) default(none)').
  std::vector<std::string> Clauses;
  /// The file's own directive kept whole ('#pragma omp parallel for
  /// schedule(runtime)'), before Clauses; empty for the rewrite's own.
  std::string Written;

  static OmpDirective parallel(std::vector<std::string> Clauses = {});
  static OmpDirective parallelFor(std::vector<std::string> Clauses = {});
  static OmpDirective workShared(std::vector<std::string> Clauses = {});
  static OmpDirective simd(std::vector<std::string> Clauses = {});
  static OmpDirective barrier();
  static OmpDirective atomicWrite();
  /// The file's directive on a loop, kept as written: a 'parallel for', or
  /// a 'for' work-shared in the file's region.
  static OmpDirective kept(const std::string &Line);

  bool empty() const { return Is == Construct::None; }
  /// Whether it opens a parallel region (its threads run what it covers).
  bool opensRegion() const {
    return Is == Construct::Parallel || Is == Construct::ParallelFor;
  }
  /// Whether Name is one of its words, or its tokens appear in it in order
  /// ('default(none)'), as Code::mentions reads a line.
  bool mentions(const std::string &Name) const;
  /// One more clause, after the others.
  OmpDirective &with(std::string Clause);

  /// The line: '#pragma omp parallel for schedule(static) private(i)'.
  std::string line() const;
};

} // namespace lnr::lower

#endif
