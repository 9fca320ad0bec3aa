//===- OwnRewrites.cpp ----------------------------------------------------===//

#include "rewrite/OwnRewrites.h"
#include "rewrite/FallbackCopy.h"

#include "clang/AST/Expr.h"

namespace lnr::rewrite {
namespace {

/// The text of the file of Loc (an expansion location) from Begin to it.
llvm::StringRef textOf(clang::SourceLocation Begin, clang::SourceLocation End,
                       const clang::SourceManager &SM) {
  unsigned From = SM.getFileOffset(Begin), To = SM.getFileOffset(End);
  return SM.getBufferData(SM.getFileID(End)).substr(From, To - From);
}

} // namespace

OwnRewrites::OwnRewrites(const clang::Stmt *Body,
                         const clang::SourceManager &SM)
    : SM(SM) {
  if (!Body)
    return;
  clang::SourceLocation Begin = SM.getExpansionLoc(Body->getBeginLoc());
  clang::SourceLocation End = SM.getExpansionLoc(Body->getEndLoc());
  // Most bodies hold no rewrite: their statements are not looked at.
  if (Begin.isValid() && End.isValid() &&
      SM.getFileID(Begin) == SM.getFileID(End) &&
      textOf(Begin, End, SM).contains("lnr-rewrite: "))
    collect(Body);
}

void OwnRewrites::collect(const clang::Stmt *S) {
  if (!S || llvm::isa<clang::Expr>(S))
    return;
  clang::SourceLocation Begin = SM.getExpansionLoc(S->getBeginLoc());
  if (Begin.isValid() &&
      isOwnRewrite(
          textOf(SM.getLocForStartOfFile(SM.getFileID(Begin)), Begin, SM))) {
    Regions.push_back({Begin, SM.getExpansionLoc(S->getEndLoc())});
    return;
  }
  for (const clang::Stmt *Child : S->children())
    collect(Child);
}

bool OwnRewrites::contain(clang::SourceLocation Loc) const {
  Loc = SM.getExpansionLoc(Loc);
  for (const clang::SourceRange &R : Regions)
    if (SM.getFileID(R.getBegin()) == SM.getFileID(Loc) &&
        SM.getFileOffset(R.getBegin()) <= SM.getFileOffset(Loc) &&
        SM.getFileOffset(Loc) <= SM.getFileOffset(R.getEnd()))
      return true;
  return false;
}

void leaveOwnRewrite(NestOutcome &O) {
  if (!O.Fix)
    return;
  O.Fix.reset();
  O.Styled = O.NeedsStdlib = O.NeedsStdint = false;
  O.Notes.clear();
  O.Name = "lnr-already-fused";
  O.Message = "nest left unchanged: it is part of lnr-rewrite's rewrite of a "
              "nest (after its comment '/* lnr-rewrite: ...'), which a run "
              "on the tool's own output leaves as it is; rewrite the "
              "original nest instead";
}

} // namespace lnr::rewrite
