//===- NestRewriter.cpp ---------------------------------------------------===//

#include "rewrite/NestRewriter.h"
#include "rewrite/Dialect.h"
#include "rewrite/Explain.h"
#include "rewrite/FallbackCopy.h"
#include "rewrite/Includes.h"
#include "rewrite/LineFormat.h"
#include "rewrite/OrderedPositions.h"
#include "rewrite/OverlapTest.h"
#include "rewrite/PrintStyle.h"
#include "rewrite/RuntimeChoice.h"
#include "rewrite/Versioning.h"
#include "rewrite/lower/Printer.h"
#include "rewrite/lower/Sketch.h"

#include "analysis/ir/Cost.h"
#include "analysis/ir/Fusion.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>
#include <map>
#include <set>

namespace lnr::rewrite {
namespace {

/// The file's standard (Dialect.h): C89/C90 and gnu89 are C before C99.
Dialect dialectOf(const clang::LangOptions &Lang) {
  return !Lang.C99 && !Lang.CPlusPlus ? Dialect::c89() : Dialect::c99();
}

/// The replacement of the nest S as text, and whether it is printed in the
/// file's style (Styled). In that style, and when the nest starts its
/// line, the replacement starts where the line does, so that a directive
/// first goes to column 0 and the rest follows the line's indentation.
/// Otherwise a directive or the summary comment must start its own line:
/// after '{ ' on the nest's line, the text starts on the next.
clang::tooling::Replacement
replacement(const lower::Nodes &Tree, const NestSource &S,
            const std::optional<lower::PrintStyle> &Style,
            const lower::LineFormatter &Fallback, bool &Styled) {
  bool Exact = false;
  Styled = false;
  // The body of an 'if' without braces becomes a block whose '{' goes on
  // the 'if' line, outside the replacement: left to clang-format.
  if (Style && S.StartsLine && !S.Substatement &&
      S.Offset >= S.Indentation.size()) {
    std::string Text =
        lower::print(Tree, *Style, S.StatementIndentation, Exact, Fallback);
    if (Exact) {
      Styled = true;
      if (Text.empty() || Text.front() != '#')
        Text = S.StatementIndentation + Text;
      unsigned Begin = S.Offset - S.Indentation.size();
      return clang::tooling::Replacement(S.FilePath, Begin,
                                         S.Length + S.Indentation.size(), Text);
    }
  }
  std::string Text = lower::print(Tree);
  if (!S.StartsLine && (Text.rfind("#", 0) == 0 || Text.rfind("/*", 0) == 0))
    Text = "\n" + Text;
  return clang::tooling::Replacement(S.FilePath, S.Offset, S.Length, Text);
}

/// A recovered nest through scheduling, lowering and versioning: the
/// schedules cheaper than the nest, best first, the scans and run-time
/// checks they need, and the first the lowering can write, with the
/// replacement and what --explain and the remark say of it.
class NestRewrite {
public:
  NestRewrite(const ir::Kernel &Kernel, const NestSource &Source,
              const Options &Common, const Dialect &Standard,
              ir::ScheduleCache &Schedules, NestOutcome Out)
      : Kernel(Kernel), Source(Source), Opts(Common), Standard(Standard),
        Schedules(Schedules), Out(std::move(Out)), Before(ir::costOf(Kernel)),
        Scanned(Kernel), Names(Source.IsNameTaken) {
    Opts.Lowering.DeclarationsFirst = Standard.DeclarationsFirst;
  }

  NestOutcome run();

private:
  const ir::Kernel &Kernel;
  const NestSource &Source;
  Options Opts;
  const Dialect Standard;
  ir::ScheduleCache &Schedules;
  NestOutcome Out;
  const ir::Cost Before;
  /// The schedules tried, best first: the search's or the directive's.
  std::vector<ir::Schedule> Directed;
  const std::vector<ir::Schedule> *Candidates = nullptr;
  /// Scans of the coordinates, for extents the source does not state and
  /// for the ranges of the overlap test (one scan serves both); Scanned is
  /// the kernel with the extents they find.
  ir::Kernel Scanned;
  std::vector<ExtentScan> Scans;
  /// Every name the rewrite declares, against the file's and each other.
  NamePicker Names;
  /// The run-time checks the rewrite runs under, or none.
  std::optional<OverlapTest> Checks;
  bool ChecksPositions = false;

