//===- BranchedGraph.h - Imperfect nests of the SparseLNR paper -*- C++ -*-===//
//
// A branched iteration graph G = (V, Gp, Gc, P): shared outer loops V, then
// either one statement (a linear graph: TACO's iteration graph) or two
// branches, the producer Gp and the consumer Gc, themselves branched graphs.
// The producer fills a temporary over the indices both branches still
// iterate below the nest boundary; the consumer reads it.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_ANALYSIS_IR_BRANCHEDGRAPH_H
#define LNR_ANALYSIS_IR_BRANCHEDGRAPH_H

#include "analysis/ir/Kernel.h"

#include <optional>
#include <string>
#include <vector>

namespace lnr::ir {

/// Storage passed from producer to consumer, zeroed where the producer
/// starts: a scalar when Indices is empty, dense over Indices when each has
/// an extent, otherwise stored at the positions of a sparse tensor whose
/// nonzeros it shares (TACO's sparse intermediate of separate kernels).
struct Temporary {
  std::string Name;
  std::vector<std::string> Indices;
  std::optional<PatternSource> Positions = std::nullopt;
  /// An element-wise function the producer's sum goes through before the
  /// consumer reads it, as C text with '@' for the element ("1 / (1 +
  /// exp(-(@)))"); "" for none. Applied once the producer's loops are done.
  std::string Map = "";
  /// An array the element is still stored into once complete (mapped),
  /// as C text ("T[p]"), read after the nest; "" for none. Adds: the
  /// original added to the array, zeroed before, rather than assigned it.
  std::string Store = "";
  bool StoreAdds = false;
  /// Whether Map is more than the element itself.
  bool maps() const { return !Map.empty() && Map != "(@)"; }
  bool isScalar() const { return Indices.empty(); }
};

struct BranchedGraph {
  std::vector<Loop> Loops;             // V, outermost first
  std::optional<Assignment> Statement; // set for a linear graph
  std::vector<BranchedGraph> Branches; // {producer, consumer} otherwise
  std::optional<Temporary> Temp;       // set with the branches

  static BranchedGraph linear(std::vector<Loop> Loops, Assignment Statement);
  static BranchedGraph branch(std::vector<Loop> Shared, Temporary Temp,
                              BranchedGraph Producer, BranchedGraph Consumer);

  bool isLinear() const { return Statement.has_value(); }
  const BranchedGraph &producer() const { return Branches.at(0); }
  const BranchedGraph &consumer() const { return Branches.at(1); }
  /// Every index iterated anywhere in the graph, outermost first.
  std::vector<std::string> indices() const;
  /// Every temporary, outermost first.
  std::vector<Temporary> temporaries() const;
  /// Every statement, in execution order.
  std::vector<Assignment> statements() const;
};

/// Map (Temporary::Map) applied to Element: each '(@)' replaced by it,
/// parenthesized unless it is a name.
std::string applyMap(const std::string &Map, const std::string &Element);

/// The graph as an indented loop tree, one loop or statement per line.
std::string toString(const BranchedGraph &G, unsigned Indent = 0);

} // namespace lnr::ir

#endif
