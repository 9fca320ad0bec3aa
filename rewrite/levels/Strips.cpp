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

class Strips : public Format {
public:
  const char *name() const override { return "dense in strips"; }
  std::optional<FiberRange> fiber(const LoopSource &S) const override {
    return denseFiber(S);
  }
  std::optional<std::string> nonEmpty(const LoopSource &S) const override {
    return denseNonEmpty(S);
  }
  bool walksPositions() const override { return false; }
  bool ordered() const override { return true; }
  bool unique() const override { return true; }
  bool compact() const override { return true; }
};

} // namespace

const Format &strips() {
  static const Strips Instance;
  return Instance;
}

} // namespace lnr::levels::detail
