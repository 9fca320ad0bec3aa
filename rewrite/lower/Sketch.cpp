//===- Sketch.cpp ---------------------------------------------------------===//

#include "rewrite/lower/Sketch.h"

namespace lnr::lower {
namespace {

const char *runs(Execution E) {
  switch (E) {
  case Execution::Serial:
    return "";
  case Execution::ParallelFor:
    return "parallel ";
  case Execution::WorkShared:
    return "work-shared ";
  case Execution::Simd:
    return "simd ";
  }
  return "";
}

std::string loopLine(const Node &N) {
  std::string Prefix = runs(N.runs());
  if (!N.Index.empty())
    return Prefix + "for " + N.Index + (N.Compressed ? " (compressed)" : "");
  if (N.Header.fromSource()) // the file's own header, 'for' and all
    return Prefix + N.Header.Source.str();
  return Prefix + "for (" + N.Header.Init.str() + "; " +
         N.Header.Condition.str() + "; " + N.Header.Step.str() + ")";
}

std::string declarationLine(const Declaration &D) {
  std::string Out = D.Type.str() + (D.Pointer ? " *" : " ") + D.Name;
  if (!D.ArraySize.empty())
    Out += "[" + D.ArraySize.str() + "]";
  if (!D.Init.empty())
    Out += " = " + D.Init.str();
  return Out;
}

void sketchNodes(const Nodes &Tree, unsigned Depth, std::string &Out);

void sketchNode(const Node &N, unsigned Depth, std::string &Out) {
  std::string Pad(2 * Depth, ' ');
  switch (N.K) {
  case Node::Kind::Statement:
    Out += Pad + N.Text.str() + "\n";
    return;
  case Node::Kind::Declaration:
    Out += Pad + declarationLine(N.Decl) + "\n";
    return;
  case Node::Kind::Loop:
    Out += Pad + loopLine(N) + "\n";
    sketchNodes(N.Body, Depth + 1, Out);
    return;
  case Node::Kind::If:
    Out += Pad + "if (" + N.Text.str() + ")\n";
    sketchNodes(N.Body, Depth + 1, Out);
    if (N.HasElse) {
      Out += Pad + "else\n";
      sketchNodes(N.Else, Depth + 1, Out);
    }
    return;
  case Node::Kind::Block:
    Out += Pad + (N.Directive.empty() ? "block" : "parallel region") + "\n";
    sketchNodes(N.Body, Depth + 1, Out);
    return;
  case Node::Kind::Directive:
    Out +=
        Pad + (N.Directive.empty() ? N.Text.str() : N.Directive.line()) + "\n";
    return;
  case Node::Kind::Comment:
    return; // what the comments say, --explain says as facts
  case Node::Kind::Verbatim:
    Out += Pad + "the original nest\n";
    return;
  }
}

void sketchNodes(const Nodes &Tree, unsigned Depth, std::string &Out) {
  for (const Node &N : Tree)
    sketchNode(N, Depth, Out);
}

} // namespace

std::string sketch(const Nodes &Tree, unsigned Indent) {
  std::string Out;
  sketchNodes(Tree, Indent, Out);
  return Out;
}

} // namespace lnr::lower
