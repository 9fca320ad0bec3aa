//===- NestRewriter.cpp ---------------------------------------------------===//

#include "rewrite/NestRewriter.h"
#include "rewrite/Dialect.h"
#include "rewrite/EqualAtRunTime.h"
#include "rewrite/Explain.h"
#include "rewrite/FiniteScales.h"
#include "rewrite/MappedSchedule.h"
#include "rewrite/OrderedPositions.h"
#include "rewrite/OverlapTest.h"
#include "rewrite/RuntimeChoice.h"
#include "rewrite/StoredTemporary.h"
#include "rewrite/TeamStatement.h"
#include "rewrite/Versioning.h"
#include "rewrite/lower/Printer.h"
#include "rewrite/lower/Sketch.h"
#include "rewrite/lower/passes/Parallelize.h"

#include "analysis/ir/Cost.h"
#include "analysis/ir/Fusion.h"
#include "analysis/recover/StmtPath.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

namespace lnr::rewrite {
namespace {

/// Text without its comments and on one line: a comment in a producer's
/// function ('sig(s /* score */)') would nest in the summary comment, and
/// a line comment would end the remark's line. A comment and the blanks
/// around it become one space between two words, none elsewhere.
std::string withoutComments(const std::string &Text) {
  auto Word = [](char Ch) {
    return std::isalnum(static_cast<unsigned char>(Ch)) || Ch == '_';
  };
  std::string Out;
  bool Cut = false; // a comment was left out since the last character
  for (size_t I = 0; I < Text.size();) {
    char Ch = Text[I];
    size_t End = I + 1;
    if (Text.compare(I, 2, "/*") == 0) {
      End = std::min(Text.find("*/", I + 2), Text.size() - 2) + 2;
      Cut = true;
    } else if (Text.compare(I, 2, "//") == 0) {
      End = std::min(Text.find('\n', I), Text.size());
      Cut = true;
    } else if (Cut && std::isspace(static_cast<unsigned char>(Ch))) {
    } else {
      if (Ch == '"' || Ch == '\'') // a literal, whole
        while (End < Text.size() && Text[End] != Ch)
          End += Text[End] == '\\' ? 2 : 1;
      End = std::min(End + (Ch == '"' || Ch == '\''), Text.size());
      if (Cut) {
        while (!Out.empty() && Out.back() == ' ')
          Out.pop_back();
        if (!Out.empty() && Word(Out.back()) && Word(Ch))
          Out += ' ';
      }
      Out += Ch == '\n' ? std::string(" ") : Text.substr(I, End - I);
      Cut = false;
    }
    I = End;
  }
  return Out;
}

/// The statement in index notation; a producer's function of its sum
/// (NestSource::Map) applied to its factors, their sum over the
/// producer's own loops ('A(i,l) += E(j,l) * f(sum_k C(i,k) * D(j,k))').
std::string notation(const ir::Kernel &K, const NestSource &S) {
  if (S.MappedFactors.empty() || S.Map == "(@)")
    return toString(K.Stmt);
  std::vector<std::string> Own;
  std::string Inner, Outer;
  for (size_t F = 0; F < K.Stmt.Factors.size(); ++F) {
    const ir::Access &A = K.Stmt.Factors[F];
    if (std::count(S.MappedScales.begin(), S.MappedScales.end(), F))
      continue; // written in the function
    bool Mapped = std::count(S.MappedFactors.begin(), S.MappedFactors.end(), F);
    std::string &To = Mapped ? Inner : Outer;
    To += (To.empty() ? "" : " * ") + toString(A);
    for (const std::string &I : A.Indices)
      if (Mapped && !K.Stmt.Lhs.uses(I) &&
          std::find(Own.begin(), Own.end(), I) == Own.end() &&
          std::none_of(K.Stmt.Factors.begin(), K.Stmt.Factors.end(),
                       [&](const ir::Access &B) {
                         return &B != &A && B.uses(I) &&
                                !std::count(S.MappedFactors.begin(),
                                            S.MappedFactors.end(),
                                            size_t(&B - &K.Stmt.Factors[0]));
                       }))
        Own.push_back(I);
  }
  std::string Sum;
  for (const std::string &I : Own)
    Sum += (Sum.empty() ? "sum_" : ",") + I;
  std::string Applied = ir::applyMap(withoutComments(S.Map),
                                     (Sum.empty() ? "" : Sum + " ") + Inner);
  std::string Out = toString(K.Stmt.Lhs) + (K.Stmt.Accumulate ? " += " : " = ");
  return Out + (Outer.empty() ? Applied : Outer + " * (" + Applied + ")");
}

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
      if (!S.Leading.empty())
        Text = S.Indentation + S.Leading + "\n" + Text;
      unsigned Begin = S.Offset - S.Indentation.size();
      return clang::tooling::Replacement(S.FilePath, Begin,
                                         S.Length + S.Indentation.size(), Text);
    }
  }
  std::string Text = lower::print(Tree);
  if (!S.Leading.empty())
    Text = S.Leading + "\n" + S.Indentation + Text;
  else if (!S.StartsLine &&
           (Text.rfind("#", 0) == 0 || Text.rfind("/*", 0) == 0))
    Text = "\n" + Text;
  return clang::tooling::Replacement(S.FilePath, S.Offset, S.Length, Text);
}

