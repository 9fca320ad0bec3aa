//===- Directives.cpp ----------------------------------------------------===//
//
// Where the nest stands and the OpenMP directive on it: a statement of the
// function (not inside a statement expression), with '#pragma omp parallel
// for' or none, or the one statement of a '#pragma omp parallel' region
// under '#pragma omp for'. The clauses that keep their meaning on the fused
// nest are kept; the others refuse the nest.
//
//===----------------------------------------------------------------------===//

#include "analysis/recover/Directives.h"

#include "clang/AST/ExprOpenMP.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>

using namespace clang;

namespace lnr::recover::detail {

std::optional<DirectiveFacts>
DirectiveReader::read(const Stmt *Nest, const Stmt *Region, bool InExpression) {
  if (InExpression)
    return refuseNone(
        rule::UnsupportedStatement,
        "the nest is inside a statement expression ('({ ... })'); "
        "only nests that are statements of the function are "
        "rewritten",
        Nest->getBeginLoc());
  Facts.Replaced = Nest;
  if (Region && !readRegion(Nest, Region))
    return std::nullopt;
  Facts.Outer = dyn_cast<ForStmt>(Nest);
  if (const auto *Directive = dyn_cast<OMPLoopDirective>(Nest))
    if (!readDirective(Directive,
                       dyn_cast_or_null<OMPParallelDirective>(Region)))
      return std::nullopt;
  return std::move(Facts);
}

bool DirectiveReader::readRegion(const Stmt *Nest, const Stmt *Region) {
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
  const Stmt *Body = Parallel->getInnermostCapturedStmt()->getCapturedStmt();
  std::vector<const Stmt *> Statements = statementsOf(Body);
  if (std::find(Statements.begin(), Statements.end(), Nest) == Statements.end())
    return refuse(rule::UnsupportedPragma,
                  "the nest is nested inside a statement of a '#pragma omp "
                  "parallel' region; only a nest that is one of the "
                  "region's statements is read",
                  Where);
  if (!isa<OMPLoopDirective>(Nest))
    return refuse(rule::UnsupportedPragma,
                  "the nest is in a '#pragma omp parallel' region without "
                  "'#pragma omp for': every thread runs the whole nest",
                  Where);
  // The nest alone: the whole region is replaced, read as one 'parallel
  // for'. With more around it, the nest alone is.
  Facts.Replaced = Statements.size() == 1 ? Region : Nest;
  return Statements.size() == 1 || readTeam(Nest, Parallel, Statements);
}

namespace {

/// The variables declared in S, but static ones (one for the whole team).
void declaredIn(const Stmt *S, std::set<const VarDecl *> &Out) {
  if (!S)
    return;
  if (const auto *Captured = dyn_cast<CapturedStmt>(S))
    return declaredIn(Captured->getCapturedStmt(), Out);
  if (const auto *D = dyn_cast<DeclStmt>(S))
    for (const Decl *Each : D->decls())
      if (const auto *V = dyn_cast<VarDecl>(Each); V && !V->isStaticLocal())
        Out.insert(V);
  for (const Stmt *Child : S->children())
    declaredIn(Child, Out);
}

/// Whether every thread of the region has finished what the statements
/// before Nest do when it meets Nest: nothing but declarations after the
/// region's start, a barrier, or a construct that ends with one.
bool settledBefore(const Stmt *Nest,
                   const std::vector<const Stmt *> &Statements) {
  auto At = std::find(Statements.begin(), Statements.end(), Nest);
  while (At != Statements.begin()) {
    const Stmt *S = *--At;
    if (isa<DeclStmt>(S) || isa<NullStmt>(S))
      continue;
    const auto *D = dyn_cast<OMPExecutableDirective>(S);
    if (!D)
      return false;
    if (isa<OMPBarrierDirective>(D))
      return true;
    bool EndsWithBarrier =
        isa<OMPForDirective>(D) || isa<OMPForSimdDirective>(D) ||
        isa<OMPSingleDirective>(D) || isa<OMPSectionsDirective>(D);
    return EndsWithBarrier && !D->getSingleClause<OMPNowaitClause>();
  }
  return true;
}

} // namespace

bool DirectiveReader::readTeam(const Stmt *Nest,
                               const OMPParallelDirective *Parallel,
                               const std::vector<const Stmt *> &Statements) {
  std::set<const VarDecl *> &Own = Facts.TeamPrivate;
  for (const OMPClause *C : Parallel->clauses()) {
    if (const auto *Default = dyn_cast<OMPDefaultClause>(C))
      if (Default->getDefaultKind() != llvm::omp::OMP_DEFAULT_shared &&
          Default->getDefaultKind() != llvm::omp::OMP_DEFAULT_none)
        return refuse(rule::UnsupportedPragma,
                      "the '#pragma omp parallel' region around the nest "
                      "makes every variable its threads use their own; "
                      "the rewrite's run-time tests must read the same "
                      "values on every thread",
                      C->getBeginLoc());
    // A list item's variable: 'x', or the array of 'a[:n]'.
    auto Listed = [&](auto Vars) {
      for (const Expr *Ref : Vars) {
        const Expr *Base = Ref->IgnoreParenImpCasts();
        while (isa<OMPArraySectionExpr>(Base) || isa<ArraySubscriptExpr>(Base))
          Base = (isa<OMPArraySectionExpr>(Base)
                      ? cast<OMPArraySectionExpr>(Base)->getBase()
                      : cast<ArraySubscriptExpr>(Base)->getBase())
                     ->IgnoreParenImpCasts();
        if (const VarDecl *V = asVar(Base))
          Own.insert(V);
      }
    };
    if (const auto *P = dyn_cast<OMPPrivateClause>(C))
      Listed(P->varlists());
    else if (const auto *F = dyn_cast<OMPFirstprivateClause>(C))
      Listed(F->varlists());
    else if (const auto *R = dyn_cast<OMPReductionClause>(C))
      Listed(R->varlists());
  }
  for (const Stmt *S : Statements)
    if (S != Nest)
      declaredIn(S, Own);
  Facts.BarrierBefore = !settledBefore(Nest, Statements);
  return true;
}

bool DirectiveReader::readDirective(const OMPLoopDirective *Directive,
                                    const OMPParallelDirective *Parallel) {
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
  const ForStmt *Outer = Facts.Outer = dyn_cast<ForStmt>(
      Directive->getInnermostCapturedStmt()->getCapturedStmt());
  if (!inFile(Directive->getSourceRange()))
    return refuse(rule::Macro, "the OpenMP directive is written inside a macro",
                  Begin);
  if (!Outer)
    return refuse(rule::UnsupportedPragma,
                  "the OpenMP directive is not on a plain 'for'", Begin);
  // In a team, the loop's clauses; the region's and the loop's, as one
  // 'parallel for' would have them, where the region is replaced.
  bool InTeam = Parallel && Facts.Replaced == Directive;
  std::vector<const OMPClause *> Clauses;
  if (Parallel && !InTeam)
    Clauses.assign(Parallel->clauses().begin(), Parallel->clauses().end());
  Clauses.insert(Clauses.end(), Directive->clauses().begin(),
                 Directive->clauses().end());
  if (!readClauses(Clauses, Parallel != nullptr))
    return false;
  Facts.Pragma = keptDirective(Directive, Clauses, Parallel && !InTeam, InTeam);
  return true;
}

bool DirectiveReader::readClauses(const std::vector<const OMPClause *> &Clauses,
                                  bool InRegion) {
  // Clauses that keep their meaning on the fused outer loop; the others
  // (collapse, reduction, private, ...) describe the original nest.
  for (const OMPClause *C : Clauses) {
    llvm::omp::Clause Kind = C->getClauseKind();
    // The end of the region waits for every thread anyway; in a team, the
    // rewrite keeps it.
    if (InRegion && Kind == llvm::omp::OMPC_nowait)
      continue;
    if (const auto *Private = dyn_cast<OMPPrivateClause>(C)) {
      // Checked against the variables declared outside the nest later.
      for (const Expr *Ref : Private->varlists())
        Facts.PrivateVars.push_back({asVar(Ref), Ref->getBeginLoc()});
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
  return true;
}

KeptDirective
DirectiveReader::keptDirective(const OMPLoopDirective *Directive,
                               const std::vector<const OMPClause *> &Clauses,
                               bool FromRegion, bool InTeam) const {
  // Where temporaries must be private to each thread, the directive is
  // split into 'parallel' (these clauses) and 'for' (schedule).
  KeptDirective Kept;
  for (const OMPClause *C : Clauses) {
    if (C->getClauseKind() == llvm::omp::OMPC_nowait)
      continue;
    if (const auto *Schedule = dyn_cast<OMPScheduleClause>(C))
      Kept.ScheduleRuntime |=
          Schedule->getScheduleKind() == OMPC_SCHEDULE_runtime;
    std::string Clause = text(SourceRange(C->getBeginLoc(), C->getEndLoc()));
    (C->getClauseKind() == llvm::omp::OMPC_schedule ? Kept.ForClauses
                                                    : Kept.ParallelClauses) +=
        " " + Clause;
  }
  // A region around '#pragma omp for' reads as the one directive; another
  // directive's range ends at the end of its line.
  Kept.FromRegion = FromRegion;
  Kept.InTeam = InTeam;
  Kept.BarrierBefore = InTeam && Facts.BarrierBefore;
  Kept.Nowait = std::any_of(Clauses.begin(), Clauses.end(), [](const auto *C) {
    return C->getClauseKind() == llvm::omp::OMPC_nowait;
  });
  Kept.Text =
      Kept.FromRegion
          ? "#pragma omp parallel for" + Kept.ParallelClauses + Kept.ForClauses
          : withoutSplices(Lexer::getSourceText(CharSourceRange::getCharRange(
                                                    Directive->getBeginLoc(),
                                                    Directive->getEndLoc()),
                                                SM, LO)
                               .rtrim());
  return Kept;
}

} // namespace lnr::recover::detail
