//===- NestRewriter.h - One nest through the whole pipeline ---*- C++ -*-===//
//
// recover -> schedule (search or directive) -> cost check -> emit. The outcome
// is a decision with its reason and, for a rewrite, the replacement; presenting
// it (stdout, -i, remarks, --explain) is the driver's business.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_NESTREWRITER_H
#define LNR_REWRITE_NESTREWRITER_H

#include "analysis/ir/BranchedGraph.h"
#include "analysis/ir/Schedule.h"
#include "analysis/recover/NestRecovery.h"
#include "rewrite/Dialect.h"
#include "rewrite/lower/Lowering.h"
#include "rewrite/lower/Printer.h"

#include "clang/Tooling/Core/Replacement.h"

#include <functional>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace lnr::rewrite {

struct NestOutcome;

struct Options {
  recover::Options Recovery;
  lower::LowerOptions Lowering;
  ir::SchedulerOptions Scheduling;
  /// A SparseLNR directive ("reorder(i,j,k,l);loopfuse(2)") applied to
  /// every nest instead of the search; empty to search.
  std::string Directive;
  /// Whether each rewrite's NestOutcome::Sketch is made (--explain).
  bool Sketch = false;
  /// Whether each nest is printed in its file's style (NestPrinting::Style;
  /// --print-in-file-style, the default): off, every rewrite is formatted
  /// by clang-format.
  bool PrintInFileStyle = true;
  /// Without a directive, when the best schedule and another one are each
  /// cheaper for some sizes, write both and pick one at run time by their
  /// costs on the actual sizes (RuntimeChoice.h).
  bool RuntimeChoice = true;
  /// Whether the nests of functions written in an included header are
  /// rewritten too, given the header's name as the include found it
  /// (--header-filter). Unset: only the main file's. System headers never.
  std::function<bool(llvm::StringRef)> RewriteHeader;
  /// How many of a file's nests rewriteNests lowers and prints at once,
  /// while the calling thread recovers the next ones (the recovery reads
  /// the AST); 0: one per core. The outcomes are the same, in the same
  /// order, whatever the number.
  unsigned Threads = 1;
};

/// What the caller asks of one translation unit's nests, beside the
/// configured Options: its questions of the unit being parsed.
struct FileHooks {
  /// Whether the caller reports a nest (--offset, --line select one): the
  /// others are recovered, for the names their recovery invents, but
  /// neither lowered nor printed. Asked of the outcome as the recovery
  /// leaves it (the nest, its file, the replacement's Offset and Length).
  /// Unset: every nest.
  std::function<bool(const NestOutcome &)> Wanted;
  /// The first error File gets with '#include <Header>' inserted at Offset
  /// (a parse of the file so changed), if any: the headers a rewrite adds
  /// must not conflict with the file's own declarations ('typedef long
  /// long int64_t;' against <stdint.h>). Unset: not checked.
  std::function<std::optional<std::string>(clang::FileID File, unsigned Offset,
                                           const std::string &Header)>
      IncludeConflict;
  /// What runs when the run-time checks of two fused nests fail, the two
  /// spanning [Begin, End) of File, instead of the two as written: the
  /// calls the nests were inlined from (tool/InlinedCalls.h). Unset, or
  /// none: the two nests.
  std::function<std::optional<std::string>(clang::FileID File, unsigned Begin,
                                           unsigned End)>
      PairFallback;
  /// Whether every element of Temporary is 0 when the producer nest that
  /// begins at Begin of File starts, as the caller of the functions the
  /// nests were inlined from proves it (tool/InlinedCalls.h): a producer
  /// may then add to it. Unset: as the nest's own block proves it.
  std::function<bool(clang::FileID File, unsigned Begin,
                     const std::string &Temporary)>
      ZeroedBefore;
};

/// How one nest's replacement is printed, found by the pipeline from the
/// nest's file.
struct NestPrinting {
  /// The style the replacement is printed in (its file's clang-format
  /// style, as the printer follows it); none when the printer cannot
  /// follow it, or with Options::PrintInFileStyle off, and the caller
  /// formats the text with clang-format (NestOutcome::Styled).
  std::optional<lower::PrintStyle> Style;
  /// With Style: lays out the lines the printer does not break, with
  /// clang-format in the file's style (LineFormat.h).
  lower::LineFormatter LineFallback;
};

