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

} // namespace lnr::rewrite

#endif
