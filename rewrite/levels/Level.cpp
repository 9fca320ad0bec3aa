//===- Level.cpp ----------------------------------------------------------===//
//
// What every kind answers alike, and the kind of each LevelKind.
//
//===----------------------------------------------------------------------===//
#include "rewrite/levels/Level.h"
#include "rewrite/levels/Formats.h"

namespace lnr::levels {

std::optional<std::string> Format::nonEmpty(const LoopSource &S) const {
  if (std::optional<FiberRange> R = fiber(S))
    return R->Begin + " < " + R->End;
  return std::nullopt;
}

std::optional<Lookahead> Format::next(const LoopSource &) const {
  return std::nullopt;
}

std::optional<std::string> Format::positions(const LoopSource &) const {
  return std::nullopt;
}

std::optional<std::string> Format::positionCount(const LoopSource &) const {
  return std::nullopt;
}

std::optional<std::string> Format::coordinates(const LoopSource &S) const {
  return unlessEmpty(S.Coordinates);
}

const Format &formatOf(LevelKind Kind) {
  switch (Kind) {
  case LevelKind::Dense:
    return detail::dense();
  case LevelKind::Strips:
    return detail::strips();
  case LevelKind::Descending:
    return detail::descending();
  case LevelKind::Compressed:
    return detail::compressed();
  case LevelKind::Relative:
    return detail::relative();
  case LevelKind::SeparateEnds:
    return detail::separateEnds();
  case LevelKind::Coordinates:
    return detail::coordinates();
  case LevelKind::Singleton:
    return detail::singleton();
  }
  return detail::dense();
}

std::optional<std::string> Level::header() const {
  return unlessEmpty(S.Header);
}

std::optional<std::string> Format::headerAlone(const LoopSource &S) const {
  return unlessEmpty(S.Header);
}

bool Level::fromZero() const {
  std::optional<FiberRange> R = fiber();
  return R && R->FromZero;
}

namespace detail {

std::optional<FiberRange> positionFiber(const LoopSource &S) {
  if (S.LoopBegin.empty() || S.LoopEnd.empty())
    return std::nullopt;
  return FiberRange{S.LoopBegin, S.LoopEnd, /*FromZero=*/false};
}

std::optional<Lookahead> positionLookahead(const LoopSource &S) {
  if (S.NextCoordinate.empty() || S.LoopEnd.empty() || S.Position.empty())
    return std::nullopt;
  return Lookahead{S.NextCoordinate, S.Position + " + 1 < " + S.LoopEnd};
}

} // namespace detail
} // namespace lnr::levels
