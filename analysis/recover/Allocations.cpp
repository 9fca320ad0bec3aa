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

const VarDecl *rootVariable(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    // An element of an array held by value ('cfg.scale[0]', a struct's
    // array member): the variable's own storage.
    if (const auto *A = dyn_cast<ArraySubscriptExpr>(E)) {
      const Expr *Base = A->getBase()->IgnoreParenImpCasts();
      if (!Base->getType()->isArrayType())
        break;
      E = Base;
      continue;
    }
    const auto *M = dyn_cast<MemberExpr>(E);
    if (!M || M->isArrow())
      break;
    E = M->getBase();
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
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
