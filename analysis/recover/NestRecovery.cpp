//===- NestRecovery.cpp ---------------------------------------------------===//
//
// The nest is read top-down: each `for` is either a dense loop (0 to an
// invariant bound) or a compressed loop (pos[q] to pos[q + 1], q the position
// of its parent level), followed by coordinate loads (`int j = crd[p];`) and
// one inner loop or, innermost, the statement A[..] += f1 * f2 * ...
// Subscripts are read as affine forms over the nest's indices; a dense
// tensor's indices are its subscript's variables, largest stride first.
//
//===----------------------------------------------------------------------===//

#include "analysis/recover/NestRecovery.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <map>

using namespace clang;

namespace lnr::recover {

std::vector<const Stmt *> findLoopNests(const Stmt *Body) {
  std::vector<const Stmt *> Nests;
  std::vector<const Stmt *> Work{Body};
  // Depth-first, children in order, so nests come out in source order.
  while (!Work.empty()) {
    const Stmt *S = Work.back();
    Work.pop_back();
    if (!S)
      continue;
    if (isa<ForStmt>(S) || isa<OMPLoopDirective>(S)) {
      Nests.push_back(S);
      continue;
    }
    if (isa<WhileStmt>(S) || isa<DoStmt>(S) || isa<Expr>(S))
      continue;
    std::vector<const Stmt *> Children(S->child_begin(), S->child_end());
    Work.insert(Work.end(), Children.rbegin(), Children.rend());
  }
  return Nests;
}

namespace {

/// An affine coefficient: Scale times a product of invariant symbols.
struct Coefficient {
  long long Scale = 1;
  std::vector<std::string> Symbols; // sorted
  bool operator==(const Coefficient &O) const {
    return Scale == O.Scale && Symbols == O.Symbols;
  }
};

/// sum(Coefficient * index) + invariant part.
struct AffineForm {
  std::map<const VarDecl *, Coefficient> Terms;
};

struct LoopFact {
  const ForStmt *For = nullptr;
  const VarDecl *Var = nullptr; // the induction variable
  bool Compressed = false;
  // Dense loops.
  std::string Extent;
  // Compressed loops.
  const Expr *PosBase = nullptr;
  const VarDecl *ParentVar = nullptr; // indexes pos[]: a loop variable
  const VarDecl *Coordinate = nullptr;
  std::string Tensor; // set once the chain's values are found
  unsigned Level = 0; // of the tensor, 0-based
  LoopSource Source;
};

class Recoverer {
public:
  Recoverer(ASTContext &Ctx, const Options &Opts)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), LO(Ctx.getLangOpts()),
        Opts(Opts) {}

  std::variant<RecoveredNest, Failure> run(const Stmt *Nest);

private:
  ASTContext &Ctx;
  const SourceManager &SM;
  const LangOptions &LO;
  const Options &Opts;

  std::optional<Failure> Fail;
  std::vector<LoopFact> Loops;
  ir::Kernel Kernel;
  NestSource Source;

  bool refuse(const char *Name, std::string Message, SourceLocation Where) {
    if (!Fail)
      Fail = Failure{Refusal(Name, std::move(Message)), Where};
    return false;
  }

  std::string text(SourceRange R) const {
    return Lexer::getSourceText(CharSourceRange::getTokenRange(R), SM, LO)
        .str();
  }
  std::string text(const Stmt *S) const { return text(S->getSourceRange()); }

  bool inFile(SourceRange R) const {
    return R.getBegin().isFileID() && R.getEnd().isFileID();
  }

  const LoopFact *loopOf(const VarDecl *V) const {
    for (const LoopFact &L : Loops)
      if (L.Var == V)
        return &L;
    return nullptr;
  }
  const LoopFact *coordinateLoop(const VarDecl *V) const {
    for (const LoopFact &L : Loops)
      if (L.Coordinate == V)
        return &L;
    return nullptr;
  }
  /// The index a variable stands for: a dense loop variable or a coordinate.
  bool isIndex(const VarDecl *V) const {
    const LoopFact *L = loopOf(V);
    return (L && !L->Compressed) || coordinateLoop(V);
  }
  bool isPosition(const VarDecl *V) const {
    const LoopFact *L = loopOf(V);
    return L && L->Compressed;
  }
  std::string indexName(const VarDecl *V) const {
    return V->getName().str();
  }

