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

std::vector<NestSite> findLoopNests(const Stmt *Body) {
  std::vector<NestSite> Nests;
  std::vector<NestSite> Work{{Body, nullptr}};
  // Depth-first, children in order, so nests come out in source order.
  while (!Work.empty()) {
    NestSite At = Work.back();
    Work.pop_back();
    const Stmt *S = At.Nest;
    if (!S)
      continue;
    if (isa<ForStmt>(S) || isa<OMPLoopDirective>(S)) {
      At.Function = Body;
      Nests.push_back(At);
      continue;
    }
    if (isa<WhileStmt>(S) || isa<DoStmt>(S) || isa<Expr>(S))
      continue;
    // Inside an OpenMP region ('#pragma omp parallel { ... }') the loops
    // are not ours to parallelize; they are reported, not rewritten.
    if (const auto *Region = dyn_cast<OMPExecutableDirective>(S)) {
      if (Region->hasAssociatedStmt())
        Work.push_back({Region->getInnermostCapturedStmt()->getCapturedStmt(),
                        At.Region ? At.Region : S});
      continue;
    }
    std::vector<const Stmt *> Children(S->child_begin(), S->child_end());
    for (auto It = Children.rbegin(); It != Children.rend(); ++It)
      Work.push_back({*It, At.Region});
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
  std::string CoordinateArray; // crd, as in `int j = crd[p];`
  std::string Tensor; // set once the chain's values are found
  unsigned Level = 0; // of the tensor, 0-based
  LoopSource Source;
};

class Recoverer {
public:
  Recoverer(ASTContext &Ctx, const Options &Opts)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), LO(Ctx.getLangOpts()),
        Opts(Opts) {}

  std::variant<RecoveredNest, Failure>
  run(const Stmt *Nest, const Stmt *Region, const Stmt *Function);

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

  /// The text as written in the file; a macro use reads as the use
  /// ("C_AT(i, k)"), and what cannot be mapped to the file (a token of a
  /// macro's body) reads as empty.
  std::string text(SourceRange R) const {
    CharSourceRange File =
        Lexer::makeFileCharRange(CharSourceRange::getTokenRange(R), SM, LO);
    if (File.isInvalid())
      return "";
    return Lexer::getSourceText(File, SM, LO).str();
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
  std::string indexName(const VarDecl *V) const { return V->getName().str(); }

  static const VarDecl *asVar(const Expr *E) {
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      return dyn_cast<VarDecl>(Ref->getDecl());
    return nullptr;
  }

  bool mentionsNestVariable(const Expr *E) const;
  static bool readsVolatile(const Expr *E);
  bool isInvariant(const Expr *E) const;
  bool readLoop(const ForStmt *For);
  const VarDecl *inlineCoordinate(const Expr *E);
  bool readBody(const ForStmt *For);
  bool readStatement(const Expr *E);
  bool affine(const Expr *E, AffineForm &Out);
  std::optional<ir::Access> readDenseAccess(const ArraySubscriptExpr *ASE,
                                            AffineForm &Form);
  bool readFactor(const Expr *E, const Expr *Output);
  bool assignTensors();
  void findDisjointOutputIndices(const AffineForm &Form);
  bool checkAliasing(const Expr *OutputBase);
  bool derivesFromOutput(const VarDecl *V, const Stmt *Function,
                         unsigned Depth) const;
  bool inputsIndependentOfOutput(const Stmt *Function);
  /// The arrays the factors read, for the checks against the output.
  struct InputArray {
    const Expr *Base;
    SourceLocation Where;
  };
  std::vector<InputArray> InputArrays;
  bool readDeclaration(const DeclStmt *DS, LoopFact &Owner);
  bool readOutput(const Expr *Lhs, const Expr *Statement);
  bool readProduct(const Expr *Rhs, QualType Target, const Expr *Statement);
  bool checkTypes(QualType Target, QualType Value, const Expr *Statement);
  const Expr *PendingProduct = nullptr;
  bool readAccumulatorUse(const Expr *E);
  std::vector<std::string> aliasesIn(const Expr *E) const;
  std::string tensorName(const Expr *Base) const;
  /// TACO: the tensor struct a values array comes from
  /// (`double *B_vals = (double *)(B->vals);` -> B).
  const VarDecl *tacoStruct(const Expr *Base) const;
  /// The extent of a compressed index, as TACO's tensor structs give it:
  /// the dimension of a tensor read at that index, by the name the preamble
  /// gives it (`int C1_dimension = (int)(C->dimensions[0]);`) or read from
  /// the struct; empty when no struct says.
  std::string tacoExtent(const std::string &Index, const Stmt *Function,
                         SourceLocation Before) const;
  /// The array an access reads: through subscripts and row pointers.
  const Expr *arrayOf(const Expr *E) const;
  std::optional<ir::Access> orderByStride(const AffineForm &Form,
                                          const std::string &Tensor);
  /// An invariant stride, by name where it is a variable (also inside a
  /// macro's body), else as written.
  std::string symbolOf(const Expr *E) const {
    if (const VarDecl *V = asVar(E))
      return V->getName().str();
    return text(E->IgnoreParenImpCasts());
  }
  /// Dense position variables (TACO's `int32_t kC = i * C2_dimension + k;`)
  /// in order of declaration, with their initializers.
  std::vector<std::pair<const VarDecl *, const Expr *>> Aliases;
  const Expr *aliasInit(const VarDecl *V) const {
    for (const auto &[A, Init] : Aliases)
      if (A == V)
        return Init;
    return nullptr;
  }
  /// Row pointers: `const double *Ci = C + i * K;` (or `&C[i * K]`), with
  /// the array and the offset they point at.
  struct RowPointer {
    const VarDecl *Var;
    const Expr *Base, *Offset;
  };
  std::vector<RowPointer> RowPointers;
  const RowPointer *rowPointer(const VarDecl *V) const {
    for (const RowPointer &R : RowPointers)
      if (R.Var == V)
        return &R;
    return nullptr;
  }
  /// For a multi-dimensional output (A[i][l]): the index of each subscript,
  /// when each is one index alone.
  std::vector<std::string> OutputRows;
  bool OutputMultiDim = false;
  /// TACO's scalar accumulator: `T acc = 0; for (...) acc += product;`
  /// followed by `A[..] = A[..] + acc;`.
  const VarDecl *Accumulator = nullptr;
  bool AccumulatorFilled = false;
  size_t LoopsOutsideAccumulator = 0;
  bool ReadingOutput = false;
  bool resolveSparseOutput();
  std::vector<std::string> SparseOutputIndices;
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
        Found |= R.loopOf(V) || R.coordinateLoop(V) || R.aliasInit(V) ||
                 R.rowPointer(V) || V == R.Accumulator;
      return !Found;
    }
  } F(*this);
  F.TraverseStmt(const_cast<Expr *>(E));
  return F.Found;
}

