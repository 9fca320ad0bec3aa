//===- LnrRewriteMain.cpp - The lnr-rewrite driver ------------------------===//
//
// Options, parsing, presentation and exit codes. The analysis decides what
// each nest becomes; only the driver decides whether that goes to stdout
// (the file, a diff, --explain, JSON, Graphviz), back into the file, or into
// clang-tidy's YAML, and which exit status follows.
//
// Exit status: 0 success; 1 --check found a nest that would change; 2 bad
// usage (an invalid option value, an input that is not a regular file, an
// output that is an input or another output), a file that does not parse,
// or a file that cannot be written or changed while the tool ran (then no
// file is written at all).
//
//===----------------------------------------------------------------------===//

#include "tool/CompileArgs.h"
#include "tool/Config.h"
#include "tool/FileTransaction.h"
#include "tool/OmpSchedule.h"
#include "tool/Outputs.h"
#include "tool/PathChecks.h"
#include "tool/RewriteAction.h"
#include "tool/RunWrites.h"
#include "tool/UnifiedDiff.h"
#include "tool/lsp/Server.h"

#include "analysis/ir/Schedule.h"

#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;
using namespace llvm;
using namespace lnr::tool;

namespace {

cl::OptionCategory ToolCategory("lnr-rewrite options");

const char Overview[] =
    "Fuses sparse tensor loop nests after distributing them (SparseLNR).\n"
    "\n"
    "Each outermost loop nest of each function is recovered as tensor index\n"
    "notation; when loop fusion after distribution lowers its asymptotic\n"
    "cost, the nest is rewritten as an imperfect nest with small temporaries.\n"
    "Other nests stay byte-for-byte as they are, and a remark says why.\n"
    "Prints the rewritten file on standard output unless -i, --diff, --check,\n"
    "--explain, --output=json or --emit-graph=dot says otherwise.\n"
    "\n"
    "Exit status: 0 on success, 1 when --check finds a nest that would be\n"
    "rewritten, 2 on bad usage, a file that does not parse or cannot be\n"
    "written (and then no file is written).\n";

cl::opt<bool> InPlace("i", cl::desc("Rewrite the files in place"),
                      cl::cat(ToolCategory));
cl::opt<bool> Diff(
    "diff",
    cl::desc("Print a unified diff of each file instead of its text (paths "
             "as given; apply with 'patch -p0')"),
    cl::cat(ToolCategory));
cl::opt<bool> Check(
    "check",
    cl::desc("Write nothing; report each nest that would be rewritten as an "
             "error and exit with status 1 if there is one (like "
             "'clang-format --dry-run -Werror')"),
    cl::cat(ToolCategory));
cl::opt<bool> Explain(
    "explain",
    cl::desc("Print, per nest, the recovered index notation, tensor formats, "
             "loop order, chosen schedule and cost before and after, "
             "instead of the rewritten file"),
    cl::cat(ToolCategory));
cl::opt<std::string> ExportFixes(
    "export-fixes",
    cl::desc("YAML file to store the rewrites in, as clang-tidy does; apply "
             "them with clang-apply-replacements"),
    cl::value_desc("filename"), cl::cat(ToolCategory));

enum class OutputFormat { Text, JSON };
cl::opt<OutputFormat> Output(
    "output", cl::desc("What is printed on standard output:"),
    cl::values(clEnumValN(OutputFormat::Text, "text",
                          "the rewritten files (default)"),
               clEnumValN(OutputFormat::JSON, "json",
                          "the replacements, as a JSON array of {\"file\", "
                          "\"offset\", \"length\", \"replacement\"}")),
    cl::init(OutputFormat::Text), cl::cat(ToolCategory));
cl::opt<unsigned> Offset(
    "offset",
    cl::desc("Rewrite and report only the nest containing this byte offset "
             "(0-based) of the one file"),
    cl::cat(ToolCategory));
cl::opt<unsigned>
    Line("line",
         cl::desc("Rewrite and report only the nest on this line (1-based) "
                  "of the one file"),
         cl::cat(ToolCategory));

enum class GraphFormat { None, Dot };
cl::opt<GraphFormat> EmitGraph(
    "emit-graph",
    cl::desc("Print each nest's original and branched iteration graphs "
             "instead of the rewritten file:"),
    cl::values(clEnumValN(GraphFormat::Dot, "dot", "Graphviz")),
    cl::init(GraphFormat::None), cl::cat(ToolCategory));
cl::opt<std::string> EmitGraphDir(
    "emit-graph-dir",
    cl::desc("With --emit-graph: write the graphs to <dir>/<file>.<line>."
             "{original,fused}.dot instead of standard output"),
    cl::value_desc("dir"), cl::cat(ToolCategory));

cl::opt<bool> NoOpenMP("no-openmp",
                       cl::desc("Do not add '#pragma omp parallel for'"),
                       cl::cat(ToolCategory));
cl::opt<bool> NoPrefetch(
    "no-prefetch",
    cl::desc("Do not add software prefetches of the rows the next nonzero "
             "gathers"),
    cl::cat(ToolCategory));
cl::opt<bool> NoUnrollJam(
    "no-unroll-jam",
    cl::desc("Do not unroll and jam the loops of a GEMM-like consumer"),
    cl::cat(ToolCategory));
cl::opt<bool> NoSplitReductions(
    "no-split-reductions",
    cl::desc("Do not sum a dot product into a scalar temporary as eight "
             "partial sums"),
    cl::cat(ToolCategory));
cl::opt<bool> NoRuntimeChoice(
    "no-runtime-choice",
    cl::desc("When two schedules are each cheaper for some sizes, write only "
             "the one the size model prefers instead of both with a test of "
             "the actual sizes"),
    cl::cat(ToolCategory));
cl::opt<std::string> OmpSchedule(
    "omp-schedule",
    cl::desc("Schedule clause of added OpenMP loops (default: dynamic, 64)"),
    cl::init("dynamic, 64"), cl::cat(ToolCategory));
cl::opt<std::string> ScheduleDirective(
    "schedule",
    cl::desc("Apply this SparseLNR directive to every nest instead of "
             "searching, e.g. \"reorder(i,j,k,l);loopfuse(2)\""),
    cl::value_desc("directive"), cl::cat(ToolCategory));
cl::opt<std::string> HeaderFilter(
    "header-filter",
    cl::desc("Also rewrite the nests of functions written in the headers "
             "whose name (as the #include found it) matches this regular "
             "expression, as clang-tidy's option; system headers never"),
    cl::value_desc("regex"), cl::cat(ToolCategory));
cl::opt<bool> AssumeNoAlias(
    "assume-no-alias",
    cl::desc("Trust that outputs share no memory with inputs even when not "
             "declared restrict (no run-time overlap test)"),
    cl::cat(ToolCategory));
cl::opt<bool> NoAliasCheck(
    "no-alias-check",
    cl::desc("Leave a nest whose output is not proved disjoint from its "
             "inputs unchanged (lnr-possible-alias) instead of versioning "
             "the rewrite under a run-time overlap test"),
    cl::cat(ToolCategory));

cl::opt<bool>
    Lsp("lsp",
        cl::desc("Serve the Language Server Protocol on standard input and "
                 "output (diagnostics and code actions per nest), with the "
                 "other options of this command line"),
        cl::cat(ToolCategory));

/// --lsp takes no file, which the parser must know before it parses.
bool lspRequested(int argc, const char **argv) {
  for (int I = 1; I < argc && StringRef(argv[I]) != "--"; ++I)
    if (StringRef(argv[I]) == "--lsp" || StringRef(argv[I]) == "-lsp")
      return true;
  return false;
}

int fail(const Twine &Message) {
  WithColor::error(errs(), "lnr-rewrite") << Message << "\n";
  return 2;
}

/// The modes that decide what goes on stdout or into the files: at most one.
std::optional<std::string> conflictingModes() {
  std::vector<std::string> Modes;
  if (InPlace)
    Modes.push_back("-i");
  if (Diff)
    Modes.push_back("--diff");
  if (Check)
    Modes.push_back("--check");
  if (Explain)
    Modes.push_back("--explain");
  if (Output == OutputFormat::JSON)
    Modes.push_back("--output=json");
  if (EmitGraph == GraphFormat::Dot && EmitGraphDir.empty())
    Modes.push_back("--emit-graph=dot");
  if (Modes.size() < 2)
    return std::nullopt;
  return Modes[0] + " and " + Modes[1] + " cannot be combined";
}

/// The byte range --offset or --line selects in File; an error message when
/// it is not in the file.
Expected<Selection> selectionIn(StringRef File) {
  auto Invalid = [](const Twine &Message) {
    return make_error<StringError>(Message, inconvertibleErrorCode());
  };
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer = MemoryBuffer::getFile(File);
  if (!Buffer)
    return Invalid("cannot read '" + File +
                   "': " + Buffer.getError().message());
  StringRef Code = (*Buffer)->getBuffer();
  if (Offset.getNumOccurrences()) {
    if (Offset >= Code.size())
      return Invalid("offset " + Twine(Offset) + " is outside '" + File +
                     "' (" + Twine(Code.size()) + " bytes)");
    return Selection{Offset, Offset + 1};
  }
  if (Line == 0)
    return Invalid("--line counts from 1");
  size_t Begin = 0;
  for (unsigned L = 1; L < Line && Begin < Code.size(); ++L) {
    size_t NewLine = Code.find('\n', Begin);
    Begin = NewLine == StringRef::npos ? Code.size() : NewLine + 1;
  }
  if (Begin >= Code.size())
    return Invalid("line " + Twine(Line) + " is outside '" + File + "'");
  size_t End = Code.find('\n', Begin);
  End = End == StringRef::npos ? Code.size() : End + 1;
  return Selection{unsigned(Begin), unsigned(End)};
}

std::string realPath(StringRef File) {
  SmallString<256> Real;
  if (sys::fs::real_path(File, Real))
    return File.str();
  return std::string(Real);
}

/// A header's path for diff headers: relative to the working directory when
/// it is below it (so 'patch -p0' finds it), absolute otherwise.
std::string headerLabel(StringRef Path) {
  SmallString<256> Dir;
  if (sys::fs::current_path(Dir) || sys::fs::real_path(Dir, Dir))
    return Path.str();
  if (!Dir.endswith(sys::path::get_separator()))
    Dir += sys::path::get_separator();
  if (Path.startswith(Dir))
    return Path.drop_front(Dir.size()).str();
  return Path.str();
}

/// Text from the command line in a message: escaped, so that a newline
/// does not start a line of its own.
std::string escaped(StringRef Text) {
  std::string Out;
  raw_string_ostream(Out).write_escaped(Text);
  return Out;
}

bool selecting() {
  return Offset.getNumOccurrences() || Line.getNumOccurrences();
}

/// What is wrong with the options and the paths they name, found before
/// any file is read.
std::optional<std::string> usageError(ArrayRef<std::string> Sources) {
  if (std::optional<std::string> Conflict = conflictingModes())
    return Conflict;
  if (!EmitGraphDir.empty() && EmitGraph != GraphFormat::Dot)
    return std::string("--emit-graph-dir needs --emit-graph=dot");
  if (Offset.getNumOccurrences() && Line.getNumOccurrences())
    return std::string("--offset and --line cannot be combined");
  if (selecting() && Sources.size() != 1)
    return std::string(Offset.getNumOccurrences() ? "--offset" : "--line") +
           " needs exactly one file";
  if (std::optional<std::string> Why = ompScheduleError(OmpSchedule))
    return escaped("invalid --omp-schedule '" + OmpSchedule + "': " + *Why);
  if (!ScheduleDirective.empty())
    if (std::optional<lnr::Refusal> Why =
            lnr::ir::directiveSyntaxError(ScheduleDirective))
      return escaped("invalid --schedule: " + Why->Message);
  for (const std::string &File : Sources)
    if (std::optional<std::string> Why = inputProblem(File))
      return Why;
  std::optional<std::string> Collision;
  if (InPlace)
    Collision = sameFileTwice(Sources);
  if (!Collision && !ExportFixes.empty() && !EmitGraphDir.empty() &&
      sameFile(ExportFixes, EmitGraphDir))
    Collision = "--export-fixes '" + ExportFixes +
                "' is the --emit-graph-dir directory";
  if (!Collision && !ExportFixes.empty()) {
    std::vector<NamedPath> Inputs;
    for (const std::string &File : Sources)
      Inputs.push_back({File, "the input '" + File + "'"});
    Collision = pathCollision(
        {{ExportFixes, "--export-fixes '" + ExportFixes + "'"}}, Inputs);
  }
  if (Collision)
    return *Collision + "; nothing was written";
  return std::nullopt;
}

/// -p, which CommonOptionsParser reads: where the compilation database was
/// looked for.
std::string buildPath() {
  StringMap<cl::Option *> &Options = cl::getRegisteredOptions();
  auto It = Options.find("p");
  if (It == Options.end())
    return "";
  return static_cast<cl::opt<std::string> *>(It->second)->getValue();
}

} // namespace