  static const VarDecl *asVar(const Expr *E) {
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      return dyn_cast<VarDecl>(Ref->getDecl());
    return nullptr;
  }

  bool mentionsNestVariable(const Expr *E) const;
  bool isInvariant(const Expr *E) const;
  bool readLoop(const ForStmt *For);
  bool readBody(const ForStmt *For);
  bool readCoordinate(const DeclStmt *DS, LoopFact &Owner);
  bool readStatement(const Expr *E);
  bool affine(const Expr *E, AffineForm &Out);
  std::optional<ir::Access> readDenseAccess(const ArraySubscriptExpr *ASE,
                                            AffineForm &Form);
  bool readFactor(const Expr *E, const Expr *Output);
  bool assignTensors();
  void findDisjointOutputIndices(const AffineForm &Form);
  bool checkAliasing(const Expr *OutputBase);
  bool outputOnlyAccumulated(const ForStmt *Outer);
  bool AccumulatesWithPlusAssign = false;
  const Expr *outputBase = nullptr;
  AffineForm OutputForm;
  std::vector<std::pair<const Expr *, const VarDecl *>> ValueReads;
};

bool Recoverer::mentionsNestVariable(const Expr *E) const {
  struct Finder : RecursiveASTVisitor<Finder> {
    const Recoverer &R;
    bool Found = false;
    explicit Finder(const Recoverer &R) : R(R) {}
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
        Found |= R.loopOf(V) || R.coordinateLoop(V);
      return !Found;
    }
  } F(*this);
  F.TraverseStmt(const_cast<Expr *>(E));
  return F.Found;
}

bool Recoverer::isInvariant(const Expr *E) const {
  return !mentionsNestVariable(E) && !E->HasSideEffects(Ctx);
}

bool Recoverer::readLoop(const ForStmt *For) {
  if (!inFile(For->getSourceRange()))
    return refuse("lnr-macro", "the loop is written inside a macro",
                  For->getBeginLoc());
  LoopFact L;
  L.For = For;
  const auto *Init = dyn_cast_or_null<DeclStmt>(For->getInit());
  if (!Init || !Init->isSingleDecl())
    return refuse("lnr-unsupported-loop",
                  "the loop does not declare its variable in its "
                  "initialization",
                  For->getBeginLoc());
  L.Var = dyn_cast<VarDecl>(Init->getSingleDecl());
  if (!L.Var || !L.Var->getType()->isIntegerType() || !L.Var->getInit())
    return refuse("lnr-unsupported-loop",
                  "the loop variable is not an initialized integer",
                  For->getBeginLoc());
  const Expr *Lo = L.Var->getInit()->IgnoreParenImpCasts();

  const auto *Cond =
      dyn_cast_or_null<BinaryOperator>(For->getCond()->IgnoreParenImpCasts());
  if (!Cond || Cond->getOpcode() != BO_LT || asVar(Cond->getLHS()) != L.Var)
    return refuse("lnr-unsupported-loop",
                  "the loop condition is not '" + L.Var->getName().str() +
                      " < bound'",
                  For->getBeginLoc());
  const Expr *Hi = Cond->getRHS()->IgnoreParenImpCasts();

  const Expr *Inc = For->getInc();
  bool StepsByOne = false;
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(Inc))
    StepsByOne = U->isIncrementOp() && asVar(U->getSubExpr()) == L.Var;
  if (const auto *C = dyn_cast_or_null<CompoundAssignOperator>(Inc)) {
    Expr::EvalResult One;
    StepsByOne = C->getOpcode() == BO_AddAssign && asVar(C->getLHS()) == L.Var &&
                 C->getRHS()->EvaluateAsInt(One, Ctx) &&
                 One.Val.getInt() == 1;
  }
  if (!StepsByOne)
    return refuse("lnr-unsupported-loop",
                  "the loop does not step its variable by one",
                  For->getBeginLoc());

  // Compressed: pos[q] <= p < pos[q + 1], q an enclosing loop variable.
  const auto *LoPos = dyn_cast<ArraySubscriptExpr>(Lo);
  const auto *HiPos = dyn_cast<ArraySubscriptExpr>(Hi);
  if (LoPos && HiPos) {
    const VarDecl *Q = asVar(LoPos->getIdx());
    const auto *Next =
        dyn_cast<BinaryOperator>(HiPos->getIdx()->IgnoreParenImpCasts());
    Expr::EvalResult One;
    bool IsNext = Next && Next->getOpcode() == BO_Add &&
                  ((asVar(Next->getLHS()) == Q &&
                    Next->getRHS()->EvaluateAsInt(One, Ctx)) ||
                   (asVar(Next->getRHS()) == Q &&
                    Next->getLHS()->EvaluateAsInt(One, Ctx))) &&
                  One.Val.getInt() == 1;
    if (!Q || !loopOf(Q) || !IsNext ||
        text(LoPos->getBase()) != text(HiPos->getBase()) ||
        !isInvariant(LoPos->getBase()))
      return refuse("lnr-unsupported-loop",
                    "the loop bounds are neither '0 to an invariant bound' "
                    "nor 'pos[q] to pos[q + 1]' of an enclosing loop's q",
                    For->getBeginLoc());
    L.Compressed = true;
    L.PosBase = LoPos->getBase()->IgnoreParenImpCasts();
    L.ParentVar = Q;
  } else {
    if (!isInvariant(Lo) || !isInvariant(Hi))
      return refuse("lnr-unsupported-loop",
                    "the bounds of the loop over '" + L.Var->getName().str() +
                        "' depend on the nest",
                    For->getBeginLoc());
    Expr::EvalResult Zero;
    bool FromZero = Lo->EvaluateAsInt(Zero, Ctx) && Zero.Val.getInt() == 0;
    L.Extent = FromZero ? text(Hi) : "(" + text(Hi) + ") - (" + text(Lo) + ")";
  }
  L.Source.Header = text(SourceRange(For->getBeginLoc(), For->getRParenLoc()));
  Loops.push_back(std::move(L));
  return readBody(For);
}

