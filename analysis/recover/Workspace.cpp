//===- Workspace.cpp ------------------------------------------------------===//
//
// A nest that already computes through a workspace: TACO's `precompute`
// (and the same fusion written by hand) leaves, in some block of the nest,
//
//   for (...) w[x] = 0;                        zeroed (or memset, or calloc)
//   for (...) ... w[x] += B[..] * D[..];       filled from a product
//   for (...) ... A[..] += w[x] * C[..];       read into the output
//
// three sibling statements: a producer and a consumer already distributed
// and fused into the loops around them. The recovery reads perfect nests
// only and refuses such a nest for whatever it meets first (the second
// statement of a body, a call that finds a position); this names it for
// what it is. Only array workspaces (a local array, or a local pointer set
// from malloc, calloc, realloc or aligned_alloc) of products of at most two
// factors: a longer product on either side may still gain from
// distribution. A scalar summed between two loops is left to the
// recovery's own refusal (lnr-imperfect-nest).
//
//===----------------------------------------------------------------------===//

#include "analysis/recover/Allocations.h"
#include "analysis/recover/NestRecovery.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>
#include <set>

using namespace clang;

namespace lnr::recover {
namespace {

bool isZero(const Expr *E, ASTContext &Ctx) {
  Expr::EvalResult R;
  if (!E->EvaluateAsRValue(R, Ctx))
    return false;
  return (R.Val.isFloat() && R.Val.getFloat().isZero()) ||
         (R.Val.isInt() && R.Val.getInt() == 0);
}

/// The array an element access reads or writes: W for W[x].
const VarDecl *arrayOf(const Expr *E) {
  if (const auto *A = dyn_cast<ArraySubscriptExpr>(E->IgnoreParenImpCasts()))
    return namedVariable(A->getBase());
  return nullptr;
}

/// The factors of a product, flattened: a * b * c -> {a, b, c}.
void factors(const Expr *E, std::vector<const Expr *> &Out) {
  E = E->IgnoreParenImpCasts();
  if (const auto *B = dyn_cast<BinaryOperator>(E);
      B && B->getOpcode() == BO_Mul) {
    factors(B->getLHS(), Out);
    factors(B->getRHS(), Out);
    return;
  }
  Out.push_back(E);
}

bool mentions(const Stmt *S, const VarDecl *V) {
  if (!S)
    return false;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
    return Ref->getDecl() == V;
  for (const Stmt *Child : S->children())
    if (mentions(Child, V))
      return true;
  return false;
}

/// What one statement of a block does with a candidate workspace W.
struct Use {
  bool Zeroes = false;   // stores only 0 into W, and nothing else
  bool Fills = false;    // accumulates products into W, stores nothing else
  bool Consumes = false; // reads W into another array, never stores W
  /// A product on either side with more than two factors.
  bool LongProduct = false;
  std::string Output; // the array a consumer stores
};

/// What an accumulation adds: P for X += P and X = X + P (X = P + X); null
/// for any other statement.
const Expr *addedTerm(const BinaryOperator *B) {
  if (B->getOpcode() == BO_AddAssign)
    return B->getRHS();
  if (B->getOpcode() != BO_Assign)
    return nullptr;
  const auto *Sum =
      dyn_cast<BinaryOperator>(B->getRHS()->IgnoreParenImpCasts());
  if (!Sum || Sum->getOpcode() != BO_Add)
    return nullptr;
  auto Same = [&](const Expr *X) {
    const Expr *L = B->getLHS()->IgnoreParenImpCasts();
    X = X->IgnoreParenImpCasts();
    if (const VarDecl *V = namedVariable(L))
      return V == namedVariable(X);
    const VarDecl *A = arrayOf(L);
    return A && A == arrayOf(X);
  };
  if (Same(Sum->getLHS()))
    return Sum->getRHS();
  if (Same(Sum->getRHS()))
    return Sum->getLHS();
  return nullptr;
}

Use useOf(const Stmt *S, const VarDecl *W, ASTContext &Ctx) {
  Use U;
  // memset(W, 0, ...)
  if (const auto *Call = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *F = Call->getDirectCallee();
    if (F && F->getIdentifier() && F->getName() == "memset" &&
        Call->getNumArgs() == 3 && namedVariable(Call->getArg(0)) == W &&
        isZero(Call->getArg(1), Ctx))
      U.Zeroes = true;
    return U;
  }
  if (!isa<ForStmt>(S) && !isa<WhileStmt>(S) && !isa<DoStmt>(S))
    return U;
  struct Updates : RecursiveASTVisitor<Updates> {
    const VarDecl *W;
    std::vector<const BinaryOperator *> Found;
    unsigned Steps = 0; // ++W[x], W[x]--
    bool VisitBinaryOperator(BinaryOperator *B) {
      if (B->isAssignmentOp())
        Found.push_back(B);
      return true;
    }
    bool VisitUnaryOperator(UnaryOperator *Op) {
      if (Op->isIncrementDecrementOp() && arrayOf(Op->getSubExpr()) == W)
        ++Steps;
      return true;
    }
  } Up;
  Up.W = W;
  Up.TraverseStmt(const_cast<Stmt *>(S));
  unsigned ZeroStores = 0, Accumulations = 0, OtherWStores = Up.Steps;
  unsigned OtherStores = 0;
  for (const BinaryOperator *B : Up.Found) {
    const VarDecl *Array = arrayOf(B->getLHS());
    const Expr *Product = addedTerm(B);
    std::vector<const Expr *> Fs;
    if (Product)
      factors(Product, Fs);
    bool ProductReadsW = std::any_of(
        Fs.begin(), Fs.end(), [&](const Expr *F) { return mentions(F, W); });
    if (Array == W) {
      if (B->getOpcode() == BO_Assign && isZero(B->getRHS(), Ctx)) {
        ++ZeroStores;
      } else if (Product && Fs.size() >= 2 && !ProductReadsW &&
                 std::any_of(Fs.begin(), Fs.end(), [](const Expr *F) {
                   return isa<ArraySubscriptExpr>(F);
                 })) {
        ++Accumulations;
        U.LongProduct |= Fs.size() > 2;
      } else {
        ++OtherWStores;
      }
      continue;
    }
    // The value read from W, multiplied by more than one other factor.
    if (Product && ProductReadsW && Fs.size() > 2)
      U.LongProduct = true;
    if (Array) {
      ++OtherStores;
      if (U.Output.empty())
        U.Output = Array->getName().str();
    }
  }
  if (OtherWStores)
    return U;
  if (ZeroStores && !Accumulations && !OtherStores)
    U.Zeroes = true;
  else if (Accumulations && !ZeroStores && !OtherStores)
    U.Fills = true;
  else if (!ZeroStores && !Accumulations && OtherStores)
    U.Consumes = true; // S mentions W, and stores only other arrays
  return U;
}

/// Local arrays, and local pointers set from an allocation, of arithmetic
/// elements, and the statements that set one with calloc.
struct Candidates : RecursiveASTVisitor<Candidates> {
  std::vector<const VarDecl *> Order; // in order of declaration
  std::set<const Stmt *> Callocs;     // statements that calloc one
  void found(const VarDecl *V) {
    if (std::find(Order.begin(), Order.end(), V) == Order.end())
      Order.push_back(V);
  }
  void add(const VarDecl *V, const Expr *Value, const Stmt *Where) {
    if (!V || !V->hasLocalStorage() || isa<ParmVarDecl>(V))
      return;
    QualType T = V->getType();
    if (!T->isPointerType() || !T->getPointeeType()->isArithmeticType())
      return;
    StringRef Call = allocatorCalled(Value);
    if (Call.empty())
      return;
    found(V);
    if (Call == "calloc")
      Callocs.insert(Where);
  }
  bool VisitDeclStmt(DeclStmt *DS) {
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D)) {
        if (V->getType()->isArrayType() && V->hasLocalStorage() &&
            !isa<ParmVarDecl>(V) &&
            V->getType()->getPointeeOrArrayElementType()->isArithmeticType())
          found(V);
        else if (V->getInit())
          add(V, V->getInit(), DS);
      }
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->getOpcode() == BO_Assign)
      add(namedVariable(B->getLHS()), B->getRHS(), B);
    return true;
  }
};

} // namespace

