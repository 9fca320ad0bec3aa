//===- BoundLocals.cpp ---------------------------------------------------===//
//
// Locals that only name a loop's bounds: `const int b = pos[i], e =
// pos[i + 1]; for (p = b; p < e; p++)` (FusedMM's `row_start, row_end`),
// or `int len = pos[i + 1] - pos[i]; for (p = 0; p < len; p++)`. Each use
// in a header stands for the local's initializer: the loop is read, and
// written back, as if the initializer were spelled there.
//
//===----------------------------------------------------------------------===//

#include "analysis/recover/NestWalk.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <cctype>

using namespace clang;

namespace lnr::recover::detail {
namespace {

/// The references to V in S.
unsigned countReferences(const Stmt *S, const VarDecl *V) {
  struct Counter : RecursiveASTVisitor<Counter> {
    const VarDecl *V;
    unsigned Count = 0;
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      Count += Ref->getDecl() == V;
      return true;
    }
  } C;
  C.V = V;
  if (S)
    C.TraverseStmt(const_cast<Stmt *>(S));
  return C.Count;
}

/// The references to V in the initializations and conditions of the
/// `for` statements in S.
unsigned countHeaderReferences(const Stmt *S, const VarDecl *V) {
  struct Counter : RecursiveASTVisitor<Counter> {
    const VarDecl *V;
    unsigned Count = 0;
    bool VisitForStmt(ForStmt *For) {
      Count += countReferences(For->getInit(), V) +
               countReferences(For->getCond(), V);
      return true;
    }
  } C;
  C.V = V;
  C.TraverseStmt(const_cast<Stmt *>(S));
  return C.Count;
}

/// Whether E reads as one operand wherever it is spelled: a name, a
/// literal, an element, a call, a parenthesized expression.
bool isPrimary(const Expr *E) {
  return isa<DeclRefExpr>(E) || isa<IntegerLiteral>(E) ||
         isa<ArraySubscriptExpr>(E) || isa<ParenExpr>(E) || isa<CallExpr>(E) ||
         isa<MemberExpr>(E);
}

/// Whether S declares another variable of V's name (that shadows it).
bool shadows(const Stmt *S, const VarDecl *V) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *V;
    bool Found = false;
    bool VisitVarDecl(VarDecl *Other) {
      Found |= Other != V && Other->getName() == V->getName();
      return !Found;
    }
  } F;
  F.V = V;
  F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Found;
}

bool isIdentifierChar(char C) {
  return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
}

} // namespace

bool keepsEveryValue(const ASTContext &Ctx, QualType From, QualType To) {
  uint64_t FromBits = Ctx.getTypeSize(From), ToBits = Ctx.getTypeSize(To);
  if (From->isSignedIntegerType())
    return To->isSignedIntegerType() && ToBits >= FromBits;
  return ToBits > FromBits ||
         (ToBits == FromBits && !To->isSignedIntegerType());
}

bool NestWalk::readBoundLocals(const DeclStmt *DS, const LoopFact &Owner) {
  std::vector<BoundLocal> Read;
  for (const Decl *D : DS->decls()) {
    const auto *V = dyn_cast<VarDecl>(D);
    const Expr *Init = V ? V->getInit() : nullptr;
    if (!Init || !V->getType()->isIntegerType() ||
        V->getType().isVolatileQualified() || !V->hasLocalStorage())
      return false;
    const Expr *Value = Init->IgnoreParenImpCasts();
    std::string Text = text(Init);
    if (Text.empty() || !Value->getType()->isIntegerType() ||
        !keepsEveryValue(Ctx, Value->getType(), V->getType()))
      return false;
    // Read by the headers of the loops inside, and by nothing else, and
    // never changed: every use has the initializer's value.
    const Stmt *Body = Owner.For->getBody();
    unsigned Uses = countReferences(Body, V);
    // The headers are rewritten by name: no inner variable may shadow it.
    if (!Uses || Uses != countHeaderReferences(Body, V) ||
        isChangedIn(V, Body) || shadows(Body, V))
      return false;
    Read.push_back({V, Value, isPrimary(Value) ? Text : "(" + Text + ")"});
  }
  BoundLocals.insert(BoundLocals.end(), Read.begin(), Read.end());
  return true;
}

bool NestWalk::isAssignedBoundLocal(const BinaryOperator *B,
                                    const LoopFact &Owner) {
  const VarDecl *V = asVar(B->getLHS());
  if (!V || !V->getType()->isIntegerType() ||
      V->getType().isVolatileQualified() || !V->hasLocalStorage() ||
      !SM.isBeforeInTranslationUnit(V->getLocation(),
                                    Loops.front().For->getBeginLoc()))
    return false;
  const Expr *Value = B->getRHS()->IgnoreParenImpCasts();
  std::string Text = text(B->getRHS());
  if (Text.empty() || !Value->getType()->isIntegerType() ||
      !keepsEveryValue(Ctx, Value->getType(), V->getType()))
    return false;
  // Besides its assignment, read by the headers of the loops inside, and
  // by nothing else, and never changed again.
  const Stmt *Body = Owner.For->getBody();
  unsigned Uses = countReferences(Body, V) - 1;
  if (!Uses || Uses != countHeaderReferences(Body, V) ||
      isChangedIn(V, Body, B) || shadows(Body, V))
    return false;
  BoundLocals.push_back({V, Value, isPrimary(Value) ? Text : "(" + Text + ")"});
  return true;
}

const Expr *NestWalk::throughBoundLocal(const Expr *E) const {
  if (const VarDecl *V = asVar(E))
    for (const BoundLocal &B : BoundLocals)
      if (B.Var == V)
        return B.Value;
  return E;
}

std::string NestWalk::withBoundLocals(const std::string &Text) const {
  if (BoundLocals.empty())
    return Text;
  std::string Out;
  for (size_t At = 0; At < Text.size();) {
    if (!isIdentifierChar(Text[At]) || (At && isIdentifierChar(Text[At - 1]))) {
      Out += Text[At++];
      continue;
    }
    size_t End = At;
    while (End < Text.size() && isIdentifierChar(Text[End]))
      ++End;
    std::string Word = Text.substr(At, End - At);
    // Not a member: 's.b', 's->b'.
    size_t Before = Out.find_last_not_of(" \t\n");
    bool Member = Before != std::string::npos &&
                  (Out[Before] == '.' ||
                   (Out[Before] == '>' && Before && Out[Before - 1] == '-'));
    const BoundLocal *Found = nullptr;
    for (const BoundLocal &B : BoundLocals)
      if (!Member && B.Var->getName() == Word)
        Found = &B;
    Out += Found ? Found->Spelling : Word;
    At = End;
  }
  return Out;
}

} // namespace lnr::recover::detail