bool Recoverer::readCoordinate(const DeclStmt *DS, LoopFact &Owner) {
  const auto *V =
      DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
  const auto *Load =
      V && V->getInit()
          ? dyn_cast<ArraySubscriptExpr>(V->getInit()->IgnoreParenImpCasts())
          : nullptr;
  if (!Owner.Compressed || Owner.Coordinate || !Load ||
      !V->getType()->isIntegerType() || asVar(Load->getIdx()) != Owner.Var ||
      !isInvariant(Load->getBase()))
    return refuse("lnr-unsupported-statement",
                  "only the coordinate load 'int j = crd[p];' may precede "
                  "the inner loop",
                  DS->getBeginLoc());
  Owner.Coordinate = V;
  Owner.Source.Index = V->getName().str();
  Owner.Source.Prologue.push_back(text(DS));
  return true;
}

bool Recoverer::readBody(const ForStmt *For) {
  std::vector<const Stmt *> Body;
  if (const auto *CS = dyn_cast<CompoundStmt>(For->getBody()))
    Body.assign(CS->body_begin(), CS->body_end());
  else
    Body.push_back(For->getBody());
  size_t Owner = Loops.size() - 1;
  // A perfect nest level: declarations, then one loop or statement.
  auto NotDecl = [](const Stmt *S) { return !isa<DeclStmt>(S); };
  auto First = std::find_if(Body.begin(), Body.end(), NotDecl);
  if (First != Body.end()) {
    auto Second = std::find_if(First + 1, Body.end(), NotDecl);
    if (Second != Body.end())
      return refuse("lnr-imperfect-nest",
                    "the loop body holds more than one statement; only "
                    "perfect nests are rewritten",
                    (*Second)->getBeginLoc());
  }
  for (size_t I = 0; I < Body.size(); ++I) {
    const Stmt *S = Body[I];
    bool Last = I + 1 == Body.size();
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      if (Last)
        return refuse("lnr-unsupported-statement",
                      "the loop body ends with a declaration",
                      S->getBeginLoc());
      if (!readCoordinate(DS, Loops[Owner]))
        return false;
      continue;
    }
    if (!Last)
      return refuse("lnr-imperfect-nest",
                    "the loop body holds more than one statement; only "
                    "perfect nests are rewritten",
                    Body[I + 1]->getBeginLoc());
    if (const auto *Inner = dyn_cast<ForStmt>(S))
      return readLoop(Inner);
    if (const auto *E = dyn_cast<Expr>(S))
      return readStatement(E);
    if (isa<BreakStmt>(S) || isa<ContinueStmt>(S) || isa<ReturnStmt>(S) ||
        isa<GotoStmt>(S))
      return refuse("lnr-early-exit", "the nest may leave a loop early",
                    S->getBeginLoc());
    return refuse("lnr-unsupported-statement",
                  std::string("a '") + S->getStmtClassName() +
                      "' is not a loop nest statement",
                  S->getBeginLoc());
  }
  return refuse("lnr-unsupported-statement", "the loop body is empty",
                For->getBeginLoc());
}

