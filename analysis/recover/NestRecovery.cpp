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
#include "analysis/recover/Linearization.h"
#include "analysis/recover/MemoryReads.h"
#include "analysis/recover/OutputDerivation.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <tuple>

using namespace clang;

namespace lnr::recover {
namespace {

/// The first of the C library's names the rewrite's temporaries use
/// (malloc, calloc, free, size_t) that means something else where the nest
/// is: a macro, or a variable of the file or of the function; "" if none.
std::string shadowedLibraryName(const Stmt *Function, ASTContext &Ctx) {
  static const char *const Names[] = {"malloc", "calloc", "free", "size_t"};
  struct Locals : RecursiveASTVisitor<Locals> {
    std::set<std::string> Found;
    bool VisitNamedDecl(NamedDecl *D) {
      if (D->getIdentifier())
        Found.insert(D->getName().str());
      return true;
    }
  } InFunction;
  if (Function) {
    InFunction.TraverseStmt(const_cast<Stmt *>(Function));
    for (const DynTypedNode &P : Ctx.getParents(*Function))
      if (const auto *FD = P.get<FunctionDecl>())
        for (const ParmVarDecl *Param : FD->parameters())
          if (Param->getIdentifier())
            InFunction.Found.insert(Param->getName().str());
  }
  for (const char *Name : Names) {
    IdentifierInfo &II = Ctx.Idents.get(Name);
    if (II.hasMacroDefinition() || InFunction.Found.count(Name))
      return Name;
    for (const NamedDecl *D : Ctx.getTranslationUnitDecl()->lookup(&II))
      if (!isa<FunctionDecl>(D) && !isa<TypedefNameDecl>(D))
        return Name;
  }
  return "";
}

} // namespace

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
    // The body of a `while` or `do` loop is searched as a block is; inside
    // an expression, only a statement expression can hold a loop.
    At.InExpression |= isa<Expr>(S);
    // Inside an OpenMP region ('#pragma omp parallel { ... }') the loops
    // are not ours to parallelize; they are reported, not rewritten.
    if (const auto *Region = dyn_cast<OMPExecutableDirective>(S)) {
      if (Region->hasAssociatedStmt())
        Work.push_back({Region->getInnermostCapturedStmt()->getCapturedStmt(),
                        At.Region ? At.Region : S, nullptr, At.InExpression});
      continue;
    }
    std::vector<const Stmt *> Children(S->child_begin(), S->child_end());
    for (auto It = Children.rbegin(); It != Children.rend(); ++It)
      Work.push_back({*It, At.Region, nullptr, At.InExpression});
  }
  return Nests;
}

namespace {

/// sum(Coefficient * index) + invariant part.
struct AffineForm {
  std::map<const VarDecl *, Coefficient> Terms;
  /// The invariant part, as C ("" for none), for the overlap test's
  /// ranges; Opaque when it cannot be written (a macro's body, a counter).
  std::string Offset;
  bool Opaque = false;
  void addOffset(const std::string &C, bool Negated) {
    if (!C.empty())
      Offset +=
          (Offset.empty() ? (Negated ? "-" : "") : (Negated ? " - " : " + ")) +
          ("(" + C + ")");
  }
};

struct LoopFact {
  const ForStmt *For = nullptr;
  const VarDecl *Var = nullptr; // the induction variable
  bool Compressed = false;
  // Dense loops.
  std::string Extent;
  bool FromZero = false;
  /// 0 <= the variable < Bound (dense loops from a constant >= 0).
  std::optional<Coefficient> Bound;
  // Compressed loops.
  const Expr *PosBase = nullptr;
  const VarDecl *ParentVar = nullptr; // indexes pos[]: a loop variable
  const VarDecl *Coordinate = nullptr;
  std::string CoordinateArray; // crd, as in `int j = crd[p];`
  std::string Tensor;          // set once the chain's values are found
  unsigned Level = 0;          // of the tensor, 0-based
  LoopSource Source;
};

class Recoverer {
public:
  Recoverer(ASTContext &Ctx, const Options &Opts)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), LO(Ctx.getLangOpts()),
        Opts(Opts) {}

  std::variant<RecoveredNest, Failure> run(const Stmt *Nest, const Stmt *Region,
                                           const Stmt *Function,
                                           bool InExpression);

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