/// A recovered nest through scheduling, lowering and versioning: the
/// schedules cheaper than the nest, best first, the scans and run-time
/// checks they need, and the first the lowering can write, with the
/// replacement and what --explain and the remark say of it.
class NestRewrite {
public:
  NestRewrite(const RecoveredForRewrite &Nest, const Options &Opts,
              const NestPrinting &Printing, ir::ScheduleCache &Schedules)
      : Kernel(Nest.Kernel), Source(Nest.Source), Opts(Opts),
        Printing(Printing), Standard(Nest.Standard), Schedules(Schedules),
        Out(Nest.Out), Separate(Nest.Separate), Consumer(Nest.Consumer),
        OneNest(ir::costOf(Kernel)),
        Before(Separate ? ir::costOf(*Separate, Kernel) : OneNest),
        Scanned(Kernel), Names(Source.IsNameTaken) {
    Facts.DeclarationsFirst = Standard.DeclarationsFirst;
    if (Separate && (EmptySumFactors = emptySumFactors(Kernel, Source))) {
      SkipsEmptySums = Source;
      SkipsEmptySums->SumsStoredEmpty.clear();
    }
  }

  NestOutcome run();

private:
  const ir::Kernel &Kernel;
  const NestSource &Source;
  const Options &Opts;
  const NestPrinting &Printing;
  const Dialect &Standard;
  /// The lowering's facts of this nest: its file's dialect, and the flag
  /// of its checks (set once they are known).
  lower::NestFacts Facts;
  ir::ScheduleCache &Schedules;
  NestOutcome Out;
  /// Two nests composed (NestComposition.h): the schedule they are as
  /// written, against which a rewrite is measured.
  const std::optional<ir::BranchedGraph> &Separate;
  const RecoveredForRewrite::ConsumerNest &Consumer;
  /// The kernel's cost as one nest, and as written (two nests composed:
  /// the two), against which a rewrite is measured.
  const ir::Cost OneNest;
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
  /// The names of a run-time choice's costs.
  CostNames Costs;
  /// The run-time checks the rewrite runs under, or none.
  std::optional<OverlapTest> Checks;
  /// Whether they check more than the overlap test does (Versioning.h).
  bool ChecksMore = false;
  /// The position variables whose levels the checks find in order.
  std::vector<std::string> OrderedLevels;
  /// The scales of a scaled sum the checks find finite (FiniteScales.h).
  std::vector<size_t> FiniteScales;
  /// Two nests composed: the producer's factors no loop of its sum
  /// indexes, checked finite whatever the schedule; none when one cannot
  /// be (the nest is refused).
  std::optional<std::vector<size_t>> InvariantSumFactors =
      invariantSumFactors(Kernel, Source);
  /// Two nests composed whose producer sums over fibers that may be
  /// empty: the factors that multiply those sums (emptySumFactors), and
  /// the source the lowering reads, where an empty sum no longer keeps
  /// the consumer running (ProducerGuard.h).
  std::optional<std::vector<size_t>> EmptySumFactors;
  std::optional<NestSource> SkipsEmptySums;
  const NestSource &lowered() const {
    return SkipsEmptySums ? *SkipsEmptySums : Source;
  }

