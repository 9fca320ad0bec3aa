//===- NestPipeline.cpp ---------------------------------------------------===//
//
// Every nest of a translation unit: the functions in the order they are
// written (as the parser completes them, or from the whole AST), the
// window clang-format would format for each nest (its function), the
// file's style the printer writes it in, and the includes the rewrites
// need. Each nest is recovered from the AST on the calling thread, then
// lowered and printed by a worker (Options::Threads) while the next nests
// are recovered and parsed; the outcomes keep the nests' order.
//
//===----------------------------------------------------------------------===//

#include "rewrite/NestPipeline.h"
#include "rewrite/FallbackCopy.h"
#include "rewrite/Format.h"
#include "rewrite/Includes.h"
#include "rewrite/LineFormat.h"
#include "rewrite/NestComposition.h"
#include "rewrite/OwnRewrites.h"
#include "rewrite/PrintStyle.h"
#include "rewrite/TakenNames.h"

#include "analysis/recover/NestPairs.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Format/Format.h"
#include "llvm/Support/ThreadPool.h"

#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <set>

namespace lnr::rewrite {
namespace {

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
    llvm::Expected<clang::format::FormatStyle> Style =
        clang::format::getStyle("file", filePath(SM, O.File), "LLVM", Code);
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

/// A recovered nest waiting for a worker, with how it is printed (its
/// file's style).
struct Pending {
  RecoveredForRewrite Nest;
  /// For two nests composed into Nest, each as recovered.
  std::vector<RecoveredForRewrite> Parts;
  /// For the consumer of a pair not fused, why (notePair).
  std::string PairNote;
  NestPrinting Printing;
  std::string Path;     // of the nest's file, as its replacements name it
  llvm::StringRef Code; // the file's text
};

const std::string LeftUnchanged = "nest left unchanged: ";

/// The consumer of a pair not fused (recover::NestPair): --explain says
/// why; where the nest alone has nothing to gain, its remark says it
/// instead (lnr-separate-kernels), as what keeps a gain away.
void notePair(NestOutcome &Consumer, const std::string &Note) {
  Consumer.Facts.push_back({"separate kernels", Note});
  if (Consumer.Name != rule::NoGain.spelling())
    return;
  Consumer.Name = rule::SeparateKernels.spelling();
  Consumer.Message = LeftUnchanged + Note;
}

/// O's fix formatted by clang-format, unless the printer wrote it in the
/// file's style already (NestOutcome::Formatted).
void formatUnstyled(NestOutcome &O, const std::string &Path,
                    llvm::StringRef Code) {
  if (!O.Fix || O.Styled)
    return;
  llvm::Expected<clang::tooling::Replacements> Formatted =
      formatInWindow(*O.Fix, O.WindowBegin, O.WindowEnd, Path, Code);
  if (Formatted)
    O.Formatted = std::move(*Formatted);
  else
    O.FormatError = llvm::toString(Formatted.takeError());
}

/// Runs the Clang-free rest of each nest's pipeline: on the calling thread
/// with one thread; else on a pool of one thread fewer than asked while
/// the calling thread parses and recovers the next nests (a thread more
/// would take turns with the parse, which every nest waits for), and on the
/// calling thread too once it waits for them.
class NestWorkers {
public:
  explicit NestWorkers(unsigned Threads) {
    unsigned All = llvm::hardware_concurrency(Threads).compute_thread_count();
    if (Threads != 1 && All > 1)
      Pool.emplace(llvm::hardware_concurrency(All - 1));
  }
  void run(std::function<void()> Work) {
    if (!Pool) {
      Work();
      return;
    }
    {
      std::lock_guard<std::mutex> Guard(Lock);
      Queue.push_back(std::move(Work));
    }
    Pool->async([this] { runOne(); });
  }
  void wait() {
    if (!Pool)
      return;
    while (runOne())
      ;
    Pool->wait();
  }

private:
  /// Runs the oldest work no thread has taken; false if there is none.
  bool runOne() {
    std::function<void()> Work;
    {
      std::lock_guard<std::mutex> Guard(Lock);
      if (Queue.empty())
        return false;
      Work = std::move(Queue.front());
      Queue.pop_front();
    }
    Work();
    return true;
  }

