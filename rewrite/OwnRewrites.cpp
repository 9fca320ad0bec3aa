//===- OwnRewrites.cpp ----------------------------------------------------===//

#include "rewrite/OwnRewrites.h"
#include "rewrite/FallbackCopy.h"

#include "clang/AST/Expr.h"

namespace lnr::rewrite {
namespace {

/// The text of End's file from Begin to End (expansion locations of one
/// file).
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
      textOf(Begin, End, SM).contains("lnr-rewrite:"))
    collect(Body);
}

/// Whether the summary comment is in front of S.
bool OwnRewrites::follows(const clang::Stmt *S) const {
  clang::SourceLocation Begin = SM.getExpansionLoc(S->getBeginLoc());
  return Begin.isValid() && isOwnRewrite(textBefore(Begin, SM));
}

/// Whether Block opens with the summary comment: the rewrite of a nest
/// that was the body of an 'if' without braces is the block the rewrite
/// gave it, the comment first.
bool OwnRewrites::opensWithSummary(const clang::CompoundStmt &Block) const {
  if (Block.body_empty() || !follows(Block.body_front()))
    return false;
  clang::SourceLocation Open = SM.getExpansionLoc(Block.getLBracLoc());
  clang::SourceLocation First =
      SM.getExpansionLoc(Block.body_front()->getBeginLoc());
  if (SM.getFileID(Open) != SM.getFileID(First))
    return false;
  // After the '{': the comment, and nothing else before the statement.
  llvm::StringRef Between = textOf(Open, First, SM).drop_front(1).ltrim();
  return Between.startswith("/*") && Between.find("*/") == Between.rfind("*/");
}

void OwnRewrites::collect(const clang::Stmt *S) {
  if (!S || llvm::isa<clang::Expr>(S))
    return;
  const auto *Block = llvm::dyn_cast<clang::CompoundStmt>(S);
  if (follows(S) || (Block && opensWithSummary(*Block))) {
    Regions.push_back({SM.getExpansionLoc(S->getBeginLoc()),
                       SM.getExpansionLoc(S->getEndLoc())});
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

llvm::StringRef textBefore(clang::SourceLocation Loc,
                           const clang::SourceManager &SM) {
  return SM.getBufferData(SM.getFileID(Loc)).substr(0, SM.getFileOffset(Loc));
}

void leaveOwnRewrite(NestOutcome &O) {
  if (!O.Fix)
    return;
  O.Fix.reset();
  // Done already: no gain to report by default (RemarkPolicy.h).
  O.Styled = O.NeedsStdlib = O.NeedsStdint = O.NeedsPreamble = O.Gains = false;
  O.Helpers.clear();
  O.Notes.clear();
  O.Name = rule::AlreadyFused;
  O.Message = "nest left unchanged: it is part of lnr-rewrite's rewrite of a "
              "nest (after its comment '/* lnr-rewrite: ...'), which a run "
              "on the tool's own output leaves as it is; rewrite the "
              "original nest instead";
}

} // namespace lnr::rewrite
