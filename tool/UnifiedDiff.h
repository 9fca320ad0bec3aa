//===- UnifiedDiff.h - `diff -u` of a file and its rewrite -----*- C++ -*-===//
//
// LLVM 14 has no unified diff writer (llvm::DiffFilesWithTolerance compares
// numbers, and prints no hunks), so --diff uses this one, printed the way
// GNU `diff -u` prints it, so `patch -p0` applies it. The tool knows what
// changed: the hunks come from the replacements, each widened to whole
// lines (those that touch or overlap merged), and only within such a
// region are the old and new lines compared (Myers' O(ND) algorithm), so
// time and memory grow with the file, not with the square of its edits.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_TOOL_UNIFIEDDIFF_H
#define LNR_TOOL_UNIFIEDDIFF_H

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace lnr::tool {

/// The unified diff turning Old into Old with Fixes applied, headed
/// `--- Label` and `+++ Label` (quoted as diffLabel does), with Context
/// lines of context around each change; empty when nothing changes. A last
/// line without a newline is marked `\ No newline at end of file`.
std::string unifiedDiff(llvm::StringRef Old,
                        const clang::tooling::Replacements &Fixes,
                        llvm::StringRef Label, unsigned Context = 3);

/// Name as GNU diff 3 writes it after `---` and `+++`: as it is, or, when
/// it holds a space, a control character, a backslash, a double quote or a
/// byte outside ASCII, in double quotes with C escapes (\t, \n, \\, \",
/// three octal digits for the other bytes), which patch reads back.
std::string diffLabel(llvm::StringRef Name);

} // namespace lnr::tool

#endif