  std::optional<llvm::ThreadPool> Pool;
  std::mutex Lock;
  std::deque<std::function<void()>> Queue; // each with a task in Pool
};

/// The outcome of a recovered nest the caller does not report
/// (FileHooks::Wanted), which is neither lowered nor printed; none for one
/// it reports.
std::optional<NestOutcome> unwanted(const RecoveredForRewrite &Found,
                                    const FileHooks &Hooks) {
  if (!Hooks.Wanted)
    return std::nullopt;
  NestOutcome Where = Found.Out;
  Where.Offset = Found.Source.Offset;
  Where.Length = Found.Source.Length;
  if (Hooks.Wanted(Where))
    return std::nullopt;
  return Where;
}

/// Whether a nest at Loc is rewritten: in the main file, or in a user header
/// the filter accepts (by the name the include found, as clang-tidy's
/// --header-filter).
bool rewrittenAt(clang::SourceLocation Loc, const clang::SourceManager &SM,
                 const Options &Opts) {
  Loc = SM.getExpansionLoc(Loc);
  if (SM.isWrittenInMainFile(Loc))
    return true;
  if (!Opts.RewriteHeader || SM.isInSystemHeader(Loc))
    return false;
  const clang::FileEntry *File = SM.getFileEntryForID(SM.getFileID(Loc));
  return File && Opts.RewriteHeader(File->getName());
}

} // namespace

struct NestPipeline::State {
  State(clang::ASTContext &Ctx, const Options &Opts, FileHooks Hooks,
        recover::UnitFacts Unit)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Opts(Opts),
        Hooks(std::move(Hooks)), Unit(std::move(Unit)),
        Schedules(Opts.Scheduling), Workers(Opts.Threads),
        Taken(Ctx.Idents, Ctx.getLangOpts()) {}

  void addFunction(const clang::FunctionDecl &FD);
  /// A nest as recoverForRewrite leaves it, and where it begins.
  struct Read {
    std::variant<NestOutcome, RecoveredForRewrite> Nest;
    clang::SourceLocation Begin;
  };
  /// Site recovered, unless it is not rewritten where it is written.
  std::optional<Read> read(const recover::NestSite &Site,
                           const clang::FunctionDecl &FD);
  /// A read nest to its slot: its outcome, or lowered by a worker. The
  /// consumer of a pair not fused says why (notePair).
  void place(Read Found, const clang::FunctionDecl &FD, const OwnRewrites &Own,
             const std::string &PairNote = "");
  /// A producer and a consumer (recover::NestPair): composed and rewritten
  /// as one nest when they compose and fusing them pays, each alone
  /// otherwise. ProducerNote: why the producer is not fused with the nest
  /// before it, if it reads that one's temporary (notePair).
  void addPair(const std::vector<recover::NestSite> &Sites,
               const recover::NestPair &Pair, const clang::FunctionDecl &FD,
               const OwnRewrites &Own, const std::string &ProducerNote);
  /// The start of what the consumer of a pair not fused says.
  std::string pairNote(const recover::NestSite &P,
                       const recover::NestPair &Pair) const;
  /// The pair composed, or why the consumer does not read what the
  /// producer writes.
  std::variant<RecoveredForRewrite, std::string>
  composedPair(const RecoveredForRewrite &P, const RecoveredForRewrite &Q,
               const recover::NestPair &Pair,
               const RecoveredForRewrite *Zeroing);
  /// Whether a name is taken in File's unit, its raw text (skipped
  /// branches) read once.
  std::function<bool(const std::string &)> takenIn(clang::FileID File);
  /// Found waiting for a worker, with its file's style and names.
  Pending &prepare(RecoveredForRewrite Found);
  void lower(NestOutcome &Slot, Pending &Nest, bool InOwn);
  std::vector<NestOutcome> outcomesInOrder();

