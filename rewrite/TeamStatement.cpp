//===- TeamStatement.cpp --------------------------------------------------===//

#include "rewrite/TeamStatement.h"

#include <algorithm>
#include <iterator>

namespace lnr::rewrite {

using lower::Node;
using lower::Nodes;

Nodes scansWithOwnVariables(Nodes Scans, const NestSource &S) {
  auto Code = std::find_if(Scans.begin(), Scans.end(), [](const Node &N) {
    return N.K != Node::Kind::Declaration;
  });
  Nodes Walk(std::make_move_iterator(Code),
             std::make_move_iterator(Scans.end()));
  Scans.erase(Code, Scans.end());
  Nodes Own;
  for (const auto &[Name, Type] : S.TeamShared)
    if (lower::mentions(Walk, Name))
      Own.push_back(lower::declare(Type, Name));
  if (Own.empty()) {
    lower::append(Scans, std::move(Walk));
    return Scans;
  }
  lower::append(Own, std::move(Walk));
  Scans.push_back(Node::block(std::move(Own)));
  return Scans;
}

Nodes asTeamStatement(Nodes Tree, const NestSource &S) {
  bool Commented = !Tree.empty() && Tree.front().K == Node::Kind::Comment;
  if (S.Pragma->BarrierBefore)
    Tree.insert(Tree.begin() + Commented,
                Node::directive(lower::OmpDirective::barrier()));
  if (S.Pragma->barrierAfter())
    Tree.push_back(Node::directive(lower::OmpDirective::barrier()));
  return Tree;
}

} // namespace lnr::rewrite
