//===- NestRecovery.cpp ---------------------------------------------------===//
//
// The nest is read top-down: each `for` is either a dense loop (0 to an
// invariant bound) or a compressed loop (pos[q] to pos[q + 1], q the position
// of its parent level), followed by coordinate loads (`int j = crd[p];`) and
// one inner loop or, innermost, the statement A[..] += f1 * f2 * ...
// Subscripts are read as affine forms over the nest's indices; a dense
// tensor's indices are its subscript's variables, largest stride first.
//
// This file finds the nests of a function and runs the phases of one
// nest's recovery in order (Recoverer::run); each phase is in the file of
// its concern (see Recoverer.h).
//
//===----------------------------------------------------------------------===//

#include "analysis/recover/NestRecovery.h"
#include "analysis/recover/Recoverer.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <set>

using namespace clang;

namespace lnr::recover {
namespace {

/// The names Function declares: its parameters and everything its body
/// declares.
std::set<std::string> namesDeclaredIn(const FunctionDecl *Function) {
  struct Locals : RecursiveASTVisitor<Locals> {
    std::set<std::string> Found;
    bool VisitNamedDecl(NamedDecl *D) {
      if (D->getIdentifier())
        Found.insert(D->getName().str());
      return true;
    }
  } InFunction;
  if (Function && Function->getBody()) {
    InFunction.TraverseStmt(Function->getBody());
    for (const ParmVarDecl *Param : Function->parameters())
      if (Param->getIdentifier())
        InFunction.Found.insert(Param->getName().str());
  }
  return std::move(InFunction.Found);
}

/// Whether S holds a loop among its statements (not counting those of
/// expressions).
bool holdsLoop(const Stmt *S) {
  if (!S || isa<Expr>(S))
    return false;
  if (isa<ForStmt>(S) || isa<OMPLoopDirective>(S))
    return true;
  for (const Stmt *Child : S->children())
    if (holdsLoop(Child))
      return true;
  return false;
}

/// Whether For is a repeat loop around nests (`for (t = 0; t < T; t++)
/// { nest }`, a benchmark's timing loop): the variables its initialization
/// and increment declare, assign or read are used by no statement of its
/// body, and the body holds a loop. Its body is then searched as a block,
/// as a `while` loop's is: each nest in it is self-contained, repeated by
/// the loop, whose header is kept as written.
bool isRepeatLoop(const ForStmt *For) {
  struct Vars : RecursiveASTVisitor<Vars> {
    std::set<const VarDecl *> Found;
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
        Found.insert(V);
      return true;
    }
    bool VisitVarDecl(VarDecl *V) {
      Found.insert(V);
      return true;
    }
  } Header, Body;
  Header.TraverseStmt(const_cast<Stmt *>(For->getInit()));
  Header.TraverseStmt(const_cast<Expr *>(For->getInc()));
  if (const VarDecl *CondVar = For->getConditionVariable())
    Header.Found.insert(CondVar);
  if (!holdsLoop(For->getBody()))
    return false;
  Body.TraverseStmt(const_cast<Stmt *>(For->getBody()));
  return std::none_of(Header.Found.begin(), Header.Found.end(),
                      [&](const VarDecl *V) { return Body.Found.count(V); });
}

/// Why the nest's text cannot be spelled again token by token: a trigraph,
/// which the formatter splits; "" when it can.
std::string unspellable(StringRef Written) {
  for (size_t At = Written.find("??"); At != StringRef::npos;
       At = Written.find("??", At + 1))
    if (At + 2 < Written.size() &&
        StringRef("=/'()!<>-").contains(Written[At + 2]))
      return "the nest is spelled with the trigraph '" +
             Written.substr(At, 3).str() + "', which the formatter splits";
  return "";
}

} // namespace

