//===- Allocations.h - Calls to the C library's allocators -----*- C++ -*-===//
//
// What the recovery asks of a local's memory: whether an expression calls
// malloc and its kin (a workspace, Workspace.cpp; a temporary of two
// nests, NestPairs.cpp), which variable an expression names through any
// cast ('(double *)T', 'free((void *)T)'), and whose own storage it is
// part of ('u.d[2]').
//
//===----------------------------------------------------------------------===//
#ifndef LNR_ANALYSIS_RECOVER_ALLOCATIONS_H
#define LNR_ANALYSIS_RECOVER_ALLOCATIONS_H

#include "clang/AST/Expr.h"
#include "llvm/ADT/StringRef.h"

namespace lnr::recover {

/// The variable E names, parentheses and every cast aside, or null.
const clang::VarDecl *namedVariable(const clang::Expr *E);

/// The variable whose own storage E is part of: the root of `x`, `(x)`,
/// `x.m.n`, `x.a[2]` (an element of an array held by value), not reached
/// through `->` or a pointer's `[]`; null otherwise.
const clang::VarDecl *rootVariable(const clang::Expr *E);

/// The function E calls directly, parentheses and casts aside; "" if none.
llvm::StringRef calleeName(const clang::Expr *E);

/// The allocator E calls: "malloc", "calloc", "realloc" or
/// "aligned_alloc"; "" otherwise.
llvm::StringRef allocatorCalled(const clang::Expr *E);

} // namespace lnr::recover

#endif
