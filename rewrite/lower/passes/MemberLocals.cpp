//===- MemberLocals.cpp ---------------------------------------------------===//

#include "rewrite/lower/passes/MemberLocals.h"

#include <vector>

namespace lnr::lower {
namespace {

/// The leaves of N that hold code (not its directive, which names no
/// array, nor the file's verbatim text).
std::vector<Code *> codeOf(Node &N) {
  return {&N.Text,          &N.Decl.Init,   &N.Decl.ArraySize,
          &N.Header.Source, &N.Header.Init, &N.Header.Condition,
          &N.Header.Step};
}

/// Whether a leaf of Tree names Member whole ('B->val', not inside
/// 's->B->val').
bool namesWhole(Nodes &Tree, const Code &Member) {
  bool Found = false;
  forEach(Tree, [&](Node &N) {
    for (Code *C : codeOf(N))
      Found =
          Found || (!C->empty() && C->replace(Member, code("0"), true) != *C);
  });
  return Found;
}

} // namespace

void readMembersOnce(Context &C, Nodes &Tree) {
  // Only under the run-time overlap test, which runs the tree only when
  // every loop runs at least once: the original then reads each member
  // too. Without it ('restrict', --assume-no-alias) the original may read
  // none ('n == 0' with 'B' null), and neither may the rewrite.
  if (!C.S.Overlap.Needed)
    return;
  Nodes Declarations;
  for (const MemberArray &M : C.S.MemberArrays) {
    Code Member = code(M.Text);
    if (!namesWhole(Tree, Member))
      continue;
    std::string Name = C.Names.pick(M.Text);
    Code Local = code(Name);
    forEach(Tree, [&](Node &N) {
      for (Code *Leaf : codeOf(N))
        if (!Leaf->empty())
          *Leaf = Leaf->replace(Member, Local, /*WholeOperand=*/true);
    });
    // 'const double *const', 'dptr const': the pointer does not change.
    bool Star = !M.Type.empty() && M.Type.back() == '*';
    Declarations.push_back(
        declare(M.Type + (Star ? "const" : " const"), Name, M.Text));
  }
  if (Declarations.empty())
    return;
  // Declarations first in a block of their own: C89's rule, and where the
  // nest was an 'if''s body, one statement still.
  append(Declarations, std::move(Tree));
  Tree = nodes(Node::block(std::move(Declarations)));
}

} // namespace lnr::lower