std::vector<std::string> Recoverer::aliasesIn(const Expr *E) const {
  // The dense positions E reads, with those their initializers read, in
  // order of declaration.
  std::vector<const VarDecl *> Used;
  std::vector<const Expr *> Work{E};
  while (!Work.empty()) {
    struct Finder : RecursiveASTVisitor<Finder> {
      const Recoverer &R;
      std::vector<const VarDecl *> Found;
      explicit Finder(const Recoverer &R) : R(R) {}
      bool VisitDeclRefExpr(DeclRefExpr *Ref) {
        if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
            V && (R.aliasInit(V) || R.rowPointer(V)))
          Found.push_back(V);
        return true;
      }
    } F(*this);
    F.TraverseStmt(const_cast<Expr *>(Work.back()));
    Work.pop_back();
    for (const VarDecl *V : F.Found)
      if (std::find(Used.begin(), Used.end(), V) == Used.end()) {
        Used.push_back(V);
        const RowPointer *Row = rowPointer(V);
        Work.push_back(Row ? Row->Offset : aliasInit(V));
      }
  }
  std::vector<std::string> Out;
  for (const VarDecl *V : Used)
    Out.push_back(V->getName().str());
  return Out;
}

const Expr *Recoverer::arrayOf(const Expr *E) const {
  // A[i][l] -> A; Ai with Ai = &A[i * L] -> A.
  E = E->IgnoreParenImpCasts();
  while (const auto *Outer = dyn_cast<ArraySubscriptExpr>(E))
    E = Outer->getBase()->IgnoreParenImpCasts();
  if (const VarDecl *V = asVar(E))
    if (const RowPointer *Row = rowPointer(V))
      return Row->Base;
  return E;
}

std::string Recoverer::tensorName(const Expr *Base) const {
  Base = arrayOf(Base);
  // TACO's preamble: double* restrict B_vals = (double*)(B->vals);
  if (const VarDecl *V = asVar(Base); V && V->getInit())
    if (const auto *M = dyn_cast<MemberExpr>(V->getInit()->IgnoreParenCasts()))
      if (M->getMemberDecl()->getName() == "vals")
        if (const auto *Ref =
                dyn_cast<DeclRefExpr>(M->getBase()->IgnoreParenImpCasts()))
          return Ref->getDecl()->getName().str();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Base->IgnoreParenImpCasts()))
    return Ref->getDecl()->getName().str();
  return text(Base->IgnoreParenImpCasts());
}

const VarDecl *Recoverer::tacoStruct(const Expr *Base) const {
  Base = arrayOf(Base);
  const VarDecl *V = asVar(Base);
  if (!V || !V->getInit())
    return nullptr;
  const auto *M = dyn_cast<MemberExpr>(V->getInit()->IgnoreParenCasts());
  if (!M || M->getMemberDecl()->getName() != "vals")
    return nullptr;
  const VarDecl *Struct = asVar(M->getBase());
  if (!Struct || !Struct->getType()->isPointerType())
    return nullptr;
  const RecordDecl *R = Struct->getType()->getPointeeType()->getAsRecordDecl();
  if (!R)
    return nullptr;
  for (const FieldDecl *F : R->fields())
    if (F->getName() == "dimensions")
      return Struct;
  return nullptr;
}

namespace {
/// Whether V is assigned, incremented or has its address taken in S.
bool isChangedIn(const VarDecl *V, const Stmt *S) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *V;
    bool Changed = false;
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
  if (S)
    F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Changed;
}
} // namespace

std::string Recoverer::tacoExtent(const std::string &Index,
                                  const Stmt *Function,
                                  SourceLocation Before) const {
  // The tensors read at Index, dense ones first: a dense producer reads
  // them over the whole extent.
  std::vector<std::pair<const VarDecl *, unsigned>> Dimensions;
  for (bool Dense : {true, false})
    for (const InputArray &In : InputArrays) {
      const VarDecl *Struct = tacoStruct(In.Base);
      if (!Struct || isChangedIn(Struct, Function))
        continue;
      std::string Name = tensorName(In.Base);
      const ir::Tensor *T = Kernel.findTensor(Name);
      if (Dense == (T && T->isSparse()))
        continue;
      for (const ir::Access &A : Kernel.Stmt.Factors)
        if (A.Tensor == Name)
          for (unsigned D = 0; D < A.Indices.size(); ++D)
            if (A.Indices[D] == Index)
              Dimensions.push_back({Struct, D});
    }
  auto IsDimension = [&](const Expr *E, const VarDecl *Struct, unsigned D) {
    const auto *ASE = dyn_cast<ArraySubscriptExpr>(E->IgnoreParenCasts());
    if (!ASE)
      return false;
    const auto *M = dyn_cast<MemberExpr>(ASE->getBase()->IgnoreParenImpCasts());
    Expr::EvalResult R;
    return M && M->getMemberDecl()->getName() == "dimensions" &&
           asVar(M->getBase()) == Struct &&
           ASE->getIdx()->EvaluateAsInt(R, Ctx) && R.Val.getInt() == D;
  };
  // The preamble's name for it: a local of the function's outermost block,
  // declared before the nest and never changed.
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Function);
  for (const auto &[Struct, D] : Dimensions) {
    if (!Body)
      break;
    for (const Stmt *S : Body->body()) {
      const auto *DS = dyn_cast<DeclStmt>(S);
      if (!DS || !SM.isBeforeInTranslationUnit(DS->getEndLoc(), Before))
        continue;
      for (const Decl *Dcl : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(Dcl);
            V && V->getInit() && V->getType()->isIntegerType() &&
            IsDimension(V->getInit(), Struct, D) && !isChangedIn(V, Function))
          return V->getName().str();
    }
  }
  // Else read from a parameter's struct, which every statement sees.
  for (const auto &[Struct, D] : Dimensions)
    if (isa<ParmVarDecl>(Struct))
      return Struct->getName().str() + "->dimensions[" + std::to_string(D) +
             "]";
  return "";
}

