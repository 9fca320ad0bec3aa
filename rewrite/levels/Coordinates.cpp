//===- Coordinates.cpp - A COO list's positions ---------------------------===//
//
// 'for (e = 0; e < nnz; e++) { i = row[e]; ... }': TACO's compressed
// non-unique level, one fiber of all the list's positions; a row repeats
// at several positions, in whatever order the list holds them (the rows'
// order is checked at run time where a rewrite relies on it).
//
//===----------------------------------------------------------------------===//
#include "rewrite/levels/Formats.h"

namespace lnr::levels::detail {
namespace {

class Coordinates : public PositionRange {
public:
  const char *name() const override { return "compressed-nonunique"; }
  std::optional<FiberRange> fiber(const LoopSource &S) const override {
    std::optional<FiberRange> R = positionFiber(S);
    if (R)
      R->FromZero = S.StartsAtZero;
    return R;
  }
  bool unique() const override { return false; }
};

} // namespace

const Format &coordinates() {
  static const Coordinates Instance;
  return Instance;
}

} // namespace lnr::levels::detail