bool Recoverer::affine(const Expr *E, AffineForm &Out) {
  E = E->IgnoreParenImpCasts();
  if (const VarDecl *V = asVar(E)) {
    if (isIndex(V)) {
      Out.Terms[V] = Coefficient();
      return true;
    }
    if (isPosition(V))
      return refuse("lnr-non-affine-subscript",
                    "the position '" + V->getName().str() +
                        "' indexes a dense array",
                    E->getBeginLoc());
  }
  if (isInvariant(E))
    return true; // an invariant offset does not change which index it is
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub) {
      AffineForm L, R;
      if (!affine(B->getLHS(), L) || !affine(B->getRHS(), R))
        return false;
      for (auto &[V, C] : R.Terms) {
        if (L.Terms.count(V))
          return refuse("lnr-non-affine-subscript",
                        "'" + V->getName().str() +
                            "' appears twice in the subscript",
                        E->getBeginLoc());
        if (B->getOpcode() == BO_Sub)
          C.Scale = -C.Scale;
        L.Terms[V] = C;
      }
      Out = std::move(L);
      return true;
    }
    if (B->getOpcode() == BO_Mul) {
      const Expr *Var = B->getLHS(), *Factor = B->getRHS();
      if (isInvariant(Var))
        std::swap(Var, Factor);
      if (isInvariant(Factor)) {
        AffineForm Inner;
        if (!affine(Var, Inner))
          return false;
        Expr::EvalResult Value;
        bool Constant = Factor->EvaluateAsInt(Value, Ctx);
        for (auto &[V, C] : Inner.Terms) {
          if (Constant)
            C.Scale *= Value.Val.getInt().getExtValue();
          else {
            C.Symbols.push_back(text(Factor->IgnoreParenImpCasts()));
            std::sort(C.Symbols.begin(), C.Symbols.end());
          }
        }
        Out = std::move(Inner);
        return true;
      }
    }
  }
  return refuse("lnr-non-affine-subscript",
                "'" + text(E) + "' is not an affine function of the indices",
                E->getBeginLoc());
}

std::optional<ir::Access>
Recoverer::readDenseAccess(const ArraySubscriptExpr *ASE, AffineForm &Form) {
  const Expr *Base = ASE->getBase()->IgnoreParenImpCasts();
  if (isa<ArraySubscriptExpr>(Base)) {
    refuse("lnr-unsupported-access",
           "multi-dimensional arrays are not read yet; linearize the "
           "subscript",
           ASE->getBeginLoc());
    return std::nullopt;
  }
  if (!isInvariant(Base)) {
    refuse("lnr-unsupported-access", "the array base depends on the nest",
           ASE->getBeginLoc());
    return std::nullopt;
  }
  if (!affine(ASE->getIdx(), Form))
    return std::nullopt;
  // Row-major: the index with the largest stride is the outermost level.
  std::vector<std::pair<Coefficient, const VarDecl *>> ByStride;
  for (const auto &[V, C] : Form.Terms)
    ByStride.push_back({C, V});
  std::sort(ByStride.begin(), ByStride.end(), [](const auto &A, const auto &B) {
    if (A.first.Symbols.size() != B.first.Symbols.size())
      return A.first.Symbols.size() > B.first.Symbols.size();
    return std::abs(A.first.Scale) > std::abs(B.first.Scale);
  });
  ir::Access A;
  A.Tensor = text(Base);
  for (const auto &[C, V] : ByStride)
    A.Indices.push_back(indexName(V));
  return A;
}

