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
  // The region's one statement must be the nest: the rewrite replaces the
  // whole region with its own.
  const Stmt *Body = Parallel->getInnermostCapturedStmt()->getCapturedStmt();
  std::vector<const Stmt *> Statements = statementsOf(Body);
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
  Kept.FromRegion = Parallel;
  Kept.Text =
      Parallel
          ? "#pragma omp parallel for" + Kept.ParallelClauses + Kept.ForClauses
          : withoutSplices(
                Lexer::getSourceText(CharSourceRange::getCharRange(
                                         Begin, Directive->getEndLoc()),
                                     SM, LO)
                    .rtrim());
  Facts.Pragma = std::move(Kept);
  return true;
}

} // namespace lnr::recover::detail
