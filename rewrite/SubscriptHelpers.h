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
// (`static long` in C89, which has neither `inline` nor `long long`; with
// another name where the file uses this one). A comparison of the two
// products written inline would not do either: gcc's -Wtype-limits warns
// about `(long long)K < 0` for an unsigned K. Clang-free.
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
};

/// The names the file's tests call: "lnr_min" and "lnr_max", or the first
/// with a suffix that IsTaken (the file's identifiers) says is free. Every
/// nest of a file gets the same names.
SubscriptHelpers
subscriptHelpers(const std::function<bool(const std::string &)> &IsTaken);

/// Their definitions, in the file's Standard, laid out in LLVM's style
/// (the include insertion formats them in the file's).
std::string definitionsOf(const SubscriptHelpers &Helpers,
                          const Dialect &Standard);

} // namespace lnr::rewrite

#endif