bool Recoverer::readFactor(const Expr *E, const Expr *Output) {
  E = E->IgnoreParenImpCasts();
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->getOpcode() == BO_Mul)
      return readFactor(B->getLHS(), Output) &&
             readFactor(B->getRHS(), Output);
    if (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub)
      return refuse("lnr-unsupported-sum",
                    "the statement adds terms; only a product of factors is "
                    "distributed",
                    B->getOperatorLoc());
    return refuse("lnr-unsupported-expression",
                  "the operator '" + B->getOpcodeStr().str() +
                      "' is not a product of tensor factors",
                  B->getOperatorLoc());
  }
  if (isa<CallExpr>(E))
    return refuse("lnr-unsupported-call", "the nest calls a function",
                  E->getBeginLoc());
  if (E->HasSideEffects(Ctx))
    return refuse("lnr-side-effect", "a factor has a side effect",
                  E->getBeginLoc());
  if (isa<FloatingLiteral>(E) || isa<IntegerLiteral>(E) ||
      (asVar(E) && !mentionsNestVariable(E) &&
       !asVar(E)->getType()->isPointerType() &&
       !asVar(E)->getType()->isArrayType())) {
    Kernel.Stmt.Factors.push_back(ir::Access{text(E), {}});
    Source.Factors.push_back(text(E));
    return true;
  }
  const auto *ASE = dyn_cast<ArraySubscriptExpr>(E);
  if (!ASE)
    return refuse("lnr-unsupported-expression",
                  "'" + text(E) + "' is not an array element or a scalar",
                  E->getBeginLoc());
  if (text(ASE->getBase()->IgnoreParenImpCasts()) ==
      text(Output->IgnoreParenImpCasts()))
    return refuse("lnr-output-read",
                  "the output '" + text(Output) +
                      "' is also read as a factor",
                  E->getBeginLoc());
  // The values of a sparse tensor: vals[p], p a compressed position.
  if (const VarDecl *P = asVar(ASE->getIdx()); P && isPosition(P)) {
    ValueReads.push_back({ASE->getBase()->IgnoreParenImpCasts(), P});
    Kernel.Stmt.Factors.push_back(ir::Access{"", {}}); // named in assignTensors
    Source.Factors.push_back(text(E));
    return true;
  }
  AffineForm Form;
  std::optional<ir::Access> A = readDenseAccess(ASE, Form);
  if (!A)
    return false;
  Kernel.Stmt.Factors.push_back(*A);
  Source.Factors.push_back(text(E));
  return true;
}