  clang::ASTContext &Ctx;
  const clang::SourceManager &SM;
  const Options &Opts;
  const FileHooks Hooks;
  /// What an earlier reading of the whole unit learnt (finish).
  const recover::UnitFacts Unit;
  ir::ScheduleCache Schedules;
  FileStyles Styles;
  // One outcome per nest, in order. A recovered nest's is written by a
  // worker, from its own Pending, while the next nests are recovered;
  // deques keep both where they are.
  std::deque<NestOutcome> Outcomes;
  std::deque<clang::SourceLocation> FunctionBegins; // each outcome's function's
  std::deque<Pending> Recovered;
  // The nests of headers, lowered once the unit is parsed (finish).
  struct Deferred {
    NestOutcome *Slot;
    Pending *Nest;
    bool InOwn;
  };
  std::vector<Deferred> HeaderNests;
  NestWorkers Workers;
  TakenNames Taken;
  std::set<clang::FileID> ReadRaw; // the files Taken read
  // recover::libraryNamesTaken when each function's nests were recovered.
  std::set<std::set<std::string>> LibraryStates;
};

void NestPipeline::State::addFunction(const clang::FunctionDecl &FD) {
  // A template's instantiation is not the text written (its types are one
  // use's): the template is not rewritten, as the AST's functions do not
  // list its instantiations.
  if (!FD.doesThisDeclarationHaveABody() || FD.isTemplateInstantiation() ||
      !rewrittenAt(FD.getLocation(), SM, Opts))
    return;
  std::vector<recover::NestSite> Sites = recover::findLoopNests(FD);
  if (!Sites.empty()) {
    LibraryStates.insert(recover::libraryNamesTaken(Ctx));
    OwnRewrites Own(FD.getBody(), SM);
    std::vector<recover::NestPair> Pairs = recover::findNestPairs(Sites, Ctx);
    auto Pair = Pairs.begin();
    // Why a site, the consumer of a refused pair, is not fused with the
    // site before it.
    std::map<size_t, std::string> Notes;
    for (size_t I = 0; I < Sites.size(); ++I) {
      if (Pair != Pairs.end() && Pair->Producer == I && Pair->Refused.empty()) {
        addPair(Sites, *Pair, FD, Own, Notes[I]);
        I = Pair++->consumer();
        continue;
      }
      if (Pair != Pairs.end() && Pair->Producer == I) {
        Notes[Pair->consumer()] = pairNote(Sites[I], *Pair) + Pair->Refused;
        ++Pair;
      }
      if (std::optional<Read> Nest = read(Sites[I], FD))
        place(std::move(*Nest), FD, Own, Notes[I]);
    }
  }
  for (const clang::CXXMethodDecl *Lambda : recover::lambdasIn(FD.getBody()))
    addFunction(*Lambda);
}

std::optional<NestPipeline::State::Read>
NestPipeline::State::read(const recover::NestSite &Site,
                          const clang::FunctionDecl &FD) {
  clang::SourceLocation Begin = SM.getExpansionLoc(Site.Nest->getBeginLoc());
  if (!rewrittenAt(Begin, SM, Opts) || isFallbackCopy(textBefore(Begin, SM)))
    return std::nullopt;
  NestOutcome Where;
  Where.File = SM.getFileID(Begin);
  Where.Function = FD.getNameAsString();
  setWindow(Where, FD, SM);
  return Read{recoverForRewrite(Site, Ctx, Opts.Recovery, Unit,
                                /*InHeader=*/!SM.isWrittenInMainFile(Begin),
                                std::move(Where)),
              Begin};
}

std::string NestPipeline::State::pairNote(const recover::NestSite &P,
                                          const recover::NestPair &Pair) const {
  return "not fused with the nest at line " +
         std::to_string(SM.getExpansionLineNumber(
             SM.getExpansionLoc(P.Nest->getBeginLoc()))) +
         ", which writes '" + Pair.Temporary + "': ";
}

void NestPipeline::State::addPair(const std::vector<recover::NestSite> &Sites,
                                  const recover::NestPair &Pair,
                                  const clang::FunctionDecl &FD,
                                  const OwnRewrites &Own,
                                  const std::string &ProducerNote) {
  const recover::NestSite &P = Sites[Pair.Producer];
  std::optional<Read> Producer = read(P, FD),
                      Consumer = read(Sites[Pair.consumer()], FD), Zeroing;
  if (Pair.ZeroesOutput)
    Zeroing = read(Sites[Pair.Producer + 1], FD);
  auto Recovered = [](std::optional<Read> &R) {
    return R ? std::get_if<RecoveredForRewrite>(&R->Nest) : nullptr;
  };
  RecoveredForRewrite *PR = Recovered(Producer), *QR = Recovered(Consumer),
                      *ZR = Recovered(Zeroing);
  std::variant<RecoveredForRewrite, std::string> Composed =
      std::string("a nest is not recovered");
  if (PR && QR && (ZR || !Pair.ZeroesOutput) &&
      SM.isWrittenInMainFile(Producer->Begin) &&
      !Own.contain(Producer->Begin) && !Own.contain(Consumer->Begin))
    Composed = composedPair(*PR, *QR, Pair, ZR);
  std::string Note = pairNote(P, Pair);
  auto *Fused = std::get_if<RecoveredForRewrite>(&Composed);
  if (!Fused || unwanted(*Fused, Hooks)) {
    auto *Why = std::get_if<std::string>(&Composed);
    if (Producer)
      place(std::move(*Producer), FD, Own, ProducerNote);
    if (Zeroing)
      place(std::move(*Zeroing), FD, Own);
    if (Consumer)
      place(std::move(*Consumer), FD, Own, Why ? Note + *Why : "");
    return;
  }
  NestOutcome &Slot = Outcomes.emplace_back();
  FunctionBegins.push_back(FD.getBeginLoc());
  NestOutcome *ZeroingSlot = nullptr;
  if (ZR) {
    ZeroingSlot = &Outcomes.emplace_back();
    FunctionBegins.push_back(FD.getBeginLoc());
  }
  NestOutcome &ConsumerSlot = Outcomes.emplace_back();
  FunctionBegins.push_back(FD.getBeginLoc());
  Pending &Nest = prepare(std::move(*Fused));
  if (!Nest.Nest.Renamed.empty())
    Nest.Nest.Source.IsNameTaken = [Taken = Nest.Nest.Source.IsNameTaken,
                                    Renamed = Nest.Nest.Renamed](
                                       const std::string &Name) {
      return Taken(Name) ||
             std::find(Renamed.begin(), Renamed.end(), Name) != Renamed.end();
    };
  Nest.Parts = {std::move(*PR), std::move(*QR)};
  if (ZR)
    Nest.Parts.push_back(std::move(*ZR));
  for (RecoveredForRewrite &Part : Nest.Parts)
    Part.Source.IsNameTaken = Nest.Nest.Source.IsNameTaken;
  Workers.run([&Slot, &ConsumerSlot, ZeroingSlot, &Nest, &Opts = Opts,
               &Schedules = Schedules, Note, ProducerNote] {
    Slot = rewriteRecovered(Nest.Nest, Opts, Nest.Printing, Schedules);
    if (Slot.Fix) {
      ConsumerSlot.Absorbed = true;
      if (ZeroingSlot)
        ZeroingSlot->Absorbed = true;
      Slot.AbsorbsNext = true;
    } else {
      if (ZeroingSlot) {
        *ZeroingSlot =
            rewriteRecovered(Nest.Parts[2], Opts, Nest.Printing, Schedules);
        formatUnstyled(*ZeroingSlot, Nest.Path, Nest.Code);
      }
      // Fused, the two gain nothing: each as it is alone.
      std::string Why = Slot.Message + " [" + Slot.Name + "]";
      if (Why.rfind(LeftUnchanged, 0) == 0)
        Why = "fused, " + Why.substr(LeftUnchanged.size());
      Slot = rewriteRecovered(Nest.Parts[0], Opts, Nest.Printing, Schedules);
      if (!ProducerNote.empty())
        notePair(Slot, ProducerNote);
      ConsumerSlot =
          rewriteRecovered(Nest.Parts[1], Opts, Nest.Printing, Schedules);
      notePair(ConsumerSlot, Note + Why);
      formatUnstyled(ConsumerSlot, Nest.Path, Nest.Code);
    }
    formatUnstyled(Slot, Nest.Path, Nest.Code);
  });
}

std::variant<RecoveredForRewrite, std::string>
NestPipeline::State::composedPair(const RecoveredForRewrite &P,
                                  const RecoveredForRewrite &Q,
                                  const recover::NestPair &Pair,
                                  const RecoveredForRewrite *Zeroing) {
  llvm::StringRef Code = SM.getBufferData(P.Out.File);
  unsigned End = Q.Source.Offset + Q.Source.Length;
  if (P.Out.File != Q.Out.File || End > Code.size() || P.Source.Offset >= End)
    return std::string("the two nests are not in one file");
  PairFacts Facts;
  Facts.TemporaryArray = Pair.Temporary;
  Facts.Temporary = storedTensor(P.Kernel, P.Source, Pair.Temporary);
  Facts.ReadAs = Pair.ReadAs;
  Facts.Live = !Pair.Live.empty();
  Facts.ZeroBefore =
      Pair.ZeroBefore ||
      (Hooks.ZeroedBefore &&
       (Hooks.ZeroedBefore(P.Out.File, P.Source.Offset, Pair.Temporary) ||
        (!Pair.Holds.empty() &&
         Hooks.ZeroedBefore(P.Out.File, P.Source.Offset, Pair.Holds))));
  Facts.AssumeNoAlias = Opts.Recovery.AssumeNoAlias;
  Facts.Length = End - P.Source.Offset;
  llvm::StringRef Between =
      Code.slice(P.Source.Offset + P.Source.Length,
                 Zeroing ? Zeroing->Source.Offset : Q.Source.Offset);
  Facts.Text = Pair.Between.empty()
                   ? Code.slice(P.Source.Offset, End).str()
                   : P.Source.Original + "\n" +
                         (Zeroing ? Zeroing->Source.Indentation +
                                        Zeroing->Source.Original + "\n"
                                  : "") +
                         Q.Source.Indentation + Q.Source.Original;
  if (!Pair.Between.empty())
    Facts.Between = Between.trim().str();
  if (Hooks.PairFallback)
    if (std::optional<std::string> Instead =
            Hooks.PairFallback(P.Out.File, P.Source.Offset, End))
      Facts.Text = *Instead;
  // Lines the preprocessor skipped or read between the two ('#if 0'):
  // the fused nest would drop them.
  llvm::SmallVector<llvm::StringRef, 8> Lines;
  Between.split(Lines, '\n');
  if (Zeroing) // and between the zeroing nest and the consumer
    Code.slice(Zeroing->Source.Offset + Zeroing->Source.Length, Q.Source.Offset)
        .split(Lines, '\n');
  for (llvm::StringRef Line : Lines)
    if (Line.ltrim().startswith("#"))
      return std::string("a preprocessor line is between the two nests");
  Facts.IsNameTaken = takenIn(P.Out.File);
  if (Zeroing) {
    Facts.ZeroingKernel = &Zeroing->Kernel;
    Facts.Zeroing = &Zeroing->Source;
  }
  auto Composed = composeNests(P.Kernel, P.Source, Q.Kernel, Q.Source, Facts);
  auto *C = std::get_if<ComposedNest>(&Composed);
  if (!C)
    return std::get<std::string>(Composed);
  RecoveredForRewrite Out{std::move(C->Kernel), std::move(C->Source),
                          P.Standard, P.Out};
  Out.Separate = std::move(C->Separate);
  Out.Renamed = std::move(C->Renamed);
  Out.Consumer = {Q.Source.Line, Pair.Temporary, Pair.Live};
  return Out;
}

std::function<bool(const std::string &)>
NestPipeline::State::takenIn(clang::FileID File) {
  // Not the AST's table, which the parse and the next recoveries add to;
  // the file's skipped branches too.
  if (ReadRaw.insert(File).second)
    Taken.alsoFile(SM.getBufferData(File));
  return Taken.now();
}

Pending &NestPipeline::State::prepare(RecoveredForRewrite Found) {
  Pending &Nest = Recovered.emplace_back();
  Nest.Nest = std::move(Found);
  clang::FileID File = Nest.Nest.Out.File;
  Nest.Path = filePath(SM, File);
  Nest.Code = SM.getBufferData(File);
  if (Opts.PrintInFileStyle)
    Nest.Printing.Style =
        printStyleOf(Nest.Nest.Out, SM, Styles, Nest.Printing.LineFallback);
  Nest.Nest.Source.IsNameTaken = takenIn(File);
  return Nest;
}

void NestPipeline::State::place(Read Found, const clang::FunctionDecl &FD,
                                const OwnRewrites &Own,
                                const std::string &PairNote) {
  NestOutcome &Slot = Outcomes.emplace_back();
  FunctionBegins.push_back(FD.getBeginLoc());
  if (auto *Unchanged = std::get_if<NestOutcome>(&Found.Nest)) {
    Slot = std::move(*Unchanged);
    if (!PairNote.empty())
      notePair(Slot, PairNote);
    return;
  }
  if (std::optional<NestOutcome> Skipped =
          unwanted(std::get<RecoveredForRewrite>(Found.Nest), Hooks)) {
    Slot = std::move(*Skipped);
    return;
  }
  Pending &Nest = prepare(std::get<RecoveredForRewrite>(std::move(Found.Nest)));
  Nest.PairNote = PairNote;
  if (!SM.isWrittenInMainFile(Found.Begin)) {
    // Named with what the whole unit takes, as every inclusion of the
    // header is, before or after the headers that take a name: the nest
    // must come out the same from each.
    HeaderNests.push_back({&Slot, &Nest, Own.contain(Found.Begin)});
    return;
  }
  lower(Slot, Nest, Own.contain(Found.Begin));
}

void NestPipeline::State::lower(NestOutcome &Slot, Pending &Nest, bool InOwn) {
  Workers.run([&Slot, &Nest, &Opts = Opts, &Schedules = Schedules, InOwn] {
    Slot = rewriteRecovered(Nest.Nest, Opts, Nest.Printing, Schedules);
    if (!Nest.PairNote.empty())
      notePair(Slot, Nest.PairNote);
    if (InOwn)
      leaveOwnRewrite(Slot);
    formatUnstyled(Slot, Nest.Path, Nest.Code);
  });
}

std::vector<NestOutcome> NestPipeline::State::outcomesInOrder() {
  // The functions in the order they are written, as the AST lists them
  // (the parser completes them in that order in C).
  std::vector<size_t> Order(Outcomes.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  std::stable_sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    return SM.isBeforeInTranslationUnit(FunctionBegins[A], FunctionBegins[B]);
  });
  std::vector<NestOutcome> All;
  All.reserve(Order.size());
  for (size_t I : Order)
    if (!Outcomes[I].Absorbed)
      All.push_back(std::move(Outcomes[I]));
  return All;
}

