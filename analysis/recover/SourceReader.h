//===- SourceReader.h - what every phase of a recovery reads with -*- C++
//-*-===//
//
// Internal to the recovery library: the AST's context, the options, the
// function the nest is in, the file's text, and the first refusal a phase
// meets. It holds no fact of the nest; each phase (NestFacts.h) adds its
// own.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_ANALYSIS_RECOVER_SOURCEREADER_H
#define LNR_ANALYSIS_RECOVER_SOURCEREADER_H

#include "analysis/recover/AstQueries.h"
#include "analysis/recover/MemberPaths.h"
#include "analysis/recover/NestRecovery.h"

#include <optional>
#include <string>

namespace lnr::recover::detail {

class SourceReader {
public:
  SourceReader(ASTContext &Ctx, const Options &Opts, const UnitFacts &Unit,
               const FunctionDecl *Declaration, const Stmt *FunctionBody)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), LO(Ctx.getLangOpts()), Opts(Opts),
        Unit(Unit), Declaration(Declaration), FunctionBody(FunctionBody) {}

  /// The first refusal met: why the phase returned no value.
  std::optional<Failure> Fail;

protected:
  ASTContext &Ctx;
  const SourceManager &SM;
  const LangOptions &LO;
  const Options &Opts;
  const UnitFacts &Unit;
  const FunctionDecl *Declaration; // of the function the nest is in
  const Stmt *FunctionBody;        // its body

  bool refuse(RuleName Name, std::string Message, SourceLocation Where) {
    if (!Fail)
      Fail = Failure{Refusal(Name, std::move(Message)), Where};
    return false;
  }
  /// refuse, in a phase that returns a value: no value.
  std::nullopt_t refuseNone(RuleName Name, std::string Message,
                            SourceLocation Where) {
    refuse(Name, std::move(Message), Where);
    return std::nullopt;
  }

  /// The text as written in the file; a macro use reads as the use
  /// ("C_AT(i, k)"), and what cannot be mapped to the file (a token of a
  /// macro's body) reads as empty.
  std::string text(SourceRange R) const {
    CharSourceRange File =
        Lexer::makeFileCharRange(CharSourceRange::getTokenRange(R), SM, LO);
    if (File.isInvalid())
      return "";
    return withoutSplices(Lexer::getSourceText(File, SM, LO));
  }
  std::string text(const Stmt *S) const { return text(S->getSourceRange()); }
  /// S as written, for a remark: its text, or where S lies in a macro's
  /// body (text() is empty), the macro's use as the file writes it
  /// ('STRIPS').
  std::string written(const Stmt *S) const {
    std::string Text = text(S);
    if (!Text.empty())
      return Text;
    return Lexer::getSourceText(SM.getExpansionRange(S->getSourceRange()), SM,
                                LO)
        .str();
  }
  bool inFile(SourceRange R) const {
    return R.getBegin().isFileID() && R.getEnd().isFileID();
  }
  /// "crd[p + 1]" for the load "crd[p]"; empty inside a macro.
  std::string nextCoordinate(const ArraySubscriptExpr *Load) const {
    std::string Base = text(Load->getBase()), Index = text(Load->getIdx());
    return Base.empty() || Index.empty() ? "" : Base + "[" + Index + " + 1]";
  }
  std::string indexName(const VarDecl *V) const { return V->getName().str(); }
  std::string typeName(QualType T) const {
    return T.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
  }
  /// An invariant stride, by name where it is a variable (also inside a
  /// macro's body), else as written.
  std::string symbolOf(const Expr *E) const {
    if (const VarDecl *V = asVar(E))
      return V->getName().str();
    return spelled(E);
  }
  /// E's text in the file, parentheses and implicit casts aside; inside a
  /// macro's body ('(M).n' of an accessor's), a member path spelled from
  /// its names ('Y.n'); empty otherwise.
  std::string spelled(const Expr *E) const {
    if (std::string Text = text(E->IgnoreParenImpCasts()); !Text.empty())
      return Text;
    return memberPathText(E);
  }
};

} // namespace lnr::recover::detail

#endif
