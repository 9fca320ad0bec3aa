//===- UnifiedDiff.h - `diff -u` of two texts ------------------*- C++ -*-===//
//
// LLVM 14 has no unified diff writer (llvm::DiffFilesWithTolerance compares
// numbers, and prints no hunks), so --diff uses this one: a minimal line
// diff (Myers' O(ND) algorithm) printed the way GNU `diff -u` prints it, so
// `patch -p0` applies it.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_TOOL_UNIFIEDDIFF_H
#define LNR_TOOL_UNIFIEDDIFF_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace lnr::tool {

/// The unified diff turning Old into New, headed `--- OldLabel` and
/// `+++ NewLabel`, with Context lines of context around each change;
/// empty when the texts are equal. A last line without a newline is marked
/// `\ No newline at end of file`.
std::string unifiedDiff(llvm::StringRef Old, llvm::StringRef New,
                        llvm::StringRef OldLabel, llvm::StringRef NewLabel,
                        unsigned Context = 3);

} // namespace lnr::tool

#endif
