//===- TreeWalk.h - What the passes ask of a lowered tree ------*- C++ -*-===//
//
// The passes run on the tree the lowering wrote: they find the graph's
// loops by Node::Iterates and its statements by Node::Computes, and read
// the kernel's facts from the Context as the lowering did, with the loops
// open around a node in Context::Enclosing. Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_LOWER_PASSES_TREEWALK_H
#define LNR_REWRITE_LOWER_PASSES_TREEWALK_H

#include "rewrite/lower/Context.h"

#include <functional>

namespace lnr::lower {

/// Calls F on every node of Tree, parents first, with C.Enclosing holding
/// the graph's loops around the node (not the node's own). F may replace
/// the node it is given; the children it then has are walked.
void walkNodes(Context &C, Nodes &Tree, const std::function<void(Node &)> &F);

/// The assignment of the one statement below Loop when Loop is the
/// innermost loop of the graph around it (no graph loop below it); none
/// otherwise.
const ir::Assignment *innermostStatement(const Node &Loop);

/// The assignment of Loop's statement when Loop is a serial loop of the
/// graph whose body is that statement alone, after the positions it reads
/// (Node::Purpose::PositionRead); none otherwise.
const ir::Assignment *loneStatement(const Node &Loop);

/// The graph's loops below Loop (not Loop itself), outermost first.
std::vector<const ir::Loop *> graphLoopsBelow(const Node &Loop);

/// The assignments computed below Loop, in the order they run.
std::vector<const ir::Assignment *> statementsBelow(const Node &Loop);

} // namespace lnr::lower

#endif
