//===- Kernel.cpp ---------------------------------------------------------===//

#include "analysis/ir/Kernel.h"

#include <algorithm>

namespace lnr::ir {

bool walksPositions(LevelFormat F) { return F != LevelFormat::Dense; }

bool isUnique(LevelFormat F) {
  return F == LevelFormat::Dense || F == LevelFormat::Compressed;
}

const char *levelName(LevelFormat F) {
  switch (F) {
  case LevelFormat::Dense:
    return "dense";
  case LevelFormat::Compressed:
    return "compressed";
  case LevelFormat::CompressedNonUnique:
    return "compressed-nonunique";
  case LevelFormat::Singleton:
    return "singleton";
  }
  return "?";
}

bool Tensor::isSparse() const {
  return std::any_of(Levels.begin(), Levels.end(), walksPositions);
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
  if (L.size() >= 2 &&
      (L.front() == F::Compressed || L.front() == F::CompressedNonUnique) &&
      std::all_of(L.begin() + 1, L.end(),
                  [](F Level) { return Level == F::Singleton; }))
    return "COO";
  // CSF: compressed levels under a dense first level, or (TACO's
  // {Sparse, Sparse, Sparse}) under a compressed one.
  if (L.size() >= 3 && (L.front() == F::Dense || L.front() == F::Compressed) &&
      std::all_of(L.begin() + 1, L.end(),
                  [](F Level) { return Level == F::Compressed; }))
    return "CSF";
  std::string Out = "(";
  for (size_t I = 0; I < L.size(); ++I)
    Out += std::string(I ? "," : "") + levelName(L[I]);
  return Out + ")";
}

bool Access::uses(const std::string &Index) const {
  return std::find(Indices.begin(), Indices.end(), Index) != Indices.end();
}

bool Kernel::namesTensor(const std::string &Name) const {
  return findTensor(Name) || Stmt.Lhs.Tensor == Name ||
         std::any_of(Stmt.Factors.begin(), Stmt.Factors.end(),
                     [&](const Access &F) { return F.Tensor == Name; });
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

LevelFormat Kernel::levelOf(const Loop &L) const {
  const Tensor *T = L.isCompressed() ? findTensor(L.Driver) : nullptr;
  if (!T || L.DriverLevel >= T->Levels.size())
    return LevelFormat::Dense;
  return T->Levels[L.DriverLevel];
}

std::optional<Refusal> Kernel::validate() const {
  auto Invalid = [](std::string Message) {
    return Refusal(rule::InvalidKernel, std::move(Message));
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
  for (const Tensor &T : Tensors) {
    if (!T.SameNonzerosAs)
      continue;
    const PatternSource &P = *T.SameNonzerosAs;
    const Tensor *Source = findTensor(P.Tensor);
    auto Uses = [&](const std::string &Name) {
      const Access *Found = nullptr;
      for (const Access *A : Accesses)
        if (A->Tensor == Name)
          Found = A;
      return Found;
    };
    const Access *Mine = Uses(T.Name), *Theirs = Uses(P.Tensor);
    if (!Source || !Mine || !Theirs || P.Levels > T.Levels.size() ||
        P.Levels > Source->Levels.size())
      return Invalid("'" + T.Name + "' follows the pattern of '" + P.Tensor +
                     "', which the statement does not read");
    for (unsigned L = 0; L < P.Levels; ++L)
      if (Mine->Indices[L] != Theirs->Indices[L] ||
          T.Levels[L] != Source->Levels[L])
        return Invalid("'" + T.Name + "' and '" + P.Tensor +
                       "' differ in level " + std::to_string(L + 1));
  }
  if (const Tensor *Out = findTensor(Stmt.Lhs.Tensor);
      Out && Out->isSparse() && !Out->SameNonzerosAs)
    return Invalid("the sparse output '" + Out->Name +
                   "' does not follow the pattern of an input");
  std::vector<std::string> Seen;
  for (const Loop &L : Loops) {
    if (!findIndex(L.Index))
      return Invalid("loop over undeclared index '" + L.Index + "'");
    if (std::find(Seen.begin(), Seen.end(), L.Index) != Seen.end())
      return Invalid("two loops over '" + L.Index + "'");
    if (L.isCompressed()) {
      const Tensor *T = findTensor(L.Driver);
      if (!T || L.DriverLevel >= T->Levels.size() ||
          !walksPositions(T->Levels[L.DriverLevel]))
        return Invalid("loop over '" + L.Index +
                       "' is not driven by a compressed level");
      // A singleton level has a coordinate at each position of its parent,
      // which must be non-unique (COO) or a singleton itself.
      if (T->Levels[L.DriverLevel] == LevelFormat::Singleton &&
          (L.DriverLevel == 0 || isUnique(T->Levels[L.DriverLevel - 1])))
        return Invalid("the singleton level of '" + L.Index +
                       "' does not follow a non-unique level");
      // The coordinates of a compressed level are only reachable through
      // the positions of its parent levels.
      auto Driving =
          std::find_if(Accesses.begin(), Accesses.end(),
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
  // Each compressed level is reached only by the loop it drives: a second
  // sparse operand compressed at the same index would need co-iteration
  // (TACO's while loops over an intersection), which a for nest cannot do.
  for (const Access *A : Accesses) {
    const Tensor *T = findTensor(A->Tensor);
    if (!T || A == &Stmt.Lhs)
      continue;
    for (unsigned Level = 0; Level < T->Levels.size(); ++Level) {
      if (!walksPositions(T->Levels[Level]))
        continue;
      auto Drives = [&](const Loop &L) {
        return L.Index == A->Indices[Level] && L.Driver == A->Tensor &&
               L.DriverLevel == Level;
      };
      if (std::none_of(Loops.begin(), Loops.end(), Drives))
        return Refusal(rule::UnsupportedCoiteration,
                       "'" + A->Tensor + "' is compressed at '" +
                           A->Indices[Level] +
                           "', which another tensor's loop iterates; the two "
                           "would have to be co-iterated");
    }
  }
  // A loop no access uses repeats the statement; the graphs could not keep
  // that multiplicity.
  for (const Loop &L : Loops)
    if (std::none_of(Accesses.begin(), Accesses.end(),
                     [&](const Access *A) { return A->uses(L.Index); }))
      return Invalid("no access uses the loop over '" + L.Index + "'");
  if (std::optional<std::string> Apart = singletonApart(Loops, *this))
    return Invalid(*Apart);
  return std::nullopt;
}

std::optional<std::string> singletonApart(const std::vector<Loop> &Loops,
                                          const Kernel &K) {
  for (size_t I = 0; I < Loops.size(); ++I) {
    const Loop &L = Loops[I];
    if (K.levelOf(L) != LevelFormat::Singleton)
      continue;
    std::vector<std::string> Parents = parentsOf(L, K);
    if (I > 0 && !Parents.empty() && Loops[I - 1].Index == Parents.back() &&
        Loops[I - 1].Driver == L.Driver)
      continue;
    return "the loop over '" + L.Index + "', a singleton level of '" +
           L.Driver + "', is not right inside the loop over '" +
           (Parents.empty() ? std::string("?") : Parents.back()) +
           "', whose position it reads its coordinate at";
  }
  return std::nullopt;
}

std::vector<std::string> parentsOf(const Loop &L, const Kernel &K) {
  if (!L.isCompressed())
    return {};
  std::vector<const Access *> Accesses{&K.Stmt.Lhs};
  for (const Access &A : K.Stmt.Factors)
    Accesses.push_back(&A);
  for (const Access *A : Accesses)
    if (A->Tensor == L.Driver && L.DriverLevel < A->Indices.size())
      return std::vector<std::string>(A->Indices.begin(),
                                      A->Indices.begin() + L.DriverLevel);
  return {};
}

std::vector<Loop> bringForward(const std::vector<Loop> &Loops,
                               const std::vector<std::string> &Wanted,
                               const Kernel &K) {
  std::vector<Loop> Left = Loops, Out;
  auto Placed = [&](const std::string &I) {
    // Parents outside Loops are iterated by enclosing loops.
    return std::none_of(Left.begin(), Left.end(),
                        [&](const Loop &L) { return L.Index == I; });
  };
  auto Ready = [&](const Loop &L) {
    std::vector<std::string> Parents = parentsOf(L, K);
    return std::all_of(Parents.begin(), Parents.end(), Placed);
  };
  // Wanted loops first; then the parents that unblock them; then the rest.
  std::vector<std::string> Unblocking;
  for (const Loop &L : Loops)
    if (std::find(Wanted.begin(), Wanted.end(), L.Index) != Wanted.end())
      for (const std::string &P : parentsOf(L, K))
        Unblocking.push_back(P);
  auto In = [](const std::vector<std::string> &List, const Loop &L) {
    return std::find(List.begin(), List.end(), L.Index) != List.end();
  };
  while (!Left.empty()) {
    auto Next = std::find_if(Left.begin(), Left.end(), [&](const Loop &L) {
      return In(Wanted, L) && Ready(L);
    });
    if (Next == Left.end())
      Next = std::find_if(Left.begin(), Left.end(), [&](const Loop &L) {
        return In(Unblocking, L) && Ready(L);
      });
    if (Next == Left.end())
      Next = std::find_if(Left.begin(), Left.end(), Ready);
    if (Next == Left.end()) // a cycle: keep the given order
      return Loops;
    Out.push_back(*Next);
    Left.erase(Next);
  }
  return Out;
}

namespace {
// Length-prefixed, so that no name or extent can run into the next field.
void appendField(std::string &Out, const std::string &Text) {
  Out += std::to_string(Text.size());
  Out += ':';
  Out += Text;
}
void appendField(std::string &Out, unsigned Value) {
  appendField(Out, std::to_string(Value));
}
void appendAccessFields(std::string &Out, const Access &A) {
  appendField(Out, A.Tensor);
  appendField(Out, unsigned(A.Indices.size()));
  for (const std::string &I : A.Indices)
    appendField(Out, I);
}
} // namespace

std::string identityKey(const Kernel &K) {
  std::string Out;
  appendField(Out, unsigned(K.Tensors.size()));
  for (const Tensor &T : K.Tensors) {
    appendField(Out, T.Name);
    appendField(Out, unsigned(T.Levels.size()));
    for (LevelFormat L : T.Levels)
      appendField(Out, unsigned(L));
    appendField(Out, unsigned(T.SameNonzerosAs.has_value()));
    if (T.SameNonzerosAs) {
      appendField(Out, T.SameNonzerosAs->Tensor);
      appendField(Out, T.SameNonzerosAs->Levels);
    }
  }
  appendField(Out, unsigned(K.Indices.size()));
  for (const IndexVar &I : K.Indices) {
    appendField(Out, I.Name);
    appendField(Out, I.Extent);
  }
  appendAccessFields(Out, K.Stmt.Lhs);
  appendField(Out, unsigned(K.Stmt.Accumulate));
  appendField(Out, unsigned(K.Stmt.Factors.size()));
  for (const Access &F : K.Stmt.Factors)
    appendAccessFields(Out, F);
  appendField(Out, unsigned(K.Loops.size()));
  for (const Loop &L : K.Loops) {
    appendField(Out, L.Index);
    appendField(Out, L.Driver);
    appendField(Out, L.DriverLevel);
  }
  return Out;
}

void appendAccess(std::string &Out, const Access &A) {
  Out += A.Tensor;
  if (A.Indices.empty())
    return;
  Out += '(';
  for (size_t I = 0; I < A.Indices.size(); ++I) {
    if (I)
      Out += ',';
    Out += A.Indices[I];
  }
  Out += ')';
}

void appendAssignment(std::string &Out, const Assignment &S) {
  appendAccess(Out, S.Lhs);
  Out += S.Accumulate ? " += " : " = ";
  for (size_t I = 0; I < S.Factors.size(); ++I) {
    if (I)
      Out += " * ";
    appendAccess(Out, S.Factors[I]);
  }
}

std::string toString(const Access &A) {
  std::string Out;
  appendAccess(Out, A);
  return Out;
}

std::string toString(const Assignment &S) {
  std::string Out;
  appendAssignment(Out, S);
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
