//===- SubscriptHelpers.h - Functions the overlap tests call ---*- C++ -*-===//
//
// The run-time overlap test (OverlapTest.h) bounds a subscript term whose
// coefficient is a variable (`K * j`) by the smaller and the larger of the
// products with the ends of the variable's range: it does not know the
// coefficient's sign. Spelled inline, each product appears twice in a
// conditional, for the first and again for the last element, in every
// nest. Instead, a file whose tests need them gets two small functions once,
// after its includes, that every test of the file calls:
//
//   static inline long long lnr_min(long long a, long long b) { ... }
//   static inline long long lnr_max(long long a, long long b) { ... }
//
// (with another name where the file uses this one; the names of an earlier
// rewrite's where the file has them). Not in C89, which has no `inline`
// (a static function a configuration does not call is a warning), nor in a
// header (it and its includer would each define them): the test then
// spells the conditional out, `(C * lo <= C * hi ? C * lo : C * hi)`, as
// the coefficient's sign written `C < 0` would not do: gcc's -Wtype-limits
// warns about `(long long)K < 0` for an unsigned K. Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_SUBSCRIPTHELPERS_H
#define LNR_REWRITE_SUBSCRIPTHELPERS_H

#include "rewrite/Dialect.h"

#include <functional>
#include <string>

namespace lnr::rewrite {

/// The helpers' names in a file.
struct SubscriptHelpers {
  std::string Min, Max;
  /// Their parameters' names ("lhs", "rhs", or others where the file uses
  /// those: a macro of that name would break the definitions).
  std::string A = "lhs", B = "rhs";
};

/// The names the file's tests call: those of an earlier rewrite of the
/// file (OwnMin and OwnMax, when both are found), or else "lnr_min" and
/// "lnr_max", or the first with a suffix that IsTaken (the file's
/// identifiers) says is free. Every nest of a file gets the same names.
struct FileHelpers {
  SubscriptHelpers Names;
  bool Defined = false; // by the file itself
};
FileHelpers
subscriptHelpers(const std::function<bool(const std::string &)> &IsTaken,
                 const std::string &OwnMin, const std::string &OwnMax);

/// Their definitions, laid out in LLVM's style (the include insertion
/// formats them in the file's).
std::string definitionsOf(const SubscriptHelpers &Helpers,
                          const Dialect &Standard);

} // namespace lnr::rewrite

#endif
