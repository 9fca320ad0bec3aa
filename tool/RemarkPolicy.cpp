//===- RemarkPolicy.cpp ---------------------------------------------------===//

#include "tool/RemarkPolicy.h"
#include "analysis/ir/Refusal.h"
#include "tool/NestProducts.h"
#include "tool/RemarkNames.h"

#include "llvm/ADT/STLExtras.h"

using namespace llvm;

namespace lnr::tool {

Expected<RemarkPolicy> RemarkPolicy::parse(StringRef Value) {
  Value = Value.trim();
  if (Value == "default" || Value.empty())
    return RemarkPolicy(Kind::Default, "default");
  if (Value == "all")
    return RemarkPolicy(Kind::All, "all");
  if (Value == "none")
    return RemarkPolicy(Kind::None, "none");
  RemarkPolicy Names(Kind::Names, Value.str());
  // A typo would silence everything without a word: refuse it instead.
  if (llvm::none_of(remarkNames(), [&](const RemarkName &R) {
        return Names.Globs.matches(R.Name);
      }))
    return createStringError(
        inconvertibleErrorCode(),
        "'%s' is not 'default', 'all', 'none' or a list that names a remark "
        "(see --list-remarks)",
        Value.str().c_str());
  return Names;
}

bool RemarkPolicy::worthARemark(const NestRemark &N) {
  // A rewrite is always news, and so is the answer to --schedule.
  if (N.Name == rule::Fuse.spelling() ||
      N.Name == rule::InvalidSchedule.spelling())
    return true;
  // Refused after a cheaper schedule was found: the refusal blocks a gain.
  if (N.Gains)
    return true;
  // Nothing to gain, by the cost model or because it is done already.
  if (N.Name == rule::NoGain.spelling() ||
      N.Name == rule::AlreadyFused.spelling())
    return false;
  // Refused before any schedule was costed: a gain is possible only where
  // a product of three or more factors is computed.
  return N.Nest && accumulatesLongProduct(N.Nest, N.Function);
}

bool RemarkPolicy::shows(const NestRemark &N) const {
  switch (K) {
  case Kind::Default:
    return worthARemark(N);
  case Kind::All:
    return true;
  case Kind::None:
    return false;
  case Kind::Names:
    return Globs.matches(N.Name);
  }
  return true;
}

} // namespace lnr::tool
