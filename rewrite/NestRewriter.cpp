//===- NestRewriter.cpp ---------------------------------------------------===//

#include "rewrite/NestRewriter.h"
#include "rewrite/CText.h"
#include "rewrite/Dialect.h"
#include "rewrite/OrderedPositions.h"
#include "rewrite/OverlapTest.h"
#include "rewrite/RuntimeChoice.h"

#include "analysis/ir/Cost.h"
#include "analysis/ir/Fusion.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Format/Format.h"
#include "clang/Tooling/Inclusions/HeaderIncludes.h"

#include <algorithm>
#include <map>
#include <set>

namespace lnr::rewrite {

/// The file's standard (Dialect.h): C89/C90 and gnu89 are C before C99.
static Dialect dialectOf(const clang::LangOptions &Lang) {
  return !Lang.C99 && !Lang.CPlusPlus ? Dialect::c89() : Dialect::c99();
}

namespace {

/// Open the fallback of a rewrite versioned under an overlap test, or
/// whose temporaries may not be allocated, or both: the original nest,
/// which a second run leaves alone, silently.
constexpr const char *OverlapMarker =
    "/* lnr-rewrite: the original nest, run when the arrays may overlap */";
constexpr const char *MemoryMarker =
    "/* lnr-rewrite: the original nest, run when an allocation fails */";
constexpr const char *EitherMarker =
    "/* lnr-rewrite: the original nest, run on overlap or out of memory */";
constexpr const char *CheckMarker =
    "/* lnr-rewrite: the original nest, run when a run-time check fails */";

/// The words of the block comment that Text ends with, without the
/// continuations' '*' ("/* a\n * b */": "a b"); "" when it ends otherwise.
std::string commentWords(llvm::StringRef Text) {
  if (!Text.endswith("*/"))
    return "";
  size_t Open = Text.rfind("/*");
  if (Open == llvm::StringRef::npos || Open + 4 > Text.size())
    return "";
  llvm::SmallVector<llvm::StringRef, 16> Words;
  Text.slice(Open + 2, Text.size() - 2).split(Words, ' ', -1, false);
  std::string Out;
  for (llvm::StringRef Chunk : Words)
    for (llvm::StringRef Word : llvm::split(Chunk, '\n')) {
      Word = Word.trim();
      if (!Word.empty() && Word != "*")
        Out += (Out.empty() ? "" : " ") + Word.str();
    }
  return Out;
}

/// Whether the nest at Begin is such a fallback copy.
bool isFallbackCopy(const clang::SourceManager &SM,
                    clang::SourceLocation Begin) {
  llvm::StringRef Before =
      SM.getBufferData(SM.getFileID(Begin)).substr(0, SM.getFileOffset(Begin));
  Before = Before.rtrim();
  if (Before.endswith("#pragma"))
    Before = Before.drop_back(7).rtrim();
  // The directives of the nest itself: a '#pragma omp parallel' region
  // around the nest's '#pragma omp for' is copied with it, and the brace
  // that opens its block (each directive a line, or several joined by a
  // backslash).
  for (;;) {
    size_t Start = Before.size();
    do
      Start = Before.rfind('\n', Start == 0 ? 0 : Start - 1);
    while (Start != llvm::StringRef::npos && Start > 0 &&
           Before[Start - 1] == '\\');
    Start = Start == llvm::StringRef::npos ? 0 : Start + 1;
    llvm::StringRef Line = Before.substr(Start).trim();
    if (Line != "{" && !Line.startswith("#pragma omp"))
      break;
    Before = Before.take_front(Start).rtrim();
  }
  if (Before.endswith("/* clang-format off */"))
    Before = Before.drop_back(22).rtrim();
  // A style with a shorter line than the marker's reflows it.
  std::string Words = commentWords(Before);
  return !Words.empty() && (Words == commentWords(OverlapMarker) ||
                            Words == commentWords(MemoryMarker) ||
                            Words == commentWords(EitherMarker) ||
                            Words == commentWords(CheckMarker));
}

/// Test (the overlap test, or none) with the checks of what else a rewrite
/// of S relies on: positions that never decrease (OrderedPositions.h),
/// positions arrays whose first element the reading took to be 0
/// (NestSource::ZeroFirstPositions), and an output at positions whose
/// inner extent as written is not its stride, fibers apart (assigned once,
/// written in parallel) only when extent <= stride. Positions says whether
/// a check of positions beyond the overlap test's was added (for an output
/// stored at positions, a position split, a first position): the positions
/// the overlap test ranges over are part of it, and their check is the
/// test's own (the arrays may overlap when they decrease).
OrRefusal<std::optional<OverlapTest>>
withPositionChecks(const NestSource &S, std::optional<OverlapTest> Test,
                   NamePicker &Names, bool &Positions) {
  std::vector<std::string> Relied = positionsRelied(S);
  bool Extents = !S.OutputInnerExtent.empty();
  bool Split = !S.PositionSplit.empty();
  Positions =
      !S.OutputPosition.empty() || Split || !S.ZeroFirstPositions.empty();
  if (Split &&
      std::find(Relied.begin(), Relied.end(), S.PositionSplit) == Relied.end())
    Relied.push_back(S.PositionSplit);
  if (Relied.empty() && !Extents && S.ZeroFirstPositions.empty())
    return Test;
  if (!Test)
    Test = OverlapTest{"", Names.pick("checked")};
  std::string Code = Test->Code.empty() ? "int " + Test->Flag + " = 1;\n" : "";
  if (Extents)
    Code += Test->Flag + " &= " + parenthesized(S.OutputInnerExtent) +
            " <= " + parenthesized(S.OutputStride) + ";\n";
  // Before the positions' order, which is checked from pos[0]. The overlap
  // test, which reads positions at pos[0] too, has checked them first.
  if (!S.Overlap.Needed && !S.ZeroFirstPositions.empty())
    Code += Test->Flag + " &= " + zeroFirstCondition(S) + ";\n";
  std::string Why;
  std::optional<std::string> Check =
      orderedPositionsCheck(S, Relied, Test->Flag, Names, Why);
  if (!Check)
    return Refusal("lnr-unsupported-format",
                   "the rewrite relies on positions that never decrease, "
                   "and cannot check it: " +
                       Why);
  Test->Code += Code + *Check;
  return Test;
}

std::string formatsLine(const ir::Kernel &K) {
  std::string Out;
  for (const ir::Tensor &T : K.Tensors) {
    if (T.Levels.empty())
      continue;
    Out += (Out.empty() ? "" : ", ") + T.Name + " " + ir::formatName(T);
    if (T.isSparse()) {
      const ir::Access *A = K.Stmt.Lhs.Tensor == T.Name ? &K.Stmt.Lhs : nullptr;
      for (const ir::Access &F : K.Stmt.Factors)
        if (F.Tensor == T.Name)
          A = &F;
      Out += " (";
      for (size_t L = 0; L < T.Levels.size(); ++L)
        Out +=
            std::string(L ? ", " : "") +
            (T.Levels[L] == ir::LevelFormat::Dense ? "dense " : "compressed ") +
            (A ? A->Indices[L] : "?");
      if (T.SameNonzerosAs)
        Out += ", the nonzeros of " + T.SameNonzerosAs->Tensor +
               " in its first " + std::to_string(T.SameNonzerosAs->Levels);
      Out += ")";
    }
  }
  return Out;
}

/// A second schedule, cheaper than the chosen one for some sizes, and the
/// run-time test that picks between them.
struct RuntimeAlternative {
  ir::Schedule Schedule;
  EmittedNest Emitted;
  std::string ChosenCost, OtherCost; // C expressions
  std::vector<ExtentScan> Scans;     // extents the two need, found first
};

/// Scanned: K with the extents the scans find (more schedules apply with
/// them: a dense temporary over a hand-written CSR matrix's columns).
std::optional<RuntimeAlternative> runtimeAlternative(
    const ir::Schedule &Chosen, const ir::Kernel &K, const NestSource &Source,
    const std::vector<ir::Schedule> &Candidates, const ir::Cost &Before,
    const Options &Opts, ir::ScheduleCache &Schedules,
    const ir::Kernel &Scanned, const std::vector<ExtentScan> &Scans,
    const NamePicker &Names) {
  const std::vector<ir::Schedule> &Others =
      Scans.empty() ? Candidates : Schedules.enumerate(Scanned);
  std::map<std::string, std::string> Symbols = runtimeSymbols(Scanned, Source);
  std::optional<std::string> ChosenCost =
      runtimeCost(ir::workOf(Chosen.Graph, K), Symbols);
  if (!ChosenCost)
    return std::nullopt;
  for (const ir::Schedule &Other : Others) {
    // Only a schedule that costs less than the chosen one for some sizes,
    // by more than lower-order terms.
    if (!ir::mayCostMore(Chosen.Estimate, Other.Estimate) ||
        !ir::asymptoticallyCheaper(Other.Estimate, Before))
      continue;
    std::optional<std::string> OtherCost =
        runtimeCost(ir::workOf(Other.Graph, Scanned), Symbols);
    if (!OtherCost)
      continue;
    OrRefusal<EmittedNest> Emitted =
        emitNest(Other.Graph, Scanned, Source, Opts.Emission, Names);
    if (!Emitted)
      continue;
    RuntimeAlternative Out{
        Other, std::move(*Emitted), *ChosenCost, *OtherCost, {}};
    for (const ExtentScan &Scan : Scans)
      if (Out.Emitted.Text.find(Scan.Variable) != std::string::npos ||
          Out.OtherCost.find(Scan.Variable) != std::string::npos)
        Out.Scans.push_back(Scan);
    return Out;
  }
  return std::nullopt;
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
  Options Opts = Common;
  const Dialect Standard = dialectOf(Ctx.getLangOpts());
  Opts.Emission.DeclarationsFirst = Standard.DeclarationsFirst;
  // A header includes what its own rewrite calls: its includers may not.
  if (InHeader) {
    Source.HasStdlib = false;
    Source.HasStdint = false;
  }
  // The statement replaced: the nest, or the OpenMP region around it.
  clang::DynTypedNodeList Parents =
      Ctx.getParents(Site.Region ? *Site.Region : *Site.Nest);
  Source.Substatement = !Parents.empty() && Parents[0].get<clang::IfStmt>();
  Out.Kernel = Kernel;
  Out.Offset = Source.Offset;
  Out.Length = Source.Length;
  Out.Facts.push_back({"notation", toString(Kernel.Stmt)});
  Out.Facts.push_back({"formats", formatsLine(Kernel)});
  Out.Facts.push_back({"loop order", ir::loopOrderString(Kernel.Loops)});
  ir::Cost Before = ir::costOf(Kernel);

  auto Refused = [&](const Refusal &R) {
    Out.Name = R.Name;
    Out.Message = "nest left unchanged: " + R.Message;
    Out.Facts.push_back({"cost", Before.toString()});
    return Out;
  };
  std::vector<ir::Schedule> Directed;
  if (!Opts.Directive.empty()) {
    OrRefusal<ir::Schedule> S =
        ir::applyDirective(Kernel, Opts.Directive, Opts.Scheduling);
    if (!S)
      return Refused(S.refusal());
    Directed.push_back(std::move(*S));
  }
  const std::vector<ir::Schedule> &Candidates =
      Opts.Directive.empty() ? Schedules.enumerate(Kernel) : Directed;
  if (Candidates.empty())
    return Refused(ir::noScheduleReason(Kernel));
  // Scans of the coordinates, for extents the source does not state and
  // for the ranges of the overlap test: one scan serves both.
  ir::Kernel Scanned = Kernel;
  std::set<std::string> Ranged;
  if (Source.Overlap.Needed)
    Ranged = overlapCoordinates(Kernel, Source);
  // Every name the rewrite declares, against the file's and each other.
  NamePicker Names(Source.IsNameTaken);
  std::vector<ExtentScan> Scans =
      scanUnknownExtents(Scanned, Source, Opts.Emission.OpenMP, Names, Ranged);
  // What keeps the nest as it is only matters when a schedule would gain.
  if (std::none_of(Candidates.begin(), Candidates.end(),
                   [&](const ir::Schedule &S) {
                     return ir::asymptoticallyCheaper(S.Estimate, Before);
                   }))
    return Refused(
        Refusal("lnr-no-gain", "the best schedule costs " +
                                   Candidates.front().Estimate.toString() +
                                   ", not less than " + Before.toString()));
  Out.Gains = true;
  if (Source.DeferredRefusal)
    return Refused(*Source.DeferredRefusal);
  std::optional<OverlapTest> Versioned;
  if (Source.Overlap.Needed) {
    std::map<std::string, ScannedRange> Ranges;
    for (const ExtentScan &Scan : Scans)
      Ranges[Scan.Index] = {Scan.Minimum, Scan.Variable};
    OrRefusal<OverlapTest> Test =
        overlapTest(Kernel, Source, Ranges, Standard, Names);
    if (!Test)
      return Refused(Test.refusal());
    Versioned = *Test;
  }
  // What else the rewrite relies on, checked with the overlap test's flag
  // or a flag of its own.
  bool ChecksPositions = false;
  if (OrRefusal<std::optional<OverlapTest>> Checked =
          withPositionChecks(Source, Versioned, Names, ChecksPositions);
      !Checked)
    return Refused(Checked.refusal());
  else
    Versioned = *Checked;
  // The flag a temporary that cannot be allocated clears: the tests',
  // whose fallback then runs, or one of its own.
  Opts.Emission.AllocatedFlag =
      Versioned ? Versioned->Flag : Names.pick("allocated");
  // Best first; a schedule the code generator cannot write yet gives way to
  // the next, and --explain says so.
  std::optional<Refusal> FirstProblem;
  std::string Skipped;
  for (const ir::Schedule &S : Candidates) {
    if (!ir::asymptoticallyCheaper(S.Estimate, Before)) {
      if (!FirstProblem)
        FirstProblem = Refusal(
            "lnr-no-gain", "the best schedule costs " + S.Estimate.toString() +
                               ", not less than " + Before.toString());
      continue;
    }
    OrRefusal<EmittedNest> Emitted =
        emitNest(S.Graph, Kernel, Source, Opts.Emission, Names);
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
    std::optional<RuntimeAlternative> Alternative;
    if (Opts.Directive.empty() && Opts.RuntimeChoice)
      Alternative = runtimeAlternative(S, Kernel, Source, Candidates, Before,
                                       Opts, Schedules, Scanned, Scans, Names);
    std::string After = S.Estimate.toString();
    std::string Text = Emitted->Text;
    if (Alternative) {
      const ir::Schedule &A = Alternative->Schedule;
      std::string Scanned;
      for (const ExtentScan &Scan : Alternative->Scans)
        Scanned += (Scanned.empty() ? "; " : ", ") + Scan.Variable + " (" +
                   Scan.Index + ") from a scan of the coordinates";
      Out.Facts.push_back({"run-time choice",
                           A.describe(Kernel) + ", " + A.Estimate.toString() +
                               ", when it costs less on the actual sizes" +
                               Scanned});
      After += " or " + A.Estimate.toString();
      std::string Negative;
      for (const ExtentScan &Scan : Alternative->Scans)
        Negative += Scan.Minimum + " < 0 || ";
      Text = "if (" + Negative + Alternative->ChosenCost +
             " <= " + Alternative->OtherCost + ") {\n" + Emitted->Text +
             "\n} else {\n" + Alternative->Emitted.Text + "\n}";
    }
    // The scans the text needs, first.
    std::vector<ExtentScan> Needed;
    for (const ExtentScan &Scan : Scans)
      if ((Alternative &&
           std::any_of(Alternative->Scans.begin(), Alternative->Scans.end(),
                       [&](const ExtentScan &A) {
                         return A.Variable == Scan.Variable;
                       })) ||
          (Versioned && mentions(Versioned->Code, Scan.Variable)))
        Needed.push_back(Scan);
    std::string Code = Needed.empty() ? "" : scanCode(Needed);
    // A temporary that cannot be allocated clears the flag (EmittedNest::
    // Allocates): the original nest runs instead.
    bool Allocates =
        Emitted->Allocates || (Alternative && Alternative->Emitted.Allocates);
    const std::string &Allocated = Opts.Emission.AllocatedFlag;
    // The original nest, verbatim (clang-format leaves it alone); the
    // marker keeps a second run off it. One copy, whatever makes it run.
    auto Original = [&](const char *Marker) {
      return std::string(Marker) + "\n/* clang-format off */\n" +
             Source.Indentation + Source.Original + "\n/* clang-format on */\n";
    };
    if (Versioned) {
      // The original nest runs when a run-time check fails (the arrays may
      // overlap, positions the rewrite relies on decrease), and when a
      // temporary of the rewrite cannot be allocated (which clears the
      // same flag).
      const char *Marker = ChecksPositions ? CheckMarker
                           : Allocates     ? EitherMarker
                                           : OverlapMarker;
      Text = Versioned->Code + "if (" + Versioned->Flag + ") {\n" + Text +
             "\n}" +
             (Allocates ? "\nif (!" + Versioned->Flag + ") {\n" : " else {\n") +
             Original(Marker) + "}";
      // C89: the test's declarations open a block after the scans.
      if (Opts.Emission.DeclarationsFirst)
        Text = "{\n" + Text + "\n}";
      if (Source.Overlap.Needed)
        Out.Facts.push_back(
            {"aliasing", "versioned: the rewrite runs when the output's bytes "
                         "overlap no input's, the original nest otherwise"});
      if (!Source.PositionSplit.empty())
        Out.Facts.push_back(
            {"position split",
             "read as the loops over the rows and the positions of each, and "
             "written so: the rewrite's temporaries and parallel loop are per "
             "row, so no row is shared by two threads and no update needs an "
             "atomic; valid when '" +
                 Source.ZeroFirstPositions.front() +
                 "' is 0 and the positions never decrease, checked"});
      else if (!Source.ZeroFirstPositions.empty())
        Out.Facts.push_back(
            {"first positions",
             "'" + zeroFirstCondition(Source) +
                 "', checked: the loop from 0 is read as the compressed "
                 "first level from its first position; the original nest "
                 "runs otherwise"});
      if (!Source.OutputPosition.empty() || !Source.PositionSplit.empty())
        Out.Facts.push_back({"positions",
                             "checked: the original nest runs when a positions "
                             "array the rewrite relies on decreases (fibers "
                             "that overlap)"});
    } else if (Allocates) {
      Text = "int " + Allocated + " = 1;\n" + Text + "\nif (!" + Allocated +
             ") {\n" + Original(MemoryMarker) + "}";
      // C89: the flag's declaration opens a block after the scans.
      if (Opts.Emission.DeclarationsFirst && !Code.empty())
        Text = "{\n" + Text + "\n}";
    }
    if (Alternative || Versioned || Allocates) {
      // One block: the scans' and the flag's variables are local to it,
      // and the 'else' cannot pair with an 'if' around the nest.
      Text = "{\n" + Code + Text + "\n}";
    }
    // Locals the rewrite reads in place, left unused without a fallback
    // copy of the nest; a statement after the nest is valid in C89 too.
    if (!Versioned && !Allocates)
      for (const std::string &Name : Source.ReadInPlace)
        Text += "\n(void)" + Name + ";";
    Out.Facts.push_back({"cost", Before.toString() + " -> " + After});
    Out.Facts.push_back(
        {"openmp",
         Emitted->ParallelNote +
             (Source.FromRegion
                  ? "; the file's '#pragma omp parallel' region around "
                    "'#pragma omp for' read as '" +
                        *Source.Pragma + "', the whole region replaced"
                  : "")});
    if (Allocates)
      Out.Facts.push_back({"allocation", "checked: the original nest runs "
                                         "when a temporary cannot be "
                                         "allocated"});
    Out.Notes = Emitted->Notes;
    if (Alternative)
      for (const std::string &N : Alternative->Emitted.Notes)
        if (std::find(Out.Notes.begin(), Out.Notes.end(), N) == Out.Notes.end())
          Out.Notes.push_back(N);
    Out.FusedTree = toString(S.Graph);
    Out.Graph = S.Graph;
    Out.Fix = clang::tooling::Replacement(Source.FilePath, Source.Offset,
                                          Source.Length, Text);
    Out.NeedsStdlib = Emitted->NeedsStdlib ||
                      (Alternative && Alternative->Emitted.NeedsStdlib);
    Out.NeedsStdint = Source.Overlap.Needed && !Source.HasStdint &&
                      Standard.AddressNeedsStdint;
    Out.Name = "lnr-fuse";
    Out.Message =
        "fused '" + toString(Kernel.Stmt) + "': " + Before.toString() + " -> " +
        After + (Alternative ? ", whichever costs less at run time" : "") +
        (Source.Overlap.Needed ? ", under a run-time overlap test (the "
                                 "original nest runs when the output "
                                 "overlaps an input)"
                               : "");
    return Out;
  }
  return Refused(*FirstProblem);
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
  // Functions at the top level, in extern "C" blocks and in namespaces.
  std::vector<const clang::Decl *> Decls;
  std::vector<const clang::DeclContext *> Contexts{
      Ctx.getTranslationUnitDecl()};
  while (!Contexts.empty()) {
    const clang::DeclContext *DC = Contexts.back();
    Contexts.pop_back();
    for (const clang::Decl *D : DC->decls()) {
      if (llvm::isa<clang::LinkageSpecDecl>(D) ||
          llvm::isa<clang::NamespaceDecl>(D))
        Contexts.push_back(llvm::cast<clang::DeclContext>(D));
      else
        Decls.push_back(D);
    }
  }
  std::sort(Decls.begin(), Decls.end(),
            [&](const clang::Decl *A, const clang::Decl *B) {
              return SM.isBeforeInTranslationUnit(A->getBeginLoc(),
                                                  B->getBeginLoc());
            });
  for (const clang::Decl *D : Decls) {
    const auto *FD = llvm::dyn_cast<clang::FunctionDecl>(D);
    if (!FD || !FD->doesThisDeclarationHaveABody() ||
        !Rewritten(FD->getLocation()))
      continue;
    for (const recover::NestSite &Site :
         recover::findLoopNests(FD->getBody())) {
      clang::SourceLocation Begin =
          SM.getExpansionLoc(Site.Nest->getBeginLoc());
      if (!Rewritten(Begin) || isFallbackCopy(SM, Begin))
        continue;
      NestOutcome O = rewriteNest(Site, Ctx, Opts, Schedules,
                                  /*InHeader=*/!SM.isWrittenInMainFile(Begin));
      O.File = SM.getFileID(Begin);
      O.Function = FD->getNameAsString();
      clang::SourceLocation FBegin = FD->getSourceRange().getBegin(),
                            FEnd = FD->getSourceRange().getEnd();
      if (FD->getDeclContext()->isTranslationUnit() && FBegin.isFileID() &&
          FEnd.isFileID() && SM.getFileID(FBegin) == O.File &&
          SM.getFileID(FEnd) == O.File &&
          SM.getSpellingColumnNumber(FBegin) == 1) {
        O.WindowBegin = SM.getFileOffset(FBegin);
        O.WindowEnd = SM.getFileOffset(FEnd) + 1; // the closing brace
      }
      Outcomes.push_back(std::move(O));
    }
  }
  // One insertion per file, with its first nest that needs one: the
  // #include <stdlib.h> of the temporaries, the <stdint.h> of the overlap
  // tests (every header any nest of the file needs).
  std::map<clang::FileID, std::vector<std::string>> Headers;
  for (NestOutcome &O : Outcomes) {
    std::vector<std::string> &H = Headers[O.File];
    if (O.NeedsStdint && !std::count(H.begin(), H.end(), "stdint.h"))
      H.insert(H.begin(), "stdint.h");
    if (O.NeedsStdlib && !std::count(H.begin(), H.end(), "stdlib.h"))
      H.push_back("stdlib.h");
    O.NeedsStdlib |= O.NeedsStdint;
  }
  std::set<clang::FileID> Included;
  for (NestOutcome &O : Outcomes) {
    if (!O.NeedsStdlib || !Included.insert(O.File).second)
      continue;
    llvm::StringRef Code = SM.getBufferData(O.File);
    clang::tooling::HeaderIncludes Includes(
        SM.getFileEntryForID(O.File)->getName(), Code,
        clang::format::getLLVMStyle().IncludeStyle);
    std::optional<unsigned> At;
    std::string Text;
    for (const std::string &Header : Headers[O.File]) {
      if (auto Insert = Includes.insert(Header, /*IsAngled=*/true)) {
        if (!At)
          At = Insert->getOffset();
        Text += Insert->getReplacementText().str();
      } else {
        // Included, but after the nest's function: again in front of it.
        if (!At)
          At = O.WindowEnd > O.WindowBegin ? O.WindowBegin : 0;
        Text += "#include <" + Header + ">\n";
      }
    }
    O.IncludeFix = clang::tooling::Replacement(
        SM.getFileEntryForID(O.File)->getName(), *At, 0, Text);
  }
  return Outcomes;
}

} // namespace lnr::rewrite
