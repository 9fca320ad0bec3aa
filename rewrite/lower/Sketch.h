//===- Sketch.h - The loop tree as an outline, for --explain ---*- C++ -*-===//
//
// The same tree the printer writes, as an outline a reader takes in at a
// glance: one line per loop (its index, how it runs, whether it walks a
// compressed level), statement, declaration and condition, indented by
// depth; the fallback copy of the original nest as one line; comments
// left out. Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_LOWER_SKETCH_H
#define LNR_REWRITE_LOWER_SKETCH_H

#include "rewrite/lower/LoopTree.h"

#include <string>

namespace lnr::lower {

/// Tree as an outline, each line indented by 2 * (Indent + depth) blanks
/// and ended by a newline.
std::string sketch(const Nodes &Tree, unsigned Indent = 0);

} // namespace lnr::lower

#endif
