//===- StoredArrays.h - The arrays a statement stores into -----*- C++ -*-===//
//
// What the function-level view of separate kernels (NestPairs.cpp) asks of
// the statements around two nests: which arrays a nest stores elements
// of, and whether a statement allocates an array, sets it to zero (a
// `memset`, a loop nest storing 0) or frees it.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_ANALYSIS_RECOVER_STOREDARRAYS_H
#define LNR_ANALYSIS_RECOVER_STOREDARRAYS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

#include <map>
#include <optional>
#include <string>
#include <tuple>

namespace lnr::recover {

/// A call of malloc, calloc or aligned_alloc: memory of the caller's own
/// (realloc's is another block's).
bool isAllocation(const clang::Expr *E);

/// `T = alloc(...);`, or with calloc only when Zeroed.
bool allocates(const clang::Stmt *S, const clang::VarDecl *T,
               bool Zeroed = false);

/// A literal +0 ('0', '0.0'): what calloc leaves, the sign included.
bool isPositiveZero(const clang::Expr *E);

/// `memset(T, 0, ...);`, or a loop nest whose one statement is
/// `T[...] = 0;`. Where it leaves an element the producer adds to
/// unzeroed, the original reads memory never written.
bool zeroes(const clang::Stmt *S, const clang::VarDecl *T);

/// `free(T);`
bool frees(const clang::Stmt *S, const clang::VarDecl *T);

/// An array a nest stores elements of: a variable ('T[e] = ...') or the
/// member of one ('C.vv[e] = ...', 'r->val[e] += ...').
struct StoredArray {
  const clang::VarDecl *Base = nullptr;
  const clang::FieldDecl *Member = nullptr; // null for the variable itself
  bool operator<(const StoredArray &O) const {
    return std::tie(Base, Member) < std::tie(O.Base, O.Member);
  }
  bool operator==(const StoredArray &O) const {
    return Base == O.Base && Member == O.Member;
  }
};

/// The array E names: a variable, or a member of one; none otherwise.
std::optional<StoredArray> namedArray(const clang::Expr *E);

/// The array as the IR names it: "T", "C.vv", "r->val".
std::string arrayName(const StoredArray &A, const clang::Expr *Spelled);

/// The type of the elements of the array E names ('double' for a 'double
/// *' or a 'double[]'); none for another type.
clang::QualType elementType(const clang::Expr *E);

/// The arrays the nest stores elements of ('T[e] = ...', 'T[e] += ...'),
/// each with the expression that names it first.
std::map<StoredArray, const clang::Expr *>
storedArrays(const clang::Stmt *Nest);

} // namespace lnr::recover

#endif
