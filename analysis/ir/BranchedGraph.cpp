//===- BranchedGraph.cpp --------------------------------------------------===//

#include "analysis/ir/BranchedGraph.h"

#include <algorithm>
#include <cctype>

namespace lnr::ir {

BranchedGraph BranchedGraph::linear(std::vector<Loop> Loops,
                                    Assignment Statement) {
  BranchedGraph G;
  G.Loops = std::move(Loops);
  G.Statement = std::move(Statement);
  return G;
}

BranchedGraph BranchedGraph::branch(std::vector<Loop> Shared, Temporary Temp,
                                    BranchedGraph Producer,
                                    BranchedGraph Consumer) {
  BranchedGraph G;
  G.Loops = std::move(Shared);
  G.Temp = std::move(Temp);
  G.Branches.push_back(std::move(Producer));
  G.Branches.push_back(std::move(Consumer));
  return G;
}

std::vector<std::string> BranchedGraph::indices() const {
  std::vector<std::string> Out;
  for (const Loop &L : Loops)
    Out.push_back(L.Index);
  for (const BranchedGraph &B : Branches)
    for (const std::string &I : B.indices())
      if (std::find(Out.begin(), Out.end(), I) == Out.end())
        Out.push_back(I);
  return Out;
}

std::vector<Temporary> BranchedGraph::temporaries() const {
  std::vector<Temporary> Out;
  if (Temp)
    Out.push_back(*Temp);
  for (const BranchedGraph &B : Branches)
    for (Temporary &T : B.temporaries())
      Out.push_back(std::move(T));
  return Out;
}

std::vector<Assignment> BranchedGraph::statements() const {
  if (Statement)
    return {*Statement};
  std::vector<Assignment> Out;
  for (const BranchedGraph &B : Branches)
    for (Assignment &S : B.statements())
      Out.push_back(std::move(S));
  return Out;
}

namespace {

/// G's text appended to Out: the search keeps one schedule per distinct
/// text of the thousands of graphs it builds, so no piece is a string of
/// its own.
void appendGraph(std::string &Out, const BranchedGraph &G, unsigned Indent) {
  for (const Loop &L : G.Loops) {
    Out.append(Indent, ' ').append("for ").append(L.Index);
    if (L.isCompressed())
      Out.append(" in ").append(L.Driver).append(" level ").append(
          std::to_string(L.DriverLevel + 1));
    Out += '\n';
    Indent += 2;
  }
  Out.append(Indent, ' ');
  if (G.Statement) {
    appendAssignment(Out, *G.Statement);
    Out += '\n';
    return;
  }
  appendAccess(Out, Access{G.Temp->Name, G.Temp->Indices});
  Out.append(" = 0\n");
  appendGraph(Out, G.producer(), Indent);
  std::string Element;
  appendAccess(Element, Access{G.Temp->Name, G.Temp->Indices});
  if (G.Temp->maps())
    Out.append(Indent, ' ')
        .append(Element)
        .append(" = ")
        .append(applyMap(G.Temp->Map, Element))
        .append("\n");
  if (!G.Temp->Store.empty())
    Out.append(Indent, ' ')
        .append(G.Temp->Store)
        .append(G.Temp->StoreAdds ? " += " : " = ")
        .append(Element)
        .append("\n");
  appendGraph(Out, G.consumer(), Indent);
}

} // namespace

std::string applyMap(const std::string &Map, const std::string &Element) {
  bool Name = !Element.empty() &&
              std::all_of(Element.begin(), Element.end(), [](char C) {
                return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
              });
  std::string With = Name ? Element : "(" + Element + ")", Out = Map;
  for (size_t At = Out.find("(@)"); At != std::string::npos;
       At = Out.find("(@)", At + With.size()))
    Out.replace(At, 3, With);
  return Out;
}

std::string toString(const BranchedGraph &G, unsigned Indent) {
  std::string Out;
  Out.reserve(256);
  appendGraph(Out, G, Indent);
  return Out;
}

} // namespace lnr::ir
