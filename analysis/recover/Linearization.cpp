//===- Linearization.cpp --------------------------------------------------===//
//
// The row-major proof of Linearization.h: greedy from the innermost term,
// each next stride forced by the one before (two candidates for one step
// is not proved).
//
//===----------------------------------------------------------------------===//

#include "analysis/recover/Linearization.h"

#include <algorithm>
#include <cstdlib>

namespace lnr::recover {

Coefficient Coefficient::times(const Coefficient &O) const {
  Coefficient Product{Scale * O.Scale, Symbols};
  Product.Symbols.insert(Product.Symbols.end(), O.Symbols.begin(),
                         O.Symbols.end());
  std::sort(Product.Symbols.begin(), Product.Symbols.end());
  return Product;
}

namespace {
bool sameMagnitude(const Coefficient &A, const Coefficient &B) {
  return std::llabs(A.Scale) == std::llabs(B.Scale) && A.Symbols == B.Symbols;
}
} // namespace

std::optional<std::vector<std::string>>
rowMajorOrder(const std::vector<LinearTerm> &Terms) {
  std::vector<std::string> Order;
  if (Terms.empty())
    return Order;
  // The innermost: a constant stride (a symbol may be zero), the smallest.
  const LinearTerm *Inner = nullptr;
  for (const LinearTerm &T : Terms)
    if (T.Stride.Symbols.empty() && T.Stride.Scale != 0 &&
        (!Inner ||
         std::llabs(T.Stride.Scale) < std::llabs(Inner->Stride.Scale)))
      Inner = &T;
  if (!Inner)
    return std::nullopt;
  std::vector<const LinearTerm *> Left;
  for (const LinearTerm &T : Terms)
    if (&T != Inner)
      Left.push_back(&T);
  Order.push_back(Inner->Index);
  while (!Left.empty()) {
    // The next stride is the inner one times a bound of the inner index.
    auto Next = Left.end();
    for (auto It = Left.begin(); It != Left.end(); ++It) {
      bool Fits = std::any_of(Inner->Bounds.begin(), Inner->Bounds.end(),
                              [&](const Coefficient &B) {
                                return B.Scale > 0 &&
                                       sameMagnitude((*It)->Stride,
                                                     Inner->Stride.times(B));
                              });
      if (!Fits)
        continue;
      if (Next != Left.end())
        return std::nullopt; // two terms for one step: not proved
      Next = It;
    }
    if (Next == Left.end())
      return std::nullopt;
    Inner = *Next;
    Left.erase(Next);
    Order.push_back(Inner->Index);
  }
  return Order;
}

} // namespace lnr::recover
