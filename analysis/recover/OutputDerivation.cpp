//===- OutputDerivation.cpp -----------------------------------------------===//
//
// Tainted starts as {output}. Every initialization or assignment whose right
// side mentions a tainted variable (and has a type that can hold a pointer)
// taints the root variable of its left side: s for s.p, ps for ps[0], G for a
// global, p for *p. The right side of an assignment to the output itself is
// tainted too (`A = E0 + off` makes E0 share its memory). The output
// escapes when a tainted variable's own storage has its address taken, when
// a tainted value is passed to a call (but memset, memcpy, memmove, free and
// the builtins, which keep no pointer), or stored anywhere but in a local's
// own storage (through a pointer, in a global or static): then any pointer
// read from memory, or any variable not left as the caller passed it, may
// be based on the output. Iterated to a fixed point.
//
//===----------------------------------------------------------------------===//

#include "analysis/recover/OutputDerivation.h"
#include "analysis/recover/Allocations.h"
#include "analysis/recover/StmtPath.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSwitch.h"

#include <vector>

#include <functional>

using namespace clang;

namespace lnr::recover {

namespace {

/// The variable whose storage an lvalue is part of (s for s.p, ps for
/// ps[0]); Indirect when the lvalue is reached through a pointer (*p, p->f,
/// p[i] with p a pointer), whose root is then the pointer's. Null when
/// there is no variable (a call's result).
const VarDecl *lvalueRoot(const Expr *E, bool &Indirect);

const VarDecl *pointerRoot(const Expr *E, bool &Indirect) {
  E = E->IgnoreParenCasts();
  if (const auto *B = dyn_cast<BinaryOperator>(E);
      B && (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub))
    return pointerRoot(B->getLHS()->getType()->isPointerType() ? B->getLHS()
                                                               : B->getRHS(),
                       Indirect);
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_AddrOf)
    return lvalueRoot(U->getSubExpr(), Indirect);
  return lvalueRoot(E, Indirect);
}

const VarDecl *lvalueRoot(const Expr *E, bool &Indirect) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    return dyn_cast<VarDecl>(Ref->getDecl());
  if (const auto *M = dyn_cast<MemberExpr>(E)) {
    if (M->isArrow()) {
      Indirect = true;
      return pointerRoot(M->getBase(), Indirect);
    }
    return lvalueRoot(M->getBase(), Indirect);
  }
  if (const auto *A = dyn_cast<ArraySubscriptExpr>(E)) {
    const Expr *Base = A->getBase()->IgnoreParens();
    if (const auto *Decay = dyn_cast<ImplicitCastExpr>(Base);
        Decay && Decay->getCastKind() == CK_ArrayToPointerDecay)
      return lvalueRoot(Decay->getSubExpr(), Indirect);
    Indirect = true;
    return pointerRoot(Base, Indirect);
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_Deref) {
    Indirect = true;
    return pointerRoot(U->getSubExpr(), Indirect);
  }
  if (const auto *C = dyn_cast<CStyleCastExpr>(E))
    return lvalueRoot(C->getSubExpr(), Indirect);
  Indirect = true;
  return nullptr;
}

/// The variables an expression mentions.
std::vector<const VarDecl *> mentioned(const Expr *E) {
  struct Finder : RecursiveASTVisitor<Finder> {
    std::vector<const VarDecl *> Found;
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
        Found.push_back(V);
      return true;
    }
  } F;
  F.TraverseStmt(const_cast<Expr *>(E));
  return F.Found;
}

/// An initialization `T V = Rhs;` or an assignment `Lhs = Rhs` (`+=`, ...).
struct Flow {
  const VarDecl *Var = nullptr; // initialized
  const Expr *Lhs = nullptr;    // assigned
  const Expr *Rhs = nullptr;
};

struct Events : RecursiveASTVisitor<Events> {
  std::vector<Flow> Flows;
  std::vector<const Expr *> Addressed, Arguments, Changed;
  bool VisitVarDecl(VarDecl *V) {
    if (const Expr *Init = V->getInit())
      Flows.push_back({V, nullptr, Init});
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp()) {
      Flows.push_back({nullptr, B->getLHS(), B->getRHS()});
      Changed.push_back(B->getLHS());
    }
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_AddrOf)
      Addressed.push_back(U->getSubExpr());
    if (U->getOpcode() == UO_AddrOf || U->isIncrementDecrementOp())
      Changed.push_back(U->getSubExpr());
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    // Calls that read or write the elements and keep no pointer.
    if (const FunctionDecl *F = C->getDirectCallee())
      if (const IdentifierInfo *Name = F->getIdentifier())
        if (Name->getName().startswith("__builtin_") ||
            llvm::StringSwitch<bool>(Name->getName())
                .Cases("memset", "memcpy", "memmove", "free", true)
                .Default(false))
          return true;
    for (const Expr *Arg : C->arguments())
      Arguments.push_back(Arg);
    return true;
  }
};

/// Whether a value of type T can hold a pointer (an int narrower than a
/// pointer cannot).
bool canHoldPointer(QualType T, const ASTContext &Ctx) {
  T = T.getCanonicalType();
  if (T->isIntegerType())
    return Ctx.getTypeSize(T) >= Ctx.getTypeSize(Ctx.VoidPtrTy);
  return T->isPointerType() || T->isArrayType() || T->isRecordType();
}

/// Where the nest is in the function: the loops around it, which may run
/// it again after an escape, and whether a goto may jump back to it.
struct NestPlace {
  const Stmt *Nest = nullptr;
  std::vector<SourceRange> Repeating;
  bool Jumps = false;