bool Recoverer::readStatement(const Expr *E) {
  E = E->IgnoreParens();
  const Expr *Lhs = nullptr, *Rhs = nullptr;
  bool Accumulate = false;
  if (const auto *CA = dyn_cast<CompoundAssignOperator>(E)) {
    if (CA->getOpcode() != BO_AddAssign)
      return refuse("lnr-unsupported-statement",
                    "the statement is not an accumulation 'A[..] += ...'",
                    E->getBeginLoc());
    Lhs = CA->getLHS();
    Rhs = CA->getRHS();
    Accumulate = true;
    AccumulatesWithPlusAssign = true;
  } else if (const auto *A = dyn_cast<BinaryOperator>(E);
             A && A->getOpcode() == BO_Assign) {
    Lhs = A->getLHS();
    Rhs = A->getRHS()->IgnoreParenImpCasts();
    // A[x] = A[x] + product is an accumulation too.
    if (const auto *Sum = dyn_cast<BinaryOperator>(Rhs);
        Sum && Sum->getOpcode() == BO_Add &&
        text(Sum->getLHS()->IgnoreParenImpCasts()) == text(Lhs)) {
      Rhs = Sum->getRHS();
      Accumulate = true;
    }
  } else {
    return refuse("lnr-unsupported-statement",
                  "the innermost statement is not an assignment to the "
                  "output",
                  E->getBeginLoc());
  }
  const auto *Out = dyn_cast<ArraySubscriptExpr>(Lhs->IgnoreParenImpCasts());
  if (!Out)
    return refuse("lnr-unsupported-statement",
                  "the statement does not write an array element",
                  Lhs->getBeginLoc());
  if (!inFile(E->getSourceRange()))
    return refuse("lnr-macro", "the statement is written inside a macro",
                  E->getBeginLoc());
  std::optional<ir::Access> OutAccess = readDenseAccess(Out, OutputForm);
  if (!OutAccess)
    return false;
  outputBase = Out->getBase();
  if (!asVar(outputBase))
    return refuse("lnr-unsupported-access",
                  "the output '" + text(outputBase->IgnoreParenImpCasts()) +
                      "' is not a variable",
                  outputBase->getBeginLoc());
  Kernel.Stmt.Lhs = *OutAccess;
  Kernel.Stmt.Accumulate = Accumulate;
  Source.Output = text(Lhs);
  // The temporary holds partial products: it takes the product's type. An
  // integer output rounds every accumulated term, so a floating product
  // summed before rounding would compute something else.
  QualType OutType = Lhs->getType(), ProductType =
                                         Rhs->IgnoreParenImpCasts()->getType();
  bool Numbers = (OutType->isRealFloatingType() || OutType->isIntegerType()) &&
                 (ProductType->isRealFloatingType() ||
                  ProductType->isIntegerType());
  if (!Numbers || OutType->isIntegerType() != ProductType->isIntegerType())
    return refuse("lnr-mixed-types",
                  "the output is '" + OutType.getAsString() +
                      "' but the product is '" + ProductType.getAsString() +
                      "'; the conversion on every accumulation would not "
                      "survive a reordering",
                  E->getBeginLoc());
  Source.ElementType = ProductType.getUnqualifiedType().getAsString(
      Ctx.getPrintingPolicy());
  return readFactor(Rhs, outputBase);
}

bool Recoverer::assignTensors() {
  // Each chain of compressed loops belongs to the tensor whose values are
  // read at its deepest position.
  for (LoopFact &L : Loops) {
    if (!L.Compressed)
      continue;
    if (!L.Coordinate)
      return refuse("lnr-unsupported-loop",
                    "the compressed loop over '" + L.Var->getName().str() +
                        "' does not load its coordinate into a local "
                        "('int j = crd[" +
                        L.Var->getName().str() + "];')",
                    L.For->getBeginLoc());
  }
  // Value reads were recorded in factor order, one per unnamed factor.
  auto Read = ValueReads.begin();
  for (ir::Access &F : Kernel.Stmt.Factors) {
    if (!F.Tensor.empty())
      continue;
    const Expr *Vals = Read->first;
    const VarDecl *Pos = Read->second;
    ++Read;
    // Walk up the chain of compressed levels to the dense root.
    std::vector<LoopFact *> Chain;
    const VarDecl *At = Pos;
    while (true) {
      auto It = std::find_if(Loops.begin(), Loops.end(),
                             [&](const LoopFact &L) { return L.Var == At; });
      if (!It->Compressed) {
        Chain.push_back(&*It);
        break;
      }
      Chain.push_back(&*It);
      At = It->ParentVar;
    }
    std::reverse(Chain.begin(), Chain.end());
    std::string Name = text(Vals);
    if (Kernel.findTensor(Name))
      return refuse("lnr-unsupported-access",
                    "the values '" + Name + "' are read twice",
                    Vals->getBeginLoc());
    ir::Tensor T{Name, {}};
    for (unsigned Level = 0; Level < Chain.size(); ++Level) {
      LoopFact *L = Chain[Level];
      if (L->Compressed) {
        if (!L->Tensor.empty())
          return refuse("lnr-unsupported-access",
                        "two value arrays share the positions of '" +
                            L->Var->getName().str() + "'",
                        Vals->getBeginLoc());
        L->Tensor = Name;
        L->Level = Level;
        T.Levels.push_back(ir::LevelFormat::Compressed);
        F.Indices.push_back(L->Coordinate->getName().str());
      } else {
        T.Levels.push_back(ir::LevelFormat::Dense);
        F.Indices.push_back(L->Var->getName().str());
      }
    }
    F.Tensor = Name;
    Kernel.Tensors.push_back(std::move(T));
  }
  for (const LoopFact &L : Loops)
    if (L.Compressed && L.Tensor.empty())
      return refuse("lnr-unsupported-pattern",
                    "the nest iterates the nonzeros at '" +
                        L.Var->getName().str() +
                        "' without reading their values",
                    L.For->getBeginLoc());
  return true;
}

