//===- ValueLocals.cpp ---------------------------------------------------===//
//
// Locals that only name values, as hand-written kernels use them:
// `double v = vals[p];`, `double b = B[j * K + k];`, SSA-style temporaries
// (`t2 = a * b; t3 = t2 * c; A[..] += t3;`), and row pointers and dense
// positions assigned in the loop (C89: `const double *Ci; ... Ci = C + i *
// K;`, `kA = i * K + k;`). Each use reads
// as the local's value: a value local's factors are read in its place, and
// a pointer's use is written out as its value ("(C + i * K)[k]"), so the
// rewrite, which writes its own loops, needs neither the declaration nor
// the assignment.
//
// Substituting is exact when the value is the same wherever it is read: the
// local is set once per iteration of its loop, before any use, and never
// changed; its value reads only the nest's inputs (the output is neither a
// factor nor, proved or tested at run time, overlapping one), with no side
// effect; and its type is the type of its value (a `float` holding a
// `double` product would round where the substituted product does not).
//
//===----------------------------------------------------------------------===//

#include "analysis/recover/NestWalk.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <algorithm>

using namespace clang;

namespace lnr::recover::detail {

const BinaryOperator *NestWalk::localAssignment(const Stmt *S) const {
  const auto *B = dyn_cast<BinaryOperator>(S);
  if (!B || B->getOpcode() != BO_Assign)
    return nullptr;
  const VarDecl *V = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParens())
                         ? asVar(B->getLHS())
                         : nullptr;
  if (!V || !V->hasLocalStorage() || loopOf(V) || coordinateLoop(V) ||
      V == Accumulator || V == Counter)
    return nullptr;
  QualType T = V->getType();
  return T->isPointerType() || T->isRealFloatingType() || T->isIntegerType()
             ? B
             : nullptr;
}

bool NestWalk::readValueLocal(const VarDecl *V, const Expr *Value,
                              const Stmt *Where, const LoopFact &Owner) {
  std::string Name = "'" + V->getName().str() + "'";
  SourceLocation Loc = Where->getBeginLoc();
  const Stmt *Nest = Loops.front().For;
  const auto *Assignment = dyn_cast<BinaryOperator>(Where);
  if (V->getType().isVolatileQualified())
    return refuse(rule::SideEffect,
                  Name + " is volatile: each of its reads is observable", Loc);
  if (Value->HasSideEffects(Ctx) || readsVolatile(Value))
    return refuse(rule::SideEffect,
                  "the value of " + Name +
                      " has a side effect, which its uses would repeat",
                  Loc);
  if (references(Value, V))
    return refuse(rule::UnsupportedStatement,
                  Name + " is set from its own previous value", Loc);
  // `double t = 0; ... t = a * b;` (ATL's style): a constant first value,
  // replaced before it is read; the assignment is the local's value.
  Expr::EvalResult Constant;
  bool DeclaredInNest =
      SM.isBeforeInTranslationUnit(Nest->getBeginLoc(), V->getLocation());
  if (!Assignment && isChangedIn(V, Nest) &&
      Value->EvaluateAsRValue(Constant, Ctx))
    return true;
  if (isChangedIn(V, Nest, Assignment))
    return refuse(rule::UnsupportedStatement,
                  Name + " is changed in the nest after it is set; only "
                         "locals set once per iteration are read as values",
                  Loc);
  if (!Ctx.hasSameUnqualifiedType(V->getType(),
                                  Value->IgnoreParenImpCasts()->getType()))
    return refuse(rule::MixedTypes,
                  Name + " is '" + typeName(V->getType()) + "' and holds a '" +
                      typeName(Value->IgnoreParenImpCasts()->getType()) +
                      "' value; read in its place, the value would not be "
                      "converted",
                  Loc);
  if (Assignment) {
    // Declared before the nest: every use must follow the assignment, or
    // it reads the previous iteration's value.
    struct Uses : RecursiveASTVisitor<Uses> {
      const VarDecl *V;
      std::vector<SourceLocation> Found;
      bool VisitDeclRefExpr(DeclRefExpr *Ref) {
        if (Ref->getDecl() == V)
          Found.push_back(Ref->getBeginLoc());
        return true;
      }
    } U;
    U.V = V;
    U.TraverseStmt(const_cast<Stmt *>(Nest));
    for (SourceLocation Use : U.Found)
      if (SM.isBeforeInTranslationUnit(Use, Loc))
        return refuse(rule::UnsupportedStatement,
                      Name + " is read in the nest before it is assigned", Use);
    if (!DeclaredInNest && !addOuterVariable(V, Owner.For, Loc, Loc))
      return false;
  }
  Substituted.push_back({V, Value});
  return true;
}

bool NestWalk::readAssignedLocal(const BinaryOperator *B,
                                 const LoopFact &Owner) {
  const VarDecl *V = asVar(B->getLHS());
  if (text(B).empty())
    return refuse(rule::Macro, "the assignment is written inside a macro",
                  B->getBeginLoc());
  if (V->getType()->isPointerType())
    return readRowPointer(V, B->getRHS(), B, &Owner);
  // A dense position (`kA = i * K + k;`), as when it is declared.
  if (V->getType()->isIntegerType() && !readPosition(B->getRHS()))
    return false;
  return readValueLocal(V, B->getRHS(), B, Owner);
}

std::string NestWalk::substitutedText(const Expr *E) const {
  // The uses of substituted locals in E, in source order.
  struct Uses : RecursiveASTVisitor<Uses> {
    const NestWalk &R;
    std::vector<const DeclRefExpr *> Found;
    explicit Uses(const NestWalk &R) : R(R) {}
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
          V && R.substitutedValue(V))
        Found.push_back(Ref);
      return true;
    }
  } U(*this);
  U.TraverseStmt(const_cast<Expr *>(E));
  std::string Text = text(E);
  if (U.Found.empty() || Text.empty())
    return Text;
  unsigned Begin = SM.getFileOffset(SM.getSpellingLoc(E->getBeginLoc()));
  std::sort(U.Found.begin(), U.Found.end(), [&](auto *A, auto *B) {
    return SM.isBeforeInTranslationUnit(B->getBeginLoc(), A->getBeginLoc());
  });
  for (const DeclRefExpr *Ref : U.Found) {
    // A use inside a macro cannot be located in the text.
    if (!Ref->getBeginLoc().isFileID())
      return "";
    unsigned At = SM.getFileOffset(Ref->getBeginLoc()) - Begin;
    unsigned Length = Ref->getDecl()->getName().size();
    std::string Value =
        substitutedText(substitutedValue(cast<VarDecl>(Ref->getDecl())));
    if (Value.empty() || At + Length > Text.size())
      return "";
    Text.replace(At, Length, "(" + Value + ")");
  }
  return Text;
}

} // namespace lnr::recover::detail
