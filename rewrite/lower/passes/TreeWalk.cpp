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

namespace {

/// The marks (Node::Iterates, Node::Computes) set below Loop, in order.
template <typename T>
std::vector<const T *> marksBelow(const Node &Loop, const T *Node::*Mark) {
  std::vector<const T *> Out;
  for (const Nodes *Children : {&Loop.Body, &Loop.Else})
    forEach(*Children, [&](const Node &N) {
      if (N.*Mark)
        Out.push_back(N.*Mark);
    });
  return Out;
}

} // namespace

std::vector<const ir::Loop *> graphLoopsBelow(const Node &Loop) {
  return marksBelow(Loop, &Node::Iterates);
}

std::vector<const ir::Assignment *> statementsBelow(const Node &Loop) {
  return marksBelow(Loop, &Node::Computes);
}

const ir::Assignment *innermostStatement(const Node &Loop) {
  if (!Loop.Iterates || !graphLoopsBelow(Loop).empty())
    return nullptr;
  std::vector<const ir::Assignment *> Below = statementsBelow(Loop);
  return Below.size() == 1 ? Below.front() : nullptr;
}

const ir::Assignment *loneStatement(const Node &Loop) {
  if (!Loop.Iterates || Loop.runs() != Execution::Serial || Loop.Body.empty() ||
      !Loop.Else.empty())
    return nullptr;
  for (size_t I = 0; I + 1 < Loop.Body.size(); ++I)
    if (Loop.Body[I].For != Node::Purpose::PositionRead)
      return nullptr;
  return Loop.Body.back().Computes;
}

} // namespace lnr::lower
