//===- CallArguments.cpp --------------------------------------------------===//

#include "analysis/recover/CallArguments.h"
#include "analysis/recover/AstQueries.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace lnr::recover::detail {
namespace {

/// The local variable whose own storage E names ('x', 's.m'), not reached
/// through a pointer or an index; null otherwise.
const VarDecl *ownStorage(const Expr *E) {
  E = E->IgnoreParens();
  while (const auto *M = dyn_cast<MemberExpr>(E)) {
    if (M->isArrow())
      return nullptr;
    E = M->getBase()->IgnoreParens();
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return V && V->hasLocalStorage() && !V->getType()->isReferenceType()
             ? V
             : nullptr;
}

/// An argument that reads no memory and calls nothing, so that evaluating
/// it before the first body gives what the second call got: constants,
/// locals the caller never lets the functions reach, and the addresses of
/// locals (which reads nothing). An argument of the first call, evaluated
/// before the first body as the call evaluates it, may read memory
/// (ReadsAllowed: '&(net->graph->matrix)'); it still calls nothing, sets
/// nothing and reads nothing volatile, since the fallback evaluates it again.
class PureArgument : public RecursiveASTVisitor<PureArgument> {
public:
  PureArgument(const std::set<const VarDecl *> &Escaped, bool ReadsAllowed)
      : Escaped(Escaped), ReadsAllowed(ReadsAllowed) {}
  bool Pure = true;
  bool TraverseStmt(Stmt *S, DataRecursionQueue * = nullptr) {
    const auto *E = dyn_cast_or_null<Expr>(S);
    if (const Expr *Place = E ? addressTaken(E) : nullptr) {
      // An address reads nothing but the pointer it is an offset from.
      Place = Place->IgnoreParens();
      while (const auto *M = dyn_cast<MemberExpr>(Place)) {
        if (M->isArrow())
          return TraverseStmt(M->getBase());
        Place = M->getBase()->IgnoreParens();
      }
      if (ownStorage(Place))
        return true;
    }
    return RecursiveASTVisitor::TraverseStmt(S);
  }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    // A reference reads the memory it is bound to, which the first body
    // may write.
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl())) {
      if (V->getType().isVolatileQualified())
        return Pure = false;
      if (!ReadsAllowed &&
          (!V->hasLocalStorage() || V->getType()->isReferenceType() ||
           (Escaped.count(V) && !V->getType()->isArrayType())))
        Pure = false;
    }
    return Pure;
  }
  bool VisitMemberExpr(MemberExpr *M) {
    if (M->getType().isVolatileQualified())
      return Pure = false;
    return Pure = ReadsAllowed || !M->isArrow();
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *Sub) {
    return Pure = ReadsAllowed && !Sub->getType().isVolatileQualified();
  }
  bool VisitCallExpr(CallExpr *) { return Pure = false; }
  bool VisitStmtExpr(StmtExpr *) { return Pure = false; }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_Deref)
      return Pure = ReadsAllowed && !U->getType().isVolatileQualified();
    return Pure = !U->isIncrementDecrementOp();
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    return Pure = !B->isAssignmentOp() && B->getOpcode() != BO_Comma;
  }

private:
  const std::set<const VarDecl *> &Escaped;
  bool ReadsAllowed;
};

/// The types of the lvalues a function's body stores into, its own locals
/// aside; Unknown where it calls a function that may store anything.
class StoredTypes : public RecursiveASTVisitor<StoredTypes> {
public:
  StoredTypes(const FunctionDecl *F, const ASTContext &Ctx) : F(F), Ctx(Ctx) {}
  std::vector<QualType> Types;
  bool Unknown = false;
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      stored(B->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      stored(U->getSubExpr());
    return true;
  }
  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    Unknown = Unknown || !Callee || !callStoresNothing(Callee, Ctx);
    return true;
  }

private:
  void stored(const Expr *E) {
    const VarDecl *V = ownStorage(E);
    if (!V || V->getDeclContext() != F)
      Types.push_back(E->getType());
  }
  const FunctionDecl *F;
  const ASTContext &Ctx;
};

/// The types of the memory an expression reads: each lvalue it loads but
/// the caller's locals whose address it never takes (a reference reads
/// the memory it is bound to).
class LoadedTypes : public RecursiveASTVisitor<LoadedTypes> {
public:
  explicit LoadedTypes(const std::set<const VarDecl *> &Escaped)
      : Escaped(Escaped) {}
  std::vector<QualType> Types;
  bool VisitImplicitCastExpr(ImplicitCastExpr *Cast) {
    if (Cast->getCastKind() != CK_LValueToRValue)
      return true;
    const Expr *Loaded = Cast->getSubExpr()->IgnoreParens();
    const VarDecl *V = asVar(Loaded);
    if (!V || !V->hasLocalStorage() || V->getType()->isReferenceType() ||
        Escaped.count(V))
      Types.push_back(inUnion(Loaded) ? QualType() : Loaded->getType());
    return true;
  }

private:
  /// Whether E is a member of a union, or of something in one: a store of
  /// another member changes it.
  static bool inUnion(const Expr *E) {
    while (const auto *M = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts())) {
      QualType Base = M->getBase()->getType();
      if (M->isArrow() && Base->isPointerType())
        Base = Base->getPointeeType();
      if (Base->isUnionType())
        return true;
      E = M->getBase();
    }
    return false;
  }
  const std::set<const VarDecl *> &Escaped;
};

} // namespace

const Expr *addressTaken(const Expr *E) {
  const auto *U = dyn_cast<UnaryOperator>(E->IgnoreParenImpCasts());
  return U && U->getOpcode() == UO_AddrOf ? U->getSubExpr() : nullptr;
}

bool pureArgument(const Expr *Arg, const std::set<const VarDecl *> &Escaped,
                  bool ReadsAllowed) {
  PureArgument Check(Escaped, ReadsAllowed);
  Check.TraverseStmt(const_cast<Expr *>(Arg));
  return Check.Pure;
}

std::optional<std::vector<QualType>> storedTypes(const FunctionDecl *F,
                                                 const ASTContext &Ctx) {
  StoredTypes Stores(F, Ctx);
  Stores.TraverseStmt(F->getBody());
  if (Stores.Unknown)
    return std::nullopt;
  return std::move(Stores.Types);
}

std::vector<QualType> loadedTypes(const Expr *E,
                                  const std::set<const VarDecl *> &Escaped) {
  LoadedTypes Loads(Escaped);
  Loads.TraverseStmt(const_cast<Expr *>(E));
  return std::move(Loads.Types);
}

} // namespace lnr::recover::detail