bool Recoverer::isInvariant(const Expr *E) const {
  return !mentionsNestVariable(E) && !E->HasSideEffects(Ctx) &&
         !readsVolatile(E);
}

bool Recoverer::readsVolatile(const Expr *E) {
  // HasSideEffects() does not see a volatile read once the lvalue-to-rvalue
  // conversion is stripped; every volatile lvalue here is read.
  struct Finder : RecursiveASTVisitor<Finder> {
    bool Found = false;
    bool VisitExpr(Expr *X) {
      Found |= X->isGLValue() && X->getType().isVolatileQualified();
      return !Found;
    }
  } F;
  F.TraverseStmt(const_cast<Expr *>(E));
  return F.Found;
}

const VarDecl *Recoverer::inlineCoordinate(const Expr *E) {
  // crd[p] read in place: the coordinate of p's compressed level. Without a
  // local to name it, the index is named after the load ("colidx[p]"),
  // which is what the rewrite writes wherever it reads it.
  const auto *Load = dyn_cast<ArraySubscriptExpr>(E->IgnoreParenImpCasts());
  const VarDecl *P = Load ? asVar(Load->getIdx()) : nullptr;
  if (!P || !isPosition(P) || !isInvariant(Load->getBase()))
    return nullptr;
  LoopFact &L = *std::find_if(Loops.begin(), Loops.end(),
                              [&](const LoopFact &F) { return F.Var == P; });
  std::string Array = symbolOf(Load->getBase());
  if (L.Coordinate)
    return L.CoordinateArray == Array ? L.Coordinate : nullptr;
  std::string Name = text(Load);
  if (Name.empty())
    return nullptr;
  L.Coordinate = VarDecl::Create(
      Ctx, Ctx.getTranslationUnitDecl(), SourceLocation(), SourceLocation(),
      &Ctx.Idents.get(Name), Load->getType(), nullptr, SC_None);
  L.CoordinateArray = Array;
  L.Source.Index = Name;
  return L.Coordinate;
}

bool Recoverer::readLoop(const ForStmt *For) {
  if (!inFile(SourceRange(For->getBeginLoc(), For->getRParenLoc())))
    return refuse("lnr-macro", "the loop is written inside a macro",
                  For->getBeginLoc());
  LoopFact L;
  L.For = For;
  const auto *Init = dyn_cast_or_null<DeclStmt>(For->getInit());
  if (!Init)
    return refuse("lnr-unsupported-loop",
                  "the loop does not declare its variable in its "
                  "initialization",
                  For->getBeginLoc());
  if (!Init->isSingleDecl())
    return refuse("lnr-unsupported-loop",
                  "the loop declares more than one variable in its "
                  "initialization",
                  For->getBeginLoc());
  L.Var = dyn_cast<VarDecl>(Init->getSingleDecl());
  if (!L.Var || !L.Var->getType()->isIntegerType() || !L.Var->getInit())
    return refuse("lnr-unsupported-loop",
                  "the loop variable is not an initialized integer",
                  For->getBeginLoc());
  const Expr *Lo = L.Var->getInit()->IgnoreParenImpCasts();

  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      For->getCond() ? For->getCond()->IgnoreParenImpCasts() : nullptr);
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
    StepsByOne = C->getOpcode() == BO_AddAssign &&
                 asVar(C->getLHS()) == L.Var &&
                 C->getRHS()->EvaluateAsInt(One, Ctx) && One.Val.getInt() == 1;
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
    L.Source.Position = L.Var->getName().str();
    L.Source.Positions = text(L.PosBase);
  } else {
    for (const Expr *Bound : {Lo, Hi}) {
      if (mentionsNestVariable(Bound))
        return refuse("lnr-unsupported-loop",
                      "the bounds of the loop over '" + L.Var->getName().str() +
                          "' depend on the nest",
                      For->getBeginLoc());
      if (!isInvariant(Bound))
        return refuse("lnr-unsupported-loop",
                      "the bound '" + text(Bound) + "' of the loop over '" +
                          L.Var->getName().str() +
                          "' calls a function, reads a volatile object or has "
                          "another side effect; it may change between "
                          "iterations",
                      Bound->getBeginLoc());
    }
    Expr::EvalResult Zero;
    bool FromZero = Lo->EvaluateAsInt(Zero, Ctx) && Zero.Val.getInt() == 0;
    // As written, parentheses and all: a macro's expansion maps back to
    // its use (TACO_MIN(C2_dimension, D2_dimension)) only as a whole.
    std::string HiText = text(Cond->getRHS()),
                LoText = text(L.Var->getInit());
    L.Extent = FromZero ? HiText : "(" + HiText + ") - (" + LoText + ")";
    L.Source.Bound = HiText;
    if (HiText.empty() || LoText.empty())
      return refuse("lnr-macro",
                    "a bound of the loop over '" + L.Var->getName().str() +
                        "' is written inside a macro's body",
                    For->getBeginLoc());
  }
  L.Source.Header = text(SourceRange(For->getBeginLoc(), For->getRParenLoc()));
  if (L.Source.Header.empty())
    return refuse("lnr-macro", "the loop's header is written inside a macro",
                  For->getBeginLoc());
  Loops.push_back(std::move(L));
  return readBody(For);
}

