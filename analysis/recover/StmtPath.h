//===- StmtPath.h - What lies between a body and a statement --*- C++ -*-===//
//
// The recovery asks what encloses a nest (the loops that repeat it, the
// 'if' it is the branch of) within its function. ASTContext::getParents
// answers from a map of the whole translation unit, built on its first
// call and never again: built while the file is still being parsed it
// would miss every later function, and built whole it costs a walk of
// every declaration for a question about one function. This walks the
// function's body only.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_ANALYSIS_RECOVER_STMTPATH_H
#define LNR_ANALYSIS_RECOVER_STMTPATH_H

#include "clang/AST/Stmt.h"

#include <vector>

namespace lnr::recover {

/// The statements from Root down to Target through Stmt::children, Root
/// first and Target last; empty when Target is not inside Root.
std::vector<const clang::Stmt *> pathTo(const clang::Stmt *Root,
                                        const clang::Stmt *Target);

/// The statement whose child S is, within Root; null for Root itself or a
/// statement outside it.
const clang::Stmt *parentWithin(const clang::Stmt *Root, const clang::Stmt *S);

} // namespace lnr::recover

#endif