NestPipeline::NestPipeline(clang::ASTContext &Ctx, const Options &Opts,
                           FileHooks Hooks, recover::UnitFacts Unit)
    : S(std::make_unique<State>(Ctx, Opts, std::move(Hooks), std::move(Unit))) {
}

/// The unit's nests read again from its whole AST, knowing Unit.
static std::vector<NestOutcome> readAgain(clang::ASTContext &Ctx,
                                          const Options &Opts,
                                          const FileHooks &Hooks,
                                          recover::UnitFacts Unit) {
  NestPipeline Pipeline(Ctx, Opts, Hooks, std::move(Unit));
  for (const clang::FunctionDecl *FD : functionsOf(Ctx))
    Pipeline.add(*FD);
  return Pipeline.finish();
}

NestPipeline::~NestPipeline() { S->Workers.wait(); }

/// Whether D is a class whose member functions are written as they are
/// compiled: a class, struct or union, or an explicit specialization, not
/// a lambda's closure (its operator is read with the lambda) nor an
/// instantiation of a class template (its members are one use's).
static bool isWrittenClass(const clang::Decl &D) {
  const auto *Class = llvm::dyn_cast<clang::CXXRecordDecl>(&D);
  if (!Class || Class->isLambda() || !Class->isThisDeclarationADefinition())
    return false;
  if (llvm::isa<clang::ClassTemplatePartialSpecializationDecl>(Class))
    return false;
  if (const auto *Spec =
          llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(Class))
    return Spec->getSpecializationKind() == clang::TSK_ExplicitSpecialization;
  return true;
}