bool Recoverer::readDeclaration(const DeclStmt *DS, LoopFact &Owner) {
  const auto *V =
      DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
  // A row pointer: T *Ci = C + offset; or T *Ci = &C[offset];
  if (V && V->getInit() && V->getType()->isPointerType()) {
    const Expr *Init = V->getInit()->IgnoreParenImpCasts();
    const Expr *Base = nullptr, *Offset = nullptr;
    if (const auto *Add = dyn_cast<BinaryOperator>(Init);
        Add && Add->getOpcode() == BO_Add) {
      Base = Add->getLHS()->IgnoreParenImpCasts();
      Offset = Add->getRHS();
      if (!Base->getType()->isPointerType())
        std::swap(Base, Offset);
    } else if (const auto *Addr = dyn_cast<UnaryOperator>(Init);
               Addr && Addr->getOpcode() == UO_AddrOf) {
      if (const auto *Element = dyn_cast<ArraySubscriptExpr>(
              Addr->getSubExpr()->IgnoreParenImpCasts())) {
        Base = Element->getBase()->IgnoreParenImpCasts();
        Offset = Element->getIdx();
      }
    }
    AffineForm Form;
    if (!Base || !Offset || !Base->getType()->isPointerType() ||
        !isInvariant(Base) || !asVar(Base))
      return refuse("lnr-unsupported-statement",
                    "the pointer '" + V->getName().str() +
                        "' is not a row of an array ('C + i * K')",
                    DS->getBeginLoc());
    if (!affine(Offset, Form))
      return false;
    RowPointers.push_back({V, Base, Offset});
    Source.Aliases.push_back({V->getName().str(), text(DS)});
    return true;
  }
  if (!V || !V->getInit() || !V->getType()->isIntegerType())
    return refuse("lnr-unsupported-statement",
                  "only coordinate loads ('int j = crd[p];') and dense "
                  "positions ('int kC = i * K + k;') may be declared in the "
                  "nest",
                  DS->getBeginLoc());
  // The coordinate of a compressed loop: int j = crd[p].
  const auto *Load =
      dyn_cast<ArraySubscriptExpr>(V->getInit()->IgnoreParenImpCasts());
  if (Load && Owner.Compressed && !Owner.Coordinate &&
      asVar(Load->getIdx()) == Owner.Var && isInvariant(Load->getBase())) {
    Owner.Coordinate = V;
    Owner.CoordinateArray = symbolOf(Load->getBase());
    Owner.Source.Index = V->getName().str();
    Owner.Source.Prologue.push_back(text(DS));
    return true;
  }
  // A dense position: an affine function of the indices.
  AffineForm Form;
  if (!affine(V->getInit(), Form))
    return false;
  Aliases.push_back({V, V->getInit()});
  Source.Aliases.push_back({V->getName().str(), text(DS)});
  return true;
}

bool Recoverer::readBody(const ForStmt *For) {
  std::vector<const Stmt *> Body;
  if (const auto *CS = dyn_cast<CompoundStmt>(For->getBody()))
    Body.assign(CS->body_begin(), CS->body_end());
  else
    Body.push_back(For->getBody());
  size_t Owner = Loops.size() - 1;
  // TACO's scalar accumulator: `T acc = 0; for (...) acc += product;
  // A[..] = A[..] + acc;` sums what a perfect nest would add to A[..].
  if (Body.size() >= 3 && !Accumulator) {
    const auto *Init = dyn_cast<DeclStmt>(Body[Body.size() - 3]);
    const auto *Acc = Init && Init->isSingleDecl()
                          ? dyn_cast<VarDecl>(Init->getSingleDecl())
                          : nullptr;
    const auto *Inner = dyn_cast<ForStmt>(Body[Body.size() - 2]);
    const auto *Final = dyn_cast<Expr>(Body.back());
    Expr::EvalResult Zero;
    if (Acc && Inner && Final && Acc->getInit() &&
        Acc->getType()->isArithmeticType() &&
        Acc->getInit()->EvaluateAsRValue(Zero, Ctx) &&
        ((Zero.Val.isFloat() && Zero.Val.getFloat().isZero()) ||
         (Zero.Val.isInt() && Zero.Val.getInt() == 0))) {
      for (size_t I = 0; I + 3 < Body.size(); ++I)
        if (!isa<DeclStmt>(Body[I]) ||
            !readDeclaration(cast<DeclStmt>(Body[I]), Loops[Owner]))
          return Fail ? false
                      : refuse("lnr-imperfect-nest",
                               "the loop body holds more than one statement; "
                               "only perfect nests are rewritten",
                               Body[I]->getBeginLoc());
      Accumulator = Acc;
      LoopsOutsideAccumulator = Loops.size();
      if (!readLoop(Inner))
        return false;
      if (!AccumulatorFilled)
        return refuse("lnr-unsupported-statement",
                      "the loop does not accumulate into '" +
                          Acc->getName().str() + "'",
                      Inner->getBeginLoc());
      return readAccumulatorUse(Final);
    }
  }
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
      if (!readDeclaration(DS, Loops[Owner]))
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
    if (const Expr *Init = aliasInit(V))
      return affine(Init, Out);
    if (isPosition(V)) {
      // Only the output may be stored at an input's positions (a sparse
      // output with that input's pattern); resolveSparseOutput() checks it.
      if (ReadingOutput) {
        Out.Terms[V] = Coefficient();
        return true;
      }
      return refuse("lnr-non-affine-subscript",
                    "the position '" + V->getName().str() +
                        "' indexes a dense array",
                    E->getBeginLoc());
    }
  }
  if (isInvariant(E))
    return true; // an invariant offset does not change which index it is
  if (const VarDecl *Coordinate = inlineCoordinate(E)) {
    Out.Terms[Coordinate] = Coefficient();
    return true;
  }
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
            C.Symbols.push_back(symbolOf(Factor));
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
  // C[i][k]: the subscripts, outermost first; each dimension is a level.
  std::vector<const Expr *> Subscripts{ASE->getIdx()};
  const Expr *Base = ASE->getBase()->IgnoreParenImpCasts();
  while (const auto *Outer = dyn_cast<ArraySubscriptExpr>(Base)) {
    // Rows behind pointers (double **) may be the same row twice, or an
    // input's: only arrays of arrays are read as several dimensions.
    if (!Outer->getType()->isArrayType()) {
      refuse("lnr-unsupported-access",
             "'" + text(Outer->getBase()->IgnoreParenImpCasts()) +
                 "' holds pointers to rows, which may overlap; only arrays "
                 "of arrays ('double C[][K]') are read as matrices",
             ASE->getBeginLoc());
      return std::nullopt;
    }
    Subscripts.insert(Subscripts.begin(), Outer->getIdx());
    Base = Outer->getBase()->IgnoreParenImpCasts();
  }
  // Ci[k] with Ci = C + i * K reads C[i * K + k].
  const Expr *RowOffset = nullptr;
  if (const VarDecl *V = asVar(Base))
    if (const RowPointer *Row = rowPointer(V)) {
      if (Subscripts.size() != 1) {
        refuse("lnr-unsupported-access",
               "a row pointer is subscripted more than once",
               ASE->getBeginLoc());
        return std::nullopt;
      }
      Base = Row->Base;
      RowOffset = Row->Offset;
    }
  if (!isInvariant(Base)) {
    refuse("lnr-unsupported-access", "the array base depends on the nest",
           ASE->getBeginLoc());
    return std::nullopt;
  }
  if (Subscripts.size() > 1) {
    ir::Access A;
    A.Tensor = tensorName(Base);
    std::vector<std::string> Rows;
    for (const Expr *Sub : Subscripts) {
      AffineForm Dim;
      if (!affine(Sub, Dim))
        return std::nullopt;
      std::optional<ir::Access> Level = orderByStride(Dim, A.Tensor);
      A.Indices.insert(A.Indices.end(), Level->Indices.begin(),
                       Level->Indices.end());
      const Coefficient *One =
          Dim.Terms.size() == 1 ? &Dim.Terms.begin()->second : nullptr;
      if (One && One->Symbols.empty() && std::abs(One->Scale) == 1)
        Rows.push_back(Level->Indices.front());
      for (auto &[V, C] : Dim.Terms)
        Form.Terms[V] = C;
    }
    if (ReadingOutput) {
      OutputMultiDim = true;
      if (Rows.size() == Subscripts.size())
        OutputRows = Rows;
    }
    return A;
  }
  if (RowOffset) {
    AffineForm Offset;
    if (!affine(RowOffset, Offset))
      return std::nullopt;
    Form = Offset;
  }
  AffineForm Last;
  if (!affine(ASE->getIdx(), Last))
    return std::nullopt;
  for (auto &[V, C] : Last.Terms) {
    if (Form.Terms.count(V)) {
      refuse("lnr-non-affine-subscript",
             "'" + V->getName().str() + "' appears twice in the subscript",
             ASE->getBeginLoc());
      return std::nullopt;
    }
    Form.Terms[V] = C;
  }
  return orderByStride(Form, tensorName(Base));
}

