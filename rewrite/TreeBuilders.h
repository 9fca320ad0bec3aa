//===- TreeBuilders.h - Loop-tree nodes from pieces of C text --*- C++ -*-===//
//
// The checks, scans and versioning around a rewritten nest compose their C
// from the recovered text (bounds, arrays, types) and the names they
// picked; these build the loop-tree nodes (rewrite/lower/LoopTree.h) the
// printer writes, so no text is laid out by hand. Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_TREEBUILDERS_H
#define LNR_REWRITE_TREEBUILDERS_H

#include "rewrite/lower/LoopTree.h"

#include <string>
#include <utility>

namespace lnr::rewrite {

using lower::declare;

/// One statement, with its ';'.
inline lower::Node statement(const std::string &Text) {
  return lower::Node::statement(lower::code(Text));
}

/// 'for (Variable = Begin; Variable < End; Variable++) { Body }'.
inline lower::Node countingLoop(const std::string &Variable,
                                const std::string &Begin,
                                const std::string &End, lower::Nodes Body) {
  return lower::Node::rangeLoop(lower::code(Variable + " = " + Begin),
                                lower::code(Variable + " < " + End),
                                lower::code(Variable + "++"), std::move(Body));
}

/// Loop, shared by the threads of its own parallel region:
/// '#pragma omp parallel for Clauses'.
inline void parallelFor(lower::Node &Loop, std::vector<std::string> Clauses) {
  Loop.Directive = lower::OmpDirective::parallelFor(std::move(Clauses));
}

using lower::append;

} // namespace lnr::rewrite

#endif