void NestPipeline::add(const clang::Decl &D) {
  if (S->Ctx.getDiagnostics().hasErrorOccurred())
    return;
  if (const auto *FD = llvm::dyn_cast<clang::FunctionDecl>(&D))
    S->addFunction(*FD);
  else if (llvm::isa<clang::LinkageSpecDecl>(D) ||
           llvm::isa<clang::NamespaceDecl>(D) || isWrittenClass(D))
    for (const clang::Decl *Inner : llvm::cast<clang::DeclContext>(D).decls())
      add(*Inner);
  else if (const auto *Var = llvm::dyn_cast<clang::VarDecl>(&D))
    // 'auto kernel = [](...) { nest };' and a static member's lambda.
    for (const clang::CXXMethodDecl *Lambda :
         recover::lambdasIn(Var->getInit()))
      S->addFunction(*Lambda);
}

std::vector<NestOutcome> NestPipeline::finish() {
  S->Workers.wait();
  if (!S->LibraryStates.empty() &&
      (S->LibraryStates.size() > 1 ||
       *S->LibraryStates.begin() != recover::libraryNamesTaken(S->Ctx))) {
    // Read again from the whole unit, each name taken where a function's
    // nests were read taken for every nest.
    recover::UnitFacts Again = S->Unit;
    for (const std::set<std::string> &Taken : S->LibraryStates)
      Again.LibraryNamesTakenElsewhere.insert(Taken.begin(), Taken.end());
    return readAgain(S->Ctx, S->Opts, S->Hooks, std::move(Again));
  }
  std::function<bool(const std::string &)> WholeUnit = S->Taken.now();
  for (State::Deferred &D : S->HeaderNests) {
    D.Nest->Nest.Source.IsNameTaken = WholeUnit;
    S->lower(*D.Slot, *D.Nest, D.InOwn);
  }
  S->Workers.wait();
  std::vector<NestOutcome> All = S->outcomesInOrder();
  insertIncludes(All, S->SM);
  if (S->Hooks.IncludeConflict && S->Unit.HeaderConflicts.empty()) {
    // A header the file does not compile with: read again, the nests that
    // need it doing without it or left as they are.
    std::map<std::string, std::string> Conflicts =
        includeConflicts(All, S->Hooks.IncludeConflict);
    if (!Conflicts.empty()) {
      recover::UnitFacts Again = S->Unit;
      Again.HeaderConflicts = std::move(Conflicts);
      return readAgain(S->Ctx, S->Opts, S->Hooks, std::move(Again));
    }
  }
  return All;
}

std::vector<NestOutcome> rewriteNests(clang::ASTContext &Ctx,
                                      const Options &Opts,
                                      const FileHooks &Hooks) {
  return readAgain(Ctx, Opts, Hooks, {});
}

std::string filePath(const clang::SourceManager &SM, clang::FileID File) {
  const clang::FileEntry *Entry = SM.getFileEntryForID(File);
  if (!Entry)
    return "";
  std::string Path = Entry->tryGetRealPathName().str();
  return Path.empty() ? Entry->getName().str() : Path;
}

} // namespace lnr::rewrite
