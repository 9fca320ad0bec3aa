//===- Directives.h - the OpenMP directive around a nest -------*- C++ -*-===//
//
// Internal to the recovery library: the first phase of a nest's recovery
// (NestFacts.h). It reads where the nest stands (a statement of the
// function, or the one statement of a '#pragma omp parallel' region) and
// the directive on it, and returns the loop the walk starts from and the
// clauses the rewrite keeps.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_ANALYSIS_RECOVER_DIRECTIVES_H
#define LNR_ANALYSIS_RECOVER_DIRECTIVES_H

#include "analysis/recover/SourceReader.h"

#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace lnr::recover::detail {

/// Where a nest stands and the directive on it, as the rewrite keeps it.
struct DirectiveFacts {
  /// The nest's outermost loop: the nest itself, or the loop under its
  /// directive.
  const ForStmt *Outer = nullptr;
  /// The variables of the directive's 'private' clause.
  std::vector<std::pair<const VarDecl *, SourceLocation>> PrivateVars;
  std::optional<KeptDirective> Pragma; // NestSource::Pragma
  /// The statement the rewrite replaces: the nest, or the region whose one
  /// statement it is.
  const Stmt *Replaced = nullptr;
  /// In a region that holds more than the nest (KeptDirective::InTeam):
  /// the variables each of its threads has its own of, declared in the
  /// region or named by its 'private', 'firstprivate' or 'reduction'
  /// clause.
  std::set<const VarDecl *> TeamPrivate;
  /// KeptDirective::BarrierBefore.
  bool BarrierBefore = false;
};

class DirectiveReader : public SourceReader {
public:
  explicit DirectiveReader(const SourceReader &Reader) : SourceReader(Reader) {}

  /// The directive on Nest, in the parallel Region if any; none, with
  /// Fail set, for a nest whose place or directive is refused.
  std::optional<DirectiveFacts> read(const Stmt *Nest, const Stmt *Region,
                                     bool InExpression);

private:
  DirectiveFacts Facts;

  /// A '#pragma omp parallel' region around the nest, which must be one of
  /// its statements, under '#pragma omp for': the region is replaced when
  /// the nest is all it holds; the nest alone, in a team, otherwise.
  bool readRegion(const Stmt *Nest, const Stmt *Region);
  /// The region's statements but Nest: nothing that makes them unsafe to
  /// keep around a rewritten nest, and the variables they declare.
  bool readTeam(const Stmt *Nest, const clang::OMPParallelDirective *Parallel,
                const std::vector<const Stmt *> &Statements);
  /// '#pragma omp parallel for' on the nest, or '#pragma omp for' in the
  /// region Parallel: its clauses, kept for the rewrite; Facts.Outer
  /// becomes the loop under it.
  bool readDirective(const OMPLoopDirective *Directive,
                     const clang::OMPParallelDirective *Parallel);
  /// readDirective's steps: the clauses refused (those that describe the
  /// original nest), InRegion when they are a region's and its loop's; the
  /// directive the rewrite keeps.
  bool readClauses(const std::vector<const clang::OMPClause *> &Clauses,
                   bool InRegion);
  KeptDirective
  keptDirective(const OMPLoopDirective *Directive,
                const std::vector<const clang::OMPClause *> &Clauses,
                bool FromRegion, bool InTeam) const;
};

} // namespace lnr::recover::detail

#endif