  NestPlace(const Stmt *Body, const Stmt *Nest) : Nest(Nest) {
    if (!Nest || !Body)
      return;
    struct Gotos : RecursiveASTVisitor<Gotos> {
      bool Found = false;
      bool VisitGotoStmt(GotoStmt *) { return !(Found = true); }
      bool VisitIndirectGotoStmt(IndirectGotoStmt *) { return !(Found = true); }
    } G;
    G.TraverseStmt(const_cast<Stmt *>(Body));
    Jumps = G.Found;
    // The statements between the body and the nest, nearest first.
    std::vector<const Stmt *> Path = pathTo(Body, Nest);
    for (size_t I = Path.size(); I > 2; --I) {
      const Stmt *P = Path[I - 2];
      if (isa<ForStmt>(P) || isa<WhileStmt>(P) || isa<DoStmt>(P))
        Repeating.push_back(P->getSourceRange());
    }
  }

  /// Whether Where is after the nest, and no loop around the nest repeats
  /// it before the nest runs again.
  bool after(SourceLocation Where, const SourceManager &SM) const {
    if (!Nest || Jumps || Where.isInvalid())
      return false;
    Where = SM.getExpansionLoc(Where);
    SourceLocation End = SM.getExpansionRange(Nest->getEndLoc()).getEnd();
    if (!SM.isBeforeInTranslationUnit(End, Where))
      return false;
    for (SourceRange R : Repeating)
      if (!SM.isBeforeInTranslationUnit(
              Where, SM.getExpansionRange(R.getBegin()).getBegin()) &&
          !SM.isBeforeInTranslationUnit(
              SM.getExpansionRange(R.getEnd()).getEnd(), Where))
        return false;
    return true;
  }
};

/// Whether E names a variable of Vars.
bool mentionsAny(const Expr *E, const std::set<const VarDecl *> &Vars) {
  for (const VarDecl *V : mentioned(E))
    if (Vars.count(V))
      return true;
  return false;
}

/// Adds to Tainted, until none is left to add, the variables that a flow
/// may set to a pointer based on one of them (or that set Output itself),
/// and calls Escape where such a pointer is stored in memory other than a
/// local's own.
void taintFlows(const VarDecl *Output, const std::vector<Flow> &Flows,
                const ASTContext &Ctx, std::set<const VarDecl *> &Tainted,
                const std::function<void(SourceLocation)> &Escape) {
  for (bool Grew = true; Grew;) {
    Grew = false;
    auto Taint = [&](const VarDecl *V) {
      if (V && canHoldPointer(V->getType(), Ctx) && Tainted.insert(V).second)
        Grew = true;
    };
    for (const Flow &F : Flows) {
      bool Indirect = false;
      const VarDecl *Root = F.Var ? F.Var : lvalueRoot(F.Lhs, Indirect);
      // Setting the output itself (not its elements): what it is set from
      // shares its memory.
      const auto *Whole =
          F.Lhs ? dyn_cast<DeclRefExpr>(F.Lhs->IgnoreParenImpCasts()) : nullptr;
      // Memory just allocated is its own: what its size mentions is not.
      StringRef Allocator = allocatorCalled(F.Rhs);
      if (Root == Output && (F.Var || Whole) &&
          (Allocator.empty() || Allocator == "realloc"))
        for (const VarDecl *V : mentioned(F.Rhs))
          Taint(V);
      if (!canHoldPointer(F.Rhs->getType(), Ctx) ||
          !mentionsAny(F.Rhs, Tainted))
        continue;
      Taint(Root);
      if (!Root || Indirect || !Root->hasLocalStorage() ||
          Root->isStaticLocal())
        Escape(F.Rhs->getBeginLoc());
    }
  }
}

} // namespace

OutputDerivation::OutputDerivation(const VarDecl *Output, const Stmt *Body,
                                   ASTContext &Ctx, const Stmt *Nest) {
  const SourceManager &SM = Ctx.getSourceManager();
  const NestPlace Place(Body, Nest);
  auto Escape = [&](SourceLocation Where) {
    if (EscapeAt.isInvalid() && !Place.after(Where, SM))
      EscapeAt = Where;
  };
  Tainted.insert(Output);
  Events E;
  if (Body)
    E.TraverseStmt(const_cast<Stmt *>(Body));
  for (const Expr *L : E.Changed) {
    bool Indirect = false;
    if (const VarDecl *V = lvalueRoot(L, Indirect); V && !Indirect)
      Changed.insert(V);
  }
  taintFlows(Output, E.Flows, Ctx, Tainted, Escape);
  for (const Expr *Operand : E.Addressed) {
    bool Indirect = false;
    const VarDecl *V = lvalueRoot(Operand, Indirect);
    if (V && !Indirect && Tainted.count(V))
      Escape(Operand->getBeginLoc());
  }
  for (const Expr *Arg : E.Arguments)
    if (canHoldPointer(Arg->IgnoreParenImpCasts()->getType(), Ctx) &&
        mentionsAny(Arg, Tainted))
      Escape(Arg->getBeginLoc());
}

OutputDerivation::Basis OutputDerivation::of(const Expr *Base) const {
  Base = Base->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Base))
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl())) {
      if (Tainted.count(V))
        return Basis::Derived;
      // A local array is memory of its own; a parameter left as passed
      // held its value before the function could take the output's.
      bool Apart = (V->getType()->isArrayType() && V->hasLocalStorage()) ||
                   (isa<ParmVarDecl>(V) && !Changed.count(V));
      return EscapeAt.isValid() && !Apart ? Basis::Escaped : Basis::Independent;
    }
  // A pointer read from memory (s.p, *pp): from a tainted variable, or, once
  // the output escaped, from anywhere.
  for (const VarDecl *V : mentioned(Base))
    if (Tainted.count(V))
      return Basis::Derived;
  return EscapeAt.isValid() ? Basis::Escaped : Basis::Independent;
}

} // namespace lnr::recover
