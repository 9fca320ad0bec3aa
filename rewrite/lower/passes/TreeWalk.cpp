//===- TreeWalk.cpp -------------------------------------------------------===//

#include "rewrite/lower/passes/TreeWalk.h"

namespace lnr::lower {

void walkNodes(Context &C, Nodes &Tree, const std::function<void(Node &)> &F) {
  for (Node &N : Tree) {
    F(N);
    if (N.Iterates)
      C.Enclosing.push_back(N.Iterates);
    walkNodes(C, N.Body, F);
    walkNodes(C, N.Else, F);
    if (N.Iterates)
      C.Enclosing.pop_back();
  }
}

std::vector<const ir::Loop *> graphLoopsBelow(const Node &Loop) {
  std::vector<const ir::Loop *> Out;
  for (const Nodes *Children : {&Loop.Body, &Loop.Else})
    forEach(*Children, [&](const Node &N) {
      if (N.Iterates)
        Out.push_back(N.Iterates);
    });
  return Out;
}

std::vector<const ir::Assignment *> statementsBelow(const Node &Loop) {
  std::vector<const ir::Assignment *> Out;
  for (const Nodes *Children : {&Loop.Body, &Loop.Else})
    forEach(*Children, [&](const Node &N) {
      if (N.Computes)
        Out.push_back(N.Computes);
    });
  return Out;
}

const ir::Assignment *innermostStatement(const Node &Loop) {
  if (!Loop.Iterates || !graphLoopsBelow(Loop).empty())
    return nullptr;
  std::vector<const ir::Assignment *> Below = statementsBelow(Loop);
  return Below.size() == 1 ? Below.front() : nullptr;
}

const ir::Assignment *loneStatement(const Node &Loop) {
  if (!Loop.Iterates || Loop.Runs != Execution::Serial || Loop.Body.empty() ||
      !Loop.Else.empty())
    return nullptr;
  for (size_t I = 0; I + 1 < Loop.Body.size(); ++I)
    if (Loop.Body[I].For != Node::Purpose::PositionRead)
      return nullptr;
  return Loop.Body.back().Computes;
}

} // namespace lnr::lower
