//===- PartialSums.cpp ----------------------------------------------------===//

#include "rewrite/lower/passes/PartialSums.h"
#include "rewrite/CText.h"
#include "rewrite/lower/passes/TreeWalk.h"

#include <algorithm>

namespace lnr::lower {

namespace {

bool canSplitReduction(Context &C, const ir::Loop &L, const ir::Assignment &A) {
  // A function of the sum with a jump (NestSource::Map) is applied to the
  // sum the original adds up, in its order: a regrouped one may be on the
  // other side of the jump.
  if (!C.S.sumRegroups() || !A.Accumulate || !C.denseFromZero(L) ||
      C.S.loop(L.Index)->IndexType.empty() || !rewrite::isSimple(L.Index) ||
      !A.Lhs.Indices.empty() || !C.CName.count(A.Lhs.Tensor))
    return false;
  if (std::none_of(A.Factors.begin(), A.Factors.end(),
                   [&](const ir::Access &F) { return F.uses(L.Index); }))
    return false;
  return C.jamStatement(A, L.Index, {0}).has_value();
}

/// The loop over Idx around A as partial sums (canSplitReduction holds).
Node partialSums(Context &C, const std::string &Idx, const ir::Assignment &A) {
  const std::string &Sum = C.cName(A.Lhs.Tensor);
  std::string Extent = rewrite::parenthesized(C.K.findIndex(Idx)->Extent);
  Code Terms = *C.jamSum(A, Idx, {0});
  std::string Partial = C.Names.pickLocal(Sum + "_part");
  std::string Lane = C.Names.pickLocal(Idx + "_lane");

  Declaration Parts;
  Parts.Type = code(C.S.ElementType);
  Parts.Name = Partial;
  Parts.ArraySize = code("8");
  Parts.Init = code("{0, 0, 0, 0, 0, 0, 0, 0}");
  Declaration LaneVar;
  LaneVar.Type = code("int");
  LaneVar.Name = Lane;

  Node Lanes = Node::rangeLoop(
      code(Lane + " = 0"), code(Lane + " < 8"), code(Lane + "++"),
      {Node::statement(code(Partial + "[" + Lane + "] += ") +
                       Terms.fill(Idx, code(Idx + " + " + Lane)) + code(";"))});
  if (C.Opts.OpenMP)
    Lanes.Directive = OmpDirective::simd();
  auto P = [&](unsigned N) { return Partial + "[" + std::to_string(N) + "]"; };
  Nodes Body;
  Body.push_back(Node::declaration(std::move(Parts)));
  Body.push_back(Node::declaration(std::move(LaneVar)));
  Body.push_back(Node::statement(C.startAtZero(Idx)));
  Body.push_back(Node::rangeLoop(Code(),
                                 C.code(C.ahead(Idx, 7) + " < " + Extent),
                                 C.code(Idx + " += 8"), {std::move(Lanes)}));
  Body.push_back(
      Node::rangeLoop(Code(), C.code(Idx + " < " + Extent), C.code(Idx + "++"),
                      {Node::statement(*C.jamStatement(A, Idx, {0}))}));
  Body.push_back(
      Node::statement(code(Sum + " += ((" + P(0) + " + " + P(1) + ") + (" +
                           P(2) + " + " + P(3) + ")) + ((" + P(4) + " + " +
                           P(5) + ") + (" + P(6) + " + " + P(7) + "));")));
  C.Names.release(Partial);
  C.Names.release(Lane);
  return Node::block(std::move(Body));
}

} // namespace

void splitReductions(Context &C, Nodes &Tree) {
  walkNodes(C, Tree, [&](Node &L) {
    const ir::Assignment *A = loneStatement(L);
    if (A && canSplitReduction(C, *L.Iterates, *A)) {
      Node Split = partialSums(C, L.Iterates->Index, *A);
      L = std::move(Split);
    }
  });
}

} // namespace lnr::lower
