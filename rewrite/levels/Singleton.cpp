//===- Singleton.cpp - A further coordinate of a COO list -----------------===//
//
// 'j = col[e];' at the position of the list's first level: one coordinate
// per position, with no loop of its own (no header, no range, never
// empty). The next position's coordinate is still the list's.
//
//===----------------------------------------------------------------------===//
#include "rewrite/levels/Formats.h"

namespace lnr::levels::detail {
namespace {

class Singleton : public PositionRange {
public:
  const char *name() const override { return "singleton"; }
  std::optional<FiberRange> fiber(const LoopSource &) const override {
    return std::nullopt;
  }
  std::optional<std::string> nonEmpty(const LoopSource &) const override {
    return std::nullopt;
  }
  bool unique() const override { return false; }
};

} // namespace

const Format &singleton() {
  static const Singleton Instance;
  return Instance;
}

} // namespace lnr::levels::detail