std::vector<NestSite> findLoopNests(const FunctionDecl &Function) {
  const Stmt *Body = Function.getBody();
  std::vector<NestSite> Nests;
  std::vector<NestSite> Work{{Body, nullptr}};
  // Depth-first, children in order, so nests come out in source order.
  while (!Work.empty()) {
    NestSite At = Work.back();
    Work.pop_back();
    const Stmt *S = At.Nest;
    if (!S)
      continue;
    if (const auto *For = dyn_cast<ForStmt>(S); For && isRepeatLoop(For)) {
      Work.push_back({For->getBody(), At.Region, nullptr, At.InExpression});
      continue;
    }
    if (isa<ForStmt>(S) || isa<OMPLoopDirective>(S)) {
      At.Function = Body;
      At.Declaration = &Function;
      Nests.push_back(At);
      continue;
    }
    // A lambda's body is a function of its own (lambdasIn), not a
    // statement of this one.
    if (isa<LambdaExpr>(S))
      continue;
    // The body of a `while` or `do` loop, or of a repeat loop, is searched
    // as a block is; inside
    // an expression, only a statement expression can hold a loop.
    At.InExpression |= isa<Expr>(S);
    // Inside an OpenMP region ('#pragma omp parallel { ... }') the loops
    // are not ours to parallelize; they are reported, not rewritten.
    if (const auto *Region = dyn_cast<OMPExecutableDirective>(S)) {
      // 'atomic', 'critical' or 'master' hold their statement without a
      // captured region: unwrap as many as there are.
      const Stmt *Inside =
          Region->hasAssociatedStmt() ? Region->getAssociatedStmt() : nullptr;
      while (const auto *Captured = dyn_cast_or_null<CapturedStmt>(Inside))
        Inside = Captured->getCapturedStmt();
      if (Inside)
        Work.push_back(
            {Inside, At.Region ? At.Region : S, nullptr, At.InExpression});
      continue;
    }
    std::vector<const Stmt *> Children(S->child_begin(), S->child_end());
    for (auto It = Children.rbegin(); It != Children.rend(); ++It)
      Work.push_back({*It, At.Region, nullptr, At.InExpression});
  }
  return Nests;
}

std::vector<const CXXMethodDecl *> lambdasIn(const Stmt *Root) {
  std::vector<const CXXMethodDecl *> Found;
  std::vector<const Stmt *> Work{Root};
  while (!Work.empty()) {
    const Stmt *S = Work.back();
    Work.pop_back();
    if (!S)
      continue;
    if (const auto *Lambda = dyn_cast<LambdaExpr>(S)) {
      // A generic lambda's operator is a template: as for templates, its
      // text is not one instantiation's.
      if (!Lambda->isGenericLambda())
        Found.push_back(Lambda->getCallOperator());
      continue; // its own lambdas are found from its operator
    }
    Work.insert(Work.end(), S->child_begin(), S->child_end());
  }
  return Found;
}

