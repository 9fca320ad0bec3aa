//===- OpenmpConditionals.h - OpenMP directives under #if -------*- C++ -*-===//
//
// Real code makes its OpenMP directives optional: `#ifdef _OPENMP` or
// `#ifdef USE_MP` around `#pragma omp parallel for`, right before a loop and
// between the loops of a nest. Whichever branch the parse took, the nest
// computes the same values: a directive only says how its iterations may
// be shared. A rewrite made from one parse is then valid for both, provided
// it replaces those conditionals whole: one left before the rewrite would
// put the other configuration's `#pragma omp parallel for` on whatever the
// rewrite begins with (a block: an error), one half inside would unbalance
// the file. These read the lines of the file's text around a nest;
// Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_ANALYSIS_RECOVER_OPENMPCONDITIONALS_H
#define LNR_ANALYSIS_RECOVER_OPENMPCONDITIONALS_H

#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <string>

namespace lnr::recover {

/// File with each comment's characters blanked, line breaks kept (so
/// that offsets are File's): a line holding only a comment is blank, and
/// '/* a */ c = 1; // */' is code. Computed once per file and thread.
/// The functions below read such a text.
const std::string &commentsBlanked(llvm::StringRef File);

/// Where the nest that spans [Begin, End) of File begins once the
/// conditionals right before it that hold only OpenMP directives are
/// counted in (`#ifdef USE_MP` / `#pragma omp parallel for` / `#endif`
/// on the lines above its `for`), with the one a directive of the nest
/// opens (`#ifdef _OPENMP` above a parsed `#pragma omp`, its `#endif`
/// inside the nest's text): the offset of the first such `#if`, or Begin.
/// Only when the nest begins its line and blank lines alone come between.
size_t beginWithOpenmpConditionals(llvm::StringRef File, size_t Begin,
                                   size_t End);

/// A directive that the lines right before Begin (a nest's begin, blank
/// lines and definitions aside) hold and that would apply to whatever
/// takes the nest's place: a '#pragma' or a '_Pragma' before it
/// ('#pragma GCC ivdep'), in this configuration or another, or code under
/// a conditional before it (a macro may expand to one: '#ifdef X',
/// 'OMP_FOR', '#endif'); "" when there is none.
std::string directiveLeftBefore(llvm::StringRef File, size_t Begin);

/// The first preprocessor line of Text (a nest) that is neither a
/// `#pragma` outside any conditional nor part of a balanced conditional
/// whose branches hold only `#pragma omp` lines (blank and comment lines
/// aside) whose clauses evaluate nothing with an effect (an increment, an
/// assignment, a call other than an omp_get_ query: the configuration
/// that reads the directive would run it); "" when there is none.
std::string firstOtherDirective(llvm::StringRef Text);

} // namespace lnr::recover

#endif
