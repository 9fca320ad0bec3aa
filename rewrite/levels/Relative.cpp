//===- Relative.cpp - Positions counted from the fiber's start ------------===//
//
// 'for (p = 0; p < pos[i + 1] - pos[i]; p++)', read at 'pos[i] + p': a
// compressed level whose loop variable is no position. The loop's own
// bounds range the fiber; nothing is stored at or ranged over its
// positions, so it names no positions array.
//
//===----------------------------------------------------------------------===//
#include "rewrite/levels/Formats.h"

namespace lnr::levels::detail {
namespace {

class Relative : public PositionRange {
public:
  const char *name() const override { return "compressed, relative"; }
};

} // namespace

const Format &relative() {
  static const Relative Instance;
  return Instance;
}

} // namespace lnr::levels::detail
