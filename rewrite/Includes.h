//===- Includes.h - The headers a file's rewrites need ---------*- C++ -*-===//
//
// The temporaries of a rewrite call malloc and free (<stdlib.h>), the
// overlap test compares addresses as uintptr_t (<stdint.h>) and may call the
// file's SubscriptHelpers. A file that needs any of them gets one insertion
// (NestOutcome::IncludeFix), with its first nest that needs one, holding
// every header any of its nests needs, and the helpers' definitions after
// the file's leading directives (or after the headers inserted, when those
// come later).
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_INCLUDES_H
#define LNR_REWRITE_INCLUDES_H

#include "rewrite/NestRewriter.h"

#include "clang/Basic/SourceManager.h"

#include <map>
#include <string>
#include <vector>

namespace lnr::rewrite {

/// Sets NestOutcome::IncludeFix on the first outcome of each file that
/// needs a header (NeedsStdlib or NeedsStdint) or the helpers, and
/// NeedsPreamble on every outcome that needs one of them. Any IncludeFix
/// set before is replaced: outcomes added since (the calls fused by the
/// tool) count too.
void insertIncludes(std::vector<NestOutcome> &Outcomes,
                    const clang::SourceManager &SM);

/// The headers the outcomes' IncludeFix would add that a file does not
/// compile with (FileHooks::IncludeConflict), each with the first error.
std::map<std::string, std::string>
includeConflicts(const std::vector<NestOutcome> &Outcomes,
                 const decltype(FileHooks::IncludeConflict) &Conflict);

} // namespace lnr::rewrite

#endif
