//===- Allocations.cpp ----------------------------------------------------===//

#include "analysis/recover/Allocations.h"

#include "clang/AST/Decl.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace lnr::recover {

const VarDecl *namedVariable(const Expr *E) {
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenCasts()))
    return dyn_cast<VarDecl>(Ref->getDecl());
  return nullptr;
}

StringRef calleeName(const Expr *E) {
  const auto *Call = dyn_cast<CallExpr>(E->IgnoreParenCasts());
  const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
  return F && F->getIdentifier() ? F->getName() : "";
}

StringRef allocatorCalled(const Expr *E) {
  StringRef Name = calleeName(E);
  return llvm::StringSwitch<bool>(Name)
                 .Cases("malloc", "calloc", "realloc", "aligned_alloc", true)
                 .Default(false)
             ? Name
             : "";
}

} // namespace lnr::recover