std::optional<ir::Access>
Recoverer::orderByStride(const AffineForm &Form, const std::string &Tensor) {
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
  A.Tensor = Tensor;
  for (const auto &[C, V] : ByStride)
    A.Indices.push_back(indexName(V));
  return A;
}

bool Recoverer::readFactor(const Expr *E, const Expr *Output) {
  E = E->IgnoreParenImpCasts();
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->getOpcode() == BO_Mul)
      return readFactor(B->getLHS(), Output) && readFactor(B->getRHS(), Output);
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
  if (readsVolatile(E))
    return refuse("lnr-side-effect",
                  "'" + text(E) +
                      "' reads a volatile object, which must be read once "
                      "per term",
                  E->getBeginLoc());
  if (text(E).empty())
    return refuse("lnr-macro",
                  "a factor is written inside a macro's body; the rewrite "
                  "could not write it back",
                  E->getBeginLoc());
  if (isa<FloatingLiteral>(E) || isa<IntegerLiteral>(E) ||
      (asVar(E) && !mentionsNestVariable(E) &&
       !asVar(E)->getType()->isPointerType() &&
       !asVar(E)->getType()->isArrayType())) {
    Kernel.Stmt.Factors.push_back(ir::Access{text(E), {}});
    Source.Factors.push_back(text(E));
    Source.FactorAliases.push_back({});
    return true;
  }
  const auto *ASE = dyn_cast<ArraySubscriptExpr>(E);
  if (!ASE)
    return refuse("lnr-unsupported-expression",
                  "'" + text(E) + "' is not an array element or a scalar",
                  E->getBeginLoc());
  if (tensorName(ASE->getBase()) == tensorName(Output))
    return refuse("lnr-output-read",
                  "the output '" + text(Output) + "' is also read as a factor",
                  E->getBeginLoc());
  InputArrays.push_back({arrayOf(ASE), E->getBeginLoc()});
  // The values of a sparse tensor: vals[p], p a compressed position.
  if (const VarDecl *P = asVar(ASE->getIdx()); P && isPosition(P)) {
    ValueReads.push_back({ASE->getBase()->IgnoreParenImpCasts(), P});
    Kernel.Stmt.Factors.push_back(ir::Access{"", {}}); // named in assignTensors
    Source.Factors.push_back(text(E));
    Source.FactorAliases.push_back(aliasesIn(E));
    return true;
  }
  AffineForm Form;
  std::optional<ir::Access> A = readDenseAccess(ASE, Form);
  if (!A)
    return false;
  Kernel.Stmt.Factors.push_back(*A);
  Source.Factors.push_back(text(E));
  Source.FactorAliases.push_back(aliasesIn(E));
  return true;
}

namespace {
/// `Lhs += Rhs` and `Lhs = Lhs + Rhs` (or `Rhs + Lhs`) accumulate;
/// `Lhs = Rhs` assigns.
struct Update {
  const Expr *Lhs = nullptr, *Rhs = nullptr;
  bool Accumulate = false, PlusAssign = false;
};

std::optional<Update>
splitUpdate(const Expr *E, llvm::function_ref<std::string(const Expr *)> Text) {
  E = E->IgnoreParens();
  if (const auto *CA = dyn_cast<CompoundAssignOperator>(E)) {
    if (CA->getOpcode() != BO_AddAssign)
      return std::nullopt;
    return Update{CA->getLHS(), CA->getRHS(), true, true};
  }
  const auto *A = dyn_cast<BinaryOperator>(E);
  if (!A || A->getOpcode() != BO_Assign)
    return std::nullopt;
  Update U{A->getLHS(), A->getRHS()->IgnoreParenImpCasts(), false, false};
  if (const auto *Sum = dyn_cast<BinaryOperator>(U.Rhs);
      Sum && Sum->getOpcode() == BO_Add) {
    std::string Target = Text(U.Lhs->IgnoreParenImpCasts());
    if (Text(Sum->getLHS()->IgnoreParenImpCasts()) == Target)
      return Update{U.Lhs, Sum->getRHS(), true, false};
    if (Text(Sum->getRHS()->IgnoreParenImpCasts()) == Target)
      return Update{U.Lhs, Sum->getLHS(), true, false};
  }
  return U;
}
} // namespace

bool Recoverer::readStatement(const Expr *E) {
  auto Text = [&](const Expr *X) { return text(X); };
  std::optional<Update> U = splitUpdate(E, Text);
  if (!U)
    return refuse("lnr-unsupported-statement",
                  "the innermost statement is not an accumulation "
                  "'A[..] += product'",
                  E->getBeginLoc());
  if (!inFile(E->getSourceRange()))
    return refuse("lnr-macro", "the statement is written inside a macro",
                  E->getBeginLoc());
  if (Accumulator && asVar(U->Lhs) == Accumulator) {
    if (!U->Accumulate)
      return refuse("lnr-unsupported-statement",
                    "'" + Accumulator->getName().str() +
                        "' is assigned, not accumulated",
                    E->getBeginLoc());
    AccumulatorFilled = true;
    PendingProduct = U->Rhs;
    return true;
  }
  if (!readOutput(U->Lhs, E))
    return false;
  Kernel.Stmt.Accumulate = U->Accumulate;
  AccumulatesWithPlusAssign = U->PlusAssign;
  return readProduct(U->Rhs, U->Lhs->getType(), E);
}

