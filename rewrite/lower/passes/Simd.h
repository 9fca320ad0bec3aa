//===- Simd.h - '#pragma omp simd' on an innermost loop --------*- C++ -*-===//
//
// When a statement's innermost loop has independent iterations: each writes
// its own element (a temporary's, or the output's when the subscript
// proves it), or they sum into a scalar temporary (a reduction). The inputs
// are only read, and the output is not an input's alias (checked by the
// recovery). Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_LOWER_PASSES_SIMD_H
#define LNR_REWRITE_LOWER_PASSES_SIMD_H

#include "rewrite/lower/Context.h"

namespace lnr::lower {

/// The directive for L, the innermost loop around A; none when its
/// iterations may depend on each other, or without OpenMP.
std::optional<OmpDirective> simdDirective(const Context &C, const ir::Loop &L,
                                          const ir::Assignment &A);

/// The directive on every serial innermost loop of the graph in Tree
/// (innermostStatement) whose iterations are independent.
void vectorize(Context &C, Nodes &Tree);

} // namespace lnr::lower

#endif
