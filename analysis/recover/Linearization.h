//===- Linearization.h - Subscripts that address each element once -*- C++ -*-//
//
// Whether an affine subscript, sum(stride * index) + offset, sends distinct
// values of its indices to distinct elements. Two facts of the recovery rest
// on it, so it is proved once, here: which loops may run in parallel (each
// iteration writes its own elements), and whether an output assigned a whole
// reduction (`A[i * L + l] = s;`) is assigned once per element, which is
// what makes "zero it, then accumulate" compute the same. Clang-free: the
// recovery reads the strides and the bounds from the AST.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_ANALYSIS_RECOVER_LINEARIZATION_H
#define LNR_ANALYSIS_RECOVER_LINEARIZATION_H

#include <optional>
#include <string>
#include <vector>

namespace lnr::recover {

/// An affine coefficient: Scale times a product of invariant symbols.
struct Coefficient {
  long long Scale = 1;
  std::vector<std::string> Symbols; // sorted
  bool operator==(const Coefficient &O) const {
    return Scale == O.Scale && Symbols == O.Symbols;
  }
  Coefficient times(const Coefficient &O) const;
};

/// One term of a subscript: Stride * Index, with what is proved of the
/// index's values: 0 <= Index < B for each B of Bounds (a symbol's value
/// is positive wherever the loop it bounds runs).
struct LinearTerm {
  std::string Index;
  Coefficient Stride;
  std::vector<Coefficient> Bounds;
};

/// The indices of Terms, innermost first, when the subscript is a row-major
/// linearization of them: the innermost stride a nonzero constant, and each
/// other stride, up to its sign, the one inside it times a bound of the
/// index inside it. Then |stride| exceeds everything the indices inside it
/// can add, so distinct index tuples give distinct elements (the outermost
/// index needs no bound). nullopt when that is not proved; no terms read as
/// proved (a single element).
std::optional<std::vector<std::string>>
rowMajorOrder(const std::vector<LinearTerm> &Terms);

} // namespace lnr::recover

#endif