std::optional<Workspace> findWorkspace(const Stmt *Nest, const Stmt *Function,
                                       ASTContext &Ctx) {
  Candidates C;
  C.TraverseStmt(const_cast<Stmt *>(Function ? Function : Nest));
  if (C.Order.empty())
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  auto Line = [&](const Stmt *S) {
    return SM.getExpansionLineNumber(S->getBeginLoc());
  };
  // Every block of the nest, outermost first.
  struct Blocks : RecursiveASTVisitor<Blocks> {
    std::vector<const CompoundStmt *> Found;
    bool VisitCompoundStmt(CompoundStmt *CS) {
      Found.push_back(CS);
      return true;
    }
  } B;
  B.TraverseStmt(const_cast<Stmt *>(Nest));
  for (const CompoundStmt *CS : B.Found) {
    std::vector<const Stmt *> Body(CS->body_begin(), CS->body_end());
    for (const VarDecl *W : C.Order) {
      // Zeroed (or allocated by calloc in this block), then filled, then
      // read into another array; anything else done with W in between
      // starts over.
      bool Zeroed = false;
      const Stmt *Filled = nullptr;
      for (const Stmt *S : Body) {
        // Allocated by calloc here: zeroed (a declaration does not
        // mention itself).
        const auto *DS = dyn_cast<DeclStmt>(S);
        if (C.Callocs.count(S) &&
            (DS ? DS->isSingleDecl() && DS->getSingleDecl() == W
                : mentions(S, W))) {
          Zeroed = true, Filled = nullptr;
          continue;
        }
        if (!mentions(S, W))
          continue;
        Use U = useOf(S, W, Ctx);
        if (U.LongProduct)
          break;
        if (U.Zeroes) {
          Zeroed = true, Filled = nullptr;
        } else if (U.Fills && Zeroed) {
          Filled = Filled ? Filled : S;
        } else if (U.Consumes && Filled) {
          return Workspace{W->getName().str(), U.Output, Line(Filled), Line(S)};
        } else {
          Zeroed = false, Filled = nullptr;
        }
      }
    }
  }
  return std::nullopt;
}

} // namespace lnr::recover
