//===- Liveness.cpp ------------------------------------------------------===//
//
// Variables the nest writes that are declared outside it (C89 loop
// variables and coordinates): they must be dead after the nest, and private
// to the threads of an OpenMP directive on it.
//
//===----------------------------------------------------------------------===//

#include "analysis/recover/NestCompletion.h"
#include "analysis/recover/StatementNames.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"

#include <algorithm>

using namespace clang;

namespace lnr::recover::detail {

bool isChangedIn(const VarDecl *V, const Stmt *S, const Stmt *Except) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *V;
    const Stmt *Except;
    bool Changed = false;
    bool TraverseStmt(Stmt *X, DataRecursionQueue * = nullptr) {
      return X == Except || RecursiveASTVisitor::TraverseStmt(X);
    }
    bool refersToV(const Expr *E) const {
      const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      return Ref && Ref->getDecl() == V;
    }
    bool VisitBinaryOperator(BinaryOperator *B) {
      Changed |= B->isAssignmentOp() && refersToV(B->getLHS());
      return !Changed;
    }
    bool VisitUnaryOperator(UnaryOperator *U) {
      Changed |= (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf) &&
                 refersToV(U->getSubExpr());
      return !Changed;
    }
  } F;
  F.V = V;
  F.Except = Except;
  if (S)
    F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Changed;
}

bool references(const Stmt *S, const VarDecl *V) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *V;
    bool Found = false;
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      Found |= Ref->getDecl() == V;
      return !Found;
    }
  } F;
  F.V = V;
  F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Found;
}

namespace {
/// The references of one variable in a function body: whether each is a
/// plain read or write, and the statements around the nest.
struct VariableUses : RecursiveASTVisitor<VariableUses> {
  const VarDecl *V = nullptr;
  const Stmt *Nest = nullptr;
  std::vector<const Stmt *> Stack;       // the statements being traversed
  std::vector<const Stmt *> NestParents; // the nest's, outermost first
  unsigned InNest = 0, InClosure = 0;
  const Stmt *Goto = nullptr;
  const DeclRefExpr *Escape = nullptr; // outside the nest, not read or written

  bool TraverseStmt(Stmt *S, DataRecursionQueue * = nullptr) {
    if (!S)
      return true;
    bool IsNest = S == Nest;
    if (IsNest)
      NestParents = Stack;
    Stack.push_back(S);
    InNest += IsNest;
    bool Result = RecursiveASTVisitor::TraverseStmt(S);
    InNest -= IsNest;
    Stack.pop_back();
    return Result;
  }
  // Code that runs at another time: lambdas, blocks, nested functions.
  bool TraverseLambdaExpr(LambdaExpr *E) {
    ++InClosure;
    bool Result = RecursiveASTVisitor::TraverseLambdaExpr(E);
    --InClosure;
    return Result;
  }
  bool TraverseBlockExpr(BlockExpr *E) {
    ++InClosure;
    bool Result = RecursiveASTVisitor::TraverseBlockExpr(E);
    --InClosure;
    return Result;
  }
  bool TraverseFunctionDecl(FunctionDecl *D) {
    ++InClosure;
    bool Result = RecursiveASTVisitor::TraverseFunctionDecl(D);
    --InClosure;
    return Result;
  }
  bool VisitGotoStmt(GotoStmt *S) {
    Goto = Goto ? Goto : S;
    return true;
  }
  // A 'private' clause names the variable without reading or writing it.
  bool VisitOMPPrivateClause(OMPPrivateClause *) { return true; }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *S) {
    Goto = Goto ? Goto : S;
    return true;
  }