namespace detail {

std::variant<RecoveredNest, Failure> Recoverer::run(const Stmt *Nest,
                                                    const Stmt *Region,
                                                    const Stmt *Function,
                                                    bool InExpression) {
  FunctionBody = Function;
  const ForStmt *Outer = dyn_cast<ForStmt>(Nest);
  // A '#pragma omp parallel' region around the nest (readContext accepts
  // only the one whose single statement is the nest under '#pragma omp
  // for'): the region is the statement the rewrite replaces.
  const auto *Parallel = dyn_cast_or_null<OMPParallelDirective>(Region);
  const Stmt *Whole = Region ? Region : Nest;
  bool Read = readContext(Nest, Region, InExpression) &&
              (!isa<OMPLoopDirective>(Nest) ||
               readDirective(cast<OMPLoopDirective>(Nest), Parallel, Outer)) &&
              readLoop(Outer) && assignTensors() && resolveSparseOutput() &&
              everyLoopIndexUsed() && buildKernel(Function, Whole) &&
              checkCoordinateLevels() && checkAliasing(outputBase) &&
              inputsIndependentOfOutput(Function, Whole) &&
              outputOnlyAccumulated(Outer) &&
              outerVariablesDead(Whole, Outer) && checkPrivateClause(Nest) &&
              describeReplacement(Whole, Outer);
  if (!Read)
    return *Fail;
  findDisjointOutputIndices(OutputForm);
  Source.DisjointOutputIndices.insert(Source.DisjointOutputIndices.end(),
                                      SparseOutputIndices.begin(),
                                      SparseOutputIndices.end());
  Source.DisjointRepeatedIndices =
      dropRepeatedCoordinates(Source.DisjointOutputIndices);
  if (!trustSplitDirective())
    return *Fail;
  describeLibrary(Whole->getBeginLoc());
  recordLevelRanges();
  recordMemoryScalars(Outer);
  std::set<std::string> Locals = namesDeclaredIn(Declaration);
  Locals.insert(Unit.LibraryNamesTakenElsewhere.begin(),
                Unit.LibraryNamesTakenElsewhere.end());
  Source.ShadowedLibraryName =
      shadowedLibraryName(Locals, Ctx, temporaryLibraryNames());
  Source.UnusableAddressType = unusableAddressType(Locals, Ctx);
  respellShadowedTypes(Locals);
  recordMemberArrays(Outer, Locals);
  describeHeaderConflicts();
  return RecoveredNest{std::move(Kernel), std::move(Source)};
}

bool Recoverer::trustSplitDirective() {
  // A directive on a position split parallelized chunks of nonzeros, rows
  // shared by two chunks summed with atomics; read as rows, the nest may
  // run in parallel only where rows write apart.
  if (!InPositionSplit || !Source.Pragma)
    return true;
  std::vector<std::string> &Disjoint = Source.DisjointOutputIndices;
  const std::string Row = Loops.front().Var->getName().str();
  if (std::find(Disjoint.begin(), Disjoint.end(), Row) != Disjoint.end())
    return true;
  // TACO's A[i * A2_dimension + l] with l < E2_dimension: rows apart when
  // E2_dimension <= A2_dimension, as in every call TACO makes; checked at
  // run time (NestSource::OutputInnerExtent), the original running
  // otherwise.
  if (std::optional<std::pair<std::string, std::string>> Extents =
          rowExtentAndStride();
      Extents && Source.OutputInnerExtent.empty()) {
    std::tie(Source.OutputInnerExtent, Source.OutputStride) = *Extents;
    Disjoint.push_back(Row);
    return true;
  }
  if (Source.FromRegion)
    return refuse(rule::UnsupportedPragma,
                  "the position split runs in a parallel region, and its "
                  "rows may write the same elements of the output",
                  Loops.front().For->getBeginLoc());
  Source.Pragma.reset();
  Source.PragmaParallelClauses.clear();
  Source.PragmaForClauses.clear();
  Source.PragmaScheduleRuntime = false;
  return true;
}

std::optional<std::pair<std::string, std::string>>
Recoverer::rowExtentAndStride() const {
  // Two terms: the row times one symbol, and a dense index from 0 below an
  // extent other than that symbol.
  const VarDecl *Row = Loops.front().Var;
  auto RowTerm = OutputForm.Terms.find(Row);
  if (OutputForm.Terms.size() != 2 || RowTerm == OutputForm.Terms.end() ||
      RowTerm->second.Scale != 1 || RowTerm->second.Symbols.size() != 1)
    return std::nullopt;
  for (const auto &[V, C] : OutputForm.Terms) {
    const LoopFact *Inner = V == Row ? nullptr : loopOf(V);
    if (V != Row &&
        (!Inner || Inner->Compressed || !Inner->FromZero ||
         Inner->Extent.empty() || C.Scale != 1 || !C.Symbols.empty()))
      return std::nullopt;
    if (Inner)
      return std::make_pair(Inner->Extent, RowTerm->second.Symbols.front());
  }
  return std::nullopt;
}

bool Recoverer::readContext(const Stmt *Nest, const Stmt *Region,
                            bool InExpression) {
  if (InExpression)
    return refuse(rule::UnsupportedStatement,
                  "the nest is inside a statement expression ('({ ... })'); "
                  "only nests that are statements of the function are "
                  "rewritten",
                  Nest->getBeginLoc());
  if (Region)
    return readRegion(Nest, Region);
  return true;
}

bool Recoverer::readRegion(const Stmt *Nest, const Stmt *Region) {
  SourceLocation Where = Nest->getBeginLoc();
  const auto *Parallel = dyn_cast<OMPParallelDirective>(Region);
  if (!Parallel)
    return refuse(
        rule::UnsupportedPragma,
        "the nest is inside a '#pragma omp " +
            llvm::omp::getOpenMPDirectiveName(
                cast<OMPExecutableDirective>(Region)->getDirectiveKind())
                .str() +
            "' region; only a '#pragma omp parallel' region around it is "
            "read",
        Where);
  if (!inFile(Region->getSourceRange()))
    return refuse(rule::Macro, "the OpenMP directive is written inside a macro",
                  Region->getBeginLoc());
  // The region's one statement must be the nest: the rewrite replaces the
  // whole region with its own.
  const Stmt *Body = Parallel->getInnermostCapturedStmt()->getCapturedStmt();
  std::vector<const Stmt *> Statements;
  if (const auto *CS = dyn_cast<CompoundStmt>(Body))
    Statements.assign(CS->body_begin(), CS->body_end());
  else
    Statements.push_back(Body);
  if (std::find(Statements.begin(), Statements.end(), Nest) == Statements.end())
    return refuse(rule::UnsupportedPragma,
                  "the nest is nested inside a statement of a '#pragma omp "
                  "parallel' region; only a region whose one statement is "
                  "the nest is replaced",
                  Where);
  for (const Stmt *S : Statements) {
    if (S == Nest)
      continue;
    std::string What;
    if (isa<DeclStmt>(S))
      What = "a declaration, private to each thread";
    else if (holdsLoop(S))
      What = "another loop";
    else if (const auto *D = dyn_cast<OMPExecutableDirective>(S))
      What = "'#pragma omp " +
             llvm::omp::getOpenMPDirectiveName(D->getDirectiveKind()).str() +
             "'";
    else
      What = "another statement";
    return refuse(rule::UnsupportedPragma,
                  "the '#pragma omp parallel' region around the nest also "
                  "holds " +
                      What + " (line " +
                      std::to_string(SM.getSpellingLineNumber(
                          SM.getExpansionLoc(S->getBeginLoc()))) +
                      "); only a region whose one statement is the nest "
                      "under '#pragma omp for' is replaced",
                  Where);
  }
  if (!isa<OMPLoopDirective>(Nest))
    return refuse(rule::UnsupportedPragma,
                  "the nest is in a '#pragma omp parallel' region without "
                  "'#pragma omp for': every thread runs the whole nest",
                  Where);
  return true;
}

bool Recoverer::readDirective(const OMPLoopDirective *Directive,
                              const OMPParallelDirective *Parallel,
                              const ForStmt *&Outer) {
  SourceLocation Begin = Directive->getBeginLoc();
  if (Parallel && !isa<OMPForDirective>(Directive))
    return refuse(rule::UnsupportedPragma,
                  "only '#pragma omp for' is read on a nest in a '#pragma omp "
                  "parallel' region",
                  Begin);
  if (!Parallel && !isa<OMPParallelForDirective>(Directive))
    return refuse(rule::UnsupportedPragma,
                  "only '#pragma omp parallel for' is kept on a rewritten nest",
                  Begin);
  Outer = dyn_cast<ForStmt>(
      Directive->getInnermostCapturedStmt()->getCapturedStmt());
  if (!inFile(Directive->getSourceRange()))
    return refuse(rule::Macro, "the OpenMP directive is written inside a macro",
                  Begin);
  if (!Outer)
    return refuse(rule::UnsupportedPragma,
                  "the OpenMP directive is not on a plain 'for'", Begin);
  // The region's clauses and its loop's, as one 'parallel for' would have
  // them.
  std::vector<const OMPClause *> Clauses;
  if (Parallel)
    Clauses.assign(Parallel->clauses().begin(), Parallel->clauses().end());
  Clauses.insert(Clauses.end(), Directive->clauses().begin(),
                 Directive->clauses().end());
  // Clauses that keep their meaning on the fused outer loop; the others
  // (collapse, reduction, private, ...) describe the original nest.
  for (const OMPClause *C : Clauses) {
    llvm::omp::Clause Kind = C->getClauseKind();
    // The end of the region waits for every thread anyway.
    if (Parallel && Kind == llvm::omp::OMPC_nowait)
      continue;
    if (const auto *Private = dyn_cast<OMPPrivateClause>(C)) {
      // Checked against the variables declared outside the nest later.
      for (const Expr *Ref : Private->varlists())
        PrivateVars.push_back({asVar(Ref), Ref->getBeginLoc()});
      continue;
    }
    if (Kind != llvm::omp::OMPC_schedule &&
        Kind != llvm::omp::OMPC_num_threads &&
        Kind != llvm::omp::OMPC_proc_bind && Kind != llvm::omp::OMPC_if &&
        Kind != llvm::omp::OMPC_default && Kind != llvm::omp::OMPC_shared)
      return refuse(rule::UnsupportedPragma,
                    "the clause '" +
                        llvm::omp::getOpenMPClauseName(Kind).str() +
                        "' describes the original nest and would not hold on "
                        "the fused one",
                    C->getBeginLoc());
  }
  // Where temporaries must be private to each thread, the directive is
  // split into 'parallel' (these clauses) and 'for' (schedule).
  for (const OMPClause *C : Clauses) {
    if (C->getClauseKind() == llvm::omp::OMPC_nowait)
      continue;
    if (const auto *Schedule = dyn_cast<OMPScheduleClause>(C))
      Source.PragmaScheduleRuntime |=
          Schedule->getScheduleKind() == OMPC_SCHEDULE_runtime;
    std::string Clause = text(SourceRange(C->getBeginLoc(), C->getEndLoc()));
    (C->getClauseKind() == llvm::omp::OMPC_schedule
         ? Source.PragmaForClauses
         : Source.PragmaParallelClauses) += " " + Clause;
  }
  // A region around '#pragma omp for' reads as the one directive.
  if (Parallel) {
    Source.Pragma = "#pragma omp parallel for" + Source.PragmaParallelClauses +
                    Source.PragmaForClauses;
    Source.FromRegion = true;
    return true;
  }
  // The directive's range ends at the end of its line.
  Source.Pragma = withoutSplices(
      Lexer::getSourceText(
          CharSourceRange::getCharRange(Begin, Directive->getEndLoc()), SM, LO)
          .rtrim());
  return true;
}

bool Recoverer::everyLoopIndexUsed() {
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
      return refuse(rule::UnsupportedLoop,
                    "no access uses '" + Index +
                        "': the loop repeats the statement, and a fused nest "
                        "would not",
                    L.For->getBeginLoc());
  }
  return true;
}

