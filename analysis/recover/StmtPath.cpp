//===- StmtPath.cpp -------------------------------------------------------===//

#include "analysis/recover/StmtPath.h"

namespace lnr::recover {

std::vector<const clang::Stmt *> pathTo(const clang::Stmt *Root,
                                        const clang::Stmt *Target) {
  // Depth-first with an explicit stack of (statement, next child) so that
  // a deep body cannot overflow the call stack.
  // An OpenMP region's statement is not among its capture's children (the
  // captured values are): it is the one child walked.
  struct Frame {
    const clang::Stmt *S;
    clang::Stmt::const_child_iterator Next, End;
    const clang::Stmt *Captured;
  };
  if (!Root || !Target)
    return {};
  std::vector<Frame> Stack;
  auto Push = [&](const clang::Stmt *S) {
    if (const auto *C = llvm::dyn_cast<clang::CapturedStmt>(S))
      Stack.push_back(
          {S, S->child_end(), S->child_end(), C->getCapturedStmt()});
    else
      Stack.push_back({S, S->child_begin(), S->child_end(), nullptr});
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
    if (const clang::Stmt *Captured = Top.Captured) {
      Top.Captured = nullptr;
      Push(Captured);
      continue;
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
