//===- RemarkNames.cpp ----------------------------------------------------===//

#include "tool/RemarkNames.h"

#include "llvm/ADT/STLExtras.h"

namespace lnr::tool {

static const RemarkName Names[] = {
#define LNR_REMARK(Identifier, Spelling, Meaning) {Spelling, Meaning},
#include "analysis/ir/RemarkNames.def"
#undef LNR_REMARK
};

llvm::ArrayRef<RemarkName> remarkNames() { return Names; }

llvm::StringRef remarkMeaning(llvm::StringRef Name) {
  for (const RemarkName &R : Names)
    if (R.Name == Name)
      return R.Meaning;
  return "";
}

} // namespace lnr::tool
