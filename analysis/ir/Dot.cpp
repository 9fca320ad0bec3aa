//===- Dot.cpp ------------------------------------------------------------===//

#include "analysis/ir/Dot.h"

namespace lnr::ir {
namespace {

std::string quoted(const std::string &S) {
  std::string Out = "\"";
  for (char C : S) {
    if (C == '"' || C == '\\')
      Out += '\\';
    Out += C;
  }
  return Out + "\"";
}

/// Emits G's nodes under Prefix into Out, and its edges into Edges, which
/// are written outside every cluster: a node named inside a subgraph
/// belongs to it. Returns the id of G's first node.
std::string emit(const BranchedGraph &G, const std::string &Prefix,
                 std::string Parent, std::string &Out, std::string &Edges,
                 unsigned Indent) {
  std::string Pad(Indent, ' ');
  std::string First;
  for (const Loop &L : G.Loops) {
    std::string Id = quoted(Prefix + L.Index);
    Out += Pad + Id + " [label=" + quoted(L.Index) +
           (L.isCompressed() ? ", style=bold" : "") + "];\n";
    if (!Parent.empty())
      Edges += "  " + Parent + " -> " + Id + ";\n";
    if (First.empty())
      First = Id;
    Parent = Id;
  }
  if (G.Statement) {
    std::string Id = quoted(Prefix + "stmt");
    Out += Pad + Id + " [shape=box, label=" + quoted(toString(*G.Statement)) +
           "];\n";
    if (!Parent.empty())
      Edges += "  " + Parent + " -> " + Id + ";\n";
    return First.empty() ? Id : First;
  }
  const char *Names[] = {"producer", "consumer"};
  std::string Heads[2];
  for (int B = 0; B < 2; ++B) {
    Out += Pad + "subgraph " + quoted("cluster_" + Prefix + Names[B]) + " {\n" +
           Pad + "  label=" + quoted(Names[B]) + ";\n";
    Heads[B] = emit(G.Branches[B], Prefix + Names[B] + ".", Parent, Out, Edges,
                    Indent + 2);
    Out += Pad + "}\n";
  }
  Access Temp{G.Temp->Name, G.Temp->Indices};
  Edges += "  " + Heads[0] + " -> " + Heads[1] +
           " [style=dashed, constraint=false, label=" + quoted(toString(Temp)) +
           "];\n";
  return First.empty() ? Heads[0] : First;
}

} // namespace

std::string toDot(const Kernel &K, const std::string &GraphName) {
  std::string Out = "digraph " + quoted(GraphName) + " {\n";
  Out += "  label=" + quoted(toString(K.Stmt)) + ";\n";
  for (const Loop &L : K.Loops)
    Out += "  " + quoted(L.Index) + (L.isCompressed() ? " [style=bold]" : "") +
           ";\n";
  std::vector<Access> Accesses{K.Stmt.Lhs};
  Accesses.insert(Accesses.end(), K.Stmt.Factors.begin(), K.Stmt.Factors.end());
  for (const Access &A : Accesses) {
    const Tensor *T = K.findTensor(A.Tensor);
    for (size_t I = 1; I < A.Indices.size(); ++I) {
      bool Hard = T && walksPositions(T->Levels[I]);
      Out += "  " + quoted(A.Indices[I - 1]) + " -> " + quoted(A.Indices[I]) +
             " [label=" + quoted(A.Tensor + std::to_string(I)) +
             (Hard ? ", style=bold" : "") + "];\n";
    }
  }
  return Out + "}\n";
}

std::string toDot(const BranchedGraph &G, const std::string &GraphName) {
  std::string Out = "digraph " + quoted(GraphName) + " {\n", Edges;
  emit(G, "", "", Out, Edges, 2);
  return Out + Edges + "}\n";
}

} // namespace lnr::ir
