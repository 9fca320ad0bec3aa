//===- Format.cpp ---------------------------------------------------------===//

#include "rewrite/Format.h"

#include "clang/Format/Format.h"

namespace lnr::rewrite {

llvm::Expected<clang::tooling::Replacements>
formatReplacements(llvm::StringRef FilePath, llvm::StringRef Code,
                   const clang::tooling::Replacements &Replaces) {
  llvm::Expected<clang::format::FormatStyle> Style =
      clang::format::getStyle("file", FilePath, "LLVM", Code);
  if (!Style)
    return Style.takeError();
  return clang::format::formatReplacements(Code, Replaces, *Style);
}

} // namespace lnr::rewrite
