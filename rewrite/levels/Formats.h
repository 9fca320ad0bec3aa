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

} // namespace lnr::levels::detail

#endif