/// LoopSource::CounterType: the index's type, or where that is narrower
/// than int, the type the header compares it in ('k < K' with an
/// unsigned K: unsigned int), so that a loop the rewrite adds up to the
/// extent compares alike (no -Wsign-compare the original has not).
std::string Recoverer::counterType(const LoopFact &L, QualType Index,
                                   const std::string &Spelled) const {
  if (Ctx.getTypeSize(Index) >= Ctx.getTypeSize(Ctx.IntTy))
    return Spelled;
  const auto *Compare =
      L.For ? dyn_cast_or_null<BinaryOperator>(L.For->getCond()->IgnoreParens())
            : nullptr;
  if (!Compare || !Compare->isComparisonOp() ||
      !Compare->getLHS()->getType()->isIntegerType() ||
      Ctx.getTypeSize(Compare->getLHS()->getType()) <
          Ctx.getTypeSize(Ctx.IntTy))
    return "int";
  return typeName(Compare->getLHS()->getType());
}

bool Recoverer::buildKernel(const Stmt *Function, const Stmt *Nest) {
  for (const LoopFact &L : Loops) {
    ir::Loop Loop;
    if (L.Compressed) {
      Loop.Index = L.Coordinate->getName().str();
      Loop.Driver = L.Tensor;
      Loop.DriverLevel = L.Level;
      Kernel.Indices.push_back(
          {Loop.Index, tacoExtent(Loop.Index, Function, Nest->getBeginLoc())});
    } else {
      Loop.Index = L.Var->getName().str();
      Kernel.Indices.push_back({Loop.Index, L.Extent});
    }
    LoopSource S = L.Source;
    S.Index = Loop.Index;
    const VarDecl *IndexVar = L.Compressed ? L.Coordinate : L.Var;
    S.IndexType = typeName(IndexVar->getType());
    S.CounterType = counterType(L, IndexVar->getType(), S.IndexType);
    S.VariableType = typeName(L.Var->getType());
    Source.Loops.push_back(std::move(S));
    Kernel.Loops.push_back(std::move(Loop));
  }
  // Dense tensors, in order of first use.
  std::vector<ir::Access> Accesses{Kernel.Stmt.Lhs};
  Accesses.insert(Accesses.end(), Kernel.Stmt.Factors.begin(),
                  Kernel.Stmt.Factors.end());
  for (const ir::Access &A : Accesses)
    if (!Kernel.findTensor(A.Tensor))
      Kernel.Tensors.push_back(
          ir::Tensor{A.Tensor, std::vector<ir::LevelFormat>(
                                   A.Indices.size(), ir::LevelFormat::Dense)});
  std::vector<ir::Tensor> InAccessOrder;
  for (const ir::Access &A : Accesses)
    if (std::none_of(InAccessOrder.begin(), InAccessOrder.end(),
                     [&](const ir::Tensor &T) { return T.Name == A.Tensor; }))
      InAccessOrder.push_back(*Kernel.findTensor(A.Tensor));
  Kernel.Tensors = std::move(InAccessOrder);
  SourceLocation Outer = Loops.front().For->getBeginLoc();
  for (const ir::Access &A : Accesses)
    if (Kernel.findTensor(A.Tensor)->Levels.size() != A.Indices.size())
      return refuse(rule::UnsupportedAccess,
                    "'" + A.Tensor +
                        "' is read with different numbers of indices",
                    Outer);
  if (auto Invalid = Kernel.validate()) {
    if (!Fail)
      Fail = Failure{*Invalid, Outer};
    return false;
  }
  return true;
}

