//===- NestCompletion.h - the kernel and its source, completed -*- C++ -*-===//
//
// Internal to the recovery library: the last phase of a nest's recovery
// (NestFacts.h). From what the walk found and the directive on the nest it
// builds the kernel, checks what must hold of the output and of the
// variables the nest shares with the function, and describes the text the
// rewrite replaces and what the file around it declares. Its methods are
// defined by concern: NestCompletion.cpp, CoordinateLevels.cpp,
// OutputLegality.cpp, Liveness.cpp, OverlapFacts.cpp, TacoConventions.cpp
// and LibraryNames.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_ANALYSIS_RECOVER_NESTCOMPLETION_H
#define LNR_ANALYSIS_RECOVER_NESTCOMPLETION_H

#include "analysis/recover/Directives.h"
#include "analysis/recover/NestFacts.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace lnr::recover::detail {

class NestCompletion : public FactReader {
public:
  NestCompletion(const SourceReader &Reader, NestFacts Facts,
                 DirectiveFacts Directive);

  /// The kernel and source of Nest (in the parallel Region if any); none,
  /// with Fail set, for a nest refused.
  std::optional<RecoveredNest> complete(const Stmt *Nest);

private:
  const DirectiveFacts Directive;

  //===--- NestCompletion.cpp: the steps of complete(), in order; each
  // returns false with a refusal in Fail.
  bool everyLoopIndexUsed();
  /// The kernel's loops, indices and tensors from the facts read.
  bool buildKernel(const Stmt *Function, const Stmt *Nest);
  std::string counterType(const LoopFact &L, QualType Index,
                          const std::string &Spelled) const;
  bool checkPrivateClause(const Stmt *Nest);
  /// In a team (KeptDirective::InTeam), the nest reads no variable each
  /// thread has its own of but those it assigns: the rewrite's run-time
  /// tests read what the nest reads, and every thread must take the same
  /// branch to meet the same work-shared loop.
  bool checkTeamReads();
  /// Whether each thread of the team has its own V (DirectiveFacts).
  bool teamPrivate(const VarDecl *V) const;
  /// The text the rewrite replaces and where it is.
  bool describeReplacement(const Stmt *Nest, const ForStmt *Outer);
  /// A directive on a position split is kept only when the rows it is
  /// read as write apart; otherwise the rewrite decides (refused in a
  /// region, whose statement the rewrite replaces).
  bool trustSplitDirective();
  /// For an output A[row * S + l], 0 <= l < E: E and S, "" for another form.
  std::optional<std::pair<std::string, std::string>> rowExtentAndStride() const;
  /// The facts that do not refuse: the output's disjoint indices, the
  /// C library's names, the ranges of the overlap test, the types spelled.
  void describeSurroundings(const Stmt *Whole);

  //===--- TacoConventions.cpp.
  /// The extent of a compressed index, as TACO's tensor structs give it:
  /// the dimension of a tensor read at that index, by the name the preamble
  /// gives it (`int C1_dimension = (int)(C->dimensions[0]);`) or read from
  /// the struct; empty when no struct says.
  std::string tacoExtent(const std::string &Index, const Stmt *Function,
                         SourceLocation Before) const;

  //===--- CoordinateLevels.cpp.
  /// What a COO loop refuses: a directive, an output assigned.
  bool checkCoordinateLevels();
  /// Removes from Disjoint the coordinates of COO's levels: distinct values
  /// write apart, but the loop visits a value at several positions. The
  /// coordinates removed, but those loaded narrowed (NestSource::
  /// DisjointRepeatedIndices).
  std::vector<std::string>
  dropRepeatedCoordinates(std::vector<std::string> &Disjoint) const;

  //===--- OutputLegality.cpp: what must hold of the output.
  void findDisjointOutputIndices(const AffineForm &Form);
  bool outputOnlyAccumulated(const ForStmt *Outer);
  /// Nest: the statement replaced (escapes of the output after it, not
  /// repeated before it, do not count).
  bool inputsIndependentOfOutput(const Stmt *Function, const Stmt *Nest);
  bool checkAliasing(const Expr *OutputBase);

  //===--- Liveness.cpp: variables declared outside the nest.
  bool outerVariablesDead(const Stmt *Nest, const ForStmt *Outer);
  bool deadAfter(const OuterVariable &O, const Stmt *Nest,
                 const std::vector<const Stmt *> &Parents);

  //===--- OverlapFacts.cpp: ranges for the run-time overlap test.
  void recordLevelRanges();
  void recordMemoryScalars(const Stmt *Nest);
  /// NestSource::MemberArrays, their types spelled against Locals.
  void recordMemberArrays(const Stmt *Nest,
                          const std::set<std::string> &Locals);

  //===--- LibraryNames.cpp: what the C library declares before the nest.
  void describeLibrary(SourceLocation Begin);
  /// Why a header the rewrite would include cannot be (HeaderConflicts).
  void describeHeaderConflicts();
  /// The types the rewrite declares and converts to, spelled without a
  /// typedef name the function shadows ('typedef long wide;' and a
  /// parameter 'int wide': 'long').
  void respellShadowedTypes(const std::set<std::string> &Locals);
  /// T as typeName spells it, or canonical where a local shadows a name.
  std::string spelledType(QualType T,
                          const std::set<std::string> &Locals) const;
};

} // namespace lnr::recover::detail

#endif