  /// The statement I levels above the top of the stack, parentheses
  /// skipped.
  const Stmt *parent(size_t &I) const {
    while (I < Stack.size() && isa<ParenExpr>(Stack[Stack.size() - 1 - I]))
      ++I;
    return I < Stack.size() ? Stack[Stack.size() - 1 - I] : nullptr;
  }
  /// An assignment's value read or discarded, not bound or addressed (C++
  /// assignments are lvalues).
  bool resultUnused(const Expr *Op, size_t I) const {
    if (!Op->isGLValue())
      return true;
    const Stmt *P = parent(++I);
    // Discarded, or tested; not returned or bound to a reference.
    if (!P || isa<CompoundStmt>(P) || isa<ForStmt>(P) || isa<IfStmt>(P) ||
        isa<WhileStmt>(P) || isa<DoStmt>(P) || isa<SwitchStmt>(P) ||
        isa<SwitchCase>(P) || isa<LabelStmt>(P))
      return true;
    if (const auto *Cast = dyn_cast<ImplicitCastExpr>(P))
      return Cast->getCastKind() == CK_LValueToRValue;
    if (const auto *Comma = dyn_cast<BinaryOperator>(P))
      return Comma->getOpcode() == BO_Comma &&
             Comma->getLHS()->IgnoreParens() == Op;
    return false;
  }
  bool plainUse(const DeclRefExpr *Ref) const {
    size_t I = 1;
    const Stmt *P = parent(I);
    if (const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(P))
      return Cast->getCastKind() == CK_LValueToRValue;
    if (const auto *B = dyn_cast_or_null<BinaryOperator>(P))
      return B->isAssignmentOp() && B->getLHS()->IgnoreParens() == Ref &&
             resultUnused(B, I);
    if (const auto *U = dyn_cast_or_null<UnaryOperator>(P))
      return U->isIncrementDecrementOp() && resultUnused(U, I);
    // An OpenMP region's capture runs the region in place.
    return P && isa<CapturedStmt>(P);
  }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (Ref->getDecl() == V && !InNest && !Escape &&
        (InClosure || !plainUse(Ref)))
      Escape = Ref;
    return true;
  }
};

/// Whether the OpenMP directive S neither reads nor writes V: V is private
/// to it, named in a 'private' clause or the variable of its loop
/// (predetermined private), and in no other clause.
bool privateIn(const Stmt *S, const VarDecl *V) {
  const auto *D = dyn_cast<OMPExecutableDirective>(S);
  if (!D)
    return false;
  auto Mentions = [&](const Stmt *X) { return references(X, V); };
  bool Private = false;
  for (const OMPClause *C : D->clauses()) {
    bool Named = false;
    for (const Stmt *Child : const_cast<OMPClause *>(C)->children())
      Named |= Child && Mentions(Child);
    if (Named && !isa<OMPPrivateClause>(C))
      return false;
    Private |= Named;
  }
  if (const auto *Loop = dyn_cast<OMPLoopDirective>(D))
    if (const auto *For = dyn_cast<ForStmt>(
            Loop->getInnermostCapturedStmt()->getCapturedStmt()))
      if (const auto *Init = dyn_cast_or_null<BinaryOperator>(For->getInit()))
        if (const auto *Ref =
                dyn_cast<DeclRefExpr>(Init->getLHS()->IgnoreParens()))
          Private |=
              Init->getOpcode() == BO_Assign && Ref->getDecl() == V &&
              (isa<OMPParallelForDirective>(D) ||
               isa<OMPParallelForSimdDirective>(D) || isa<OMPForDirective>(D));
  return Private;
}

/// Whether S can leave the statement list it is in other than by running
/// to its end or returning ('break' or 'continue' out of S).
bool jumpsOut(const Stmt *S, bool InLoop, bool InSwitch) {
  if (!S)
    return false;
  if (isa<BreakStmt>(S))
    return !InLoop && !InSwitch;
  if (isa<ContinueStmt>(S))
    return !InLoop;
  if (isa<Expr>(S))
    return false; // statement expressions aside: those are refused above
  bool Loop = isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
              isa<CXXForRangeStmt>(S);
  bool Switch = isa<SwitchStmt>(S);
  for (const Stmt *Child : S->children())
    if (jumpsOut(Child, InLoop || Loop, InSwitch || Switch))
      return true;
  return false;
}
} // namespace

