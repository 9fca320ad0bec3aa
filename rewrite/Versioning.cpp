//===- Versioning.cpp -----------------------------------------------------===//

#include "rewrite/Versioning.h"
#include "rewrite/FallbackCopy.h"
#include "rewrite/TreeBuilders.h"

namespace lnr::rewrite {

using lower::code;
using lower::Node;
using lower::Nodes;

namespace {

/// The checks, then the rewrite when they pass and the original nest when
/// they fail, or when an allocation of the rewrite fails (which clears the
/// same flag). One copy of the original nest, whatever makes it run.
Nodes checked(Versioning &V, const NestSource &S) {
  OverlapTest &Checks = *V.Checks;
  FallbackReason Why = V.ChecksMore  ? FallbackReason::Check
                       : V.Allocates ? FallbackReason::Either
                                     : FallbackReason::Overlap;
  Nodes Out = std::move(Checks.Statements);
  if (V.Allocates) {
    Out.push_back(Node::ifThen(code(Checks.Flag), std::move(V.Rewrite)));
    Out.push_back(Node::ifThen(code("!" + Checks.Flag), fallbackCopy(Why, S)));
  } else {
    Out.push_back(Node::ifElse(code(Checks.Flag), std::move(V.Rewrite),
                               fallbackCopy(Why, S)));
  }
  // C89: the checks' declarations open a block after the scans.
  if (V.Facts.DeclarationsFirst)
    Out = lower::nodes(Node::block(std::move(Out)));
  return Out;
}

/// The rewrite, then the original nest when a temporary of it could not
/// be allocated.
Nodes allocated(Versioning &V, const NestSource &S) {
  Nodes Out = lower::nodes(declare("int", V.Facts.AllocatedFlag, "1"));
  append(Out, std::move(V.Rewrite));
  Out.push_back(Node::ifThen(code("!" + V.Facts.AllocatedFlag),
                             fallbackCopy(FallbackReason::Memory, S)));
  // C89: the flag's declaration opens a block after the scans.
  if (V.Facts.DeclarationsFirst && !V.Scans.empty())
    Out = lower::nodes(Node::block(std::move(Out)));
  return Out;
}

} // namespace

Nodes versioned(Versioning V, const NestSource &S) {
  bool Fallback = V.Checks || V.Allocates;
  Nodes Out = V.Checks      ? checked(V, S)
              : V.Allocates ? allocated(V, S)
                            : std::move(V.Rewrite);
  // C89: the choice's declarations of its costs open a block after the
  // scans (checked and allocated put them where a block starts).
  if (V.Choice && !Fallback && V.Facts.DeclarationsFirst && !V.Scans.empty())
    Out = lower::nodes(Node::block(std::move(Out)));
  if (V.Choice || Fallback) {
    // One block: the scans' and the flags' variables are local to it, and
    // the 'else' cannot pair with an 'if' around the nest.
    Nodes Body = std::move(V.Scans);
    append(Body, std::move(Out));
    Out = lower::nodes(Node::block(std::move(Body)));
  }
  // Locals the rewrite reads in place, left unused without a fallback copy
  // of the nest; a statement after the nest is valid in C89 too.
  if (!Fallback)
    for (const std::string &Name : S.ReadInPlace)
      Out.push_back(statement("(void)" + Name + ";"));
  if (!V.Summary.empty()) {
    // Inside the block that an 'if' without braces gets as its body, so
    // that its brace stays on the 'if' line.
    Nodes &Head = S.Substatement && Out.size() == 1 &&
                          Out.front().K == Node::Kind::Block &&
                          Out.front().Directive.empty()
                      ? Out.front().Body
                      : Out;
    Head.insert(Head.begin(), Node::comment(std::move(V.Summary)));
  }
  return Out;
}

} // namespace lnr::rewrite
