//===- Level.h - The questions every level kind answers --------*- C++ -*-===//
//
// A loop of a nest walks one level of its iteration space, stored as the
// file stores it (LevelKind, read by the recovery): a dense range, TACO's
// strips of one, a compressed level's positions (of one array, counted
// from the fiber's start, or MKL's separate begin and end arrays), a COO
// list's positions and its further coordinates. In the spirit of TACO's
// mode formats and MLIR's SparseTensorLevel, each kind answers the same
// questions, and the emitter asks the level, never which of LoopSource's
// strings are empty. One kind per file (Dense.cpp, Compressed.cpp, ...);
// a new format is a new file and its tests.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_LEVELS_LEVEL_H
#define LNR_REWRITE_LEVELS_LEVEL_H

#include "analysis/source/NestSource.h"

#include <optional>
#include <string>

namespace lnr::levels {

/// The positions (of a dense level, the coordinates) one fiber of the level
/// runs over, [Begin, End), as C: Begin is "0" when FromZero.
struct FiberRange {
  std::string Begin, End;
  bool FromZero = false;
};

/// The coordinate of the next position, which a prefetch may read when
/// Guard holds (the next position is still in the fiber).
struct Lookahead {
  std::string Coordinate, Guard;
};

/// One level kind's answers, given what the recovery read of the loop.
/// Stateless: one instance per kind (formatOf).
class Format {
public:
  virtual ~Format() = default;
  /// "dense", "compressed", ...: for messages and tests.
  virtual const char *name() const = 0;
  /// The range of the fiber the loop walks; none when it was not read, or
  /// the level has no loop of its own (a singleton).
  virtual std::optional<FiberRange> fiber(const LoopSource &S) const = 0;
  /// The loop's header in a loop nest of the rewrite's own (a check's,
  /// sequential, with nothing around it): the header as written by
  /// default; none for a level without a loop.
  virtual std::optional<std::string> headerAlone(const LoopSource &S) const;
  /// A condition that holds when the loop has iterations; none when it
  /// cannot be written (or, for a singleton, is always true).
  virtual std::optional<std::string> nonEmpty(const LoopSource &S) const;
  /// The next position's coordinate, for a prefetch; none by default.
  virtual std::optional<Lookahead> next(const LoopSource &S) const;
  /// The one array whose elements bound the fibers' positions ("pos": the
  /// fiber under parent q is [pos[q], pos[q + 1])); none by default.
  virtual std::optional<std::string> positions(const LoopSource &S) const;
  /// The number of positions of the whole level ("pos[n]"), when read.
  virtual std::optional<std::string> positionCount(const LoopSource &S) const;
  /// The array a fiber's coordinates are loaded from ("crd", a COO list's
  /// "dst"), when read.
  virtual std::optional<std::string> coordinates(const LoopSource &S) const;
  /// Whether the loop walks positions rather than coordinates.
  virtual bool walksPositions() const = 0;
  /// Whether the tool may take the coordinates of a fiber to increase
  /// without checking them: only a dense level's do by construction (a
  /// compressed level's are checked at run time where it matters).
  virtual bool ordered() const = 0;
  /// Whether a coordinate appears at most once in a fiber (a COO list
  /// repeats its rows).
  virtual bool unique() const = 0;
  /// Whether the fibers' positions are one contiguous range, fiber after
  /// fiber (MKL's begin and end arrays need not be).
  virtual bool compact() const = 0;
};

/// The instance of Kind's format.
const Format &formatOf(LevelKind Kind);

/// A loop's level: its recovered source and its kind's answers.
class Level {
public:
  explicit Level(const LoopSource &S) : S(S), F(formatOf(S.Kind)) {}

  const char *name() const { return F.name(); }
  /// The loop's header as written; none for a level without a loop.
  std::optional<std::string> header() const;
  std::optional<std::string> headerAlone() const { return F.headerAlone(S); }
  std::optional<FiberRange> fiber() const { return F.fiber(S); }
  std::optional<std::string> nonEmpty() const { return F.nonEmpty(S); }
  std::optional<Lookahead> next() const { return F.next(S); }
  std::optional<std::string> positions() const { return F.positions(S); }
  std::optional<std::string> positionCount() const {
    return F.positionCount(S);
  }
  std::optional<std::string> coordinates() const { return F.coordinates(S); }
  bool walksPositions() const { return F.walksPositions(); }
  bool ordered() const { return F.ordered(); }
  bool unique() const { return F.unique(); }
  bool compact() const { return F.compact(); }
  /// Whether the level's coordinate has a value the rewrite may read: not
  /// for a level walked by position only (TACO's level of j when the
  /// output is stored at B's positions).
  bool coordinateReadable() const { return !S.PositionOnly; }
  /// Whether the loop starts its fiber at 0 (a dense loop 'i = 0').
  bool fromZero() const;

private:
  const LoopSource &S;
  const Format &F;
};

/// Text when it is not empty.
inline std::optional<std::string> unlessEmpty(const std::string &Text) {
  return Text.empty() ? std::nullopt : std::optional<std::string>(Text);
}

} // namespace lnr::levels

#endif