  NestOutcome refused(const Refusal &R);
  std::optional<Refusal> schedule();
  std::optional<Refusal> check();
  NestOutcome rewritten(const ir::Schedule &S, lower::LoweredNest Emitted);
  Versioning versioning(lower::LoweredNest &Emitted,
                        std::optional<RuntimeAlternative> &Alternative) const;
  void describe(const ir::Schedule &S, const lower::LoweredNest &Emitted,
                const std::optional<RuntimeAlternative> &Alternative,
                bool Allocates);
};

NestOutcome NestRewrite::refused(const Refusal &R) {
  Out.Name = R.Name;
  Out.Message = "nest left unchanged: " + R.Message;
  Out.Facts.push_back({"cost", Before.toString()});
  return std::move(Out);
}

/// The candidates, the scans, and whether any candidate gains.
std::optional<Refusal> NestRewrite::schedule() {
  if (!Opts.Directive.empty()) {
    OrRefusal<ir::Schedule> S =
        ir::applyDirective(Kernel, Opts.Directive, Opts.Scheduling);
    if (!S)
      return S.refusal();
    Directed.push_back(std::move(*S));
  }
  Candidates =
      Opts.Directive.empty() ? &Schedules.enumerate(Kernel) : &Directed;
  if (Candidates->empty())
    return ir::noScheduleReason(Kernel);
  std::set<std::string> Ranged;
  if (Source.Overlap.Needed)
    Ranged = overlapCoordinates(Kernel, Source);
  Scans =
      scanUnknownExtents(Scanned, Source, Opts.Lowering.OpenMP, Names, Ranged);
  // What keeps the nest as it is only matters when a schedule would gain.
  if (std::none_of(Candidates->begin(), Candidates->end(),
                   [&](const ir::Schedule &S) {
                     return ir::asymptoticallyCheaper(S.Estimate, Before);
                   }))
    return Refusal("lnr-no-gain", "the best schedule costs " +
                                      Candidates->front().Estimate.toString() +
                                      ", not less than " + Before.toString());
  Out.Gains = true;
  return Source.DeferredRefusal;
}

/// The overlap test, and the checks of what else the rewrite relies on,
/// with the test's flag or a flag of their own.
std::optional<Refusal> NestRewrite::check() {
  if (Source.Overlap.Needed) {
    std::map<std::string, ScannedRange> Ranges;
    for (const ExtentScan &Scan : Scans)
      Ranges[Scan.Index] = {Scan.Minimum, Scan.Variable};
    OrRefusal<OverlapTest> Test =
        overlapTest(Kernel, Source, Ranges, Standard, Names);
    if (!Test)
      return Test.refusal();
    Checks = std::move(*Test);
  }
  OrRefusal<std::optional<OverlapTest>> Checked =
      withPositionChecks(Source, std::move(Checks), Names, ChecksPositions);
  if (!Checked)
    return Checked.refusal();
  Checks = std::move(*Checked);
  return std::nullopt;
}

NestOutcome NestRewrite::run() {
  Out.Kernel = Kernel;
  Out.Offset = Source.Offset;
  Out.Length = Source.Length;
  Out.Facts.push_back({"notation", toString(Kernel.Stmt)});
  Out.Facts.push_back({"formats", formatsLine(Kernel)});
  Out.Facts.push_back({"loop order", ir::loopOrderString(Kernel.Loops)});
  if (std::optional<Refusal> R = schedule())
    return refused(*R);
  if (std::optional<Refusal> R = check())
    return refused(*R);
  // The flag a temporary that cannot be allocated clears: the checks',
  // whose fallback then runs, or one of its own.
  Opts.Lowering.AllocatedFlag = Checks ? Checks->Flag : Names.pick("allocated");
  // Best first; a schedule the code generator cannot write yet gives way to
  // the next, and --explain says so.
  std::optional<Refusal> FirstProblem;
  std::string Skipped;
  for (const ir::Schedule &S : *Candidates) {
    if (!ir::asymptoticallyCheaper(S.Estimate, Before)) {
      if (!FirstProblem)
        FirstProblem = Refusal(
            "lnr-no-gain", "the best schedule costs " + S.Estimate.toString() +
                               ", not less than " + Before.toString());
      continue;
    }
    OrRefusal<lower::LoweredNest> Emitted =
        lower::lowerNest(S.Graph, Kernel, Source, Opts.Lowering, Names);
    if (!Emitted) {
      if (!FirstProblem)
        FirstProblem = Emitted.refusal();
      if (Skipped.empty())
        Skipped = S.describe(Kernel) + ", " + S.Estimate.toString() + ": " +
                  Emitted.refusal().Message + " [" + Emitted.refusal().Name +
                  "]";
      continue;
    }
    Out.Facts.push_back({"schedule", S.describe(Kernel)});
    if (!Skipped.empty())
      Out.Facts.push_back({"not chosen", Skipped});
    return rewritten(S, std::move(*Emitted));
  }
  return refused(*FirstProblem);
}

/// What replaces the nest, as parts: the schedule (or the choice between
/// it and Alternative), the scans it needs, the checks and the fallback.
Versioning
NestRewrite::versioning(lower::LoweredNest &Emitted,
                        std::optional<RuntimeAlternative> &Alternative) const {
  Versioning V;
  V.Allocates =
      Emitted.Allocates || (Alternative && Alternative->Emitted.Allocates);
  V.AllocatedFlag = Opts.Lowering.AllocatedFlag;
  V.Checks = Checks;
  V.ChecksPositions = ChecksPositions;
  V.DeclarationsFirst = Opts.Lowering.DeclarationsFirst;
  // The scans the tree needs, first.
  std::vector<ExtentScan> Needed;
  for (const ExtentScan &Scan : Scans)
    if ((Alternative &&
         std::any_of(Alternative->Scans.begin(), Alternative->Scans.end(),
                     [&](const ExtentScan &A) {
                       return A.Variable == Scan.Variable;
                     })) ||
        (Checks && lower::mentions(Checks->Statements, Scan.Variable)))
      Needed.push_back(Scan);
  if (!Needed.empty())
    V.Scans = scanNodes(Needed);
  V.Choice = Alternative.has_value();
  if (Alternative)
    V.Rewrite = {runtimeChoice(*Alternative, std::move(Emitted.Tree),
                               std::move(Alternative->Emitted.Tree))};
  else
    V.Rewrite = std::move(Emitted.Tree);
  return V;
}

NestOutcome NestRewrite::rewritten(const ir::Schedule &S,
                                   lower::LoweredNest Emitted) {
  std::optional<RuntimeAlternative> Alternative;
  if (Opts.Directive.empty() && Opts.RuntimeChoice)
    Alternative =
        runtimeAlternative(S, Kernel, Source, *Candidates, Before,
                           Opts.Lowering, Schedules, Scanned, Scans, Names);
  describe(S, Emitted, Alternative,
           Emitted.Allocates ||
               (Alternative && Alternative->Emitted.Allocates));
  Out.NeedsStdlib =
      Emitted.NeedsStdlib || (Alternative && Alternative->Emitted.NeedsStdlib);
  Out.NeedsStdint =
      Source.Overlap.Needed && !Source.HasStdint && Standard.AddressNeedsStdint;
  if (Alternative) {
    // Each branch of the run-time choice says which schedule it runs.
    Emitted.Tree.insert(Emitted.Tree.begin(),
                        lower::Node::comment(scheduleComment(Kernel, S)));
    lower::Nodes &Other = Alternative->Emitted.Tree;
    Other.insert(Other.begin(), lower::Node::comment(scheduleComment(
                                    Kernel, Alternative->Schedule)));
  }
  Versioning V = versioning(Emitted, Alternative);
  V.Summary =
      summaryComment(Kernel, S, Before, Alternative ? &*Alternative : nullptr,
                     V.Checks || V.Allocates);
  lower::Nodes Tree = versioned(std::move(V), Source);
  Out.Sketch = lower::sketch(Tree);
  Out.Fix =
      replacement(Tree, Source, Opts.Style, Opts.LineFallback, Out.Styled);
  return std::move(Out);
}

/// The facts --explain prints, the remark and its notes, of a rewrite by S.
void NestRewrite::describe(const ir::Schedule &S,
                           const lower::LoweredNest &Emitted,
                           const std::optional<RuntimeAlternative> &Alternative,
                           bool Allocates) {
  std::string After = S.Estimate.toString();
  if (Alternative) {
    Out.Facts.push_back(
        {"run-time choice", runtimeChoiceFact(*Alternative, Kernel)});
    After += " or " + Alternative->Schedule.Estimate.toString();
  }
  if (Checks)
    for (std::pair<std::string, std::string> &Fact : checkFacts(Source))
      Out.Facts.push_back(std::move(Fact));
  Out.Facts.push_back({"cost", Before.toString() + " -> " + After});
  Out.Facts.push_back({"openmp", openmpFact(Source, Emitted.ParallelNote)});
  if (Allocates)
    Out.Facts.push_back({"allocation", "checked: the original nest runs "
                                       "when a temporary cannot be "
                                       "allocated"});
  Out.Notes = Emitted.Notes;
  if (Alternative)
    for (const std::string &N : Alternative->Emitted.Notes)
      if (std::find(Out.Notes.begin(), Out.Notes.end(), N) == Out.Notes.end())
        Out.Notes.push_back(N);
  Out.FusedTree = toString(S.Graph);
  Out.Graph = S.Graph;
  Out.Name = "lnr-fuse";
  Out.Message = "fused '" + toString(Kernel.Stmt) + "': " + Before.toString() +
                " -> " + After +
                (Alternative ? ", whichever costs less at run time" : "") +
                (Source.Overlap.Needed ? ", under a run-time overlap test (the "
                                         "original nest runs when the output "
                                         "overlaps an input)"
                                       : "");
}

NestOutcome rewriteNest(const recover::NestSite &Site, clang::ASTContext &Ctx,
                        const Options &Common, ir::ScheduleCache &Schedules,
                        bool InHeader) {
  NestOutcome Out;
  Out.Nest = Site.Nest;
  Out.Where = Site.Nest->getBeginLoc();
  auto Recovered = recover::recoverNest(Site, Ctx, Common.Recovery);
  if (auto *F = std::get_if<recover::Failure>(&Recovered)) {
    Out.Name = F->Reason.Name;
    Out.Message = "nest left unchanged: " + F->Reason.Message;
    if (F->Where.isValid())
      Out.Where = F->Where;
    return Out;
  }
  auto &[Kernel, Source] = std::get<recover::RecoveredNest>(Recovered);
  // A header includes what its own rewrite calls: its includers may not.
  if (InHeader) {
    Source.HasStdlib = false;
    Source.HasStdint = false;
  }
  // The statement replaced: the nest, or the OpenMP region around it.
  clang::DynTypedNodeList Parents =
      Ctx.getParents(Site.Region ? *Site.Region : *Site.Nest);
  Source.Substatement = !Parents.empty() && Parents[0].get<clang::IfStmt>();
  return NestRewrite(Kernel, Source, Common, dialectOf(Ctx.getLangOpts()),
                     Schedules, std::move(Out))
      .run();
}

/// The functions of the translation unit, at the top level, in extern "C"
/// blocks and in namespaces, in the order they are written.
std::vector<const clang::FunctionDecl *> functionsOf(clang::ASTContext &Ctx) {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  std::vector<const clang::FunctionDecl *> Functions;
  std::vector<const clang::DeclContext *> Contexts{
      Ctx.getTranslationUnitDecl()};
  while (!Contexts.empty()) {
    const clang::DeclContext *DC = Contexts.back();
    Contexts.pop_back();
    for (const clang::Decl *D : DC->decls()) {
      if (llvm::isa<clang::LinkageSpecDecl>(D) ||
          llvm::isa<clang::NamespaceDecl>(D))
        Contexts.push_back(llvm::cast<clang::DeclContext>(D));
      else if (const auto *FD = llvm::dyn_cast<clang::FunctionDecl>(D))
        Functions.push_back(FD);
    }
  }
  std::sort(Functions.begin(), Functions.end(),
            [&](const clang::Decl *A, const clang::Decl *B) {
              return SM.isBeforeInTranslationUnit(A->getBeginLoc(),
                                                  B->getBeginLoc());
            });
  return Functions;
}

/// The text of FD in O's file, when FD starts a line at the file's top
/// level (NestOutcome::WindowBegin).
void setWindow(NestOutcome &O, const clang::FunctionDecl &FD,
               const clang::SourceManager &SM) {
  clang::SourceLocation FBegin = FD.getSourceRange().getBegin(),
                        FEnd = FD.getSourceRange().getEnd();
  if (FD.getDeclContext()->isTranslationUnit() && FBegin.isFileID() &&
      FEnd.isFileID() && SM.getFileID(FBegin) == O.File &&
      SM.getFileID(FEnd) == O.File && SM.getSpellingColumnNumber(FBegin) == 1) {
    O.WindowBegin = SM.getFileOffset(FBegin);
    O.WindowEnd = SM.getFileOffset(FEnd) + 1; // the closing brace
  }
}

/// The clang-format style of each file, as clang-format finds it.
/// A file's clang-format style, and the printer's fallback in it.
struct FileStyle {
  clang::format::FormatStyle Format;
  lower::LineFormatter Lines;
};
using FileStyles = std::map<clang::FileID, std::optional<FileStyle>>;

/// The style the printer writes a nest of O.File in: the file's
/// clang-format style, with what it derives from the text clang-format
/// would format (the nest's function, O's window); none when the printer
/// cannot follow it.
std::optional<lower::PrintStyle> printStyleOf(const NestOutcome &O,
                                              const clang::SourceManager &SM,
                                              FileStyles &Styles,
                                              lower::LineFormatter &Lines) {
  llvm::StringRef Code = SM.getBufferData(O.File);
  auto It = Styles.find(O.File);
  if (It == Styles.end()) {
    const clang::FileEntry *File = SM.getFileEntryForID(O.File);
    std::string Path = File ? File->tryGetRealPathName().str() : "";
    if (Path.empty() && File)
      Path = File->getName().str();
    llvm::Expected<clang::format::FormatStyle> Style =
        clang::format::getStyle("file", Path, "LLVM", Code);
    std::optional<FileStyle> Found;
    if (Style)
      Found = FileStyle{*Style, clangFormatLines(*Style)};
    else
      llvm::consumeError(Style.takeError());
    It = Styles.emplace(O.File, std::move(Found)).first;
  }
  if (!It->second)
    return std::nullopt;
  if (O.WindowEnd > O.WindowBegin && O.WindowEnd <= Code.size())
    Code = Code.slice(O.WindowBegin, O.WindowEnd);
  Lines = It->second->Lines;
  return printStyleFor(It->second->Format, Code);
}

/// The text of Loc's file before Loc.
llvm::StringRef textBefore(clang::SourceLocation Loc,
                           const clang::SourceManager &SM) {
  return SM.getBufferData(SM.getFileID(Loc)).substr(0, SM.getFileOffset(Loc));
}

} // namespace

std::vector<NestOutcome> rewriteNests(clang::ASTContext &Ctx,
                                      const Options &Opts) {
  std::vector<NestOutcome> Outcomes;
  ir::ScheduleCache Schedules(Opts.Scheduling);
  const clang::SourceManager &SM = Ctx.getSourceManager();
  // The main file, and the user headers the filter accepts (by the name the
  // include found, as clang-tidy's --header-filter).
  auto Rewritten = [&](clang::SourceLocation Loc) {
    Loc = SM.getExpansionLoc(Loc);
    if (SM.isWrittenInMainFile(Loc))
      return true;
    if (!Opts.RewriteHeader || SM.isInSystemHeader(Loc))
      return false;
    const clang::FileEntry *File = SM.getFileEntryForID(SM.getFileID(Loc));
    return File && Opts.RewriteHeader(File->getName());
  };
  FileStyles Styles;
  for (const clang::FunctionDecl *FD : functionsOf(Ctx)) {
    if (!FD->doesThisDeclarationHaveABody() || !Rewritten(FD->getLocation()))
      continue;
    for (const recover::NestSite &Site :
         recover::findLoopNests(FD->getBody())) {
      clang::SourceLocation Begin =
          SM.getExpansionLoc(Site.Nest->getBeginLoc());
      if (!Rewritten(Begin) || isFallbackCopy(textBefore(Begin, SM)))
        continue;
      NestOutcome Where;
      Where.File = SM.getFileID(Begin);
      setWindow(Where, *FD, SM);
      Options PerNest = Opts;
      if (Opts.PrintInFileStyle)
        PerNest.Style = printStyleOf(Where, SM, Styles, PerNest.LineFallback);
      NestOutcome O = rewriteNest(Site, Ctx, PerNest, Schedules,
                                  /*InHeader=*/!SM.isWrittenInMainFile(Begin));
      O.File = Where.File;
      O.Function = FD->getNameAsString();
      O.WindowBegin = Where.WindowBegin;
      O.WindowEnd = Where.WindowEnd;
      Outcomes.push_back(std::move(O));
    }
  }
  insertIncludes(Outcomes, SM);
  return Outcomes;
}

} // namespace lnr::rewrite