namespace {
/// What a statement does with the value a variable holds before it.
enum class Access {
  None, // neither reads it nor surely assigns it
  Kill, // assigns it before any read
  Read, // may read it
  /// A 'break' or 'continue' in it may skip an assignment of it.
  Skipped
};

/// Whether S is `v = e;`, `a = v = e;` or `for (v = e; ...)`, e not reading
/// v.
bool assignsFirst(const Stmt *S, const VarDecl *V) {
  const Stmt *Kill = S;
  if (const auto *For = dyn_cast<ForStmt>(S))
    Kill = For->getInit();
  const auto *Assign = dyn_cast_or_null<BinaryOperator>(
      isa_and_nonnull<Expr>(Kill) ? cast<Expr>(Kill)->IgnoreParens() : nullptr);
  for (; Assign && Assign->getOpcode() == BO_Assign;
       Assign =
           dyn_cast<BinaryOperator>(Assign->getRHS()->IgnoreParenImpCasts())) {
    bool Target = isa<DeclRefExpr>(Assign->getLHS()->IgnoreParens()) &&
                  asVar(Assign->getLHS()) == V;
    if (Target && !references(Assign->getRHS(), V))
      return true;
    if (references(Assign->getLHS(), V))
      break;
  }
  return false;
}

/// What S does with V's value: a block, the statements in turn; a `for`
/// loop whose header does not name V, its body (each iteration assigning
/// V before reading it reads no value from before the loop, which may not
/// run at all: C89 code's next nest, `for (i = ...) for (p = pos[i]; ...)`
/// after a nest over p); anything else naming V may read it.
Access accessOf(const Stmt *S, const VarDecl *V) {
  if (!references(S, V))
    return Access::None;
  if (assignsFirst(S, V))
    return Access::Kill;
  if (const auto *Block = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *T : Block->body()) {
      if (Access A = accessOf(T, V); A != Access::None)
        return A;
      // A 'break' or 'continue' may skip the assignment after it.
      if (jumpsOut(T, false, false))
        return Access::Skipped;
    }
    return Access::None;
  }
  const auto *For = dyn_cast<ForStmt>(S);
  if (!For || references(For->getInit(), V) || references(For->getCond(), V) ||
      references(For->getInc(), V) || !For->getBody())
    return Access::Read;
  Access Body = accessOf(For->getBody(), V);
  return Body == Access::Kill ? Access::None : Body;
}
} // namespace

bool NestCompletion::deadAfter(const OuterVariable &O, const Stmt *Nest,
                               const std::vector<const Stmt *> &Parents) {
  // From the nest outwards, the statements that follow it in each block:
  // the first to mention the variable must assign it without reading it,
  // and none before may jump past that assignment. Running off the end of
  // the function, or returning, leaves it dead too.
  std::string Name = "'" + O.Var->getName().str() + "'";
  const Stmt *Child = Nest;
  for (auto It = Parents.rbegin(); It != Parents.rend(); Child = *It++) {
    const Stmt *Parent = *It;
    if (isa<IfStmt>(Parent) || isa<SwitchStmt>(Parent) ||
        isa<SwitchCase>(Parent) || isa<LabelStmt>(Parent) ||
        isa<AttributedStmt>(Parent) || isa<CapturedStmt>(Parent))
      continue;
    // A variable each thread of the region has its own of ends with it
    // (NestCompletion::teamPrivate); a shared one is read after it.
    if (isa<OMPParallelDirective>(Parent)) {
      if (teamPrivate(O.Var))
        return true;
      continue;
    }
    const auto *Block = dyn_cast<CompoundStmt>(Parent);
    if (!Block)
      return refuse(rule::LiveInductionVariable,
                    Name + " is declared outside the nest, which is inside " +
                        statementKind(*Parent) +
                        "; it is not proved unread after the nest",
                    O.From);
    auto After = std::find(Block->body_begin(), Block->body_end(), Child);
    for (++After; After != Block->body_end(); ++After) {
      const Stmt *S = *After;
      // An OpenMP region to which it is private reads another object.
      Access A = privateIn(S, O.Var) ? Access::None : accessOf(S, O.Var);
      if (A == Access::Kill)
        return true;
      if (A == Access::None || A == Access::Skipped) {
        if (jumpsOut(S, false, false))
          return refuse(
              rule::LiveInductionVariable,
              "a 'break' or 'continue' at line " +
                  std::to_string(SM.getSpellingLineNumber(S->getBeginLoc())) +
                  " may skip the assignment of " + Name +
                  " after the nest, whose value the rewrite "
                  "changes",
              S->getBeginLoc());
        continue;
      }
      struct Finder : RecursiveASTVisitor<Finder> {
        const VarDecl *V;
        SourceLocation First;
        bool VisitDeclRefExpr(DeclRefExpr *Ref) {
          if (Ref->getDecl() == V && First.isInvalid())
            First = Ref->getBeginLoc();
          return true;
        }
      } Read;
      Read.V = O.Var;
      Read.TraverseStmt(const_cast<Stmt *>(S));
      return refuse(rule::LiveInductionVariable,
                    Name +
                        " is declared outside the nest and read after it "
                        "(line " +
                        std::to_string(SM.getSpellingLineNumber(Read.First)) +
                        ") before it is assigned again; the rewritten nest "
                        "leaves another value in it",
                    Read.First);
    }
  }
  return true;
}

