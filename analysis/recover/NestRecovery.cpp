//===- NestRecovery.cpp ---------------------------------------------------===//
//
// The nest is read top-down: each `for` is either a dense loop (0 to an
// invariant bound) or a compressed loop (pos[q] to pos[q + 1], q the position
// of its parent level), followed by coordinate loads (`int j = crd[p];`) and
// one inner loop or, innermost, the statement A[..] += f1 * f2 * ...
// Subscripts are read as affine forms over the nest's indices; a dense
// tensor's indices are its subscript's variables, largest stride first.
//
// This file finds the nests of a function and runs the three phases of one
// nest's recovery in order (recoverNest): DirectiveReader, NestWalk and
// NestCompletion, each taking the value the one before returns
// (NestFacts.h).
//
//===----------------------------------------------------------------------===//

#include "analysis/recover/NestRecovery.h"
#include "analysis/recover/Directives.h"
#include "analysis/recover/NestCompletion.h"
#include "analysis/recover/NestWalk.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <set>

using namespace clang;

namespace lnr::recover {
namespace detail {

bool holdsLoop(const Stmt *S) {
  if (!S || isa<Expr>(S))
    return false;
  if (isa<ForStmt>(S) || isa<OMPLoopDirective>(S))
    return true;
  // An OpenMP region's statement is not among its capture's children.
  if (const auto *Captured = dyn_cast<CapturedStmt>(S))
    return holdsLoop(Captured->getCapturedStmt());
  for (const Stmt *Child : S->children())
    if (holdsLoop(Child))
      return true;
  return false;
}

} // namespace detail

namespace {
using detail::holdsLoop;

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

namespace {

/// The three phases of a nest's recovery, each taking the value the one
/// before returns; the first refusal met.
std::variant<RecoveredNest, Failure> readNest(const NestSite &Site,
                                              ASTContext &Ctx,
                                              const Options &Opts,
                                              const UnitFacts &Unit) {
  detail::SourceReader Reader(Ctx, Opts, Unit, Site.Declaration, Site.Function);
  detail::DirectiveReader Directives(Reader);
  std::optional<detail::DirectiveFacts> Directive =
      Directives.read(Site.Nest, Site.Region, Site.InExpression);
  if (!Directive)
    return *Directives.Fail;
  detail::NestWalk Walk(Reader);
  std::optional<detail::NestFacts> Facts = Walk.read(Directive->Outer);
  if (!Facts)
    return *Walk.Fail;
  detail::NestCompletion Completion(Reader, std::move(*Facts),
                                    std::move(*Directive));
  if (std::optional<RecoveredNest> Nest = Completion.complete(Site.Nest))
    return std::move(*Nest);
  return *Completion.Fail;
}

} // namespace

std::variant<RecoveredNest, Failure> recoverNest(const NestSite &Site,
                                                 ASTContext &Ctx,
                                                 const Options &Opts,
                                                 const UnitFacts &Unit) {
  std::variant<RecoveredNest, Failure> Result = readNest(Site, Ctx, Opts, Unit);
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