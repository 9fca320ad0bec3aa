//===- Dialect.h - What the file's language standard allows ---*- C++ -*-===//
//
// The one place that knows the language standard of the file being
// rewritten and what the rewrite may write in it (issue 20). The rewrite is
// valid in the file's standard and in nothing newer:
//
// - C89/C90 and gnu89 (`-std=c89`, `-ansi`, `-std=gnu89`): declarations
//   only where a block starts, none in a loop's header; no `long long` and
//   no <stdint.h> (the run-time overlap test computes in `long` and
//   `unsigned long`, which hold an index and an address on the LP64 and
//   ILP32 targets gcc and clang build for); no `//` comments, `_Bool`,
//   `inline` or `restrict` (the rewrite writes none in any standard).
// - C99 and later: as C89 plus declarations where they are first set,
//   `long long` and `uintptr_t` (<stdint.h> included when not declared).
// - C++ (C++11 and later): as C99, with a cast on every `malloc` (written
//   in every standard: it is valid C too).
//
// Clang-free: the rewrite's printers take a Dialect, NestRewriter makes it
// from the file's LangOptions.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_DIALECT_H
#define LNR_REWRITE_DIALECT_H

#include <string>

namespace lnr::rewrite {

struct Dialect {
  /// C89/C90 (and gnu89): a block's declarations come before its
  /// statements, and a loop's header declares nothing.
  bool DeclarationsFirst = false;
  /// The widest integer type the standard has, the suffix of its
  /// literals, and the unsigned type addresses are compared in.
  std::string WideInt = "long long", WideSuffix = "LL",
              AddressInt = "uintptr_t";
  /// Whether AddressInt needs <stdint.h>.
  bool AddressNeedsStdint = true;

  static Dialect c89() {
    Dialect D;
    D.DeclarationsFirst = true;
    D.WideInt = "long";
    D.WideSuffix = "L";
    D.AddressInt = "unsigned long";
    D.AddressNeedsStdint = false;
    return D;
  }
  static Dialect c99() { return Dialect(); }
};

} // namespace lnr::rewrite

#endif
