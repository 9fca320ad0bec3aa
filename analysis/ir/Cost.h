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

struct Cost {
  std::vector<Monomial> Terms; // no term divides another

  /// "O(nnz(B_ij)*(K+L))": the common sparse factor pulled out.
  std::string toString() const;
  /// The value for known sizes; nullopt when a symbol is unknown.
  std::optional<double>
  evaluate(const std::map<std::string, double> &Sizes) const;
};

Cost costOf(const Kernel &K);
Cost costOf(const BranchedGraph &G, const Kernel &K);

/// True when every term of After is a proper divisor of a term of Before:
/// After grows strictly slower whatever the sizes.
bool asymptoticallyCheaper(const Cost &After, const Cost &Before);

} // namespace lnr::ir

#endif