bool Recoverer::readAccumulatorUse(const Expr *E) {
  auto Text = [&](const Expr *X) { return text(X); };
  std::optional<Update> U = splitUpdate(E, Text);
  if (!U || asVar(U->Rhs) != Accumulator)
    return refuse("lnr-unsupported-statement",
                  "after the loop, '" + Accumulator->getName().str() +
                      "' is not stored into the output ('A[..] += " +
                      Accumulator->getName().str() + ";')",
                  E->getBeginLoc());
  if (!inFile(E->getSourceRange()))
    return refuse("lnr-macro", "the statement is written inside a macro",
                  E->getBeginLoc());
  if (!readOutput(U->Lhs, E))
    return false;
  if (!U->Accumulate) {
    // TACO's default order: the whole reduction in the accumulator, then
    // `A[..] = acc;`. That is "zero A, then accumulate" when the loops
    // outside the accumulator are dense and all index the output: every
    // element is then assigned exactly once.
    for (size_t I = 0; I < LoopsOutsideAccumulator; ++I) {
      const LoopFact &L = Loops[I];
      std::string Index = L.Compressed ? "" : L.Var->getName().str();
      if (L.Compressed || !Kernel.Stmt.Lhs.uses(Index) ||
          !OutputForm.Terms.count(L.Var))
        return refuse("lnr-assign-in-reduction",
                      "'" + text(U->Lhs) + "' is assigned, not accumulated, "
                      "inside the loop over '" +
                          (L.Compressed ? L.Var->getName().str() : Index) +
                          "', which does not index it; only its last value "
                          "is kept",
                      E->getBeginLoc());
    }
    Source.ZeroOutputFirst = true;
  }
  Kernel.Stmt.Accumulate = true;
  AccumulatesWithPlusAssign = U->PlusAssign;
  // The accumulator rounds every term to its own type.
  if (!readProduct(PendingProduct, Accumulator->getType(), E))
    return false;
  return checkTypes(U->Lhs->getType(), Accumulator->getType(), E);
}

bool Recoverer::readOutput(const Expr *Lhs, const Expr *Statement) {
  const auto *Out = dyn_cast<ArraySubscriptExpr>(Lhs->IgnoreParenImpCasts());
  if (!Out)
    return refuse("lnr-unsupported-statement",
                  "the statement does not write an array element",
                  Lhs->getBeginLoc());
  if (Lhs->getType().isVolatileQualified())
    return refuse("lnr-side-effect",
                  "the output is volatile: every access of the nest is "
                  "observable, and the fused nest makes fewer",
                  Lhs->getBeginLoc());
  ReadingOutput = true;
  std::optional<ir::Access> OutAccess = readDenseAccess(Out, OutputForm);
  ReadingOutput = false;
  if (!OutAccess)
    return false;
  outputBase = arrayOf(Out->getBase());
  if (!asVar(outputBase))
    return refuse("lnr-unsupported-access",
                  "the output '" + text(outputBase->IgnoreParenImpCasts()) +
                      "' is not a variable",
                  outputBase->getBeginLoc());
  Kernel.Stmt.Lhs = *OutAccess;
  Source.Output = text(Lhs);
  if (Source.Output.empty())
    return refuse("lnr-macro",
                  "the output is written inside a macro's body; the rewrite "
                  "could not write it back",
                  Lhs->getBeginLoc());
  Source.OutputAliases = aliasesIn(Lhs);
  (void)Statement;
  return true;
}

bool Recoverer::checkTypes(QualType Target, QualType Value,
                           const Expr *Statement) {
  // An integer target rounds every accumulated term, so a floating product
  // summed before rounding would compute something else.
  bool Numbers = (Target->isRealFloatingType() || Target->isIntegerType()) &&
                 (Value->isRealFloatingType() || Value->isIntegerType());
  if (!Numbers || Target->isIntegerType() != Value->isIntegerType())
    return refuse("lnr-mixed-types",
                  "the output is '" + Target.getAsString() +
                      "' but the product is '" + Value.getAsString() +
                      "'; the conversion on every accumulation would not "
                      "survive a reordering",
                  Statement->getBeginLoc());
  return true;
}