  /// "crd[p + 1]" for the load "crd[p]"; empty inside a macro.
  std::string nextCoordinate(const ArraySubscriptExpr *Load) const {
    std::string Base = text(Load->getBase()), Index = text(Load->getIdx());
    return Base.empty() || Index.empty() ? "" : Base + "[" + Index + " + 1]";
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
  /// The output subscript's terms, with the bounds the loops prove; with
  /// TacoLevels, also the output's dimension at each index's level.
  std::vector<LinearTerm> outputTerms(const AffineForm &Form,
                                      bool TacoLevels) const;
  bool outputAssignedOnce(const Expr *Lhs, const Expr *Statement);
  bool checkAliasing(const Expr *OutputBase);
  /// Records an array's subscript for the overlap test (OverlapFacts).
  void recordRange(const Expr *Base, const AffineForm &Form, bool Written);
  void recordLevelRanges();
  void recordMemoryScalars(const Stmt *Nest);
  bool inputsIndependentOfOutput(const Stmt *Function);
  /// The arrays the factors read, for the checks against the output.
  struct InputArray {
    const Expr *Base;
    SourceLocation Where;
  };
  std::vector<InputArray> InputArrays;
  bool readDeclaration(const DeclStmt *DS, LoopFact &Owner);
  /// `j = crd[p];`, j declared before the nest: a coordinate load.
  const BinaryOperator *coordinateAssignment(const Stmt *S,
                                             const LoopFact &Owner) const;
  /// A declaration or a coordinate assignment before a loop body's
  /// statement; false (with a refusal, or none) for anything else.
  bool readLeading(const Stmt *S, LoopFact &Owner);
  /// TACO's counter of a sparse output's positions (`int32_t jA = 0;`
  /// before the nest, `jA++;` in a compressed loop's body).
  const VarDecl *Counter = nullptr;
  const VarDecl *CounterPosition = nullptr; // the loop variable it follows
  std::string CounterAssignment;            // "jA = jB - B2_pos[0];"
  size_t CounterLoop = 0;
  const VarDecl *incremented(const Stmt *S) const;
  bool readCounter(const VarDecl *V, const Stmt *Increment, size_t Owner,
                   bool First);
  /// Variables declared before the nest (C89: `int i, p, j; for (i = 0; ...`)
  /// that the nest uses as loop variables or coordinates. Each is written by
  /// the nest from From to the end of Scope; outside the nest it must be
  /// dead, and it is shared by default in an OpenMP region.
  struct OuterVariable {
    const VarDecl *Var;
    const ForStmt *Scope;
    SourceLocation From;
  };
  std::vector<OuterVariable> OuterVariables;
  std::vector<std::pair<const VarDecl *, SourceLocation>> PrivateVars;
  const Stmt *FunctionBody = nullptr;
  bool addOuterVariable(const VarDecl *V, const ForStmt *Scope,
                        SourceLocation From, SourceLocation Where);
  bool outerVariablesDead(const Stmt *Nest, const ForStmt *Outer);
  bool deadAfter(const OuterVariable &O, const Stmt *Nest,
                 const std::vector<const Stmt *> &Parents);
  static bool references(const Stmt *S, const VarDecl *V);
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
  /// Dimension D of a TACO tensor struct: the preamble's name for it, or
  /// read from the struct when it is a parameter; empty otherwise.
  std::string tacoDimension(const VarDecl *Struct, unsigned D,
                            const Stmt *Function, SourceLocation Before) const;
  /// The array an access reads: through subscripts and row pointers.
  const Expr *arrayOf(const Expr *E) const;
  std::optional<ir::Access> orderByStride(const AffineForm &Form,
                                          const std::string &Tensor);
  /// An invariant stride, by name where it is a variable (also inside a
  /// macro's body), else as written.
  std::string typeName(QualType T) const {
    return T.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
  }
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
                 R.rowPointer(V) || V == R.Accumulator || V == R.Counter;
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
  // The preamble's name for one of them, else one read from a parameter.
  for (bool Named : {true, false})
    for (const auto &[Struct, D] : Dimensions)
      if (std::string Name = tacoDimension(Struct, D, Function, Before);
          !Name.empty() && Named != StringRef(Name).contains("->"))
        return Name;
  return "";
}

std::string Recoverer::tacoDimension(const VarDecl *Struct, unsigned D,
                                     const Stmt *Function,
                                     SourceLocation Before) const {
  auto IsDimension = [&](const Expr *E) {
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
  if (const auto *Body = dyn_cast_or_null<CompoundStmt>(Function))
    for (const Stmt *S : Body->body()) {
      const auto *DS = dyn_cast<DeclStmt>(S);
      if (!DS || !SM.isBeforeInTranslationUnit(DS->getEndLoc(), Before))
        continue;
      for (const Decl *Dcl : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(Dcl);
            V && V->getInit() && V->getType()->isIntegerType() &&
            IsDimension(V->getInit()) && !isChangedIn(V, Function))
          return V->getName().str();
    }
  // Else read from a parameter's struct, which every statement sees.
  if (isa<ParmVarDecl>(Struct))
    return Struct->getName().str() + "->dimensions[" + std::to_string(D) + "]";
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
  L.Source.NextCoordinate = nextCoordinate(Load);
  return L.Coordinate;
}

bool Recoverer::readLoop(const ForStmt *For) {
  if (!inFile(SourceRange(For->getBeginLoc(), For->getRParenLoc())))
    return refuse("lnr-macro", "the loop is written inside a macro",
                  For->getBeginLoc());
  LoopFact L;
  L.For = For;
  // The lower bound: `int i = lo` (C99) or `i = lo` with i declared before
  // the loop (C89), which must then be dead after the nest.
  const Expr *LoInit = nullptr;
  if (const auto *Init = dyn_cast_or_null<DeclStmt>(For->getInit())) {
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
    LoInit = L.Var->getInit();
  } else if (const auto *Assign =
                 dyn_cast_or_null<BinaryOperator>(For->getInit());
             Assign && Assign->getOpcode() == BO_Assign &&
             isa<DeclRefExpr>(Assign->getLHS()->IgnoreParens()) &&
             asVar(Assign->getLHS())) {
    L.Var = asVar(Assign->getLHS());
    if (!L.Var->getType()->isIntegerType())
      return refuse("lnr-unsupported-loop",
                    "the loop variable is not an integer", For->getBeginLoc());
    if (!addOuterVariable(L.Var, For, For->getBeginLoc(), For->getBeginLoc()))
      return false;
    LoInit = Assign->getRHS();
  } else {
    return refuse("lnr-unsupported-loop",
                  "the loop neither declares nor assigns its variable in its "
                  "initialization ('int i = 0' or 'i = 0')",
                  For->getBeginLoc());
  }
  if (loopOf(L.Var) || coordinateLoop(L.Var))
    return refuse("lnr-unsupported-loop",
                  "'" + L.Var->getName().str() +
                      "' is the variable of two loops of the nest",
                  For->getBeginLoc());
  if (references(LoInit, L.Var))
    return refuse("lnr-unsupported-loop",
                  "the lower bound of the loop over '" +
                      L.Var->getName().str() + "' reads the variable itself",
                  For->getBeginLoc());
  const Expr *Lo = LoInit->IgnoreParenImpCasts();

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
    if (!Q || Q == L.Var || !loopOf(Q) || !IsNext ||
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
    // Below a dense loop over [0, n), the level's positions end at pos[n].
    const LoopFact *Parent = loopOf(Q);
    L.Source.LoopBegin = text(LoPos);
    L.Source.LoopEnd = text(HiPos);
    if (!Parent->Compressed && Parent->FromZero && !Parent->Extent.empty())
      L.Source.LevelEnd = text(LoPos->getBase()) + "[" + Parent->Extent + "]";
    L.Source.Positions = text(L.PosBase);
  } else {
    for (const Expr *Bound : {Lo, Hi}) {
      if (mentionsNestVariable(Bound) || references(Bound, L.Var))
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
    Expr::EvalResult Zero, Top;
    bool FromZero = Lo->EvaluateAsInt(Zero, Ctx) && Zero.Val.getInt() == 0;
    L.FromZero = FromZero;
    if (Lo->EvaluateAsInt(Zero, Ctx) && !Zero.Val.getInt().isNegative()) {
      if (!Hi->EvaluateAsInt(Top, Ctx))
        L.Bound = Coefficient{1, {symbolOf(Hi)}};
      else if (Top.Val.getInt().isStrictlyPositive())
        L.Bound = Coefficient{Top.Val.getInt().getExtValue(), {}};
    }
    // As written, parentheses and all: a macro's expansion maps back to
    // its use (TACO_MIN(C2_dimension, D2_dimension)) only as a whole.
    std::string HiText = text(Cond->getRHS()), LoText = text(LoInit);
    L.Extent = FromZero ? HiText : "(" + HiText + ") - (" + LoText + ")";
    L.FromZero = FromZero;
    L.Source.StartsAtZero = FromZero;
    if (!FromZero)
      L.Source.Begin = LoText;
    L.Source.Bound = HiText;
    if (HiText.empty() || LoText.empty())
      return refuse("lnr-macro",
                    "a bound of the loop over '" + L.Var->getName().str() +
                        "' is written inside a macro's body",
                    For->getBeginLoc());
  }
  L.Source.Header = text(SourceRange(For->getBeginLoc(), For->getRParenLoc()));
  const auto *Assign = dyn_cast_or_null<BinaryOperator>(For->getInit());
  L.Source.OmpCanonical = !isa<ParenExpr>(For->getCond()->IgnoreImpCasts()) &&
                          !(Assign && isa<ParenExpr>(Assign->getLHS())) &&
                          !L.Var->getType()->isBooleanType();
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
    Owner.Source.NextCoordinate = nextCoordinate(Load);
    Owner.Source.Prologue.push_back(text(DS));
    return true;
  }
  // A dense position: an affine function of the indices. It may hold a
  // sparse position (TACO's `int32_t mA = jA * A3_dimension + m;`): each
  // access that reads it is checked again, and only the output may.
  AffineForm Form;
  bool WasReadingOutput = ReadingOutput;
  ReadingOutput = true;
  bool Affine = affine(V->getInit(), Form);
  ReadingOutput = WasReadingOutput;
  if (!Affine)
    return false;
  Aliases.push_back({V, V->getInit()});
  Source.Aliases.push_back({V->getName().str(), text(DS)});
  return true;
}

const BinaryOperator *
Recoverer::coordinateAssignment(const Stmt *S, const LoopFact &Owner) const {
  const auto *B = dyn_cast<BinaryOperator>(S);
  if (!B || B->getOpcode() != BO_Assign || !Owner.Compressed)
    return nullptr;
  const auto *Ref = dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParens());
  const auto *Load =
      dyn_cast<ArraySubscriptExpr>(B->getRHS()->IgnoreParenImpCasts());
  if (!Ref || !isa<VarDecl>(Ref->getDecl()) || !Load ||
      asVar(Load->getIdx()) != Owner.Var)
    return nullptr;
  return B;
}

bool Recoverer::readLeading(const Stmt *S, LoopFact &Owner) {
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    return readDeclaration(DS, Owner);
  const BinaryOperator *B = coordinateAssignment(S, Owner);
  if (!B)
    return false;
  // `j = crd[p];` with j declared before the nest (C89): the coordinate,
  // as `int j = crd[p];` would be.
  const VarDecl *V = asVar(B->getLHS());
  const auto *Load =
      cast<ArraySubscriptExpr>(B->getRHS()->IgnoreParenImpCasts());
  if (Owner.Coordinate || !V->getType()->isIntegerType() ||
      !isInvariant(Load->getBase()))
    return refuse("lnr-unsupported-statement",
                  "only the coordinate load ('j = crd[p];') may assign a "
                  "variable in the nest",
                  B->getBeginLoc());
  if (loopOf(V) || coordinateLoop(V))
    return refuse("lnr-unsupported-statement",
                  "'" + V->getName().str() +
                      "' is both a loop variable and a coordinate of the nest",
                  B->getBeginLoc());
  std::string Text = text(B);
  if (Text.empty() || !inFile(B->getSourceRange()))
    return refuse("lnr-macro", "the coordinate load is written inside a macro",
                  B->getBeginLoc());
  if (!addOuterVariable(V, Owner.For, B->getBeginLoc(), B->getBeginLoc()))
    return false;
  Owner.Coordinate = V;
  Owner.CoordinateArray = symbolOf(Load->getBase());
  Owner.Source.Index = V->getName().str();
  Owner.Source.Prologue.push_back(Text + ";");
  Owner.Source.NextCoordinate = nextCoordinate(Load);
  return true;
}

bool Recoverer::addOuterVariable(const VarDecl *V, const ForStmt *Scope,
                                 SourceLocation From, SourceLocation Where) {
  std::string Name = "'" + V->getName().str() + "'";
  const auto *FD = dyn_cast<FunctionDecl>(V->getDeclContext());
  if (!V->hasLocalStorage() || V->getType()->isReferenceType() || !FD ||
      FD->getBody() != FunctionBody)
    return refuse("lnr-live-induction-variable",
                  Name + " is declared outside the nest and is not a local "
                         "variable of this function (a global, a static or "
                         "a reference); its value after the nest is "
                         "observable, and the rewrite changes it",
                  Where);
  if (V->getType().isVolatileQualified())
    return refuse("lnr-live-induction-variable",
                  Name + " is volatile: every write of it is observable, and "
                         "the rewritten nest makes others",
                  Where);
  OuterVariables.push_back({V, Scope, From});
  return true;
}

const VarDecl *Recoverer::incremented(const Stmt *S) const {
  // v++, ++v or v += 1.
  const auto *E = dyn_cast<Expr>(S);
  if (!E)
    return nullptr;
  E = E->IgnoreParens();
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return U->isIncrementOp() &&
                   isa<DeclRefExpr>(U->getSubExpr()->IgnoreParens())
               ? asVar(U->getSubExpr())
               : nullptr;
  Expr::EvalResult One;
  if (const auto *C = dyn_cast<CompoundAssignOperator>(E))
    return C->getOpcode() == BO_AddAssign &&
                   isa<DeclRefExpr>(C->getLHS()->IgnoreParens()) &&
                   C->getRHS()->EvaluateAsInt(One, Ctx) && One.Val.getInt() == 1
               ? asVar(C->getLHS())
               : nullptr;
  return nullptr;
}

bool Recoverer::readCounter(const VarDecl *V, const Stmt *Increment,
                            size_t Owner, bool First) {
  // `T jA = c;` before the nest, `jA++` once per iteration of the loop over
  // the positions jB of a compressed level right under the outer loop
  // (from 0): the loops visit jB = pos[0], pos[0] + 1, ... in order (pos
  // of a valid CSR/CSF level never decreases), so inside the loop, jA is
  // jB - pos[0] + c (+ 1 when the increment comes first). The rewrite
  // assigns it so at the top of each iteration.
  std::string Name = "'" + V->getName().str() + "'";
  const LoopFact &L = Loops[Owner];
  if (Counter)
    return refuse("lnr-unsupported-counter",
                  "the nest increments two counters ('" +
                      Counter->getName().str() + "' and " + Name + ")",
                  Increment->getBeginLoc());
  if (Owner != 1 || Loops[0].Compressed || !Loops[0].FromZero ||
      L.ParentVar != Loops[0].Var)
    return refuse("lnr-unsupported-counter",
                  Name + " counts the iterations of the loop over '" +
                      L.Var->getName().str() +
                      "', which is not the compressed level right under the "
                      "nest's outer loop from 0; its value is not proved to "
                      "be a position",
                  Increment->getBeginLoc());
  Expr::EvalResult Start;
  if (!V->getType()->isIntegerType() || isa<ParmVarDecl>(V) || !V->getInit() ||
      !V->getInit()->EvaluateAsInt(Start, Ctx) ||
      !SM.isBeforeInTranslationUnit(V->getLocation(),
                                    Loops[0].For->getBeginLoc()))
    return refuse("lnr-unsupported-counter",
                  Name + " is not declared before the nest with a constant "
                         "initial value ('int32_t jA = 0;')",
                  Increment->getBeginLoc());
  // Nothing else writes it, and nothing jumps past its initialization.
  struct Writes : RecursiveASTVisitor<Writes> {
    const VarDecl *V;
    std::vector<const Stmt *> Found;
    bool Labels = false;
    void write(Stmt *S, Expr *Target) {
      if (const auto *Ref = dyn_cast<DeclRefExpr>(Target->IgnoreParens());
          Ref && Ref->getDecl() == V)
        Found.push_back(S);
    }
    bool VisitBinaryOperator(BinaryOperator *B) {
      if (B->isAssignmentOp())
        write(B, B->getLHS());
      return true;
    }
    bool VisitUnaryOperator(UnaryOperator *U) {
      if (U->isIncrementDecrementOp())
        write(U, U->getSubExpr());
      return true;
    }
    bool VisitLabelStmt(LabelStmt *) { return !(Labels = true); }
    bool VisitSwitchCase(SwitchCase *) { return !(Labels = true); }
  } W;
  W.V = V;
  W.TraverseStmt(const_cast<Stmt *>(FunctionBody));
  if (W.Labels || W.Found.size() != 1 ||
      W.Found.front() != cast<Expr>(Increment)->IgnoreParens())
    return refuse("lnr-unsupported-counter",
                  Name + " is written elsewhere in the function, or a label "
                         "may jump past its initialization; it is not proved "
                         "to count the positions",
                  W.Labels || W.Found.empty() ? Increment->getBeginLoc()
                  : W.Found.front() != Increment
                      ? W.Found.front()->getBeginLoc()
                      : W.Found.back()->getBeginLoc());
  if (!addOuterVariable(V, L.For, L.For->getBeginLoc(),
                        Increment->getBeginLoc()))
    return false;
  Counter = V;
  CounterPosition = L.Var;
  long long Offset = Start.Val.getInt().getExtValue() + (First ? 1 : 0);
  std::string Pos = text(L.PosBase);
  if (Pos.empty())
    return refuse("lnr-macro", "the position array is written in a macro",
                  L.For->getBeginLoc());
  CounterAssignment = V->getName().str() + " = " + L.Var->getName().str() +
                      " - " + Pos + "[0]" +
                      (Offset > 0   ? " + " + std::to_string(Offset)
                       : Offset < 0 ? " - " + std::to_string(-Offset)
                                    : "") +
                      ";";
  CounterLoop = Owner;
  return true;
}

bool Recoverer::readBody(const ForStmt *For) {
  std::vector<const Stmt *> Body;
  if (const auto *CS = dyn_cast<CompoundStmt>(For->getBody()))
    Body.assign(CS->body_begin(), CS->body_end());
  else
    Body.push_back(For->getBody());
  size_t Owner = Loops.size() - 1;
  // TACO's counter of a sparse output's positions: `jA++;` last (or first)
  // in a compressed loop's body.
  if (Body.size() >= 2 && Loops[Owner].Compressed)
    for (bool First : {false, true}) {
      const Stmt *S = First ? Body.front() : Body.back();
      const VarDecl *V = incremented(S);
      if (!V || loopOf(V) || coordinateLoop(V) || aliasInit(V) ||
          V == Accumulator)
        continue;
      if (!readCounter(V, S, Owner, First))
        return false;
      Body.erase(First ? Body.begin() : Body.end() - 1);
      break;
    }
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
        if (!readLeading(Body[I], Loops[Owner]))
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
  auto NotDecl = [&](const Stmt *S) {
    return !isa<DeclStmt>(S) && !coordinateAssignment(S, Loops[Owner]);
  };
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
    if (isa<DeclStmt>(S) || (!Last && coordinateAssignment(S, Loops[Owner]))) {
      if (Last)
        return refuse("lnr-unsupported-statement",
                      "the loop body ends with a declaration",
                      S->getBeginLoc());
      if (!readLeading(S, Loops[Owner]))
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
    if (V == Counter) {
      // TACO's jA: the position of its loop, offset by a constant.
      if (ReadingOutput) {
        Out.Terms[CounterPosition] = Coefficient();
        Out.Opaque = true;
        return true;
      }
      return refuse("lnr-unsupported-counter",
                    "the counter '" + V->getName().str() +
                        "' indexes an input; only the output may be stored "
                        "at its positions",
                    E->getBeginLoc());
    }
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
  if (isInvariant(E)) {
    // An invariant offset does not change which index it is.
    Out.addOffset(text(E), false);
    Out.Opaque |= text(E).empty();
    return true;
  }
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
      L.addOffset(R.Offset, B->getOpcode() == BO_Sub);
      L.Opaque |= R.Opaque;
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
        if (!Inner.Offset.empty())
          Inner.Offset = "(" + Inner.Offset + ") * (" + text(Factor) + ")";
        Inner.Opaque |= text(Factor).empty();
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
    Source.Overlap.Unbounded = "'" + text(Base) +
                               "' is read as a matrix; the overlap test bounds "
                               "only one-dimensional subscripts";
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
  Form.addOffset(Last.Offset, false);
  Form.Opaque |= Last.Opaque;
  return orderByStride(Form, tensorName(Base));
}

std::optional<ir::Access> Recoverer::orderByStride(const AffineForm &Form,
                                                   const std::string &Tensor) {
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
    Source.FactorTypes.push_back(typeName(E->getType()));
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
    AffineForm AtPosition;
    AtPosition.Terms[P] = Coefficient();
    recordRange(ASE->getBase(), AtPosition, false);
    Kernel.Stmt.Factors.push_back(ir::Access{"", {}}); // named in assignTensors
    Source.Factors.push_back(text(E));
    Source.FactorTypes.push_back(typeName(E->getType()));
    Source.FactorAliases.push_back(aliasesIn(E));
    return true;
  }
  AffineForm Form;
  std::optional<ir::Access> A = readDenseAccess(ASE, Form);
  if (!A)
    return false;
  recordRange(arrayOf(ASE), Form, false);
  Kernel.Stmt.Factors.push_back(*A);
  Source.Factors.push_back(text(E));
  Source.FactorTypes.push_back(typeName(E->getType()));
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
                      "'" + text(U->Lhs) +
                          "' is assigned, not accumulated, "
                          "inside the loop over '" +
                          (L.Compressed ? L.Var->getName().str() : Index) +
                          "', which does not index it; only its last value "
                          "is kept",
                      E->getBeginLoc());
    }
    if (!outputAssignedOnce(U->Lhs, E))
      return false;
    Source.ZeroOutputFirst = true;
  }
  Kernel.Stmt.Accumulate = true;
  AccumulatesWithPlusAssign = U->PlusAssign;
  // The accumulator rounds every term to its own type.
  if (!readProduct(PendingProduct, Accumulator->getType(), E))
    return false;
  QualType Out = U->Lhs->getType(), Acc = Accumulator->getType();
  // The loops inside the accumulator sum in its type, those outside in the
  // output's: a fused temporary sums across both.
  if (!Ctx.hasSameUnqualifiedType(Out, Acc))
    return refuse("lnr-mixed-types",
                  "the nest sums in '" + typeName(Acc) + "' in '" +
                      Accumulator->getName().str() + "' and in '" +
                      typeName(Out) +
                      "' in the output; the fused nest's partial sums would "
                      "round in one of them where the original rounds in "
                      "the other",
                  E->getBeginLoc());
  return checkTypes(Out, Acc, E);
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
  recordRange(outputBase, OutputForm, true);
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
  // A narrow integer wraps, and a _Bool saturates, on every accumulation:
  // partial sums would not round the same way.
  if (Target->isBooleanType() ||
      (Target->isIntegerType() &&
       Ctx.getTypeSize(Target) < Ctx.getTypeSize(Ctx.IntTy)))
    return refuse("lnr-mixed-types",
                  "the output is '" + Target.getAsString() +
                      "', which wraps or saturates on every accumulation; "
                      "partial sums would not",
                  Statement->getBeginLoc());
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
  // The temporaries hold partial sums: they take the type the original
  // sums in, the accumulator's where the nest had one, the output's
  // otherwise (float products summed into a double output are summed in
  // double; double products into a float output, rounded to float).
  QualType Held = Accumulator ? Accumulator->getType() : Target;
  Source.ElementType = typeName(Held);
  Source.ValueType = typeName(ProductType);
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
  // inner. Fibers are disjoint when the inner loop's extent is the stride
  // (`A[p * M + m]`, 0 <= m < M); with another extent written (TACO's
  // `jA * A3_dimension + m` with m < D2_dimension) they are for consistent
  // dimensions only, which is not proved: the rewrite is then right (every
  // term still goes to its element) but not parallel.
  const Coefficient &Stride = OutputForm.Terms.at(Position);
  bool FibersDisjoint = true;
  for (const auto &[V, C] : OutputForm.Terms) {
    if (V == Position)
      continue;
    const LoopFact *Inner = loopOf(V);
    if (Inner && Stride.Symbols.size() == 1 &&
        Inner->Extent != Stride.Symbols.front())
      FibersDisjoint = false;
    if (!Inner || Inner->Compressed || C.Scale != 1 || !C.Symbols.empty() ||
        Stride.Scale != 1 || Stride.Symbols.size() != 1 ||
        OutputForm.Terms.size() != 2)
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
  for (unsigned Level = 0; FibersDisjoint && Level <= L->Level; ++Level)
    SparseOutputIndices.push_back(InputAccess->Indices[Level]);
  return true;
}