bool Recoverer::checkPrivateClause(const Stmt *Nest) {
  // A directive on the nest shares the variables declared outside it, but
  // for the work-shared loop's own: 'private' must name the others, and
  // only them, or the threads of the original nest race on them.
  if (Source.Pragma) {
    for (const auto &[V, Where] : PrivateVars)
      if (!V ||
          std::none_of(OuterVariables.begin(), OuterVariables.end(),
                       [&](const OuterVariable &O) { return O.Var == V; }))
        return refuse(rule::UnsupportedPragma,
                      "the clause 'private' names '" +
                          (V ? V->getName().str() : text(Nest)) +
                          "', which is not a loop variable or a coordinate "
                          "of the nest declared outside it; it would not "
                          "hold on the fused nest",
                      Where);
    for (const OuterVariable &O : OuterVariables)
      if (O.Var != Loops.front().Var &&
          std::none_of(PrivateVars.begin(), PrivateVars.end(),
                       [&](const auto &P) { return P.first == O.Var; }))
        return refuse(rule::UnsupportedPragma,
                      "'" + O.Var->getName().str() +
                          "' is declared outside the nest and shared by the "
                          "OpenMP directive: the threads of the nest race on "
                          "it; list it in a 'private' clause",
                      O.From);
  }
  for (const OuterVariable &O : OuterVariables) {
    Source.OuterDeclared.push_back(O.Var->getName().str());
    // Or no longer used at all: the scalar accumulator and its copies, the
    // bound locals (C89, assigned in the nest).
    bool Bound =
        std::any_of(BoundLocals.begin(), BoundLocals.end(),
                    [&](const BoundLocal &B) { return B.Var == O.Var; });
    if (substitutedValue(O.Var) || O.Var == Accumulator || Bound ||
        std::count(AccumulatorCopies.begin(), AccumulatorCopies.end(), O.Var))
      Source.ReadInPlace.push_back(O.Var->getName().str());
  }
  return true;
}