bool Recoverer::readProduct(const Expr *Rhs, QualType Target,
                            const Expr *Statement) {
  QualType ProductType = Rhs->IgnoreParenImpCasts()->getType();
  if (!checkTypes(Target, ProductType, Statement))
    return false;
  // The temporaries hold partial products: they take the product's type
  // (the accumulator's, where the nest had one).
  QualType Held = Accumulator ? Accumulator->getType() : ProductType;
  Source.ElementType =
      Held.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
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
    std::string Name = tensorName(Vals);
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

bool Recoverer::resolveSparseOutput() {
  // A[p * M + m]: the output's leading levels are stored at the positions p
  // of an input's compressed level, so it has that input's nonzeros there,
  // and its remaining levels are dense.
  const VarDecl *Position = nullptr;
  for (const auto &[V, C] : OutputForm.Terms)
    if (isPosition(V)) {
      if (Position)
        return refuse("lnr-unsupported-access",
                      "the output is indexed by two positions",
                      outputBase->getBeginLoc());
      Position = V;
    }
  if (!Position)
    return true;
  const LoopFact *L = loopOf(Position);
  const ir::Tensor *Input = Kernel.findTensor(L->Tensor);
  const ir::Access *InputAccess = nullptr;
  for (const ir::Access &F : Kernel.Stmt.Factors)
    if (F.Tensor == L->Tensor)
      InputAccess = &F;
  // The position must be the largest stride, every other index dense and
  // inner, or elements of different fibers could collide.
  const Coefficient &Stride = OutputForm.Terms.at(Position);
  for (const auto &[V, C] : OutputForm.Terms) {
    if (V == Position)
      continue;
    const LoopFact *Inner = loopOf(V);
    if (!Inner || Inner->Compressed || C.Scale != 1 || !C.Symbols.empty() ||
        Stride.Scale != 1 || Stride.Symbols.size() != 1 ||
        OutputForm.Terms.size() != 2 ||
        Inner->Extent != Stride.Symbols.front())
      return refuse("lnr-unsupported-access",
                    "the output is stored at the positions of '" + L->Tensor +
                        "' but is not laid out as positions x one dense "
                        "extent ('A[p * M + m]', 0 <= m < M)",
                    outputBase->getBeginLoc());
  }
  if (!Input || !InputAccess)
    return refuse("lnr-unsupported-access",
                  "the output is stored at positions of a tensor whose "
                  "values the nest does not read",
                  outputBase->getBeginLoc());
  ir::Access &Lhs = Kernel.Stmt.Lhs;
  std::string PositionName = Position->getName().str();
  std::vector<std::string> Indices(InputAccess->Indices.begin(),
                                   InputAccess->Indices.begin() + L->Level + 1);
  std::vector<ir::LevelFormat> Levels(Input->Levels.begin(),
                                      Input->Levels.begin() + L->Level + 1);
  for (const std::string &I : Lhs.Indices)
    if (I != PositionName) {
      Indices.push_back(I);
      Levels.push_back(ir::LevelFormat::Dense);
    }
  Lhs.Indices = Indices;
  ir::Tensor Output{Lhs.Tensor, Levels,
                    ir::PatternSource{L->Tensor, L->Level + 1}};
  Kernel.Tensors.push_back(Output);
  // Distinct fibers have distinct positions (the pos arrays of a
  // well-formed tensor increase), so each index of the pattern writes its
  // own elements.
  for (unsigned Level = 0; Level <= L->Level; ++Level)
    SparseOutputIndices.push_back(InputAccess->Indices[Level]);
  return true;
}

void Recoverer::findDisjointOutputIndices(const AffineForm &Form) {
  // A[v] or A[v * S + u] with 0 <= u < S: each element determines both
  // v and u, so different values of either write different elements.
  std::vector<std::string> &Out = Source.DisjointOutputIndices;
  if (OutputMultiDim) {
    // A[i][l]: each subscript one index alone; an element determines all.
    Out = OutputRows;
    return;
  }
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
  unsigned Expected =
      Kernel.Stmt.Accumulate && !AccumulatesWithPlusAssign ? 2 : 1;
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

bool Recoverer::derivesFromOutput(const VarDecl *V, const Stmt *Function,
                                  unsigned Depth) const {
  // restrict on the output excludes other pointers to its elements, except
  // those based on it: a local initialized from it, or assigned anywhere.
  const VarDecl *Output = asVar(outputBase);
  if (V == Output)
    return true;
  if (!V->hasLocalStorage() || isa<ParmVarDecl>(V) || Depth > 8)
    return false;
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *V;
    std::vector<const VarDecl *> Read;
    bool Assigned = false;
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      if (const auto *R = dyn_cast<VarDecl>(Ref->getDecl()))
        Read.push_back(R);
      return true;
    }
    bool VisitBinaryOperator(BinaryOperator *B) {
      if (B->isAssignmentOp())
        if (const auto *Ref =
                dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParenImpCasts()))
          Assigned |= Ref->getDecl() == V;
      return true;
    }
    bool VisitUnaryOperator(UnaryOperator *U) {
      if (U->getOpcode() == UO_AddrOf)
        if (const auto *Ref =
                dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParenImpCasts()))
          Assigned |= Ref->getDecl() == V;
      return true;
    }
  };
  Finder InBody;
  InBody.V = V;
  if (Function)
    InBody.TraverseStmt(const_cast<Stmt *>(Function));
  if (InBody.Assigned)
    return true;
  Finder InInit;
  InInit.V = V;
  if (V->getInit())
    InInit.TraverseStmt(const_cast<Expr *>(V->getInit()));
  for (const VarDecl *R : InInit.Read)
    if (R != V && derivesFromOutput(R, Function, Depth + 1))
      return true;
  return false;
}

bool Recoverer::inputsIndependentOfOutput(const Stmt *Function) {
  for (const InputArray &In : InputArrays)
    if (const VarDecl *V = asVar(In.Base); V && derivesFromOutput(V, Function, 0))
      return refuse("lnr-output-read",
                    "'" + V->getName().str() + "' may point into the output '" +
                        asVar(outputBase)->getName().str() +
                        "' (it is derived from it, or assigned in the "
                        "function), so the nest may read what it writes",
                    In.Where);
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
  std::string Name = tensorName(OutputBase);
  std::string Advice = "pass --assume-no-alias";
  if (T->isPointerType()) {
    std::string Type =
        T.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
    Advice = "declare it '" + Type +
             (StringRef(Type).endswith("*") ? "restrict" : " restrict") +
             "' or " + Advice;
  } else {
    Advice = "write it through a 'restrict' pointer or " + Advice;
  }
  return refuse("lnr-possible-alias",
                "'" + Name +
                    "' may share memory with an input, and the fused nest "
                    "reads the inputs in a different order; " +
                    Advice,
                OutputBase->getBeginLoc());
}

