//===- Formats.h - The level kinds, one file each ---------------*- C++ -*-===//
//
// Internal to the levels library: the instance of each kind's Format, and
// the answers kinds share.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_LEVELS_FORMATS_H
#define LNR_REWRITE_LEVELS_FORMATS_H

#include "rewrite/levels/Level.h"

namespace lnr::levels::detail {

const Format &dense();        // Dense.cpp
const Format &strips();       // Strips.cpp
const Format &descending();   // Descending.cpp
const Format &compressed();   // Compressed.cpp
const Format &relative();     // Relative.cpp
const Format &separateEnds(); // SeparateEnds.cpp
const Format &coordinates();  // Coordinates.cpp
const Format &singleton();    // Singleton.cpp

/// A dense loop's range, [Begin or 0, Bound), when both were read.
std::optional<FiberRange> denseFiber(const LoopSource &S);
/// 'Begin < Bound' in the index's type ('n > 0' from 0 in a signed one).
std::optional<std::string> denseNonEmpty(const LoopSource &S);
/// A loop over positions: its own bounds as written, when read.
std::optional<FiberRange> positionFiber(const LoopSource &S);
/// The coordinate loaded at the next position, read while it is before the
/// loop's end.
std::optional<Lookahead> positionLookahead(const LoopSource &S);

/// What the kinds walked by their coordinates over a dense range share
/// (dense, strips, counted down): the range, in order, each once.
class DenseRange : public Format {
public:
  std::optional<FiberRange> fiber(const LoopSource &S) const override {
    return denseFiber(S);
  }
  std::optional<std::string> nonEmpty(const LoopSource &S) const override {
    return denseNonEmpty(S);
  }
  bool walksPositions() const override { return false; }
  bool ordered() const override { return true; }
  bool unique() const override { return true; }
  bool compact() const override { return true; }
};

/// What the kinds walked by position share: the loop's own bounds, the
/// next position's coordinate; each coordinate once in a fiber, in no
/// order relied on, the fibers contiguous.
class PositionRange : public Format {
public:
  std::optional<FiberRange> fiber(const LoopSource &S) const override {
    return positionFiber(S);
  }
  std::optional<Lookahead> next(const LoopSource &S) const override {
    return positionLookahead(S);
  }
  bool walksPositions() const override { return true; }
  bool ordered() const override { return false; }
  bool unique() const override { return true; }
  bool compact() const override { return true; }
};

} // namespace lnr::levels::detail

#endif
