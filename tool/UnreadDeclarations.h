//===- UnreadDeclarations.h - Unread after a rewrite --------*- C++ -*-===//
//
// A block of two inlined functions (InlinedCalls.h) falls back to the calls
// as written when a run-time check fails, so the variables its bodies
// declared are read by the fused nest alone; those it no longer reads (a
// body's accumulator, a pointer to the temporary's values) would be
// -Wunused-variable warnings in a build with -Werror. OpenMP clauses that
// name a variable do not count as reads, to the compiler or here.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_TOOL_UNREADDECLARATIONS_H
#define LNR_TOOL_UNREADDECLARATIONS_H

#include "analysis/recover/CallPairs.h"

#include <string>
#include <vector>

namespace lnr::tool {

/// Block without the variables of its declarations that the rewrite left
/// unread (a body's accumulator, a pointer to the temporary's values):
/// the calls it falls back to do not read them, and an unread variable is
/// a warning. A declaration whose variables are all unread goes when its
/// values call and set nothing; one declaring several without values is
/// written again with those read.
std::string withoutUnread(std::string Block,
                          const std::vector<recover::BlockDeclaration> &Decls);

} // namespace lnr::tool

#endif