std::variant<RecoveredNest, Failure>
Recoverer::run(const Stmt *Nest, const Stmt *Region, const Stmt *Function) {
  const ForStmt *Outer = dyn_cast<ForStmt>(Nest);
  SourceLocation Begin = Nest->getBeginLoc();
  if (Region)
    return Failure{Refusal("lnr-unsupported-pragma",
                           "only '#pragma omp parallel for' is kept on a "
                           "rewritten nest; this one is inside an OpenMP "
                           "region"),
                   Begin};
  if (const auto *Directive = dyn_cast<OMPLoopDirective>(Nest)) {
    if (!isa<OMPParallelForDirective>(Directive))
      return Failure{Refusal("lnr-unsupported-pragma",
                             "only '#pragma omp parallel for' is kept on a "
                             "rewritten nest"),
                     Begin};
    Outer = dyn_cast<ForStmt>(
        Directive->getInnermostCapturedStmt()->getCapturedStmt());
    if (!inFile(Directive->getSourceRange()))
      return Failure{Refusal("lnr-macro",
                             "the OpenMP directive is written inside a macro"),
                     Begin};
    if (!Outer)
      return Failure{Refusal("lnr-unsupported-pragma",
                             "the OpenMP directive is not on a plain 'for'"),
                     Begin};
    // Clauses that keep their meaning on the fused outer loop; the others
    // (collapse, reduction, private, ...) describe the original nest.
    for (const OMPClause *C : Directive->clauses()) {
      llvm::omp::Clause Kind = C->getClauseKind();
      if (Kind != llvm::omp::OMPC_schedule &&
          Kind != llvm::omp::OMPC_num_threads &&
          Kind != llvm::omp::OMPC_proc_bind && Kind != llvm::omp::OMPC_if &&
          Kind != llvm::omp::OMPC_default && Kind != llvm::omp::OMPC_shared)
        return Failure{
            Refusal("lnr-unsupported-pragma",
                    "the clause '" +
                        llvm::omp::getOpenMPClauseName(Kind).str() +
                        "' describes the original nest and would not hold "
                        "on the fused one"),
            C->getBeginLoc()};
    }
    // Where temporaries must be private to each thread, the directive is
    // split into 'parallel' (these clauses) and 'for' (schedule).
    for (const OMPClause *C : Directive->clauses()) {
      std::string Clause = text(SourceRange(C->getBeginLoc(), C->getEndLoc()));
      (C->getClauseKind() == llvm::omp::OMPC_schedule
           ? Source.PragmaForClauses
           : Source.PragmaParallelClauses) += " " + Clause;
    }
    // The directive's range ends at the end of its line.
    Source.Pragma = Lexer::getSourceText(
                        CharSourceRange::getCharRange(Directive->getBeginLoc(),
                                                      Directive->getEndLoc()),
                        SM, LO)
                        .rtrim()
                        .str();
  }
  if (!readLoop(Outer) || !assignTensors() || !resolveSparseOutput())
    return *Fail;

  // A loop whose index no access uses repeats the statement: fusion would
  // keep one repetition.
  for (const LoopFact &L : Loops) {
    if (L.Compressed)
      continue;
    std::string Index = L.Var->getName().str();
    bool Used = Kernel.Stmt.Lhs.uses(Index);
    for (const ir::Access &F : Kernel.Stmt.Factors)
      Used = Used || F.uses(Index);
    if (!Used)
      return Failure{Refusal("lnr-unsupported-loop",
                             "no access uses '" + Index +
                                 "': the loop repeats the statement, and a "
                                 "fused nest would not"),
                     L.For->getBeginLoc()};
  }
  for (const LoopFact &L : Loops) {
    ir::Loop Loop;
    if (L.Compressed) {
      Loop.Index = L.Coordinate->getName().str();
      Loop.Driver = L.Tensor;
      Loop.DriverLevel = L.Level;
      Kernel.Indices.push_back(
          {Loop.Index, tacoExtent(Loop.Index, Function, Begin)});
    } else {
      Loop.Index = L.Var->getName().str();
      Kernel.Indices.push_back({Loop.Index, L.Extent});
    }
    LoopSource S = L.Source;
    S.Index = Loop.Index;
    const VarDecl *IndexVar = L.Compressed ? L.Coordinate : L.Var;
    S.IndexType = IndexVar->getType().getUnqualifiedType().getAsString(
        Ctx.getPrintingPolicy());
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
  if (!inputsIndependentOfOutput(Function))
    return *Fail;
  if (!outputOnlyAccumulated(Outer))
    return *Fail;
  findDisjointOutputIndices(OutputForm);
  Source.DisjointOutputIndices.insert(Source.DisjointOutputIndices.end(),
                                      SparseOutputIndices.begin(),
                                      SparseOutputIndices.end());

  // The replaced text runs from the pragma (or `for`) to the end of the
  // body; a body without braces ends with its statement's semicolon.
  SourceLocation Last = SM.getExpansionRange(Outer->getEndLoc()).getEnd();
  SourceLocation End = Lexer::getLocForEndOfToken(Last, 0, SM, LO);
  if (!isa<CompoundStmt>(Outer->getBody())) {
    llvm::Optional<Token> Next = Lexer::findNextToken(Last, SM, LO);
    if (Next && Next->is(tok::semi))
      End = Next->getEndLoc();
  }
  Source.FilePath = SM.getFilename(SM.getSpellingLoc(Begin)).str();
  Source.Offset = SM.getFileOffset(Begin);
  Source.Length = SM.getFileOffset(End) - Source.Offset;
  StringRef File = SM.getBufferData(SM.getFileID(Begin));
  StringRef Written = File.substr(Source.Offset, Source.Length);
  // The rewrite is made from the parsed branch of any #if: a nest holding a
  // conditional or a definition stays as it is.
  for (StringRef Rest = Written.split('\n').second; !Rest.empty();) {
    auto [Line, Next] = Rest.split('\n');
    StringRef Directive = Line.ltrim();
    // Hints (#pragma GCC ivdep) may go; conditionals and definitions
    // decide what the nest is.
    if (Directive.startswith("#") &&
        !Directive.drop_front().ltrim().startswith("pragma"))
      return Failure{Refusal("lnr-macro",
                             "the nest holds a preprocessor directive ('" +
                                 Line.trim().str() +
                                 "'); a rewrite would keep only what this "
                                 "parse saw"),
                     Begin};
    Rest = Next;
  }
  for (const char *Digraph : {"<:", ":>", "<%", "%>", "%:"})
    if (Written.contains(Digraph))
      return Failure{Refusal("lnr-unsupported-statement",
                             std::string("the nest is spelled with the "
                                         "digraph '") +
                                 Digraph + "', which the formatter splits"),
                     Begin};
  StringRef Before = File.substr(0, Source.Offset);
  Source.StartsLine = Before.substr(Before.rfind('\n') + 1).trim().empty();
  Source.Line = SM.getSpellingLineNumber(Begin);
  Source.Column = SM.getSpellingColumnNumber(Begin);
  Source.IsNameTaken = [&Idents = Ctx.Idents](const std::string &Name) {
    return Idents.find(Name) != Idents.end();
  };
  auto Declared = [&](const char *Name) {
    auto Found = Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get(Name));
    return !Found.empty() && isa<FunctionDecl>(Found.front());
  };
  Source.HasStdlib = Declared("malloc") && Declared("free");
  Source.HasCalloc = Declared("calloc");
  return RecoveredNest{std::move(Kernel), std::move(Source)};
}

} // namespace

std::variant<RecoveredNest, Failure>
recoverNest(const NestSite &Site, ASTContext &Ctx, const Options &Opts) {
  return Recoverer(Ctx, Opts).run(Site.Nest, Site.Region, Site.Function);
}

} // namespace lnr::recover