bool Recoverer::describeReplacement(const Stmt *Nest, const ForStmt *Outer) {
  // The replaced text runs from the pragma (or `for`) to the end of the
  // body; a body without braces ends with its statement's semicolon. A
  // '#pragma omp parallel' region ends with its closing brace.
  SourceLocation Begin = Nest->getBeginLoc();
  const Stmt *Body = Outer->getBody();
  const Stmt *Ends = Outer;
  if (const auto *Region = dyn_cast<OMPParallelDirective>(Nest))
    if (const auto *CS = dyn_cast<CompoundStmt>(
            Region->getInnermostCapturedStmt()->getCapturedStmt()))
      Body = Ends = CS;
  SourceLocation Last = SM.getExpansionRange(Ends->getEndLoc()).getEnd();
  SourceLocation End = Lexer::getLocForEndOfToken(Last, 0, SM, LO);
  if (!isa<CompoundStmt>(Body)) {
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
    // Reported only for a nest with something to gain (NestSource.h).
    if (Directive.startswith("#") &&
        !Directive.drop_front().ltrim().startswith("pragma") &&
        !Source.DeferredRefusal)
      Source.DeferredRefusal = Refusal(
          rule::Macro, "the nest holds a preprocessor directive ('" +
                           Line.trim().str() +
                           "'); a rewrite would keep only what this parse saw");
    Rest = Next;
  }
  if (std::string Why = unspellable(Written); !Why.empty())
    return refuse(rule::UnsupportedStatement, Why, Begin);
  for (const char *Digraph : {"<:", ":>", "<%", "%>", "%:"})
    if (Written.contains(Digraph))
      return refuse(rule::UnsupportedStatement,
                    std::string("the nest is spelled with the digraph '") +
                        Digraph + "', which the formatter splits",
                    Begin);
  StringRef Before = File.substr(0, Source.Offset);
  StringRef Line = Before.substr(Before.rfind('\n') + 1);
  Source.StartsLine = Line.trim().empty();
  Source.Indentation = Line.substr(0, Line.find_first_not_of(" \t")).str();
  Source.StatementIndentation = Source.Indentation;
  if (isa<OMPExecutableDirective>(Nest)) {
    StringRef Head = File.substr(
        0, SM.getFileOffset(SM.getExpansionLoc(Ends->getBeginLoc())));
    StringRef Own = Head.substr(Head.rfind('\n') + 1);
    if (Own.trim().empty())
      Source.StatementIndentation = Own.str();
  }
  Source.Line = SM.getSpellingLineNumber(Begin);
  Source.Column = SM.getSpellingColumnNumber(Begin);
  Source.Original = Written.str();
  return true;
}

} // namespace detail

std::variant<RecoveredNest, Failure> recoverNest(const NestSite &Site,
                                                 ASTContext &Ctx,
                                                 const Options &Opts,
                                                 const UnitFacts &Unit) {
  std::variant<RecoveredNest, Failure> Result =
      detail::Recoverer(Ctx, Opts, Unit, Site.Declaration)
          .run(Site.Nest, Site.Region, Site.Function, Site.InExpression);
  // Whatever stopped the recovery (a second statement in a body, a call
  // that finds a position), a nest that already computes through a
  // workspace has nothing left to distribute: that is what it is told.
  if (std::holds_alternative<Failure>(Result))
    if (std::optional<Workspace> W =
            findWorkspace(Site.Nest, Site.Function, Ctx))
      return Failure{
          Refusal(rule::AlreadyFused,
                  "the nest already computes through the workspace '" +
                      W->Name +
                      "' (a precompute or hand fusion: filled at line " +
                      std::to_string(W->FilledLine) + ", read into '" +
                      W->Output + "' at line " + std::to_string(W->ReadLine) +
                      "); there is nothing left to distribute"),
          Site.Nest->getBeginLoc()};
  return Result;
}

} // namespace lnr::recover
