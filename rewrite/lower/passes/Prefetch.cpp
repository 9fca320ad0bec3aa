//===- Prefetch.cpp -------------------------------------------------------===//

#include "rewrite/lower/passes/Prefetch.h"
#include "rewrite/CText.h"
#include "rewrite/levels/Level.h"
#include "rewrite/lower/passes/TreeWalk.h"

#include <algorithm>

namespace lnr::lower {
namespace {

struct Rows {
  /// extent -> rows, each with its dense index y (a hole)
  std::map<std::string, std::vector<std::pair<Code, std::string>>> ByExtent;
  std::map<std::string, std::string> Type; // extent -> y's counter type
};

/// Every row X(L.Index, y) read below Loop, over L, at the next coordinate
/// (NextCoordinate), with y a hole, the extent of y and its type; each
/// spelling once.
Rows gatheredRows(Context &C, const Node &Loop,
                  const std::string &NextCoordinate) {
  const ir::Loop &L = *Loop.Iterates;
  std::set<std::string> Below; // the indices iterated densely below L
  for (const ir::Loop *O : graphLoopsBelow(Loop))
    if (!O->isCompressed())
      Below.insert(O->Index);
  bool Named = rewrite::isSimple(L.Index);
  Rows Out;
  std::set<std::string> Seen;
  for (const ir::Assignment *A : statementsBelow(Loop))
    for (const ir::Access &X : A->Factors) {
      const ir::Tensor *T = C.K.findTensor(X.Tensor);
      if (!T || T->isSparse() || C.CName.count(X.Tensor) ||
          X.Indices.size() != 2 || X.Indices[0] != L.Index ||
          !Below.count(X.Indices[1]))
        continue;
      const std::string &Y = X.Indices[1];
      const LoopSource *YSrc = C.S.loop(Y);
      const ir::IndexVar *YVar = C.K.findIndex(Y);
      std::optional<Code> Text = C.inlinedFactor(X);
      if (!YSrc || levels::Level(*YSrc).walksPositions() ||
          !levels::Level(*YSrc).fromZero() || !YVar || YVar->Extent.empty() ||
          !Text)
        continue;
      Code Next = C.code(NextCoordinate);
      Code Row = Named ? Text->fill(L.Index, Next, /*Parenthesize=*/false)
                       : Text->replace(C.code(L.Index), Next);
      // One row read in two statements under two names of y ('Y(j,k_p)'
      // and 'Y(j,k)'), prefetched once.
      if (!Seen.insert(Row.fill(Y, code("@")).str() + " " + YVar->Extent)
               .second)
        continue;
      Out.ByExtent[YVar->Extent].push_back({Row, Y});
      Out.Type[YVar->Extent] = YSrc->CounterType;
    }
  return Out;
}

/// The prefetch block for Loop, over L; none when nothing is gathered by
/// L's coordinate.
Nodes prefetches(Context &C, const Node &Loop) {
  const LoopSource *Src = C.S.loop(Loop.Iterates->Index);
  unsigned Step = C.S.ValueType == "double"  ? 8
                  : C.S.ValueType == "float" ? 16
                                             : 0;
  std::optional<levels::Lookahead> Next =
      Src ? levels::Level(*Src).next() : std::nullopt;
  if (!Next || !Step)
    return {};
  Rows Gathered = gatheredRows(C, Loop, Next->Coordinate);
  if (Gathered.ByExtent.empty())
    return {};
  // Local to the block: every prefetch block declares the same name.
  std::string Var = C.Names.pickLocal("pf");
  C.Names.release(Var);
  Nodes Block;
  // C89: one variable, declared where the block starts, for every loop.
  if (C.Facts.DeclarationsFirst)
    Block.push_back(Node::statement(code("long " + Var + ";")));
  for (const auto &[Extent, List] : Gathered.ByExtent) {
    std::string Init = C.Facts.DeclarationsFirst
                           ? Var + " = 0"
                           : Gathered.Type[Extent] + " " + Var + " = 0";
    Nodes Calls;
    for (const auto &[Row, Y] : List)
      Calls.push_back(Node::statement(
          code("__builtin_prefetch(&") +
          Row.fill(Y, code(Var), /*Parenthesize=*/false) + code(");")));
    Block.push_back(Node::rangeLoop(code(Init), C.code(Var + " < " + Extent),
                                    code(Var + " += " + std::to_string(Step)),
                                    std::move(Calls)));
  }
  Nodes Out;
  Out.push_back(Node::directive(code("#ifdef __GNUC__")));
  Out.push_back(Node::ifThen(C.code(Next->Guard), std::move(Block)));
  Out.push_back(Node::directive(code("#endif")));
  return Out;
}

} // namespace

void prefetchNextRows(Context &C, Nodes &Tree) {
  walkNodes(C, Tree, [&](Node &N) {
    if (!N.Iterates || !N.Iterates->isCompressed())
      return;
    Nodes Block = prefetches(C, N);
    auto After = std::find_if(N.Body.begin(), N.Body.end(), [](const Node &X) {
      return X.For != Node::Purpose::CoordinateLoad;
    });
    N.Body.insert(After, std::make_move_iterator(Block.begin()),
                  std::make_move_iterator(Block.end()));
  });
}

} // namespace lnr::lower
