//===- Strips.cpp - TACO's split dense loop -------------------------------===//
//
// 'for (i0 = 0; i0 < (n + 15) / 16; i0++) for (i = i0 * 16; i < i0 * 16 +
// 16 && i < n; i++)': the two loops walk the dense range [0, n) in strips,
// and answer as a dense level; only the header, written back whole, tells
// them apart.
//
//===----------------------------------------------------------------------===//
#include "rewrite/levels/Formats.h"

namespace lnr::levels::detail {
namespace {

class Strips : public DenseRange {
public:
  const char *name() const override { return "dense in strips"; }
  /// The one loop over the strips' range: a check needs no strips.
  std::optional<std::string> headerAlone(const LoopSource &S) const override {
    if (S.Bound.empty() || S.Index.empty() || S.VariableType.empty())
      return std::nullopt;
    return "for (" + S.VariableType + " " + S.Index + " = 0; " + S.Index +
           " < " + S.Bound + "; " + S.Index + "++)";
  }
};

} // namespace

const Format &strips() {
  static const Strips Instance;
  return Instance;
}

} // namespace lnr::levels::detail
