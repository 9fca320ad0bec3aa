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
};

} // namespace

const Format &strips() {
  static const Strips Instance;
  return Instance;
}

} // namespace lnr::levels::detail
