//===- OutputLegality.cpp ------------------------------------------------===//
//
// What must hold of the output for the rewrite to compute what the nest
// computes: each element accumulated, never assigned, inputs not derived
// from it, and no shared memory with the inputs (proved, or left to the
// run-time overlap test).
//
//===----------------------------------------------------------------------===//

#include "analysis/recover/NestCompletion.h"
#include "analysis/recover/NestWalk.h"

#include "analysis/recover/Linearization.h"
#include "analysis/recover/MemberPaths.h"
#include "analysis/recover/OutputDerivation.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <algorithm>

using namespace clang;

namespace lnr::recover::detail {

void NestCompletion::findDisjointOutputIndices(const AffineForm &Form) {
  // A[v], A[v * S + u] with 0 <= u < S, ...: each element determines every
  // index, so different values of any one write different elements.
  std::vector<std::string> &Out = Source.DisjointOutputIndices;
  if (!OutputMultiDim && !Form.Opaque && OutputSubscriptSigned)
    for (const auto &[V, C] : Form.Terms)
      if (C.Symbols.empty() && C.Scale != 0 && isIndex(V))
        Source.LaneIndices.push_back(indexName(V));
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

std::vector<LinearTerm> FactReader::outputTerms(const AffineForm &Form,
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

bool NestWalk::outputAssignedOnce(const Expr *Lhs, const Expr *Statement) {
  // `A[..] = acc;` after the loops that fill acc: zeroing A and then
  // accumulating equals it only if every iteration of the loops outside
  // acc writes an element of its own; where two write one element, the
  // original keeps the last value.
  std::string Names;
  std::vector<std::string> Outside;
  for (size_t I = 0; I < LoopsOutsideAccumulator; ++I) {
    Outside.push_back(Loops[I].Var->getName().str());
    Names += (I ? ", '" : "'") + Outside.back() + "'";
    // A compressed first level's coordinate: distinct positions may hold
    // one coordinate, which readStatement defers a refusal for.
    if (Loops[I].Compressed && !Loops[I].ParentVar && Loops[I].Coordinate)
      Outside.push_back(Loops[I].Coordinate->getName().str());
  }
  bool Proved = true;
  // Stored at an input's positions ('A[p * M + m]'): resolveSparseOutput()
  // reads the layout, and the rewrite checks at run time what keeps the
  // fibers apart (NestSource::OutputPosition).
  bool AtPositions = false;
  for (const auto &[V, C] : OutputForm.Terms)
    AtPositions |= isPosition(V);
  for (const auto &[V, C] : OutputForm.Terms)
    Proved &= std::find(Outside.begin(), Outside.end(), indexName(V)) !=
              Outside.end();
  if (OutputMultiDim && !AtPositions)
    Proved &= OutputRows.size() == Kernel.Stmt.Lhs.Indices.size();
  else if (!AtPositions)
    Proved &=
        rowMajorOrder(outputTerms(OutputForm, /*TacoLevels=*/true)).has_value();
  if (Proved)
    return true;
  return refuse(rule::AssignInReduction,
                "'" + written(Lhs) +
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

bool NestCompletion::outputOnlyAccumulated(const ForStmt *Outer) {
  // The statement names the output once (twice for A[x] = A[x] + ...); any
  // other mention, in a bound or a subscript, reads what the nest writes.
  // An output held in a struct: each mention of the same member.
  struct Counter : RecursiveASTVisitor<Counter> {
    const VarDecl *Output;
    const Expr *Member;
    std::vector<SourceLocation> Uses;
    const std::vector<const Stmt *> *Skipped;
    bool TraverseStmt(Stmt *S) {
      if (std::find(Skipped->begin(), Skipped->end(), S) != Skipped->end())
        return true;
      return RecursiveASTVisitor<Counter>::TraverseStmt(S);
    }
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      if (Output && Ref->getDecl() == Output)
        Uses.push_back(Ref->getBeginLoc());
      return true;
    }
    bool VisitMemberExpr(MemberExpr *M) {
      if (!Output && sameMemberPath(M, Member))
        Uses.push_back(M->getBeginLoc());
      return true;
    }
  } C;
  C.Output = asVar(outputBase);
  C.Member = outputBase;
  C.Skipped = &Duplicates;
  C.TraverseStmt(const_cast<ForStmt *>(Outer));
  unsigned Expected =
      Kernel.Stmt.Accumulate && !AccumulatesWithPlusAssign ? 2 : 1;
  if (C.Uses.size() <= Expected)
    return true;
  for (SourceLocation Use : C.Uses)
    if (Use != outputBase->getBeginLoc())
      return refuse(rule::OutputRead,
                    "the output '" + tensorName(outputBase) +
                        "' is read inside the nest it writes",
                    Use);
  return true;
}

bool NestCompletion::inputsIndependentOfOutput(const Stmt *Function,
                                               const Stmt *Nest) {
  // restrict on the output excludes other pointers to its elements, except
  // those based on it: set from it in the function, however stored.
  const VarDecl *Output = asVar(outputBase);
  // An output held in a struct is no restrict pointer of the function's:
  // checkAliasing leaves every input to the run-time overlap test.
  if (!Output)
    return true;
  OutputDerivation Derivation(Output, Function, Ctx, Nest);
  for (const InputArray &In : InputArrays) {
    OutputDerivation::Basis Basis = Derivation.of(In.Base);
    std::string Name = text(In.Base->IgnoreParenImpCasts());
    if (const VarDecl *V = asVar(In.Base))
      Name = V->getName().str();
    if (Basis == OutputDerivation::Basis::Derived)
      return refuse(rule::OutputRead,
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
          rule::OutputRead,
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

bool NestCompletion::checkAliasing(const Expr *OutputBase) {
  if (Opts.AssumeNoAlias)
    return true;
  // The declaration, not the expression: inside an OpenMP region the
  // reference to a captured pointer loses its qualifiers.
  const VarDecl *V = asVar(OutputBase);
  QualType T = V ? V->getType() : OutputBase->IgnoreParenImpCasts()->getType();
  // A member's restrict says nothing of this function's pointers.
  if (V && T->isPointerType() && T.isRestrictQualified()) {
    Source.Overlap.OutputRestrict = true;
    return true;
  }
  if (!Opts.NoAliasCheck) {
    Source.Overlap.Needed = true; // versioned under a run-time test
    return true;
  }
  std::string Name = tensorName(OutputBase);
  std::string Advice = "pass --assume-no-alias";
  if (V && T->isPointerType()) {
    std::string Type =
        T.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
    Advice = "declare it '" + Type +
             (StringRef(Type).endswith("*") ? "restrict" : " restrict") +
             "' or " + Advice;
  } else {
    Advice = "write it through a 'restrict' pointer or " + Advice;
  }
  // Reported only for a nest with something to gain (NestSource.h).
  Source.DeferredRefusal = Refusal(
      rule::PossibleAlias, "'" + Name +
                               "' may share memory with an input, and the "
                               "fused nest reads the inputs in a different "
                               "order; " +
                               Advice);
  return true;
}

} // namespace lnr::recover::detail
