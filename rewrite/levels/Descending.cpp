//===- Descending.cpp - A dense level counted down ------------------------===//
//
// 'for (i = n; i-- > 0;)' or 'for (i = n - 1; i >= 0; i--)': the dense
// range [0, n), its header written back as it is, the coordinates visited
// in decreasing order (the rewrite's own loops over it count up, which
// only regroups sums: docs/floating-point.md).
//
//===----------------------------------------------------------------------===//
#include "rewrite/levels/Formats.h"

namespace lnr::levels::detail {
namespace {

class Descending : public DenseRange {
public:
  const char *name() const override { return "dense, counted down"; }
  bool ordered() const override { return false; }
};

} // namespace

const Format &descending() {
  static const Descending Instance;
  return Instance;
}

} // namespace lnr::levels::detail
