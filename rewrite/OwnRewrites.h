//===- OwnRewrites.h - The rewrites this tool wrote in a body --*- C++ -*-===//
//
// A run of the tool on its own output changes nothing: the statements a
// rewrite wrote (after its summary comment, FallbackCopy.h's isOwnRewrite)
// hold the schedule's nests, not the file's, and a search of those could
// find what the search of the original did not take (a second split of a
// consumer, in another loop order). Their nests are read and reported as
// any other, but never rewritten.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_OWNREWRITES_H
#define LNR_REWRITE_OWNREWRITES_H

#include "rewrite/NestRewriter.h"

#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"

#include <vector>

namespace lnr::rewrite {

class OwnRewrites {
public:
  /// The rewrites in Body (a function's).
  OwnRewrites(const clang::Stmt *Body, const clang::SourceManager &SM);

  /// Whether Loc is inside one of them.
  bool contain(clang::SourceLocation Loc) const;

private:
  void collect(const clang::Stmt *S);
  bool follows(const clang::Stmt *S) const;
  bool opensWithSummary(const clang::CompoundStmt &Block) const;

  const clang::SourceManager &SM;
  std::vector<clang::SourceRange> Regions; // in expansion locations
};

/// The text of Loc's file before Loc (an expansion location), which
/// FallbackCopy.h's isFallbackCopy and isOwnRewrite read.
llvm::StringRef textBefore(clang::SourceLocation Loc,
                           const clang::SourceManager &SM);

/// O, the outcome of a nest inside one of them, left unchanged if it was
/// a rewrite ([lnr-already-fused], which the default policy does not show).
void leaveOwnRewrite(NestOutcome &O);

} // namespace lnr::rewrite

#endif