  NestOutcome refused(const Refusal &R);
  bool gains(const ir::Schedule &S) const;
  /// Whether one schedule is written, not searched: a directive's, or a
  /// producer's through a function (MappedSchedule.h).
  bool fixedSchedule() const {
    return !Opts.Directive.empty() || !Source.Map.empty();
  }
  std::optional<Refusal> schedule();
  std::optional<Refusal> check(const std::vector<std::string> &AlsoRelied);
  SubscriptHelpers helpers() const;
  std::optional<Refusal> checkFor(const ir::Schedule *First);
  bool covered(const ir::Schedule &S) const;
  bool mayAlternate(const ir::Schedule &Other) const;
  std::vector<size_t> alternativeScales(const ir::Schedule &First) const;
  bool finiteScalesChecked(const ir::Schedule &S) const;
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

/// Whether S is worth writing: asymptotically cheaper than the nest; for
/// two nests composed, fused (a loop shared, a temporary smaller than the
/// whole one) and never costlier than the two.
bool NestRewrite::gains(const ir::Schedule &S) const {
  if (Separate)
    return !S.Graph.Loops.empty() && !ir::mayCostMore(S.Estimate, Before);
  return ir::asymptoticallyCheaper(S.Estimate, Before);
}

/// The candidates, the scans, and whether any candidate gains.
std::optional<Refusal> NestRewrite::schedule() {
  if (!Source.Map.empty() || !Opts.Directive.empty()) {
    OrRefusal<ir::Schedule> S =
        !Source.Map.empty()
            ? mappedSchedule(Kernel, Source, Opts.Scheduling)
            : ir::applyDirective(Kernel, Opts.Directive, Opts.Scheduling);
    if (!S)
      return S.refusal();
    Directed.push_back(std::move(*S));
  }
  Candidates = fixedSchedule()
                   ? &Directed
                   : &Schedules.enumerate(
                         Kernel, lower::sharedOuterIndices(
                                     Kernel, Source, Opts.Lowering.OpenMP));
  if (Candidates->empty())
    return ir::noScheduleReason(Kernel);
  std::set<std::string> Ranged;
  if (Source.Overlap.Needed)
    Ranged = overlapCoordinates(Kernel, Source);
  Scans =
      scanUnknownExtents(Scanned, Source, Opts.Lowering.OpenMP, Names, Ranged);
  // What keeps the nest as it is only matters when a schedule would gain.
  if (std::none_of(Candidates->begin(), Candidates->end(),
                   [&](const ir::Schedule &S) { return gains(S); }))
    return Refusal(rule::NoGain, "the best schedule costs " +
                                     Candidates->front().Estimate.toString() +
                                     ", not less than " + Before.toString());
  Out.Gains = true;
  return Source.DeferredRefusal;
}

/// The helpers the overlap test may call (SubscriptHelpers.h): none in a
/// header.
SubscriptHelpers NestRewrite::helpers() const {
  if (!Source.HelpersDefinable)
    return {};
  return subscriptHelpers(Source.IsNameTaken);
}

/// The overlap test, and the checks of what else the rewrite relies on,
/// with the test's flag or a flag of their own.
std::optional<Refusal>
NestRewrite::check(const std::vector<std::string> &AlsoRelied) {
  std::map<std::string, ScannedRange> Ranges;
  for (const ExtentScan &Scan : Scans)
    Ranges[Scan.Index] = {Scan.Minimum, Scan.Variable, Scan.Exact};
  if (Source.Overlap.Needed) {
    if (Standard.AddressInt == "uintptr_t" &&
        !Source.UnusableAddressType.empty())
      return Refusal(rule::ShadowedName,
                     Source.UnusableAddressType +
                         ", and the run-time overlap test compares the "
                         "arrays' addresses as uintptr_t");
    OrRefusal<OverlapTest> Test =
        overlapTest(Kernel, Source, Ranges, Standard, Names, helpers());
    if (!Test)
      return Test.refusal();
    Checks = std::move(*Test);
  }
  OrRefusal<std::optional<OverlapTest>> Checked = withPositionChecks(
      Source, std::move(Checks), Ranges, Names, ChecksMore, AlsoRelied);
  if (!Checked)
    return Checked.refusal();
  // The checks' statements so far: more after a step that checks
  // something else than the overlap test does.
  auto Count = [](const std::optional<OverlapTest> &T) {
    return T ? T->Statements.size() : 0;
  };
  size_t Before = Count(*Checked);
  Checked = withFiniteScales(Kernel, Source, FiniteScales, std::move(*Checked),
                             Standard, Names);
  if (!Checked)
    return Checked.refusal();
  Checked = withStoredTemporaryRuns(Kernel, Source, std::move(*Checked), Names);
  if (!Checked)
    return Checked.refusal();
  Checked = withEqualAtRunTime(Source, std::move(*Checked), Standard, Names);
  ChecksMore = ChecksMore || Count(*Checked) != Before;
  Checks = std::move(*Checked);
  OrderedLevels = positionsRelied(Source, AlsoRelied);
  return std::nullopt;
}

/// The checks for a rewrite by First (the first schedule that may be
/// written), with the order of the positions its temporaries rely on;
/// without them when that order cannot be checked (First, and any
/// schedule whose temporaries rely on it, are then not written: covered).
std::optional<Refusal> NestRewrite::checkFor(const ir::Schedule *First) {
  std::vector<std::string> Also;
  if (First) {
    Also = positionsOfTemporaries(First->Graph, Kernel, Source);
    FiniteScales = scalesInsideSums(First->Graph, Kernel, Source);
    // And those a run-time alternative, or skipping empty sums, relies on.
    std::vector<size_t> Relied = alternativeScales(*First);
    if (EmptySumFactors)
      Relied.insert(Relied.end(), EmptySumFactors->begin(),
                    EmptySumFactors->end());
    if (InvariantSumFactors)
      Relied.insert(Relied.end(), InvariantSumFactors->begin(),
                    InvariantSumFactors->end());
    for (size_t F : Relied)
      if (std::find(FiniteScales.begin(), FiniteScales.end(), F) ==
          FiniteScales.end())
        FiniteScales.push_back(F);
  }
  std::optional<Refusal> R = check(Also);
  if (!R || Also.empty())
    return R;
  Checks.reset();
  return check({});
}

/// Whether a run-time choice may offer Other beside the chosen schedule:
/// it gains on the kernel as one nest, as the schedules of a single nest
/// do. Two nests composed are measured against the kernel too, not
/// against the two as written: a re-association the single nest's search
/// would offer (GCN's A(XW) against (AX)W) is offered, and a schedule
/// cheaper only where a sparse operand would have more nonzeros than
/// elements (SDDMM's product as a dense matrix) is not.
bool NestRewrite::mayAlternate(const ir::Schedule &Other) const {
  return ir::asymptoticallyCheaper(Other.Estimate, OneNest);
}

/// Two nests composed: the scales that the schedule a run-time choice
/// would offer beside First multiplies into a sum, so that the checks find
/// them finite too. Re-associated, two nests (GCN's A(XW) against (AX)W)
/// multiply the consumer's factors into the producer's terms. A single
/// nest's alternatives use the checks of the first.
std::vector<size_t>
NestRewrite::alternativeScales(const ir::Schedule &First) const {
  if (!Separate || fixedSchedule() || !Opts.RuntimeChoice)
    return {};
  // Lowered as it will be, with a flag the checks will name.
  lower::NestFacts Provisional = Facts;
  Provisional.AllocatedFlag = "allocated";
  std::optional<RuntimeAlternative> Other = runtimeAlternative(
      First, Kernel, lowered(), *Candidates, Opts.Lowering, Provisional,
      Schedules, Scanned, Scans, Names,
      [&](const ir::Schedule &O) { return mayAlternate(O); });
  if (!Other)
    return {};
  return scalesInsideSums(Other->Schedule.Graph, Kernel, Source);
}

/// Whether the checks find finite every scale S multiplies into a sum.
bool NestRewrite::finiteScalesChecked(const ir::Schedule &S) const {
  for (size_t F : scalesInsideSums(S.Graph, Kernel, Source))
    if (std::find(FiniteScales.begin(), FiniteScales.end(), F) ==
        FiniteScales.end())
      return false;
  return true;
}

/// Whether the checks find in order every level of positions S's
/// temporaries rely on.
bool NestRewrite::covered(const ir::Schedule &S) const {
  for (const std::string &P : positionsOfTemporaries(S.Graph, Kernel, Source))
    if (P.empty() || std::find(OrderedLevels.begin(), OrderedLevels.end(), P) ==
                         OrderedLevels.end())
      return false;
  return true;
}

NestOutcome NestRewrite::run() {
  Out.Kernel = Kernel;
  Out.Offset = Source.Offset;
  Out.Length = Source.Length;
  Out.Facts.push_back({"notation", notation(Kernel, Source)});
  Out.Facts.push_back({"formats", formatsLine(Kernel)});
  Out.Facts.push_back({"loop order", ir::loopOrderString(Kernel.Loops)});
  if (std::optional<Refusal> R = schedule())
    return refused(*R);
  if (!InvariantSumFactors)
    return refused(Refusal(
        rule::UnsupportedStatement,
        "a factor of the producer's sum is indexed by none of its loops, "
        "and the loops reaching it cannot be written alone to check that "
        "it is finite: fused, it could multiply a sum with no terms"));
  auto First = std::find_if(Candidates->begin(), Candidates->end(),
                            [&](const ir::Schedule &S) { return gains(S); });
  if (std::optional<Refusal> R =
          checkFor(First == Candidates->end() ? nullptr : &*First))
    return refused(*R);
  // The flag a temporary that cannot be allocated clears: the checks',
  // whose fallback then runs, or one of its own.
  Facts.AllocatedFlag = Checks ? Checks->Flag : Names.pick("allocated");
  if (!fixedSchedule() && Opts.RuntimeChoice)
    Costs = {Names.pick("then_cost"), Names.pick("else_cost")};
  // Best first; a schedule the code generator cannot write yet gives way to
  // the next, and --explain says so.
  std::optional<Refusal> FirstProblem;
  std::string Skipped;
  // A schedule not written: the first reason is the nest's if none is,
  // and --explain says why the first was not.
  auto Skip = [&](const ir::Schedule &S, const Refusal &Why) {
    if (!FirstProblem)
      FirstProblem = Why;
    if (Skipped.empty())
      Skipped = S.describe(Kernel) + ", " + S.Estimate.toString() + ": " +
                Why.Message + " [" + Why.Name + "]";
  };
  for (const ir::Schedule &S : *Candidates) {
    if (!gains(S)) {
      if (!FirstProblem)
        FirstProblem = Refusal(
            rule::NoGain, "the best schedule costs " + S.Estimate.toString() +
                              ", not less than " + Before.toString());
      continue;
    }
    if (!finiteScalesChecked(S)) {
      Skip(S, Refusal(rule::UnsupportedSchedule,
                      "it multiplies the scale of a sum into each of its "
                      "terms, where the original multiplies the sum, and "
                      "the checks do not find that scale finite"));
      continue;
    }
    if (!covered(S)) {
      Skip(S, Refusal(rule::UnsupportedFormat,
                      "a temporary of the schedule is indexed by the "
                      "positions of a level whose order is not checked: a "
                      "position in two fibers would sum both"));
      continue;
    }
    OrRefusal<lower::LoweredNest> Emitted = lower::lowerNest(
        S.Graph, Kernel, lowered(), Opts.Lowering, Facts, Names);
    if (!Emitted) {
      Skip(S, Emitted.refusal());
      continue;
    }
    Out.Facts.push_back(
        {"schedule", S.describe(Kernel, Emitted->TemporaryNames)});
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
  V.Facts = Facts;
  V.Checks = Checks;
  V.ChecksMore = ChecksMore;
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
    V.Scans = scanNodes(Needed, equalAtRunTime(Source, Standard));
  if (Source.inTeam())
    V.Scans = scansWithOwnVariables(std::move(V.Scans), Source);
  V.Choice = Alternative.has_value();
  if (Alternative)
    V.Rewrite = runtimeChoice(*Alternative, Costs, std::move(Emitted.Tree),
                              std::move(Alternative->Emitted.Tree));
  else
    V.Rewrite = std::move(Emitted.Tree);
  return V;
}

NestOutcome NestRewrite::rewritten(const ir::Schedule &S,
                                   lower::LoweredNest Emitted) {
  std::optional<RuntimeAlternative> Alternative;
  if (!fixedSchedule() && Opts.RuntimeChoice)
    Alternative = runtimeAlternative(
        S, Kernel, lowered(), *Candidates, Opts.Lowering, Facts, Schedules,
        Scanned, Scans, Names, [&](const ir::Schedule &O) {
          return mayAlternate(O) && covered(O) && finiteScalesChecked(O);
        });
  describe(S, Emitted, Alternative,
           Emitted.Allocates ||
               (Alternative && Alternative->Emitted.Allocates));
  Out.NeedsStdlib =
      Emitted.NeedsStdlib || (Alternative && Alternative->Emitted.NeedsStdlib);
  Out.NeedsStdint =
      Source.Overlap.Needed && !Source.HasStdint && Standard.AddressNeedsStdint;
  if (Checks && Checks->CallsHelpers)
    Out.Helpers = definitionsOf(helpers());
  if (Alternative) {
    // Each branch of the run-time choice says which schedule it runs.
    Emitted.Tree.insert(Emitted.Tree.begin(),
                        lower::Node::comment(scheduleComment(
                            Kernel, S, Emitted.TemporaryNames)));
    lower::Nodes &Other = Alternative->Emitted.Tree;
    Other.insert(Other.begin(), lower::Node::comment(scheduleComment(
                                    Kernel, Alternative->Schedule,
                                    Alternative->Emitted.TemporaryNames)));
  }
  Versioning V = versioning(Emitted, Alternative);
  if (!Source.First.empty()) { // after the checks (ZeroingNest.h)
    // After the rewrite's declarations, which C89 wants first in a block.
    auto At = std::find_if(V.Rewrite.begin(), V.Rewrite.end(),
                           [](const lower::Node &N) {
                             return N.K != lower::Node::Kind::Declaration;
                           });
    V.Rewrite.insert(At, lower::Node::verbatim(Source.First));
  }
  V.Summary =
      summaryComment(Kernel, S, Before, Alternative ? &*Alternative : nullptr,
                     V.Checks || V.Allocates, Emitted.TemporaryNames,
                     notation(Kernel, Source));
  lower::Nodes Tree = versioned(std::move(V), Source);
  if (Source.inTeam() && lower::opensRegion(Tree))
    return refused(Refusal(rule::UnsupportedPragma,
                           "the rewrite's checks would open a parallel region "
                           "of their own inside the file's '#pragma omp "
                           "parallel' region"));
  if (Source.inTeam())
    Tree = asTeamStatement(std::move(Tree), Source);
  if (Opts.Sketch)
    Out.Sketch = lower::sketch(Tree);
  Out.Fix = replacement(Tree, Source, Printing.Style, Printing.LineFallback,
                        Out.Styled);
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
  bool PositionsSaid =
      std::any_of(Out.Facts.begin(), Out.Facts.end(),
                  [](const auto &F) { return F.first == "positions"; });
  if (!PositionsSaid &&
      (!positionsOfTemporaries(S.Graph, Kernel, Source).empty() ||
       (Alternative &&
        !positionsOfTemporaries(Alternative->Schedule.Graph, Kernel, Source)
             .empty())))
    Out.Facts.push_back({"positions",
                         "checked: the original nest runs when a positions "
                         "array that a temporary is indexed by decreases (a "
                         "position in two fibers)"});
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
  Out.Name = rule::Fuse;
  std::string Pair =
      Separate ? " with the nest at line " + std::to_string(Consumer.Line) +
                     ", which reads its temporary '" + Consumer.Temporary +
                     (Consumer.Live.empty() ? "' (no longer stored)"
                                            : "' (" + Consumer.Live +
                                                  ": stored once, in the "
                                                  "fused nest)")
               : "";
  Out.Message = "fused '" + notation(Kernel, Source) + "'" + Pair + ": " +
                Before.toString() + (Separate ? " as two nests" : "") + " -> " +
                After +
                (Alternative ? ", whichever costs less at run time" : "") +
                (Source.Overlap.Needed ? ", under a run-time overlap test (the "
                                         "original nest runs when the output "
                                         "overlaps an input)"
                                       : "");
}

} // namespace

std::variant<NestOutcome, RecoveredForRewrite>
recoverForRewrite(const recover::NestSite &Site, clang::ASTContext &Ctx,
                  const recover::Options &Recovery,
                  const recover::UnitFacts &Unit, bool InHeader,
                  NestOutcome Out) {
  Out.Nest = Site.Nest;
  Out.FunctionBody = Site.Function;
  Out.Where = Site.Nest->getBeginLoc();
  auto Recovered = recover::recoverNest(Site, Ctx, Recovery, Unit);
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
  // The overlap tests' helpers are defined in the main file only: a header
  // and its includer would each define them in one unit.
  Source.HelpersDefinable = !InHeader;
  // The statement replaced: the nest, or the OpenMP region around it.
  Source.Substatement =
      llvm::isa_and_nonnull<clang::IfStmt>(recover::parentWithin(
          Site.Function, Site.Region ? Site.Region : Site.Nest));
  return RecoveredForRewrite{std::move(Kernel), std::move(Source),
                             dialectOf(Ctx.getLangOpts()), std::move(Out)};
}

NestOutcome rewriteRecovered(const RecoveredForRewrite &Nest,
                             const Options &Opts, const NestPrinting &Printing,
                             ir::ScheduleCache &Schedules) {
  return NestRewrite(Nest, Opts, Printing, Schedules).run();
}

} // namespace lnr::rewrite
