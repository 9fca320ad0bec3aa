//===- Prefetch.cpp -------------------------------------------------------===//

#include "rewrite/lower/passes/Prefetch.h"
#include "rewrite/CText.h"

#include <functional>

namespace lnr::lower {
namespace {

/// The indices iterated densely below L in G (and in its branches).
std::set<std::string> denseBelow(const ir::Loop &L,
                                 const ir::BranchedGraph &G) {
  std::set<std::string> Below;
  bool After = false;
  for (const ir::Loop &O : G.Loops) {
    if (After && !O.isCompressed())
      Below.insert(O.Index);
    After = After || &O == &L;
  }
  std::function<void(const ir::BranchedGraph &)> Collect =
      [&](const ir::BranchedGraph &B) {
        for (const ir::Loop &O : B.Loops)
          if (!O.isCompressed())
            Below.insert(O.Index);
        for (const ir::BranchedGraph &Branch : B.Branches)
          Collect(Branch);
      };
  for (const ir::BranchedGraph &B : G.Branches)
    Collect(B);
  return Below;
}

struct Rows {
  /// extent -> rows, each with its dense index y (a hole)
  std::map<std::string, std::vector<std::pair<Code, std::string>>> ByExtent;
  std::map<std::string, std::string> Type; // extent -> y's type
};

/// Every row X(L.Index, y) read below L at the next coordinate, with y a
/// hole, the extent of y and its type; each spelling once.
Rows gatheredRows(Context &C, const ir::Loop &L, const ir::BranchedGraph &G) {
  const LoopSource *Src = C.S.loop(L.Index);
  std::set<std::string> Below = denseBelow(L, G);
  std::vector<ir::Assignment> Statements =
      G.Statement ? std::vector<ir::Assignment>{*G.Statement} : G.statements();
  bool Named = rewrite::isSimple(L.Index);
  Rows Out;
  std::set<std::string> Seen;
  for (const ir::Assignment &A : Statements)
    for (const ir::Access &X : A.Factors) {
      const ir::Tensor *T = C.K.findTensor(X.Tensor);
      if (!T || T->isSparse() || C.CName.count(X.Tensor) ||
          X.Indices.size() != 2 || X.Indices[0] != L.Index ||
          !Below.count(X.Indices[1]))
        continue;
      const std::string &Y = X.Indices[1];
      const LoopSource *YSrc = C.S.loop(Y);
      const ir::IndexVar *YVar = C.K.findIndex(Y);
      std::optional<Code> Text = C.inlinedFactor(X);
      if (!YSrc || !YSrc->StartsAtZero || !YVar || YVar->Extent.empty() ||
          !Text || !Seen.insert(Text->str()).second)
        continue;
      Code Next = C.code(Src->NextCoordinate);
      Code Row = Named ? Text->fill(L.Index, Next, /*Parenthesize=*/false)
                       : Text->replace(C.code(L.Index), Next);
      Out.ByExtent[YVar->Extent].push_back({Row, Y});
      Out.Type[YVar->Extent] = YSrc->IndexType;
    }
  return Out;
}

} // namespace

Nodes prefetches(Context &C, const ir::Loop &L, const ir::BranchedGraph &G) {
  const LoopSource *Src = C.S.loop(L.Index);
  unsigned Step = C.S.ValueType == "double"  ? 8
                  : C.S.ValueType == "float" ? 16
                                             : 0;
  if (!Src || Src->NextCoordinate.empty() || Src->LoopEnd.empty() ||
      Src->Position.empty() || !Step)
    return {};
  Rows Gathered = gatheredRows(C, L, G);
  if (Gathered.ByExtent.empty())
    return {};
  // Local to the block: every prefetch block declares the same name.
  std::string Var = C.Names.pickLocal("pf");
  C.Names.release(Var);
  Nodes Block;
  // C89: one variable, declared where the block starts, for every loop.
  if (C.Opts.DeclarationsFirst)
    Block.push_back(Node::statement(code("long " + Var + ";")));
  for (const auto &[Extent, List] : Gathered.ByExtent) {
    std::string Init = C.Opts.DeclarationsFirst
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
  Out.push_back(Node::ifThen(C.code(Src->Position + " + 1 < " + Src->LoopEnd),
                             std::move(Block)));
  Out.push_back(Node::directive(code("#endif")));
  return Out;
}

} // namespace lnr::lower
