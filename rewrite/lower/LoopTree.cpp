//===- LoopTree.cpp -------------------------------------------------------===//

#include "rewrite/lower/LoopTree.h"

namespace lnr::lower {

Node Node::statement(Code Text) {
  Node N;
  N.K = Kind::Statement;
  N.Text = std::move(Text);
  return N;
}

Node Node::declaration(Declaration D) {
  Node N;
  N.K = Kind::Declaration;
  N.Decl = std::move(D);
  return N;
}

Node Node::loop(LoopHeader H, Nodes Body) {
  Node N;
  N.K = Kind::Loop;
  N.Header = std::move(H);
  N.Body = std::move(Body);
  return N;
}

Node Node::sourceLoop(Code Header, Nodes Body) {
  LoopHeader H;
  H.Source = std::move(Header);
  return loop(std::move(H), std::move(Body));
}

Node Node::rangeLoop(Code Init, Code Condition, Code Step, Nodes Body) {
  LoopHeader H;
  H.Init = std::move(Init);
  H.Condition = std::move(Condition);
  H.Step = std::move(Step);
  return loop(std::move(H), std::move(Body));
}

Node Node::ifThen(Code Condition, Nodes Then) {
  Node N;
  N.K = Kind::If;
  N.Text = std::move(Condition);
  N.Body = std::move(Then);
  return N;
}

Node Node::ifElse(Code Condition, Nodes Then, Nodes Else) {
  Node N = ifThen(std::move(Condition), std::move(Then));
  N.Else = std::move(Else);
  N.HasElse = true;
  return N;
}

Node Node::block(Nodes Body) {
  Node N;
  N.K = Kind::Block;
  N.Body = std::move(Body);
  return N;
}

Node Node::directive(Code Line) {
  Node N;
  N.K = Kind::Directive;
  N.Text = std::move(Line);
  return N;
}

Node Node::directive(OmpDirective D) {
  Node N;
  N.K = Kind::Directive;
  N.Directive = std::move(D);
  return N;
}

Execution Node::runs() const {
  switch (Directive.Is) {
  case OmpDirective::Construct::Parallel:
  case OmpDirective::Construct::ParallelFor:
    return Execution::ParallelFor;
  case OmpDirective::Construct::For:
    return Execution::WorkShared;
  case OmpDirective::Construct::Simd:
    return Execution::Simd;
  default:
    return Execution::Serial;
  }
}

Node Node::comment(std::string Words) {
  Node N;
  N.K = Kind::Comment;
  N.Raw = std::move(Words);
  return N;
}

Node Node::verbatim(std::string Text) {
  Node N;
  N.K = Kind::Verbatim;
  N.Raw = std::move(Text);
  return N;
}

Node declare(const std::string &Type, const std::string &Name,
             const std::string &Init) {
  Declaration D;
  D.Type = code(Type);
  D.Name = Name;
  D.Init = code(Init);
  return Node::declaration(std::move(D));
}

void append(Nodes &To, Nodes More) {
  for (Node &N : More)
    To.push_back(std::move(N));
}

void forEach(const Nodes &Tree, const std::function<void(const Node &)> &F) {
  for (const Node &N : Tree) {
    F(N);
    forEach(N.Body, F);
    forEach(N.Else, F);
  }
}

void forEach(Nodes &Tree, const std::function<void(Node &)> &F) {
  for (Node &N : Tree) {
    F(N);
    forEach(N.Body, F);
    forEach(N.Else, F);
  }
}

bool mentions(const Node &N, const std::string &Name) {
  if (N.Text.mentions(Name) || N.Header.Source.mentions(Name) ||
      N.Header.Init.mentions(Name) || N.Header.Condition.mentions(Name) ||
      N.Header.Step.mentions(Name) || N.Decl.Type.mentions(Name) ||
      N.Decl.Name == Name || N.Decl.ArraySize.mentions(Name) ||
      N.Decl.Init.mentions(Name))
    return true;
  return mentions(N.Body, Name) || mentions(N.Else, Name);
}

bool mentions(const Nodes &Tree, const std::string &Name) {
  for (const Node &N : Tree)
    if (mentions(N, Name))
      return true;
  return false;
}

bool opensRegion(const Nodes &Tree) {
  bool Opens = false;
  forEach(Tree, [&](const Node &N) {
    Opens = Opens || N.Directive.opensRegion() ||
            N.Directive.Is == OmpDirective::Construct::Barrier;
  });
  return Opens;
}

} // namespace lnr::lower
