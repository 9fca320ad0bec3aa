//===- HoistValues.cpp ----------------------------------------------------===//

#include "rewrite/lower/passes/HoistValues.h"
#include "rewrite/lower/passes/TreeWalk.h"

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

/// Whether the factor I of the kernel, which A reads, is read at an
/// enclosing position and not moved by L.
bool hoistable(const Context &C, size_t I, const ir::Loop &L,
               const ir::Assignment &A) {
  const ir::Access &F = C.K.Stmt.Factors[I];
  const ir::Tensor *T = C.K.findTensor(F.Tensor);
  bool InStatement =
      std::any_of(A.Factors.begin(), A.Factors.end(), [&](const ir::Access &X) {
        return X.Tensor == F.Tensor && X.Indices == F.Indices;
      });
  return InStatement && T && T->isSparse() && !F.uses(L.Index) &&
         !C.isPattern(F) && !C.CName.count(F.Tensor) &&
         !(I < C.S.Factors.size() && !C.S.Factors[I].Aliases.empty()) &&
         atPosition(C, F, *T);
}

class Hoisting {
public:
  explicit Hoisting(Context &C) : C(C) {}

  void walk(Nodes &List) {
    for (size_t I = 0; I < List.size(); ++I) {
      I += hoistBefore(List, I);
      Node &N = List[I];
      if (N.Iterates)
        C.Enclosing.push_back(N.Iterates);
      walk(N.Body);
      walk(N.Else);
      if (!N.Iterates)
        continue;
      C.Enclosing.pop_back();
      while (!Held.empty() && Held.back().first > C.Enclosing.size()) {
        C.Names.release(Held.back().second);
        Held.pop_back();
      }
    }
  }

private:
  Context &C;
  /// The constants' names, with the number of loops open around their
  /// declaration.
  std::vector<std::pair<size_t, std::string>> Held;

  /// The constants declared before List[I], if it is a vectorized loop;
  /// how many.
  size_t hoistBefore(Nodes &List, size_t I) {
    const ir::Assignment *A = innermostStatement(List[I]);
    if (!A || List[I].runs() != Execution::Simd)
      return 0;
    const ir::Loop &L = *List[I].Iterates;
    std::map<std::string, std::string> Read; // access -> constant
    Nodes Constants;
    for (size_t F = 0; F < C.K.Stmt.Factors.size(); ++F) {
      std::string Access = toString(C.K.Stmt.Factors[F]);
      if (Read.count(Access) || !hoistable(C, F, L, *A))
        continue;
      Declaration D;
      // In the product's type where the original converts the factor: the
      // constant is then an operand like any other (Context::asOperand).
      const NestSource::Factor &Source = C.S.Factors[F];
      D.Type =
          code("const " + (Source.Converted ? C.S.ValueType : Source.Type));
      D.Name = C.Names.pickLocal(C.K.Stmt.Factors[F].Tensor + "_val");
      D.Init = C.code(Source.Text);
      Held.push_back({C.Enclosing.size(), D.Name});
      Read[Access] = D.Name;
      Constants.push_back(Node::declaration(std::move(D)));
    }
    if (Constants.empty() || !readConstants(List[I], *A, Read))
      return 0;
    List.insert(List.begin() + I, std::make_move_iterator(Constants.begin()),
                std::make_move_iterator(Constants.end()));
    return Constants.size();
  }

  /// A's statement in Loop, reading Read's constants.
  bool readConstants(Node &Loop, const ir::Assignment &A,
                     const std::map<std::string, std::string> &Read) {
    C.Enclosing.push_back(Loop.Iterates);
    std::optional<Code> Text = C.statementText(A, Read);
    C.Enclosing.pop_back();
    if (!Text)
      return false;
    forEach(Loop.Body, [&](Node &N) {
      if (N.Computes == &A)
        N.Text = *Text + code(";");
    });
    return true;
  }
};

} // namespace

void hoistNonzeroValues(Context &C, Nodes &Tree) { Hoisting(C).walk(Tree); }

} // namespace lnr::lower
