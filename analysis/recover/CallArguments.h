//===- CallArguments.h - What two calls' arguments read --------*- C++ -*-===//
//
// Two calls made one block (CallPairs.h) evaluate their arguments before
// the first body, where the second call evaluated its own after it: an
// argument may take that place when it reads nothing the first body may
// change. These are the AST's answers: whether an argument reads memory,
// calls or sets anything, the types of the memory a body stores into, and
// those an argument loads, for the effective-type rule
// (detail::storesCannotReach).
//
//===----------------------------------------------------------------------===//
#ifndef LNR_ANALYSIS_RECOVER_CALLARGUMENTS_H
#define LNR_ANALYSIS_RECOVER_CALLARGUMENTS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <optional>
#include <set>
#include <vector>

namespace lnr::recover::detail {

/// '&x', '&s.m', '&p->m': an address taken, of a local's own storage or at
/// an offset from a pointer; its operand then, without the '&'; else null.
const clang::Expr *addressTaken(const clang::Expr *E);

/// Whether Arg reads no memory and calls nothing, so that evaluating it
/// before the first body gives what the second call got: constants,
/// locals the caller never lets the functions reach (not in Escaped), and
/// the addresses of locals (which read nothing). With ReadsAllowed (an
/// argument of the first call, evaluated before its body as the call
/// evaluates it), it may read memory ('&(net->graph->matrix)'); it still
/// calls nothing, sets nothing and reads nothing volatile, since the
/// fallback evaluates it again.
bool pureArgument(const clang::Expr *Arg,
                  const std::set<const clang::VarDecl *> &Escaped,
                  bool ReadsAllowed);

/// The types of the lvalues F's body stores into, its own locals aside;
/// none where it calls a function that may store anything.
std::optional<std::vector<clang::QualType>>
storedTypes(const clang::FunctionDecl *F, const clang::ASTContext &Ctx);

/// The types of the memory E reads: each lvalue it loads but the caller's
/// locals whose address it never takes (not in Escaped; a reference reads
/// the memory it is bound to), a null type for a member of a union (a
/// store of another member changes it).
std::vector<clang::QualType>
loadedTypes(const clang::Expr *E,
            const std::set<const clang::VarDecl *> &Escaped);

} // namespace lnr::recover::detail

#endif
