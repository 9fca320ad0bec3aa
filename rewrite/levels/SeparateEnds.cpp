//===- SeparateEnds.cpp - MKL's four-array CSR ----------------------------===//
//
// 'for (p = pntrb[i]; p < pntre[i]; p++)': each fiber has its own begin
// and end, so the fibers need not be contiguous nor ordered and no element
// of one array bounds the level's positions (no positions array, no
// count, not compact).
//
//===----------------------------------------------------------------------===//
#include "rewrite/levels/Formats.h"

namespace lnr::levels::detail {
namespace {

class SeparateEnds : public PositionRange {
public:
  const char *name() const override { return "compressed, separate ends"; }
  bool compact() const override { return false; }
};

} // namespace

const Format &separateEnds() {
  static const SeparateEnds Instance;
  return Instance;
}

} // namespace lnr::levels::detail
