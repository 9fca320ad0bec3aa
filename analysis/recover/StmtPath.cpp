//===- StmtPath.cpp -------------------------------------------------------===//

#include "analysis/recover/StmtPath.h"

namespace lnr::recover {

std::vector<const clang::Stmt *> pathTo(const clang::Stmt *Root,
                                        const clang::Stmt *Target) {
  // Depth-first with an explicit stack of (statement, next child) so that
  // a deep body cannot overflow the call stack.
  struct Frame {
    const clang::Stmt *S;
    clang::Stmt::const_child_iterator Next, End;
  };
  if (!Root || !Target)
    return {};
  std::vector<Frame> Stack;
  auto Push = [&](const clang::Stmt *S) {
    Stack.push_back({S, S->child_begin(), S->child_end()});
  };
  Push(Root);
  while (!Stack.empty()) {
    Frame &Top = Stack.back();
    if (Top.S == Target) {
      std::vector<const clang::Stmt *> Path;
      for (const Frame &F : Stack)
        Path.push_back(F.S);
      return Path;
    }
    if (Top.Next == Top.End) {
      Stack.pop_back();
      continue;
    }
    const clang::Stmt *Child = *Top.Next++;
    if (Child)
      Push(Child);
  }
  return {};
}

const clang::Stmt *parentWithin(const clang::Stmt *Root, const clang::Stmt *S) {
  std::vector<const clang::Stmt *> Path = pathTo(Root, S);
  return Path.size() >= 2 ? Path[Path.size() - 2] : nullptr;
}

} // namespace lnr::recover
