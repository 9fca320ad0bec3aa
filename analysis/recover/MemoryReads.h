//===- MemoryReads.h - Scalars a nest reads from memory ---------*- C++ -*-===//
//
// Besides its indexed accesses (the factors, the output, the positions and
// coordinates), a nest reads scalars from memory on every iteration: loop
// bounds and strides held in structs or behind pointers (`d->K`, `*np`,
// `dims[0]`), array pointers held in structs (`m->vals` in `m->vals[p]`),
// globals. When the output is not proved disjoint from what the nest reads,
// the run-time overlap test (OverlapFacts) must cover these bytes too: the
// original nest would see them change under its own writes. Kept apart from
// the recovery, which only asks for the list.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_ANALYSIS_RECOVER_MEMORYREADS_H
#define LNR_ANALYSIS_RECOVER_MEMORYREADS_H

#include "clang/AST/Expr.h"

#include <functional>
#include <vector>

namespace lnr::recover {

/// The lvalues of Nest read from memory (a member, a dereference, a
/// subscript or a global variable, converted to its value) that
/// IndexedByNest does not claim (the nest's own indexed accesses, which the
/// test bounds by their subscripts). Outermost first; an lvalue inside
/// another (`p->q->n`) is listed as well.
std::vector<const clang::Expr *>
memoryScalars(const clang::Stmt *Nest,
              const std::function<bool(const clang::Expr *)> &IndexedByNest);

} // namespace lnr::recover

#endif