void Recoverer::findDisjointOutputIndices(const AffineForm &Form) {
  // A[v], A[v * S + u] with 0 <= u < S, ...: each element determines every
  // index, so different values of any one write different elements.
  std::vector<std::string> &Out = Source.DisjointOutputIndices;
  if (OutputMultiDim) {
    // A[i][l]: each subscript one index alone; an element determines all.
    Out = OutputRows;
    return;
  }
  if (Form.Terms.empty())
    return;
  if (std::optional<std::vector<std::string>> Order =
          rowMajorOrder(outputTerms(Form, /*TacoLevels=*/false)))
    Out.assign(Order->rbegin(), Order->rend());
}

std::vector<LinearTerm> Recoverer::outputTerms(const AffineForm &Form,
                                               bool TacoLevels) const {
  // TACO's kernels index a tensor's level within its dimension: an index
  // that the recovered notation puts at level D of the output is below the
  // output struct's dimension D (`lA = i * A2_dimension + l` with
  // `l < E2_dimension`: E2_dimension <= A2_dimension for every call TACO
  // makes).
  const VarDecl *Struct = TacoLevels ? tacoStruct(outputBase) : nullptr;
  if (Struct && (isChangedIn(Struct, FunctionBody) ||
                 isChangedIn(asVar(outputBase), FunctionBody)))
    Struct = nullptr;
  const std::vector<std::string> &Levels = Kernel.Stmt.Lhs.Indices;
  std::vector<LinearTerm> Terms;
  for (const auto &[V, C] : Form.Terms) {
    LinearTerm T{indexName(V), C, {}};
    if (const LoopFact *L = loopOf(V); L && !L->Compressed && L->Bound)
      T.Bounds.push_back(*L->Bound);
    auto Level = std::find(Levels.begin(), Levels.end(), T.Index);
    if (Struct && Level != Levels.end() && isIndex(V))
      if (std::string Dimension =
              tacoDimension(Struct, Level - Levels.begin(), FunctionBody,
                            Loops.front().For->getBeginLoc());
          !Dimension.empty())
        T.Bounds.push_back(Coefficient{1, {Dimension}});
    Terms.push_back(std::move(T));
  }
  return Terms;
}

