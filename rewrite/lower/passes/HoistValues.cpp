//===- HoistValues.cpp ----------------------------------------------------===//

#include "rewrite/lower/passes/HoistValues.h"

#include <algorithm>

namespace lnr::lower {
namespace {

/// Whether F's innermost index is a loop over the last level of its
/// tensor T, open around the loop being written.
bool atPosition(const Context &C, const ir::Access &F, const ir::Tensor &T) {
  return std::any_of(
      C.Enclosing.begin(), C.Enclosing.end(), [&](const ir::Loop *E) {
        return E->isCompressed() && E->Driver == F.Tensor &&
               E->DriverLevel + 1 == T.Levels.size() && !F.Indices.empty() &&
               E->Index == F.Indices.back();
      });
}

} // namespace

Nodes hoistNonzeroValues(Context &C, const ir::Loop &L, const ir::Assignment &A,
                         HoistedValues &Into) {
  Nodes Out;
  for (size_t I = 0; I < C.K.Stmt.Factors.size(); ++I) {
    const ir::Access &F = C.K.Stmt.Factors[I];
    const ir::Tensor *T = C.K.findTensor(F.Tensor);
    bool InStatement = std::any_of(
        A.Factors.begin(), A.Factors.end(), [&](const ir::Access &X) {
          return X.Tensor == F.Tensor && X.Indices == F.Indices;
        });
    if (!InStatement || !T || !T->isSparse() || F.uses(L.Index) ||
        C.CName.count(F.Tensor) || Into.ByAccess.count(toString(F)) ||
        (I < C.S.FactorAliases.size() && !C.S.FactorAliases[I].empty()) ||
        !atPosition(C, F, *T))
      continue;
    // Declared in the body of the innermost loop open: given back when
    // that loop closes.
    std::string Name = C.Names.pickLocal(F.Tensor + "_val");
    Into.Names.push_back({C.Enclosing.size(), Name});
    Declaration D;
    D.Type = code("const " + C.S.FactorTypes[I]);
    D.Name = Name;
    D.Init = C.code(C.S.Factors[I]);
    Out.push_back(Node::declaration(std::move(D)));
    Into.ByAccess[toString(F)] = Name;
  }
  return Out;
}

void releaseHoisted(Context &C, HoistedValues &Hoisted) {
  while (!Hoisted.Names.empty() &&
         Hoisted.Names.back().first > C.Enclosing.size()) {
    C.Names.release(Hoisted.Names.back().second);
    Hoisted.Names.pop_back();
  }
}

} // namespace lnr::lower