void Recoverer::findDisjointOutputIndices(const AffineForm &Form) {
  // A[v] or A[v * S + u] with 0 <= u < S: each element determines both
  // v and u, so different values of either write different elements.
  std::vector<std::string> &Out = Source.DisjointOutputIndices;
  if (Form.Terms.size() == 1) {
    const auto &[V, C] = *Form.Terms.begin();
    if (C.Symbols.empty() && (C.Scale == 1 || C.Scale == -1))
      Out.push_back(indexName(V));
    return;
  }
  if (Form.Terms.size() != 2)
    return;
  auto It = Form.Terms.begin();
  const VarDecl *V1 = It->first, *V2 = std::next(It)->first;
  Coefficient C1 = It->second, C2 = std::next(It)->second;
  if (C1.Symbols.empty()) {
    std::swap(V1, V2);
    std::swap(C1, C2);
  }
  const LoopFact *Inner = loopOf(V2);
  if (C2.Scale != 1 || !C2.Symbols.empty() || C1.Scale != 1 ||
      C1.Symbols.size() != 1 || !Inner || Inner->Compressed ||
      Inner->Extent != C1.Symbols.front())
    return;
  Out.push_back(indexName(V1));
  Out.push_back(indexName(V2));
}

bool Recoverer::outputOnlyAccumulated(const ForStmt *Outer) {
  // The statement names the output once (twice for A[x] = A[x] + ...); any
  // other mention, in a bound or a subscript, reads what the nest writes.
  struct Counter : RecursiveASTVisitor<Counter> {
    const VarDecl *Output;
    std::vector<SourceLocation> Uses;
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      if (Ref->getDecl() == Output)
        Uses.push_back(Ref->getBeginLoc());
      return true;
    }
  } C;
  C.Output = asVar(outputBase);
  C.TraverseStmt(const_cast<ForStmt *>(Outer));
  unsigned Expected = Kernel.Stmt.Accumulate && !AccumulatesWithPlusAssign ? 2 : 1;
  if (C.Uses.size() <= Expected)
    return true;
  for (SourceLocation Use : C.Uses)
    if (Use != outputBase->getBeginLoc())
      return refuse("lnr-output-read",
                    "the output '" + C.Output->getName().str() +
                        "' is read inside the nest it writes",
                    Use);
  return true;
}

bool Recoverer::checkAliasing(const Expr *OutputBase) {
  if (Opts.AssumeNoAlias)
    return true;
  // The declaration, not the expression: inside an OpenMP region the
  // reference to a captured pointer loses its qualifiers.
  const VarDecl *V = asVar(OutputBase);
  QualType T = V ? V->getType() : OutputBase->IgnoreParenImpCasts()->getType();
  if (T->isPointerType() && T.isRestrictQualified())
    return true;
  std::string Type =
      T.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
  std::string Restricted =
      Type + (StringRef(Type).endswith("*") ? "restrict" : " restrict");
  return refuse("lnr-possible-alias",
                "'" + text(OutputBase->IgnoreParenImpCasts()) +
                    "' may share memory with an input, and the fused nest "
                    "reads the inputs in a different order; declare it '" +
                    Restricted + "' or pass --assume-no-alias",
                OutputBase->getBeginLoc());
}