bool Recoverer::outputAssignedOnce(const Expr *Lhs, const Expr *Statement) {
  // `A[..] = acc;` after the loops that fill acc: zeroing A and then
  // accumulating equals it only if every iteration of the loops outside
  // acc writes an element of its own; where two write one element, the
  // original keeps the last value.
  std::string Names;
  std::vector<std::string> Outside;
  for (size_t I = 0; I < LoopsOutsideAccumulator; ++I) {
    Outside.push_back(Loops[I].Var->getName().str());
    Names += (I ? ", '" : "'") + Outside.back() + "'";
  }
  bool Proved = true;
  for (const auto &[V, C] : OutputForm.Terms)
    Proved &= std::find(Outside.begin(), Outside.end(), indexName(V)) !=
              Outside.end();
  if (OutputMultiDim)
    Proved &= OutputRows.size() == Kernel.Stmt.Lhs.Indices.size();
  else
    Proved &=
        rowMajorOrder(outputTerms(OutputForm, /*TacoLevels=*/true)).has_value();
  if (Proved)
    return true;
  return refuse("lnr-assign-in-reduction",
                "'" + text(Lhs) +
                    "' is assigned a whole sum in each "
                    "iteration of the loops over " +
                    Names +
                    ", but its subscript is not proved to give each "
                    "iteration an element of its own (a row-major layout, "
                    "each stride the extent of the index inside it); where "
                    "two iterations write one element, only the last value "
                    "is kept",
                Statement->getBeginLoc());
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

bool Recoverer::inputsIndependentOfOutput(const Stmt *Function) {
  // restrict on the output excludes other pointers to its elements, except
  // those based on it: set from it in the function, however stored.
  const VarDecl *Output = asVar(outputBase);
  OutputDerivation Derivation(Output, Function, Ctx);
  for (const InputArray &In : InputArrays) {
    OutputDerivation::Basis Basis = Derivation.of(In.Base);
    std::string Name = text(In.Base->IgnoreParenImpCasts());
    if (const VarDecl *V = asVar(In.Base))
      Name = V->getName().str();
    if (Basis == OutputDerivation::Basis::Derived)
      return refuse("lnr-output-read",
                    "'" + Name + "' may point into the output '" +
                        Output->getName().str() +
                        "' (one is set from the other in the function), so "
                        "the nest may read what it writes",
                    In.Where);
    if (Basis == OutputDerivation::Basis::Escaped && !Opts.AssumeNoAlias &&
        !Opts.NoAliasCheck) {
      // Not proved apart: the rewrite runs only when a test of the
      // addresses finds no overlap.
      Source.Overlap.Needed = true;
      continue;
    }
    if (Basis == OutputDerivation::Basis::Escaped && !Opts.AssumeNoAlias)
      return refuse(
          "lnr-output-read",
          "'" + Name + "' may point into the output '" +
              Output->getName().str() + "': the function lets '" +
              Output->getName().str() + "' escape (line " +
              std::to_string(SM.getSpellingLineNumber(Derivation.escape())) +
              ": its address taken, passed to a call or stored in memory), "
              "and '" +
              Name +
              "' is not a parameter left as passed, so the nest may read "
              "what it writes; pass --assume-no-alias if they never overlap",
          In.Where);
  }
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
  if (!Opts.NoAliasCheck) {
    Source.Overlap.Needed = true; // versioned under a run-time test
    return true;
  }
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
  // Reported only for a nest with something to gain (NestSource.h).
  Source.AliasRefusal = Refusal(
      "lnr-possible-alias", "'" + Name +
                                "' may share memory with an input, and the "
                                "fused nest reads the inputs in a different "
                                "order; " +
                                Advice);
  return true;
}

void Recoverer::recordRange(const Expr *Base, const AffineForm &Form,
                            bool Written) {
  OverlapFacts::Array A;
  A.Base = text(Base->IgnoreParenImpCasts());
  A.Offset = Form.Offset;
  A.Written = Written;
  for (const auto &[V, C] : Form.Terms) {
    // "2", "-1 * (K)", "(K)" for 1 * K.
    std::string Coefficient =
        C.Scale == 1 && !C.Symbols.empty() ? "" : std::to_string(C.Scale);
    for (const std::string &Symbol : C.Symbols) {
      bool Name = llvm::all_of(Symbol, [](char Ch) {
        return std::isalnum(static_cast<unsigned char>(Ch)) || Ch == '_';
      });
      Coefficient += (Coefficient.empty() ? "" : " * ") +
                     (Name ? Symbol : "(" + Symbol + ")");
    }
    A.Terms.push_back({Coefficient, V->getName().str()});
  }
  // Form.Terms is ordered by address: the text must not depend on it.
  std::sort(A.Terms.begin(), A.Terms.end(),
            [](const OverlapFacts::Term &X, const OverlapFacts::Term &Y) {
              return std::tie(X.Variable, X.Coefficient) <
                     std::tie(Y.Variable, Y.Coefficient);
            });
  if ((Form.Opaque || A.Base.empty()) && Source.Overlap.Unbounded.empty())
    Source.Overlap.Unbounded = "the subscript of '" + tensorName(Base) +
                               "' is written in a macro or counts positions";
  Source.Overlap.Arrays.push_back(std::move(A));
}

void Recoverer::recordMemoryScalars(const Stmt *Nest) {
  // Bounds, strides and pointers read from memory: one element each.
  auto Indexed = [&](const Expr *E) { return mentionsNestVariable(E); };
  for (const Expr *E : memoryScalars(Nest, Indexed)) {
    const auto *M = dyn_cast<MemberExpr>(E);
    const auto *F = M ? dyn_cast<FieldDecl>(M->getMemberDecl()) : nullptr;
    std::string Text = text(E);
    if ((Text.empty() || (F && F->isBitField())) &&
        Source.Overlap.Unbounded.empty())
      Source.Overlap.Unbounded =
          "the nest reads '" + text(E) +
          "' from memory, whose address the test cannot take";
    OverlapFacts::Array A;
    A.Base = "&(" + Text + ")";
    Source.Overlap.Arrays.push_back(A);
  }
}

void Recoverer::recordLevelRanges() {
  // The positions and coordinates the compressed loops read.
  for (const LoopFact &L : Loops) {
    if (!L.Compressed)
      continue;
    std::string P = L.Var->getName().str(),
                Parent = L.ParentVar->getName().str();
    Source.Overlap.PositionRanges.push_back({P, L.Source.Positions, Parent});
    OverlapFacts::Array Pos;
    Pos.Base = L.Source.Positions;
    Pos.Terms.push_back({"1", Parent});
    Pos.Positions = true;
    Source.Overlap.Arrays.push_back(Pos);
    if (!L.CoordinateArray.empty()) {
      OverlapFacts::Array Crd;
      Crd.Base = L.CoordinateArray;
      Crd.Terms.push_back({"1", P});
      Source.Overlap.Arrays.push_back(Crd);
    }
  }
}

bool Recoverer::references(const Stmt *S, const VarDecl *V) {
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
  auto Mentions = [&](const Stmt *X) {
    struct Finder : RecursiveASTVisitor<Finder> {
      const VarDecl *V;
      bool Found = false;
      bool VisitDeclRefExpr(DeclRefExpr *Ref) {
        Found |= Ref->getDecl() == V;
        return !Found;
      }
    } F;
    F.V = V;
    F.TraverseStmt(const_cast<Stmt *>(X));
    return F.Found;
  };
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
          Private |= Init->getOpcode() == BO_Assign && Ref->getDecl() == V &&
                     (isa<OMPParallelForDirective>(D) ||
                      isa<OMPParallelForSimdDirective>(D));
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

bool Recoverer::deadAfter(const OuterVariable &O, const Stmt *Nest,
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
        isa<AttributedStmt>(Parent))
      continue;
    const auto *Block = dyn_cast<CompoundStmt>(Parent);
    if (!Block)
      return refuse("lnr-live-induction-variable",
                    Name +
                        " is declared outside the nest, which is inside "
                        "a '" +
                        std::string(Parent->getStmtClassName()) +
                        "'; it is not proved unread after the nest",
                    O.From);
    auto After = std::find(Block->body_begin(), Block->body_end(), Child);
    for (++After; After != Block->body_end(); ++After) {
      const Stmt *S = *After;
      // An OpenMP region to which it is private reads another object.
      if (!references(S, O.Var) || privateIn(S, O.Var)) {
        if (jumpsOut(S, false, false))
          return refuse(
              "lnr-live-induction-variable",
              "a 'break' or 'continue' at line " +
                  std::to_string(SM.getSpellingLineNumber(S->getBeginLoc())) +
                  " may skip the assignment of " + Name +
                  " after the nest, whose value the rewrite "
                  "changes",
              S->getBeginLoc());
        continue;
      }
      // `v = e;`, `a = v = e;` or `for (v = e; ...)`, e not reading v.
      const Stmt *Kill = S;
      if (const auto *For = dyn_cast<ForStmt>(S))
        Kill = For->getInit();
      const auto *Assign = dyn_cast_or_null<BinaryOperator>(
          isa_and_nonnull<Expr>(Kill) ? cast<Expr>(Kill)->IgnoreParens()
                                      : nullptr);
      for (; Assign && Assign->getOpcode() == BO_Assign;
           Assign = dyn_cast<BinaryOperator>(
               Assign->getRHS()->IgnoreParenImpCasts())) {
        bool Target = isa<DeclRefExpr>(Assign->getLHS()->IgnoreParens()) &&
                      asVar(Assign->getLHS()) == O.Var;
        if (Target && !references(Assign->getRHS(), O.Var))
          return true;
        if (references(Assign->getLHS(), O.Var))
          break;
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
      return refuse("lnr-live-induction-variable",
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

bool Recoverer::outerVariablesDead(const Stmt *Nest, const ForStmt *Outer) {
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
        return refuse("lnr-live-induction-variable",
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
      return refuse("lnr-live-induction-variable",
                    "the nest is not found in its function; " + Name +
                        " is not proved unread after it",
                    O.From);
    if (Uses.Escape)
      return refuse("lnr-live-induction-variable",
                    Name + " is declared outside the nest and used at line " +
                        LineOf(Uses.Escape->getBeginLoc()) +
                        " other than by reading or assigning it (its address "
                        "taken, a reference bound or a capture); the "
                        "rewrite changes its value after the nest",
                    Uses.Escape->getBeginLoc());
    if (Uses.Goto)
      return refuse("lnr-live-induction-variable",
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

std::variant<RecoveredNest, Failure> Recoverer::run(const Stmt *Nest,
                                                    const Stmt *Region,
                                                    const Stmt *Function,
                                                    bool InExpression) {
  FunctionBody = Function;
  const ForStmt *Outer = dyn_cast<ForStmt>(Nest);
  SourceLocation Begin = Nest->getBeginLoc();
  if (InExpression)
    return Failure{Refusal("lnr-unsupported-statement",
                           "the nest is inside a statement expression "
                           "('({ ... })'); only nests that are statements "
                           "of the function are rewritten"),
                   Begin};
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
      if (const auto *Private = dyn_cast<OMPPrivateClause>(C)) {
        // Checked against the variables declared outside the nest below.
        for (const Expr *Ref : Private->varlists())
          PrivateVars.push_back({asVar(Ref), Ref->getBeginLoc()});
        continue;
      }
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
  if (Counter)
    Loops[CounterLoop].Source.Prologue.push_back(CounterAssignment);

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
  if (!outerVariablesDead(Nest, Outer))
    return *Fail;
  // A directive on the nest shares the variables declared outside it, but
  // for the work-shared loop's own: 'private' must name the others, and
  // only them, or the threads of the original nest race on them.
  if (Source.Pragma) {
    for (const auto &[V, Where] : PrivateVars)
      if (!V ||
          std::none_of(OuterVariables.begin(), OuterVariables.end(),
                       [&](const OuterVariable &O) { return O.Var == V; }))
        return Failure{Refusal("lnr-unsupported-pragma",
                               "the clause 'private' names '" +
                                   (V ? V->getName().str() : text(Nest)) +
                                   "', which is not a loop variable or a "
                                   "coordinate of the nest declared outside "
                                   "it; it would not hold on the fused nest"),
                       Where};
    for (const OuterVariable &O : OuterVariables)
      if (O.Var != Loops.front().Var &&
          std::none_of(PrivateVars.begin(), PrivateVars.end(),
                       [&](const auto &P) { return P.first == O.Var; }))
        return Failure{
            Refusal("lnr-unsupported-pragma",
                    "'" + O.Var->getName().str() +
                        "' is declared outside the nest and shared by the "
                        "OpenMP directive: the threads of the nest race on "
                        "it; list it in a 'private' clause"),
            O.From};
  }
  for (const OuterVariable &O : OuterVariables)
    Source.OuterDeclared.push_back(O.Var->getName().str());
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
      return Failure{
          Refusal("lnr-macro", "the nest holds a preprocessor directive ('" +
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
  // Declared before the nest: <stdlib.h> included after the kernel
  // declares nothing the rewrite may call.
  auto Declared = [&](const char *Name) {
    for (const NamedDecl *D :
         Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get(Name)))
      if (isa<FunctionDecl>(D) &&
          SM.isBeforeInTranslationUnit(D->getLocation(), Begin))
        return true;
    return false;
  };
  Source.HasStdlib = Declared("malloc") && Declared("free");
  Source.HasCalloc = Declared("calloc");
  for (const NamedDecl *D :
       Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get("uintptr_t")))
    Source.HasStdint |= isa<TypedefNameDecl>(D) &&
                        SM.isBeforeInTranslationUnit(D->getLocation(), Begin);
  Source.Original = Written.str();
  StringRef Line = Before.substr(Before.rfind('\n') + 1);
  Source.Indentation = Line.substr(0, Line.find_first_not_of(" \t")).str();
  recordLevelRanges();
  recordMemoryScalars(Outer);
  Source.ShadowedLibraryName = shadowedLibraryName(Function, Ctx);
  return RecoveredNest{std::move(Kernel), std::move(Source)};
}

} // namespace

std::variant<RecoveredNest, Failure>
recoverNest(const NestSite &Site, ASTContext &Ctx, const Options &Opts) {
  return Recoverer(Ctx, Opts).run(Site.Nest, Site.Region, Site.Function,
                                  Site.InExpression);
}

} // namespace lnr::recover
