//===- Dot.h - Iteration graphs for Graphviz -------------------*- C++ -*-===//
#ifndef LNR_ANALYSIS_IR_DOT_H
#define LNR_ANALYSIS_IR_DOT_H

#include "analysis/ir/BranchedGraph.h"
#include "analysis/ir/Kernel.h"

#include <string>

namespace lnr::ir {

/// The iteration graph as the paper draws it: one node per index in loop
/// order, and each tensor's path through its indices as labeled edges
/// (compressed levels drawn bold: their order is a hard constraint).
std::string toDot(const Kernel &K, const std::string &GraphName);

/// The branched iteration graph: shared loops, then a producer and a
/// consumer cluster, with the dependence edge through the temporary.
std::string toDot(const BranchedGraph &G, const std::string &GraphName);

} // namespace lnr::ir

#endif