std::variant<RecoveredNest, Failure> Recoverer::run(const Stmt *Nest) {
  const ForStmt *Outer = dyn_cast<ForStmt>(Nest);
  SourceLocation Begin = Nest->getBeginLoc();
  if (const auto *Directive = dyn_cast<OMPLoopDirective>(Nest)) {
    if (!isa<OMPParallelForDirective>(Directive))
      return Failure{Refusal("lnr-unsupported-pragma",
                             "only '#pragma omp parallel for' is kept on a "
                             "rewritten nest"),
                     Begin};
    Outer = dyn_cast<ForStmt>(
        Directive->getInnermostCapturedStmt()->getCapturedStmt());
    if (!Outer || !inFile(Directive->getSourceRange()))
      return Failure{Refusal("lnr-unsupported-pragma",
                             "the OpenMP directive is not on a plain 'for'"),
                     Begin};
    // The directive's range ends at the end of its line.
    Source.Pragma = Lexer::getSourceText(
                        CharSourceRange::getCharRange(Directive->getBeginLoc(),
                                                      Directive->getEndLoc()),
                        SM, LO)
                        .rtrim()
                        .str();
  }
  if (!readLoop(Outer) || !assignTensors())
    return *Fail;

  for (const LoopFact &L : Loops) {
    ir::Loop Loop;
    if (L.Compressed) {
      Loop.Index = L.Coordinate->getName().str();
      Loop.Driver = L.Tensor;
      Loop.DriverLevel = L.Level;
      Kernel.Indices.push_back({Loop.Index, ""});
    } else {
      Loop.Index = L.Var->getName().str();
      Kernel.Indices.push_back({Loop.Index, L.Extent});
    }
    LoopSource S = L.Source;
    S.Index = Loop.Index;
    Source.Loops.push_back(std::move(S));
    Kernel.Loops.push_back(std::move(Loop));
  }
  // Dense tensors, in order of first use.
  std::vector<ir::Access> Accesses{Kernel.Stmt.Lhs};
  Accesses.insert(Accesses.end(), Kernel.Stmt.Factors.begin(),
                  Kernel.Stmt.Factors.end());
  for (const ir::Access &A : Accesses) {
    if (Kernel.findTensor(A.Tensor))
      continue;
    Kernel.Tensors.push_back(
        ir::Tensor{A.Tensor, std::vector<ir::LevelFormat>(
                                 A.Indices.size(), ir::LevelFormat::Dense)});
  }
  std::vector<ir::Tensor> InAccessOrder;
  for (const ir::Access &A : Accesses)
    if (std::none_of(InAccessOrder.begin(), InAccessOrder.end(),
                     [&](const ir::Tensor &T) { return T.Name == A.Tensor; }))
      InAccessOrder.push_back(*Kernel.findTensor(A.Tensor));
  Kernel.Tensors = std::move(InAccessOrder);
  for (const ir::Access &A : Accesses) {
    const ir::Tensor *T = Kernel.findTensor(A.Tensor);
    if (T->Levels.size() != A.Indices.size())
      return Failure{Refusal("lnr-unsupported-access",
                             "'" + A.Tensor +
                                 "' is read with different numbers of "
                                 "indices"),
                     Outer->getBeginLoc()};
  }
  if (auto Invalid = Kernel.validate())
    return Failure{*Invalid, Outer->getBeginLoc()};
  if (!checkAliasing(outputBase))
    return *Fail;
  if (!outputOnlyAccumulated(Outer))
    return *Fail;
  findDisjointOutputIndices(OutputForm);

  // The replaced text runs from the pragma (or `for`) to the end of the
  // body; a body without braces ends with its statement's semicolon.
  SourceLocation End = Lexer::getLocForEndOfToken(Outer->getEndLoc(), 0, SM, LO);
  if (!isa<CompoundStmt>(Outer->getBody())) {
    llvm::Optional<Token> Next = Lexer::findNextToken(Outer->getEndLoc(), SM, LO);
    if (Next && Next->is(tok::semi))
      End = Next->getEndLoc();
  }
  Source.FilePath = SM.getFilename(SM.getSpellingLoc(Begin)).str();
  Source.Offset = SM.getFileOffset(Begin);
  Source.Length = SM.getFileOffset(End) - Source.Offset;
  Source.Line = SM.getSpellingLineNumber(Begin);
  Source.Column = SM.getSpellingColumnNumber(Begin);
  Source.IsNameTaken = [&Idents = Ctx.Idents](const std::string &Name) {
    return Idents.find(Name) != Idents.end();
  };
  return RecoveredNest{std::move(Kernel), std::move(Source)};
}

} // namespace

std::variant<RecoveredNest, Failure>
recoverNest(const Stmt *Nest, ASTContext &Ctx, const Options &Opts) {
  return Recoverer(Ctx, Opts).run(Nest);
}

} // namespace lnr::recover
