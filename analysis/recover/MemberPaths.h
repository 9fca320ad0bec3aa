//===- MemberPaths.h - Arrays held in structs ------------------*- C++ -*-===//
//
// Real code keeps its arrays in structs: `A->val[p]`, `result->data[..]`,
// `m.x.vals[i]`. A member path is such an array's pointer or array: a chain
// of members, each through `.` or `->`, from one variable. The recovery
// reads an output held in a struct through its path, and asks here which
// variable the path starts from and whether two expressions name the same
// member of it.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_ANALYSIS_RECOVER_MEMBERPATHS_H
#define LNR_ANALYSIS_RECOVER_MEMBERPATHS_H

#include "clang/AST/Expr.h"

#include <string>
#include <vector>

namespace lnr::recover {

/// The variable E's member path starts from ('A' of 'A->val', 's' of
/// 's.m.data'), every member a field and none a bit-field; null when E is
/// not such a path (a variable alone, a call, '(*p).x', an array element).
const clang::VarDecl *memberPathRoot(const clang::Expr *E);

/// E's member path spelled without the parentheses a macro's body puts
/// around its arguments ('Y.data' of '(Y).data'); empty when E is not one.
std::string memberPathText(const clang::Expr *E);

/// Whether A and B are member paths of the same fields, through the same
/// operators, from the same variable.
bool sameMemberPath(const clang::Expr *A, const clang::Expr *B);

/// The arrays Nest indexes through a member path from a variable ('B->val'
/// of 'B->val[p]', 'g.out.data'), each once, in the order they are first
/// met: members of pointer type that is not volatile, or of array type,
/// whose elements are not arrays themselves.
std::vector<const clang::MemberExpr *> memberArrays(const clang::Stmt *Nest);

} // namespace lnr::recover

#endif
