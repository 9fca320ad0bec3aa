//===- StatementNames.cpp -------------------------------------------------===//

#include "analysis/recover/StatementNames.h"

#include "clang/AST/Expr.h"
#include "clang/AST/StmtOpenMP.h"

using namespace clang;

namespace lnr::recover {

std::string statementKind(const Stmt &S) {
  if (isa<IfStmt>(S))
    return "an 'if' statement";
  if (isa<WhileStmt>(S))
    return "a 'while' loop";
  if (isa<DoStmt>(S))
    return "a 'do' loop";
  if (isa<ForStmt>(S))
    return "a 'for' loop";
  if (isa<SwitchStmt>(S))
    return "a 'switch' statement";
  if (isa<SwitchCase>(S))
    return "a 'case' label";
  if (isa<LabelStmt>(S))
    return "a label";
  if (isa<CompoundStmt>(S))
    return "a block";
  if (isa<DeclStmt>(S))
    return "a declaration";
  if (isa<NullStmt>(S))
    return "an empty statement";
  if (isa<AsmStmt>(S))
    return "an 'asm' statement";
  if (isa<AttributedStmt>(S))
    return "a statement with attributes";
  if (const auto *Directive = dyn_cast<OMPExecutableDirective>(&S))
    return "an OpenMP '" +
           getOpenMPDirectiveName(Directive->getDirectiveKind()).str() +
           "' directive";
  if (isa<Expr>(S))
    return "an expression statement";
  return "a statement of another kind";
}

} // namespace lnr::recover
