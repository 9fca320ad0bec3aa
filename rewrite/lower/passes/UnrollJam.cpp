//===- UnrollJam.cpp ------------------------------------------------------===//

#include "rewrite/lower/passes/UnrollJam.h"
#include "rewrite/CText.h"
#include "rewrite/lower/passes/Simd.h"
#include "rewrite/lower/passes/TreeWalk.h"

#include <algorithm>

namespace lnr::lower {

namespace {

bool canJam(Context &C, const ir::Loop &KLoop, const ir::Loop &LLoop,
            const ir::Assignment &A) {
  // The jammed statement adds four products before its target does: in
  // the products' type, which rounds where the original's sum, in a wider
  // type, does not (float factors into a double output).
  if (!A.Accumulate || C.S.ElementType != C.S.ValueType)
    return false;
  if (!C.denseFromZero(KLoop) || !C.denseFromZero(LLoop))
    return false;
  if (A.Lhs.uses(KLoop.Index) || !A.Lhs.uses(LLoop.Index) ||
      std::none_of(A.Factors.begin(), A.Factors.end(),
                   [&](const ir::Access &F) { return F.uses(KLoop.Index); }))
    return false;
  // Even if two l wrote one element, it would receive the same terms:
  // every update adds, and no factor reads the left side.
  return C.jamStatement(A, KLoop.Index, {0}).has_value();
}

/// Whether the factors that do not move with l are multiplied once per k
/// before the loop over l: when the left side is a temporary (from malloc,
/// not restrict), the compiler must assume it may alias them and reloads
/// them for every l. Only in double, the type a product of several hoisted
/// factors is then computed in (the statement's own order would have
/// promoted them to the double operand that moves with l).
bool hoistsFactors(const Context &C, const ir::Assignment &A,
                   const std::string &LIndex) {
  auto MovesWithL = [&](const ir::Access &F) { return F.uses(LIndex); };
  auto Fixed = [&](const ir::Access &F) {
    return !F.uses(LIndex) && !C.leftOut(A, F);
  };
  return C.CName.count(A.Lhs.Tensor) && C.S.ElementType == "double" &&
         C.S.ValueType == "double" &&
         std::any_of(A.Factors.begin(), A.Factors.end(), Fixed) &&
         std::any_of(A.Factors.begin(), A.Factors.end(), MovesWithL);
}

/// The product of the factors that do not move with l, at k + N; none when
/// one has no source.
std::optional<Code> fixedProduct(Context &C, const ir::Assignment &A,
                                 const std::string &KIdx,
                                 const std::string &LIndex, unsigned N) {
  Code Product;
  unsigned Count = 0;
  bool FirstConverted = false; // already '(double)' (Context::asOperand)
  for (const ir::Access &F : A.Factors) {
    if (F.uses(LIndex) || C.leftOut(A, F))
      continue;
    std::optional<Code> X = C.factorText(F);
    if (!X)
      return std::nullopt;
    if (N)
      *X = X->fill(KIdx, C.code(KIdx + " + " + std::to_string(N)));
    if (Product.empty()) {
      std::optional<size_t> I = C.sourceFactor(F);
      FirstConverted =
          I && *I < C.S.Factors.size() && C.S.Factors[*I].Converted;
    }
    Product += Product.empty() ? *X : code(" * ") + *X;
    ++Count;
  }
  if (Product.empty())
    return code("1");
  return Count > 1 && !FirstConverted ? code("(double)") + Product : Product;
}

/// KLoop and LLoop around A, jammed (canJam holds).
Node jammed(Context &C, const ir::Loop &KLoop, const ir::Loop &LLoop,
            const ir::Assignment &A) {
  const std::string &KIdx = KLoop.Index;
  std::string Extent = rewrite::parenthesized(C.K.findIndex(KIdx)->Extent);
  LoopHeader LHeader = *C.loopHeader(LLoop.Index, &LLoop);
  std::optional<OmpDirective> Simd = simdDirective(C, LLoop, A);
  auto Inner = [&](const std::vector<unsigned> &Offsets,
                   const std::vector<std::string> *Hoisted) {
    Node L = Node::loop(LHeader, {Node::statement(*C.jamStatement(
                                     A, KIdx, Offsets, Hoisted, LLoop.Index))});
    if (Simd)
      L.Directive = *Simd;
    return L;
  };
  // Read only when the loop over l runs, as the nest reads them.
  bool Hoist = hoistsFactors(C, A, LLoop.Index);
  std::vector<std::string> Hoisted;
  Nodes Products;
  for (unsigned N = 0; Hoist && N < 4; ++N) {
    Hoisted.push_back(C.Names.pickLocal(KIdx + "_w" + std::to_string(N)));
    std::optional<Code> Product = fixedProduct(C, A, KIdx, LLoop.Index, N);
    if (!Product) {
      Hoist = false;
      break;
    }
    Declaration D;
    D.Type = code("const " + C.S.ElementType);
    D.Name = Hoisted.back();
    D.Init = *Product;
    Products.push_back(Node::declaration(std::move(D)));
  }
  std::string LExtent =
      rewrite::parenthesized(C.K.findIndex(LLoop.Index)->Extent);
  Nodes Unrolled;
  if (Hoist) {
    Products.push_back(Inner({0, 1, 2, 3}, &Hoisted));
    Unrolled.push_back(
        Node::ifThen(C.code(LExtent + " > 0"), std::move(Products)));
  } else {
    Unrolled.push_back(Inner({0, 1, 2, 3}, nullptr));
  }
  Nodes Body;
  Body.push_back(Node::statement(C.startAtZero(KIdx)));
  Body.push_back(Node::rangeLoop(Code(),
                                 C.code(C.ahead(KIdx, 3) + " < " + Extent),
                                 C.code(KIdx + " += 4"), std::move(Unrolled)));
  Body.push_back(Node::rangeLoop(Code(), C.code(KIdx + " < " + Extent),
                                 C.code(KIdx + "++"), {Inner({0}, nullptr)}));
  for (const std::string &Name : Hoisted)
    C.Names.release(Name);
  return Node::block(std::move(Body));
}

} // namespace

void unrollAndJam(Context &C, Nodes &Tree) {
  walkNodes(C, Tree, [&](Node &K) {
    if (K.Body.size() != 1 || K.runs() != Execution::Serial || !K.Iterates ||
        !K.Else.empty())
      return;
    const ir::Loop &KLoop = *K.Iterates, *LLoop = K.Body.front().Iterates;
    const ir::Assignment *A = loneStatement(K.Body.front());
    if (A && canJam(C, KLoop, *LLoop, *A)) {
      Node Jammed = jammed(C, KLoop, *LLoop, *A);
      K = std::move(Jammed);
    }
  });
}

} // namespace lnr::lower
