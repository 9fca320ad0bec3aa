//===- Format.h - clang-format on the replaced text only -------*- C++ -*-===//
#ifndef LNR_REWRITE_FORMAT_H
#define LNR_REWRITE_FORMAT_H

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/Error.h"

namespace lnr::rewrite {

/// Replacements equivalent to Replaces whose new text is formatted with the
/// file's .clang-format (LLVM style when there is none). Text outside the
/// replaced ranges is left as it is.
llvm::Expected<clang::tooling::Replacements>
formatReplacements(llvm::StringRef FilePath, llvm::StringRef Code,
                   const clang::tooling::Replacements &Replaces);

/// Fix formatted as formatReplacements formats it, within Code[Begin, End)
/// when that holds it (the nest's function: formatting it costs the
/// function's size, not the file's, so a file of n nests is not formatted
/// n times), else within the whole of Code; the replacements are in Path.
llvm::Expected<clang::tooling::Replacements>
formatInWindow(const clang::tooling::Replacement &Fix, unsigned Begin,
               unsigned End, llvm::StringRef Path, llvm::StringRef Code);

} // namespace lnr::rewrite

#endif
