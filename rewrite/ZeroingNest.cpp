//===- ZeroingNest.cpp ----------------------------------------------------===//

#include "rewrite/ZeroingNest.h"
#include "rewrite/levels/Level.h"

namespace lnr::rewrite {

std::optional<std::string> runFirst(const ir::Kernel &ZK, const NestSource &ZS,
                                    NestSource &Into) {
  if (!ZS.Overlap.Unbounded.empty())
    return "the zeroing nest's subscript was not read: " + ZS.Overlap.Unbounded;
  // Its variables under names no C variable has, so that they range apart
  // from the fused nest's loops of the same names.
  auto Own = [](const std::string &V) { return "zeroing " + V; };
  std::vector<OverlapFacts::Range> Ranges;
  for (const ir::Loop &L : ZK.Loops) {
    const LoopSource *Src = ZS.loop(L.Index);
    std::optional<levels::FiberRange> R =
        Src ? levels::Level(*Src).fiber() : std::nullopt;
    if (L.isCompressed() || !R)
      return "the bounds of the zeroing nest's loop over '" + L.Index +
             "' were not read";
    Ranges.push_back({Own(L.Index), R->FromZero ? "0" : R->Begin, R->End});
  }
  std::vector<OverlapFacts::Array> Written;
  for (OverlapFacts::Array A : ZS.Overlap.Arrays) {
    if (!A.Written)
      continue;
    if (A.Opaque)
      return "the zeroing nest's subscript of '" + A.Base +
             "' is in a macro's body";
    for (OverlapFacts::Term &T : A.Terms)
      T.Variable = Own(T.Variable);
    Written.push_back(std::move(A));
  }
  if (Written.empty())
    return std::string("the zeroing nest's subscript was not read");
  Into.First = ZS.Indentation + ZS.Original;
  Into.Overlap.WrittenFirst = std::move(Written);
  Into.Overlap.FirstRanges = std::move(Ranges);
  return std::nullopt;
}

} // namespace lnr::rewrite
