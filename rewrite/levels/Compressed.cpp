//===- Compressed.cpp - A compressed level: positions of one array --------===//
//
// 'for (p = pos[i]; p < pos[i + 1]; p++) { j = crd[p]; ... }': the fiber
// under parent position q is [pos[q], pos[q + 1]), fiber after fiber, so
// the level holds pos[n] positions below a dense parent over [0, n) (pos[1]
// as a first level). Each coordinate once in a fiber (CSR's convention);
// their order is not relied on unchecked.
//
//===----------------------------------------------------------------------===//
#include "rewrite/levels/Formats.h"

namespace lnr::levels::detail {
namespace {

class Compressed : public PositionRange {
public:
  const char *name() const override { return "compressed"; }
  std::optional<std::string> positions(const LoopSource &S) const override {
    return unlessEmpty(S.Positions);
  }
  std::optional<std::string> positionCount(const LoopSource &S) const override {
    return unlessEmpty(S.LevelEnd);
  }
};

} // namespace

const Format &compressed() {
  static const Compressed Instance;
  return Instance;
}

} // namespace lnr::levels::detail