int main(int argc, const char **argv) {
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "lnr-rewrite version " LNR_VERSION " (LLVM " LLVM_VERSION_STRING
          ")\n";
  });
  Expected<tooling::CommonOptionsParser> Parser =
      tooling::CommonOptionsParser::create(
          argc, argv, ToolCategory,
          lspRequested(argc, argv) ? cl::ZeroOrMore : cl::OneOrMore, Overview);
  if (!Parser) {
    errs() << toString(Parser.takeError());
    return 2;
  }
  const std::vector<std::string> &Sources = Parser->getSourcePathList();
  if (std::optional<std::string> Why = usageError(Sources))
    return fail(*Why);
  if (Lsp && (!Sources.empty() || selecting()))
    return fail("--lsp takes no file, --offset or --line");
  if (std::optional<std::string> Why =
          Lsp ? std::nullopt
              : unusableBuildDirectory(Parser->getCompilations(), Sources,
                                       buildPath()))
    return fail(*Why + "; nothing was written");

  ActionOptions Opts;
  Opts.Rewrite.Recovery.AssumeNoAlias = AssumeNoAlias;
  Opts.Rewrite.Recovery.NoAliasCheck = NoAliasCheck;
  Opts.Rewrite.Emission.OpenMP = !NoOpenMP;
  Opts.Rewrite.Emission.OmpSchedule = OmpSchedule;
  Opts.Rewrite.Emission.Prefetch = !NoPrefetch;
  Opts.Rewrite.Emission.UnrollJam = !NoUnrollJam;
  Opts.Rewrite.Emission.SplitReductions = !NoSplitReductions;
  Opts.Rewrite.Directive = ScheduleDirective;
  Opts.Rewrite.RuntimeChoice = !NoRuntimeChoice;
  Opts.Check = Check;
  Opts.Explain = Explain;
  Opts.Graphs = EmitGraph == GraphFormat::Dot;
  std::optional<Regex> Headers;
  if (HeaderFilter.getNumOccurrences()) {
    std::string Why;
    Headers.emplace(HeaderFilter);
    if (!Headers->isValid(Why))
      return fail("invalid --header-filter '" + HeaderFilter + "': " + Why);
    Opts.Rewrite.RewriteHeader = [&Headers](StringRef Name) {
      return Headers->match(Name);
    };
  }
  if (Lsp)
    return lsp::runServer(Opts);
  if (selecting()) {
    Expected<Selection> Select = selectionIn(Sources.front());
    if (!Select)
      return fail(toString(Select.takeError()));
    Opts.Select = *Select;
  }

  RunResults Results;
  int ToolStatus =
      runRewrite(Parser->getCompilations(), Sources, Opts, Results);

  // The command-line spelling of each file, for diff headers.
  StringMap<std::string> Spelling;
  for (const std::string &File : Sources)
    Spelling.try_emplace(realPath(File), File);
  bool Missing = false;
  for (const auto &Entry : Spelling)
    Missing |= llvm::none_of(Results.Files, [&](const FileResult &R) {
      return R.Path == Entry.getKey();
    });
  if (Results.ParseFailed || Missing || (ToolStatus != 0 && !Check))
    return fail("some files could not be parsed; nothing was rewritten");
  if (!Results.Errors.empty()) {
    for (const std::string &E : Results.Errors)
      WithColor::error(errs(), "lnr-rewrite") << E << "\n";
    return fail("nothing was rewritten");
  }
  if (selecting() && !Results.Files.front().Selected)
    WithColor::warning(errs(), "lnr-rewrite")
        << "no loop nest at "
        << (Offset.getNumOccurrences() ? "offset " + Twine(Offset)
                                       : "line " + Twine(Line))
        << " of '" << Sources.front() << "'; nothing to rewrite\n";

  // Every new text, before anything is written.
  std::vector<std::string> NewCode;
  for (const FileResult &R : Results.Files) {
    Expected<std::string> Text = tooling::applyAllReplacements(R.Code, R.Fixes);
    if (!Text)
      return fail("cannot rewrite '" + R.Path +
                  "': " + toString(Text.takeError()));
    NewCode.push_back(std::move(*Text));
  }

  RunWrites What{InPlace, Check, ExportFixes, EmitGraphDir};
  if (std::optional<std::string> Why =
          outputCollision(What, Results, NewCode, Sources))
    return fail(*Why);
  FileTransaction Writes;
  std::string Main = Sources.empty() ? "" : realPath(Sources.front());
  if (Error E = stageWrites(Writes, What, Results, NewCode, Main))
    return fail(toString(std::move(E)) + "; nothing was rewritten");
  if (Error E = Writes.commit())
    return fail(toString(std::move(E)));

  for (size_t I = 0; I < Results.Files.size(); ++I) {
    const FileResult &R = Results.Files[I];
    if (Diff) {
      std::string Label = Spelling.lookup(R.Path);
      if (Label.empty())
        Label = headerLabel(R.Path);
      outs() << unifiedDiff(R.Code, R.Fixes, Label);
    } else if (Explain) {
      outs() << R.Explanation;
    } else if (!InPlace && !Check && Output == OutputFormat::Text &&
               (EmitGraph == GraphFormat::None || !EmitGraphDir.empty())) {
      // Standard output is the files of the command line, as clang-format
      // prints them; a header has no place in it.
      if (R.Main)
        outs() << NewCode[I];
      else if (NewCode[I] != R.Code)
        WithColor::note(errs(), "lnr-rewrite")
            << "'" << headerLabel(R.Path)
            << "' would be rewritten too; standard output holds only the "
               "files of the command line (see -i, --diff, --output=json)\n";
    }
  }
  if (Output == OutputFormat::JSON)
    outs() << replacementsJson(Results);
  if (EmitGraph == GraphFormat::Dot && EmitGraphDir.empty())
    outs() << graphsDot(Results);

  if (Check)
    for (const FileResult &R : Results.Files)
      for (const NestReport &N : R.Nests)
        if (!N.Fix.empty())
          return 1;
  return 0;
}
