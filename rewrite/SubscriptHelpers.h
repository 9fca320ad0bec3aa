//===- SubscriptHelpers.h - Macros the overlap tests call ------*- C++ -*-===//
//
// The run-time overlap test (OverlapTest.h) bounds a subscript term whose
// coefficient is a variable (`K * j`) by the smaller and the larger of the
// products with the ends of the variable's range: it does not know the
// coefficient's sign. Spelled inline, each product appears twice in a
// conditional, for the first and again for the last element, in every
// nest. Instead, a file whose tests need them gets two macros once, after
// its leading directives, that every test of the file calls:
//
//   #define LNR_MIN(a, b) ((a) < (b) ? (a) : (b))
//   #define LNR_MAX(a, b) ((a) < (b) ? (b) : (a))
//
// (with another name where the file uses this one). Macros, not static
// inline functions: a function that a configuration of the build does not
// call (the nest under an #ifdef) is a warning (clang's -Wunused-function
// in the main file; gcc's for a C89 'static'), a macro's parameters are
// not the file's macros, and a macro is valid C89. Not in a header, which
// its includers would each define them for: the test then spells the
// conditional out, `(C * lo <= C * hi ? C * lo : C * hi)`; the sign
// written `C < 0` would not do, as gcc's -Wtype-limits warns about
// `(long long)K < 0` for an unsigned K. Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_SUBSCRIPTHELPERS_H
#define LNR_REWRITE_SUBSCRIPTHELPERS_H

#include <functional>
#include <string>

namespace lnr::rewrite {

/// The helpers' names in a file.
struct SubscriptHelpers {
  std::string Min, Max;
};

/// The names the file's tests call: "LNR_MIN" and "LNR_MAX", or the first
/// with a suffix that IsTaken (the file's identifiers) says is free. Every
/// nest of a file gets the same names. A file that has them from an
/// earlier rewrite gets another pair (a reuse would have to prove that the
/// name means the same where the nest is, in every build).
SubscriptHelpers
subscriptHelpers(const std::function<bool(const std::string &)> &IsTaken);

/// Their definitions, with the comment that says what they are for.
std::string definitionsOf(const SubscriptHelpers &Helpers);

} // namespace lnr::rewrite

#endif
