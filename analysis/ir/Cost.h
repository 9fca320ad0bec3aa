//===- Cost.h - Symbolic asymptotic cost of an iteration graph -*- C++ -*-===//
//
// A cost is a sum of monomials over symbols: dense extents ("K") and the
// nonzeros of a tensor prefix ("nnz(B_ij)"). Each loop nest contributes the
// product of its iteration extents, where a compressed loop replaces its
// parents' factors by the nonzeros of the prefix it reaches.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_ANALYSIS_IR_COST_H
#define LNR_ANALYSIS_IR_COST_H

#include "analysis/ir/BranchedGraph.h"
#include "analysis/ir/Kernel.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace lnr::ir {

/// A product of symbols, kept sorted (nnz symbols first).
using Monomial = std::vector<std::string>;
/// Orderings of symbols, {small, large} (Cost::Order).
using SymbolOrder = std::vector<std::pair<std::string, std::string>>;

struct Cost {
  std::vector<Monomial> Terms; // no term divides another
  /// Known orderings of symbols, {small, large}: a dense level's extent is
  /// at most the nonzeros of a prefix through it (the usual assumption of
  /// sparse asymptotics: no asymptotically many empty fibers), and a
  /// prefix has at most the nonzeros of a longer prefix.
  SymbolOrder Order;

  /// "O(nnz(B_ij)*(K+L))": the common sparse factor pulled out.
  std::string toString() const;
  /// The value for known sizes; nullopt when a symbol is unknown.
  std::optional<double>
  evaluate(const std::map<std::string, double> &Sizes) const;
};

/// The symbol of a dense extent as written ("K", "(n - 1)"), and of the
/// nonzeros of A's tensor through level Level ("nnz(B_ij)").
std::string extentSymbol(const std::string &Extent);
std::string nnzSymbol(const Access &A, unsigned Level);
/// The mean number of nonzeros in a fiber of A's level Level ("fiber(C_jk)"):
/// what a level visits per coordinate of its parent when another tensor's
/// compressed level supplies that coordinate.
std::string fiberSymbol(const Access &A, unsigned Level);

Cost costOf(const Kernel &K);
Cost costOf(const BranchedGraph &G, const Kernel &K);
/// The orderings Cost::Order holds for K, the same for every graph of K.
SymbolOrder symbolOrderOf(const Kernel &K);
/// costOf(G, K) with K's orderings found once for many graphs (a search).
Cost costOf(const BranchedGraph &G, const Kernel &K, const SymbolOrder &Order);

/// True when every term of After is bounded by a term of Before and some
/// term of Before is bounded by no term of After: After never grows faster,
/// and grows slower for some sizes.
bool asymptoticallyCheaper(const Cost &After, const Cost &Before);

/// True when some term of A is bounded by no term of B: for some sizes, A
/// grows faster than B.
bool mayCostMore(const Cost &A, const Cost &B);

/// A schedule's work for comparing it with another on actual sizes (the
/// run-time choice): each statement's iterations weighted by 1, plus
/// GatherWeight for each operand it reads through a compressed coordinate
/// (a row at random: a wait on memory, not arithmetic), and each temporary
/// allocated whole rather than per outer iteration by TemporaryWeight per
/// element (allocated, zeroed, written and gathered back from memory). The
/// weights are measured ratios (docs/schedules.md, "Run-time choice").
struct WorkTerm {
  double Weight = 1;
  Monomial Symbols;
};
inline constexpr double GatherWeight = 4;
inline constexpr double TemporaryWeight = 4;
std::vector<WorkTerm> workOf(const BranchedGraph &G, const Kernel &K);

/// Sizes for ranking schedules of equal asymptotic class: known symbols
/// from Known, every other dense extent DenseExtent, and the nonzeros of an
/// l-level prefix DenseExtent * NonzerosPerFiber^(l-1).
struct SizeModel {
  std::map<std::string, double> Known;
  double DenseExtent = 1024;
  double NonzerosPerFiber = 16;
  double valueOf(const std::string &Symbol) const;
  double valueOf(const Cost &C) const;
};

} // namespace lnr::ir

#endif
