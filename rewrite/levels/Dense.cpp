//===- Dense.cpp - A dense level: 'for (i = 0; i < n; i++)' ---------------===//
//
// Its fibers are the coordinates [0, n) (or from the loop's own start); the
// loop walks coordinates, not positions, in order, each once.
//
//===----------------------------------------------------------------------===//
#include "rewrite/CText.h"
#include "rewrite/levels/Formats.h"

#include <algorithm>
#include <iterator>

namespace lnr::levels::detail {
namespace {

/// Index types in which `0 < K` compares as `k < K` does for `k = 0`.
bool comparesAsInt(const std::string &Type) {
  static const char *const Signed[] = {
      "",        "int",       "long",    "long long", "int32_t",
      "int64_t", "ptrdiff_t", "ssize_t", "signed",    "long int"};
  return std::find(std::begin(Signed), std::end(Signed), Type) !=
         std::end(Signed);
}

class Dense : public DenseRange {
public:
  const char *name() const override { return "dense"; }
};

} // namespace

const Format &dense() {
  static const Dense Instance;
  return Instance;
}

std::optional<FiberRange> denseFiber(const LoopSource &S) {
  if (S.Bound.empty() || (!S.StartsAtZero && S.Begin.empty()))
    return std::nullopt;
  return FiberRange{S.StartsAtZero ? "0" : S.Begin, S.Bound, S.StartsAtZero};
}

std::optional<std::string> denseNonEmpty(const LoopSource &S) {
  std::optional<FiberRange> R = denseFiber(S);
  if (!R)
    return std::nullopt;
  if (R->FromZero && comparesAsInt(S.IndexType))
    return rewrite::parenthesized(R->End) + " > 0";
  std::string Begin = R->FromZero ? "0" : rewrite::parenthesized(R->Begin);
  std::string Typed =
      S.IndexType.empty() ? Begin : "(" + S.IndexType + ")" + Begin;
  return Typed + " < " + rewrite::parenthesized(R->End);
}

} // namespace lnr::levels::detail
