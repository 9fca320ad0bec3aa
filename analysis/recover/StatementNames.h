//===- StatementNames.h - A statement named as C names it -----*- C++ -*-===//
//
// Remarks speak of the user's code in C's words: "an 'if' statement", "a
// 'while' loop", never the AST's class names ('IfStmt').
//
//===----------------------------------------------------------------------===//
#ifndef LNR_ANALYSIS_RECOVER_STATEMENTNAMES_H
#define LNR_ANALYSIS_RECOVER_STATEMENTNAMES_H

#include "clang/AST/Stmt.h"

#include <string>

namespace lnr::recover {

/// S's kind with its article: "an 'if' statement", "a declaration".
std::string statementKind(const clang::Stmt &S);

} // namespace lnr::recover

#endif
