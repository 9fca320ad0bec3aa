//===- Cost.cpp -----------------------------------------------------------===//

#include "analysis/ir/Cost.h"

#include <algorithm>
#include <cctype>

namespace lnr::ir {
namespace {

bool isNnz(const std::string &Symbol) {
  return Symbol.compare(0, 4, "nnz(") == 0;
}

bool isFiber(const std::string &Symbol) {
  return Symbol.compare(0, 6, "fiber(") == 0;
}

bool symbolOrder(const std::string &A, const std::string &B) {
  if (isNnz(A) != isNnz(B))
    return isNnz(A);
  return A < B;
}

Monomial normalized(Monomial M) {
  std::sort(M.begin(), M.end(), symbolOrder);
  return M;
}

bool divides(const Monomial &A, const Monomial &B) {
  return std::includes(B.begin(), B.end(), A.begin(), A.end(), symbolOrder);
}

/// The iteration count so far and which factor each index put into it.
struct Walk {
  Monomial Product;
  std::map<std::string, std::string> FactorOf;
  /// The tensor whose compressed level each index was entered by.
  std::map<std::string, std::string> DriverOf;

  void enter(const Loop &L, const Kernel &K, const Access &Driver) {
    if (!L.isCompressed()) {
      const IndexVar *V = K.findIndex(L.Index);
      std::string Symbol = V && !V->Extent.empty() ? extentSymbol(V->Extent)
                                                   : "|" + L.Index + "|";
      Product.push_back(Symbol);
      FactorOf[L.Index] = Symbol;
      return;
    }
    DriverOf[L.Index] = L.Driver;
    // A level below an index another tensor's compressed level entered (a
    // chain of sparse matrices, 'j = B_crd[pB]; for (pC = C_pos[j]; ...)')
    // visits one fiber per coordinate that tensor visits: fiber(C_jk), its
    // mean length, times the count so far.
    for (unsigned Parent = 0; Parent < L.DriverLevel; ++Parent)
      if (auto It = DriverOf.find(Driver.Indices[Parent]);
          It != DriverOf.end() && It->second != L.Driver) {
        std::string Symbol = fiberSymbol(Driver, L.DriverLevel);
        Product.push_back(Symbol);
        FactorOf[L.Index] = Symbol;
        return;
      }
    // A compressed level visits nnz(prefix) coordinates in all, in place
    // of its parents' extents.
    for (unsigned Parent = 0; Parent < L.DriverLevel; ++Parent) {
      auto It = FactorOf.find(Driver.Indices[Parent]);
      if (It == FactorOf.end())
        continue;
      auto Pos = std::find(Product.begin(), Product.end(), It->second);
      if (Pos != Product.end())
        Product.erase(Pos);
      FactorOf.erase(It);
    }
    // A non-unique level (COO's first) has a position per nonzero of the
    // whole tensor, and each singleton level below it one coordinate per
    // position: both count nnz of the tensor.
    unsigned Level = L.DriverLevel;
    if (K.levelOf(L) == LevelFormat::CompressedNonUnique)
      while (Level + 1 < Driver.Indices.size() &&
             K.findTensor(L.Driver)->Levels[Level + 1] ==
                 LevelFormat::Singleton)
        ++Level;
    std::string Symbol = nnzSymbol(Driver, Level);
    Product.push_back(Symbol);
    FactorOf[L.Index] = Symbol;
  }
};

const Access &driverAccess(const Kernel &K, const Loop &L) {
  if (K.Stmt.Lhs.Tensor == L.Driver)
    return K.Stmt.Lhs;
  for (const Access &A : K.Stmt.Factors)
    if (A.Tensor == L.Driver)
      return A;
  // Kernel::validate() guarantees every driver is accessed.
  return K.Stmt.Lhs;
}

/// What zeroing T visits below the loops of W: its dense extents, or the
/// nonzeros of the tensor whose positions store it.
Monomial zeroing(const Temporary &T, const Kernel &K, Walk W) {
  for (const std::string &I : T.Indices) {
    Loop Visit{I, "", 0};
    if (T.Positions) {
      const Access &A = driverAccess(K, Loop{"", T.Positions->Tensor, 0});
      for (unsigned L = 0; L < A.Indices.size(); ++L)
        if (A.Indices[L] == I &&
            walksPositions(K.findTensor(A.Tensor)->Levels[L]))
          Visit = Loop{I, A.Tensor, L};
    }
    W.enter(Visit, K, driverAccess(K, Visit));
  }
  return W.Product;
}

void collect(const BranchedGraph &G, const Kernel &K, Walk W,
             std::vector<Monomial> &Terms) {
  for (const Loop &L : G.Loops)
    W.enter(L, K, driverAccess(K, L));
  if (G.Statement) {
    Terms.push_back(W.Product);
    return;
  }
  if (!G.Temp->isScalar())
    Terms.push_back(zeroing(*G.Temp, K, W));
  for (const BranchedGraph &B : G.Branches)
    collect(B, K, W, Terms);
}

void collectWork(const BranchedGraph &G, const Kernel &K, Walk W,
                 std::vector<const Loop *> Compressed,
                 std::vector<const Temporary *> Temporaries,
                 std::vector<WorkTerm> &Out) {
  for (const Loop &L : G.Loops) {
    W.enter(L, K, driverAccess(K, L));
    if (L.isCompressed())
      Compressed.push_back(&L);
  }
  if (G.Statement) {
    WorkTerm Term{1, normalized(W.Product)};
    for (const Access &F : G.Statement->Factors) {
      const Tensor *T = K.findTensor(F.Tensor);
      const Temporary *Temp = nullptr;
      for (const Temporary *Known : Temporaries)
        if (Known->Name == F.Tensor)
          Temp = Known;
      // Read at the positions a compressed loop walks: a stream, not a
      // gather (the loop's own tensor, one with its pattern, a temporary
      // stored at its positions).
      bool Gathered =
          std::any_of(Compressed.begin(), Compressed.end(), [&](const Loop *L) {
            return F.uses(L->Index) && F.Tensor != L->Driver &&
                   !(T && T->SameNonzerosAs &&
                     T->SameNonzerosAs->Tensor == L->Driver) &&
                   !(Temp && Temp->Positions &&
                     Temp->Positions->Tensor == L->Driver);
          });
      if (Gathered)
        Term.Weight += GatherWeight;
    }
    Out.push_back(std::move(Term));
    return;
  }
  Temporaries.push_back(&*G.Temp);
  if (!G.Temp->isScalar())
    Out.push_back({W.Product.empty() ? TemporaryWeight : 1.0,
                   normalized(zeroing(*G.Temp, K, W))});
  for (const BranchedGraph &B : G.Branches)
    collectWork(B, K, W, Compressed, Temporaries, Out);
}

Cost simplified(std::vector<Monomial> Terms) {
  for (Monomial &M : Terms)
    M = normalized(std::move(M));
  std::sort(Terms.begin(), Terms.end());
  Terms.erase(std::unique(Terms.begin(), Terms.end()), Terms.end());
  Cost C;
  for (size_t I = 0; I < Terms.size(); ++I) {
    bool Dominated = false;
    for (size_t J = 0; J < Terms.size() && !Dominated; ++J)
      Dominated = I != J && divides(Terms[I], Terms[J]);
    if (!Dominated)
      C.Terms.push_back(Terms[I]);
  }
  std::sort(C.Terms.begin(), C.Terms.end(),
            [](const Monomial &A, const Monomial &B) {
              if (A.size() != B.size())
                return A.size() < B.size();
              return std::lexicographical_compare(A.begin(), A.end(), B.begin(),
                                                  B.end(), symbolOrder);
            });
  return C;
}

std::string product(const Monomial &M) {
  if (M.empty())
    return "1";
  std::string Out;
  for (size_t I = 0; I < M.size(); ++I)
    Out += (I ? "*" : "") + M[I];
  return Out;
}

} // namespace

std::string extentSymbol(const std::string &Extent) {
  bool Simple = std::all_of(Extent.begin(), Extent.end(), [](char C) {
    return std::isalnum(static_cast<unsigned char>(C)) || C == '_' ||
           C == '.' || C == '>' || C == '-';
  });
  return Simple ? Extent : "(" + Extent + ")";
}

std::string nnzSymbol(const Access &A, unsigned Level) {
  bool Short = true;
  for (unsigned I = 0; I <= Level; ++I)
    Short = Short && A.Indices[I].size() == 1;
  // nnz(B_ij), or nnz(B_{i,jj}) when an index name is longer than a letter.
  std::string Out = "nnz(" + A.Tensor + (Short ? "_" : "_{");
  for (unsigned I = 0; I <= Level; ++I)
    Out += (I && !Short ? "," : "") + A.Indices[I];
  return Out + (Short ? ")" : "})");
}

std::string fiberSymbol(const Access &A, unsigned Level) {
  return "fiber" + nnzSymbol(A, Level).substr(3);
}

std::string Cost::toString() const {
  if (Terms.size() == 1)
    return "O(" + product(Terms.front()) + ")";
  // Pull out the sparse factors common to every term: nnz(B_ij)*(K+L).
  Monomial Common;
  for (const std::string &S : Terms.front())
    if (isNnz(S) &&
        std::all_of(Terms.begin(), Terms.end(), [&](const Monomial &M) {
          return std::count(M.begin(), M.end(), S) >
                 std::count(Common.begin(), Common.end(), S);
        }))
      Common.push_back(S);
  std::string Sum;
  for (const Monomial &M : Terms) {
    Monomial Rest = M;
    for (const std::string &S : Common)
      Rest.erase(std::find(Rest.begin(), Rest.end(), S));
    Sum += (Sum.empty() ? "" : "+") + product(Rest);
  }
  if (Common.empty())
    return "O(" + Sum + ")";
  return "O(" + product(Common) + "*(" + Sum + "))";
}

std::optional<double>
Cost::evaluate(const std::map<std::string, double> &Sizes) const {
  double Total = 0;
  for (const Monomial &M : Terms) {
    double Term = 1;
    for (const std::string &S : M) {
      auto It = Sizes.find(S);
      if (It == Sizes.end())
        return std::nullopt;
      Term *= It->second;
    }
    Total += Term;
  }
  return Total;
}

Cost costOf(const Kernel &K) {
  return costOf(BranchedGraph::linear(K.Loops, K.Stmt), K);
}

std::vector<WorkTerm> workOf(const BranchedGraph &G, const Kernel &K) {
  std::vector<WorkTerm> Out;
  collectWork(G, K, Walk{}, {}, {}, Out);
  return Out;
}

SymbolOrder symbolOrderOf(const Kernel &K) {
  SymbolOrder Order;
  std::vector<const Access *> Accesses{&K.Stmt.Lhs};
  for (const Access &A : K.Stmt.Factors)
    Accesses.push_back(&A);
  for (const Access *A : Accesses) {
    const Tensor *T = K.findTensor(A->Tensor);
    if (!T || !T->isSparse())
      continue;
    std::vector<std::string> Smaller;
    for (unsigned L = 0; L < T->Levels.size(); ++L) {
      if (T->Levels[L] == LevelFormat::Dense) {
        const IndexVar *V = K.findIndex(A->Indices[L]);
        if (V && !V->Extent.empty())
          Smaller.push_back(extentSymbol(V->Extent));
        continue;
      }
      std::string Nnz = nnzSymbol(*A, L);
      // A compressed level with a known extent (a CSC row) is bounded by
      // its nonzeros under the same assumption.
      if (const IndexVar *V = K.findIndex(A->Indices[L]);
          V && !V->Extent.empty())
        Smaller.push_back(extentSymbol(V->Extent));
      for (const std::string &S : Smaller)
        Order.push_back({S, Nnz});
      Smaller.push_back(Nnz);
    }
  }
  return Order;
}

Cost costOf(const BranchedGraph &G, const Kernel &K) {
  return costOf(G, K, symbolOrderOf(K));
}

Cost costOf(const BranchedGraph &G, const Kernel &K, const SymbolOrder &Order) {
  std::vector<Monomial> Terms;
  collect(G, K, Walk{}, Terms);
  Cost C = simplified(std::move(Terms));
  C.Order = Order;
  return C;
}

namespace {

/// The orderings known of two costs, read in place.
struct Orders {
  const SymbolOrder &A, &B;
};

bool ordered(const SymbolOrder &Order, const std::string &Small,
             const std::string &Large) {
  return std::any_of(Order.begin(), Order.end(), [&](const auto &P) {
    return P.first == Small && P.second == Large;
  });
}

bool symbolLeq(const std::string &A, const std::string &B, Orders O) {
  return A == B || ordered(O.A, A, B) || ordered(O.B, A, B);
}

/// Whether A's symbol I, or (freeing the symbol of B it takes) one matched
/// before it, can be matched to another symbol of B at least as large:
/// one augmenting path of a bipartite matching. Owner[J] is the symbol of
/// A that B's symbol J is matched to, -1 for none.
bool augment(size_t I, const Monomial &A, const Monomial &B, Orders O,
             std::vector<int> &Owner, std::vector<bool> &Tried) {
  for (size_t J = 0; J < B.size(); ++J) {
    if (Tried[J] || !symbolLeq(A[I], B[J], O))
      continue;
    Tried[J] = true;
    if (Owner[J] < 0 || augment(size_t(Owner[J]), A, B, O, Owner, Tried)) {
      Owner[J] = int(I);
      return true;
    }
  }
  return false;
}

/// A <= B symbol by symbol: each symbol of A matched to a distinct symbol of
/// B at least as large. A matching, not a first fit: which fit comes first
/// depends on how the symbols' names sort, and whether a matching exists
/// must not (I*J against nnz(B_ij)*nnz(C_ik), with I, J <= nnz(B_ij) and
/// I <= nnz(C_ik), matches whatever the tensors are called).
bool monomialLeq(const Monomial &A, const Monomial &B, Orders O) {
  if (A.size() > B.size())
    return false;
  std::vector<int> Owner(B.size(), -1);
  for (size_t I = 0; I < A.size(); ++I) {
    std::vector<bool> Tried(B.size(), false);
    if (!augment(I, A, B, O, Owner, Tried))
      return false;
  }
  return true;
}

bool boundedBy(const Monomial &M, const Cost &Other, Orders O) {
  return std::any_of(Other.Terms.begin(), Other.Terms.end(),
                     [&](const Monomial &T) { return monomialLeq(M, T, O); });
}

} // namespace

bool mayCostMore(const Cost &A, const Cost &B) {
  Orders O{A.Order, B.Order};
  return std::any_of(A.Terms.begin(), A.Terms.end(),
                     [&](const Monomial &M) { return !boundedBy(M, B, O); });
}

bool asymptoticallyCheaper(const Cost &After, const Cost &Before) {
  return !mayCostMore(After, Before) && mayCostMore(Before, After);
}

double SizeModel::valueOf(const std::string &Symbol) const {
  if (auto It = Known.find(Symbol); It != Known.end())
    return It->second;
  if (isFiber(Symbol))
    return NonzerosPerFiber;
  if (!isNnz(Symbol))
    return DenseExtent;
  // nnz(B_ijk) or nnz(B_{i,jj,k}): the prefix's number of levels.
  size_t Levels;
  if (size_t Brace = Symbol.rfind("_{"); Brace != std::string::npos)
    Levels = std::count(Symbol.begin() + Brace, Symbol.end(), ',') + 1;
  else
    Levels = Symbol.size() - Symbol.rfind('_') - 2;
  double Value = DenseExtent;
  for (size_t L = 1; L < Levels; ++L)
    Value *= NonzerosPerFiber;
  return Value;
}

double SizeModel::valueOf(const Cost &C) const {
  double Total = 0;
  for (const Monomial &M : C.Terms) {
    double Term = 1;
    for (const std::string &S : M)
      Term *= valueOf(S);
    Total += Term;
  }
  return Total;
}

} // namespace lnr::ir
