//===- Kernel.cpp ---------------------------------------------------------===//

#include "analysis/ir/Kernel.h"

#include <algorithm>

namespace lnr::ir {

bool Tensor::isSparse() const {
  return std::find(Levels.begin(), Levels.end(), LevelFormat::Compressed) !=
         Levels.end();
}

std::string formatName(const Tensor &T) {
  using F = LevelFormat;
  const auto &L = T.Levels;
  if (L.empty())
    return "scalar";
  if (!T.isSparse())
    return "dense";
  if (L == std::vector<F>{F::Dense, F::Compressed})
    return "CSR";
  if (L == std::vector<F>{F::Compressed, F::Compressed})
    return "DCSR";
  if (L.size() >= 3 && L.front() == F::Dense &&
      std::all_of(L.begin() + 1, L.end(),
                  [](F Level) { return Level == F::Compressed; }))
    return "CSF";
  std::string Out = "(";
  for (size_t I = 0; I < L.size(); ++I)
    Out += std::string(I ? "," : "") +
           (L[I] == F::Dense ? "dense" : "compressed");
  return Out + ")";
}

bool Access::uses(const std::string &Index) const {
  return std::find(Indices.begin(), Indices.end(), Index) != Indices.end();
}

const Tensor *Kernel::findTensor(const std::string &Name) const {
  for (const Tensor &T : Tensors)
    if (T.Name == Name)
      return &T;
  return nullptr;
}

const IndexVar *Kernel::findIndex(const std::string &Name) const {
  for (const IndexVar &V : Indices)
    if (V.Name == Name)
      return &V;
  return nullptr;
}

std::optional<Refusal> Kernel::validate() const {
  auto Invalid = [](std::string Message) {
    return Refusal("lnr-invalid-kernel", std::move(Message));
  };
  std::vector<const Access *> Accesses{&Stmt.Lhs};
  for (const Access &A : Stmt.Factors)
    Accesses.push_back(&A);
  for (const Access *A : Accesses) {
    const Tensor *T = findTensor(A->Tensor);
    if (!T)
      return Invalid("undeclared tensor '" + A->Tensor + "'");
    if (T->Levels.size() != A->Indices.size())
      return Invalid("access " + toString(*A) + " does not match the order " +
                     "of '" + T->Name + "'");
    for (const std::string &I : A->Indices)
      if (!findIndex(I))
        return Invalid("undeclared index '" + I + "'");
  }
  std::vector<std::string> Seen;
  for (const Loop &L : Loops) {
    if (!findIndex(L.Index))
      return Invalid("loop over undeclared index '" + L.Index + "'");
    if (std::find(Seen.begin(), Seen.end(), L.Index) != Seen.end())
      return Invalid("two loops over '" + L.Index + "'");
    if (L.isCompressed()) {
      const Tensor *T = findTensor(L.Driver);
      if (!T || L.DriverLevel >= T->Levels.size() ||
          T->Levels[L.DriverLevel] != LevelFormat::Compressed)
        return Invalid("loop over '" + L.Index +
                       "' is not driven by a compressed level");
      // The coordinates of a compressed level are only reachable through
      // the positions of its parent levels.
      auto Driving = std::find_if(
          Accesses.begin(), Accesses.end(),
          [&](const Access *A) { return A->Tensor == L.Driver; });
      if (Driving == Accesses.end() ||
          (*Driving)->Indices[L.DriverLevel] != L.Index)
        return Invalid("loop over '" + L.Index + "' does not match '" +
                       L.Driver + "'");
      for (unsigned Parent = 0; Parent < L.DriverLevel; ++Parent) {
        const std::string &P = (*Driving)->Indices[Parent];
        if (std::find(Seen.begin(), Seen.end(), P) == Seen.end())
          return Invalid("compressed loop over '" + L.Index +
                         "' comes before its parent '" + P + "'");
      }
    }
    Seen.push_back(L.Index);
  }
  for (const Access *A : Accesses)
    for (const std::string &I : A->Indices)
      if (std::find(Seen.begin(), Seen.end(), I) == Seen.end())
        return Invalid("no loop over index '" + I + "'");
  return std::nullopt;
}

std::string toString(const Access &A) {
  if (A.Indices.empty())
    return A.Tensor;
  std::string Out = A.Tensor + "(";
  for (size_t I = 0; I < A.Indices.size(); ++I)
    Out += (I ? "," : "") + A.Indices[I];
  return Out + ")";
}

std::string toString(const Assignment &S) {
  std::string Out = toString(S.Lhs) + (S.Accumulate ? " += " : " = ");
  for (size_t I = 0; I < S.Factors.size(); ++I)
    Out += (I ? " * " : "") + toString(S.Factors[I]);
  return Out;
}

std::string loopOrderString(const std::vector<Loop> &Loops) {
  std::string Out;
  for (size_t I = 0; I < Loops.size(); ++I) {
    Out += (I ? ", " : "") + Loops[I].Index;
    if (Loops[I].isCompressed())
      Out += "(" + Loops[I].Driver + ")";
  }
  return Out;
}

} // namespace lnr::ir
