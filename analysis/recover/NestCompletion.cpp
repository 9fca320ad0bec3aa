//===- NestCompletion.cpp ------------------------------------------------===//
//
// The last phase of a nest's recovery: the kernel built from the walk's
// loops and accesses, the checks of the output and of the variables the
// nest shares with the function, in order, then the text the rewrite
// replaces and the facts of the file around it.
//
//===----------------------------------------------------------------------===//

#include "analysis/recover/NestCompletion.h"
#include "analysis/recover/MacroNames.h"
#include "analysis/recover/OpenmpConditionals.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <set>

using namespace clang;

namespace lnr::recover::detail {
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

NestCompletion::NestCompletion(const SourceReader &Reader, NestFacts Facts,
                               DirectiveFacts Directive)
    : FactReader(Reader, std::move(Facts)), Directive(std::move(Directive)) {
  Source.Pragma = this->Directive.Pragma;
}

std::optional<RecoveredNest> NestCompletion::complete(const Stmt *Nest) {
  const Stmt *Function = FunctionBody;
  const ForStmt *Outer = Directive.Outer;
  // The nest, or the '#pragma omp parallel' region whose one statement it
  // is.
  const Stmt *Whole = Directive.Replaced;
  bool Read = everyLoopIndexUsed() && buildKernel(Function, Whole) &&
              checkCoordinateLevels() && checkAliasing(outputBase) &&
              inputsIndependentOfOutput(Function, Whole) &&
              outputOnlyAccumulated(Outer) &&
              outerVariablesDead(Whole, Outer) && checkPrivateClause(Nest) &&
              checkTeamReads() && describeReplacement(Whole, Outer);
  if (!Read)
    return std::nullopt;
  findDisjointOutputIndices(OutputForm);
  Source.DisjointOutputIndices.insert(Source.DisjointOutputIndices.end(),
                                      SparseOutputIndices.begin(),
                                      SparseOutputIndices.end());
  Source.DisjointRepeatedIndices =
      dropRepeatedCoordinates(Source.DisjointOutputIndices);
  // A COO list's rows write distinct elements only where the subscript
  // cannot wrap (NestFacts::OutputSubscriptWraps): the rows are then not
  // split between threads.
  if (OutputSubscriptWraps)
    Source.DisjointRepeatedIndices.clear();
  if (!trustSplitDirective())
    return std::nullopt;
  describeSurroundings(Whole);
  return RecoveredNest{std::move(Kernel), std::move(Source)};
}

void NestCompletion::describeSurroundings(const Stmt *Whole) {
  const ForStmt *Outer = Directive.Outer;
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
}

bool NestCompletion::trustSplitDirective() {
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
  if (Source.Pragma->FromRegion || Source.Pragma->InTeam)
    return refuse(rule::UnsupportedPragma,
                  "the position split runs in a parallel region, and its "
                  "rows may write the same elements of the output",
                  Loops.front().For->getBeginLoc());
  Source.Pragma.reset();
  return true;
}

std::optional<std::pair<std::string, std::string>>
NestCompletion::rowExtentAndStride() const {
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

bool NestCompletion::everyLoopIndexUsed() {
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
std::string NestCompletion::counterType(const LoopFact &L, QualType Index,
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

bool NestCompletion::buildKernel(const Stmt *Function, const Stmt *Nest) {
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

bool NestCompletion::checkPrivateClause(const Stmt *Nest) {
  // A directive on the nest shares the variables declared outside it, but
  // for the work-shared loop's own: 'private' must name the others, and
  // only them, or the threads of the original nest race on them.
  if (Source.Pragma) {
    for (const auto &[V, Where] : Directive.PrivateVars)
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
      if (O.Var != Loops.front().Var && !teamPrivate(O.Var) &&
          std::none_of(Directive.PrivateVars.begin(),
                       Directive.PrivateVars.end(),
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
    if (Source.inTeam() && !teamPrivate(O.Var))
      Source.TeamShared.push_back(
          {O.Var->getName().str(),
           O.Var->getType().getUnqualifiedType().getAsString(
               Ctx.getPrintingPolicy())});
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

bool NestCompletion::teamPrivate(const VarDecl *V) const {
  return Directive.TeamPrivate.count(V);
}

namespace {

/// The variables S reads or writes, each once, with its first use (in
/// OpenMP directives inside it too).
std::vector<std::pair<const VarDecl *, SourceLocation>> usedIn(const Stmt *S) {
  struct Uses : RecursiveASTVisitor<Uses> {
    std::vector<std::pair<const VarDecl *, SourceLocation>> Out;
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
          V && std::none_of(Out.begin(), Out.end(),
                            [&](const auto &P) { return P.first == V; }))
        Out.push_back({V, Ref->getBeginLoc()});
      return true;
    }
  } Found;
  Found.TraverseStmt(const_cast<Stmt *>(S));
  return Found.Out;
}

} // namespace

bool NestCompletion::checkTeamReads() {
  if (!Source.inTeam())
    return true;
  for (const auto &[V, Where] : usedIn(Directive.Outer)) {
    bool Assigned =
        std::any_of(OuterVariables.begin(), OuterVariables.end(),
                    [&, V = V](const OuterVariable &O) { return O.Var == V; });
    bool Own = teamPrivate(V) || V->hasAttr<OMPThreadPrivateDeclAttr>() ||
               V->getTLSKind() != VarDecl::TLS_None;
    if (Own && !Assigned)
      return refuse(rule::UnsupportedPragma,
                    "the nest reads '" + V->getName().str() +
                        "', which each thread of the '#pragma omp parallel' "
                        "region around it has its own of: the rewrite's "
                        "run-time tests read what the nest reads, and every "
                        "thread must make the same choice to share one loop",
                    Where);
  }
  return true;
}

bool NestCompletion::describeReplacement(const Stmt *Nest,
                                         const ForStmt *Outer) {
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
  StringRef File = SM.getBufferData(SM.getFileID(Begin));
  // Conditionals holding only OpenMP directives right before the nest
  // ('#ifdef USE_MP', '#pragma omp parallel for', '#endif') are replaced
  // with it (OpenmpConditionals.h).
  StringRef Blanked = commentsBlanked(File);
  Source.Offset = beginWithOpenmpConditionals(Blanked, SM.getFileOffset(Begin),
                                              SM.getFileOffset(End));
  Source.Length = SM.getFileOffset(End) - Source.Offset;
  StringRef Written = File.substr(Source.Offset, Source.Length);
  // The rewrite is made from the parsed branch of any #if: a nest holding a
  // conditional or a definition stays as it is, but for conditionals that
  // only make OpenMP directives optional. Hints (#pragma GCC ivdep) may go.
  // Reported only for a nest with something to gain (NestSource.h).
  if (std::string Directive =
          firstOtherDirective(Blanked.substr(Source.Offset, Source.Length));
      !Directive.empty() && !Source.DeferredRefusal)
    Source.DeferredRefusal = Refusal(
        rule::Macro, "the nest holds a preprocessor directive ('" + Directive +
                         "'); a rewrite would keep only what this parse saw");
  if (unsigned Line = preprocessorNumber(Nest, SM);
      Line && !Source.DeferredRefusal)
    Source.DeferredRefusal = Refusal(
        rule::Macro,
        "the nest reads a number the preprocessor makes at line " +
            std::to_string(Line) +
            " (__LINE__, __COUNTER__ or a pasted token), which may be "
            "another number wherever a rewrite moves or copies the nest's "
            "code");
  if (std::string Left = directiveLeftBefore(Blanked, Source.Offset);
      !Left.empty() && !Source.DeferredRefusal)
    Source.DeferredRefusal =
        Refusal(rule::Macro, "the line '" + Left +
                                 "' before the nest is, or may be in another "
                                 "configuration, a directive that would apply "
                                 "to the rewrite's first statement");
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
  if (isa<OMPExecutableDirective>(Nest) ||
      Source.Offset != SM.getFileOffset(Begin)) {
    StringRef Head = File.substr(
        0, SM.getFileOffset(SM.getExpansionLoc(Ends->getBeginLoc())));
    StringRef Own = Head.substr(Head.rfind('\n') + 1);
    if (Own.trim().empty())
      Source.StatementIndentation = Own.str();
  }
  Source.Line = SM.getSpellingLineNumber(Begin);
  Source.Column = SM.getSpellingColumnNumber(Begin);
  Source.Original = Written.str();
  Source.MacroBodyNames = macroBodyNames(Nest, SM);
  return true;
}

} // namespace lnr::recover::detail
