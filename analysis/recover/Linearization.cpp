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

namespace {

/// The indices innermost first from Inner, each next term the one whose
/// stride is the inner stride times a bound of the inner index; nullopt
/// when a step has no such term or two.
std::optional<std::vector<std::string>>
chainFrom(const LinearTerm *Inner, const std::vector<LinearTerm> &Terms) {
  std::vector<std::string> Order{Inner->Index};
  std::vector<const LinearTerm *> Left;
  for (const LinearTerm &T : Terms)
    if (&T != Inner)
      Left.push_back(&T);
  while (!Left.empty()) {
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

} // namespace

std::optional<std::vector<std::string>>
rowMajorOrder(const std::vector<LinearTerm> &Terms) {
  if (Terms.empty())
    return std::vector<std::string>();
  // The innermost: a constant stride (a symbol may be zero), the smallest.
  // Several may tie ('(n * NJ + j) * NI + i' with NI 1): each is tried, by
  // index name, so that the answer does not depend on the terms' order
  // (the recovery lists them by their variables' addresses).
  std::vector<const LinearTerm *> Inner;
  for (const LinearTerm &T : Terms) {
    if (!T.Stride.Symbols.empty() || T.Stride.Scale == 0)
      continue;
    long long Scale = std::llabs(T.Stride.Scale);
    if (!Inner.empty() && Scale < std::llabs(Inner.front()->Stride.Scale))
      Inner.clear();
    if (Inner.empty() || Scale == std::llabs(Inner.front()->Stride.Scale))
      Inner.push_back(&T);
  }
  std::sort(Inner.begin(), Inner.end(),
            [](const LinearTerm *A, const LinearTerm *B) {
              return A->Index < B->Index;
            });
  for (const LinearTerm *First : Inner)
    if (std::optional<std::vector<std::string>> Order = chainFrom(First, Terms))
      return Order;
  return std::nullopt;
}

} // namespace lnr::recover