struct NestOutcome {
  const clang::Stmt *Nest = nullptr;
  /// The consumer of two nests rewritten as one: the producer's outcome
  /// holds both, and this one is not reported.
  bool Absorbed = false;
  /// The producer of two nests rewritten as one: the outcome of both.
  bool AbsorbsNext = false;
  /// The body of the function the nest is in.
  const clang::Stmt *FunctionBody = nullptr;
  /// The file the nest is written in: the main file or a header.
  clang::FileID File;
  std::string Function;
  /// Set when the nest is rewritten.
  std::optional<clang::tooling::Replacement> Fix;
  /// The fix's text is printed in the file's clang-format style (the
  /// printer followed it exactly): it needs no formatting. Otherwise
  /// rewriteNests formats it with clang-format (formatInWindow) on the
  /// thread that printed it: Formatted, or why not in FormatError.
  bool Styled = false;
  std::optional<clang::tooling::Replacements> Formatted;
  std::string FormatError;
  /// Inserts the file's preamble (Includes.h): #include <stdlib.h> for the
  /// temporaries' malloc and free, <stdint.h> for the overlap test's
  /// uintptr_t, and the definitions of its Helpers; set on the first
  /// rewritten nest of each file that needs it. A header gets its own
  /// include, whatever its includers declare.
  std::optional<clang::tooling::Replacement> IncludeFix;
  /// The headers IncludeFix includes ("stdint.h", "stdlib.h").
  std::vector<std::string> IncludedHeaders;
  /// The temporaries call malloc and free, not declared before the nest.
  bool NeedsStdlib = false;
  /// The overlap test uses uintptr_t, not declared before the nest.
  bool NeedsStdint = false;
  /// The definitions of the file's SubscriptHelpers, when the rewrite calls
  /// them; IncludeFix then defines them after the file's directives.
  std::string Helpers;
  /// Whether the nest needs IncludeFix (a header or the helpers), set by
  /// insertIncludes.
  bool NeedsPreamble = false;
  /// A schedule asymptotically cheaper than the nest was found: a refusal
  /// with it set blocks a gain, one without it may have none to block.
  bool Gains = false;
  /// The remark: [lnr-fuse] for a rewrite, the refusal's name otherwise.
  std::string Name;
  std::string Message;
  clang::SourceLocation Where;
  /// Notes on the remark of a rewrite (clang's 'note:', at Where): the
  /// file's 'schedule(runtime)' kept on a loop over fibers of different
  /// lengths, which OMP_SCHEDULE should set.
  std::vector<std::string> Notes;
  /// The recovered kernel, when recovery succeeded, and the branched graph
  /// chosen for it, when one was.
  std::optional<ir::Kernel> Kernel;
  std::optional<ir::BranchedGraph> Graph;
  /// Where the nest's text is: [Offset, Offset + Length) of File.
  unsigned Offset = 0, Length = 0;
  /// The text of its function, [WindowBegin, WindowEnd) of File, when the
  /// function starts a line at the file's top level: formatting it alone
  /// formats the nest as the whole file would, in time independent of the
  /// file's other nests. Empty otherwise.
  unsigned WindowBegin = 0, WindowEnd = 0;
  /// What --explain prints, one "key: value" line each.
  std::vector<std::pair<std::string, std::string>> Facts;
  std::string FusedTree; // the branched graph as a loop tree
  std::string Sketch;    // the replacement's loop tree as an outline (Options)
};

/// A nest read from the AST, with all the rest of the pipeline needs.
struct RecoveredForRewrite {
  ir::Kernel Kernel;
  NestSource Source;
  Dialect Standard; // of the nest's file
  NestOutcome Out;  // where the nest is
  /// Set for two nests composed into Kernel (NestComposition.h): the
  /// schedule the two are as written.
  std::optional<ir::BranchedGraph> Separate = std::nullopt;
  /// With Separate: the consumer's line and the temporary it reads.
  struct ConsumerNest {
    unsigned Line = 0;
    std::string Temporary;
    /// Why its values may be read after (recover::NestPair::Live); "" for
    /// a temporary no longer stored.
    std::string Live;
  };
  ConsumerNest Consumer = {};
  /// With Separate: the producer's loop variables renamed apart from the
  /// consumer's (ComposedNest::Renamed).
  std::vector<std::string> Renamed = {};
};

/// The first step of a nest found by recover::findLoopNests, the only one
/// that reads the AST: recovery. A nest left unchanged gets its outcome.
/// InHeader: the nest is written in an included header. Where: the
/// outcome's File, Function and window, kept by every later step.
std::variant<NestOutcome, RecoveredForRewrite>
recoverForRewrite(const recover::NestSite &Site, clang::ASTContext &Ctx,
                  const recover::Options &Recovery,
                  const recover::UnitFacts &Unit, bool InHeader,
                  NestOutcome Where);

/// The rest of the pipeline (NestRewriter.cpp): scheduling, checks,
/// lowering and printing. Clang-free and safe to run for several nests at
/// once (Schedules and Printing.LineFallback are shared safely).
NestOutcome rewriteRecovered(const RecoveredForRewrite &Nest,
                             const Options &Opts, const NestPrinting &Printing,
                             ir::ScheduleCache &Schedules);

/// Every outermost `for` nest of every function written in the main file,
/// and in the headers Opts.RewriteHeader accepts, in translation-unit order.
std::vector<NestOutcome> rewriteNests(clang::ASTContext &Ctx,
                                      const Options &Opts,
                                      const FileHooks &Hooks = {});

/// The path of File as the replacements name it and clang-format's style
/// lookup starts from: its real path, or the name it was opened by.
std::string filePath(const clang::SourceManager &SM, clang::FileID File);

} // namespace lnr::rewrite

#endif