bool NestCompletion::outerVariablesDead(const Stmt *Nest,
                                        const ForStmt *Outer) {
  auto LineOf = [&](SourceLocation Loc) {
    return std::to_string(SM.getSpellingLineNumber(Loc));
  };
  for (const OuterVariable &O : OuterVariables) {
    std::string Name = "'" + O.Var->getName().str() + "'";
    // Inside the nest: read only where the nest has written it.
    struct Finder : RecursiveASTVisitor<Finder> {
      const VarDecl *V;
      std::vector<SourceLocation> Uses;
      bool VisitDeclRefExpr(DeclRefExpr *Ref) {
        if (Ref->getDecl() == V)
          Uses.push_back(Ref->getBeginLoc());
        return true;
      }
    } Inside;
    Inside.V = O.Var;
    Inside.TraverseStmt(const_cast<ForStmt *>(Outer));
    SourceLocation From = SM.getExpansionLoc(O.From),
                   To = SM.getExpansionLoc(O.Scope->getEndLoc());
    for (SourceLocation Use : Inside.Uses) {
      Use = SM.getExpansionLoc(Use);
      if (SM.isBeforeInTranslationUnit(Use, From) ||
          SM.isBeforeInTranslationUnit(To, Use))
        return refuse(rule::LiveInductionVariable,
                      Name + " is declared outside the nest and read in it "
                             "before the nest assigns it",
                      Use);
    }
    // Outside: only read and written, never addressed or captured, and
    // not read after the nest before it is assigned again.
    VariableUses Uses;
    Uses.V = O.Var;
    Uses.Nest = Nest;
    Uses.TraverseStmt(const_cast<Stmt *>(FunctionBody));
    if (Uses.NestParents.empty())
      return refuse(rule::LiveInductionVariable,
                    "the nest is not found in its function; " + Name +
                        " is not proved unread after it",
                    O.From);
    if (Uses.Escape)
      return refuse(rule::LiveInductionVariable,
                    Name + " is declared outside the nest and used at line " +
                        LineOf(Uses.Escape->getBeginLoc()) +
                        " other than by reading or assigning it (its address "
                        "taken, a reference bound or a capture); the "
                        "rewrite changes its value after the nest",
                    Uses.Escape->getBeginLoc());
    if (Uses.Goto)
      return refuse(rule::LiveInductionVariable,
                    "the function holds a 'goto' (line " +
                        LineOf(Uses.Goto->getBeginLoc()) +
                        "): the rewrite changes the value of " + Name +
                        " after the nest, and it is not proved unread",
                    O.From);
    if (!deadAfter(O, Nest, Uses.NestParents))
      return false;
  }
  return true;
}

} // namespace lnr::recover::detail
