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
#include "tool/Outputs.h"
#include "tool/PathChecks.h"
#include "tool/ProjectConfig.h"
#include "tool/RemarkNames.h"
#include "tool/RemarkPolicy.h"
#include "tool/RewriteAction.h"
#include "tool/RunWrites.h"
#include "tool/Runs.h"
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

#include <cstring>
#include <memory>
#include <set>

using namespace clang;
using namespace llvm;
using namespace lnr::tool;

namespace {

cl::OptionCategory ToolCategory("lnr-rewrite options");

const char Overview[] =
    "Fuses sparse tensor loop nests after distributing them (SparseLNR).\n"
    "\n"
    "  lnr-rewrite [options] <file>... [-- <compiler args>]\n"
    "  lnr-rewrite --check -p <build dir>   (every file of its database)\n"
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
    "written (and then no file is written, unless -i --fix-errors; --check\n"
    "and --output=sarif still report the other files).\n";

// -p, the compilation database and '--', as every Clang tool says them.
cl::extrahelp DatabaseHelp(tooling::CommonOptionsParser::HelpMessage);

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

enum class OutputFormat { Text, JSON, SARIF };
cl::opt<OutputFormat> Output(
    "output", cl::desc("What is printed on standard output:"),
    cl::values(clEnumValN(OutputFormat::Text, "text",
                          "the rewritten files (default)"),
               clEnumValN(OutputFormat::JSON, "json",
                          "the replacements, as a JSON array of {\"file\", "
                          "\"offset\", \"length\", \"replacement\", "
                          "\"name\", \"message\"}"),
               clEnumValN(OutputFormat::SARIF, "sarif",
                          "a SARIF 2.1.0 log of the nests with a remark, "
                          "the rewrites as fixes (with --check, for CI)")),
    cl::init(OutputFormat::Text), cl::cat(ToolCategory));
cl::opt<std::string> SarifRoot(
    "sarif-root",
    cl::desc("With --output=sarif: the directory the log's locations are "
             "relative to (its %SRCROOT%); default: the working directory"),
    cl::value_desc("dir"), cl::cat(ToolCategory));
cl::opt<bool> FixErrors(
    "fix-errors",
    cl::desc("With -i: rewrite the files that parse even when others do not "
             "(the exit status is still 2), as clang-tidy's --fix-errors"),
    cl::cat(ToolCategory));
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

// The options of tool/Options.def: a boolean as --<flag> and --no-<flag>,
// a string as --<flag>=<value>. cl::desc keeps its text by reference: each
// is a literal.
#define LNR_DEFAULT_NOTE_true " (the default)"
#define LNR_DEFAULT_NOTE_false ""
#define LNR_NEGATION_NOTE_true ""
#define LNR_NEGATION_NOTE_false " (the default)"
#define LNR_BOOL_OPTION(Key, Default, Flag, Help)                              \
  cl::opt<bool> Key##On(Flag, cl::desc(Help LNR_DEFAULT_NOTE_##Default),       \
                        cl::cat(ToolCategory));                                \
  cl::opt<bool> Key##Off(                                                      \
      "no-" Flag,                                                              \
      cl::desc("The opposite of --" Flag LNR_NEGATION_NOTE_##Default),         \
      cl::cat(ToolCategory));
#define LNR_STRING_OPTION(Key, Default, Flag, Value, Help)                     \
  cl::opt<std::string> Key##On(Flag,                                           \
                               cl::desc(Help " (default: '" Default "')"),     \
                               cl::value_desc(Value), cl::cat(ToolCategory));
#include "tool/Options.def"

/// A boolean given as --<flag> or --no-<flag> (the last one wins, as for
/// clang's -f/-fno- pairs), or None when neither is.
Optional<bool> lastOf(const cl::opt<bool> &Yes, const cl::opt<bool> &No) {
  bool Positive = Yes.getNumOccurrences(), Negative = No.getNumOccurrences();
  if (!Positive && !Negative)
    return None;
  if (Positive && (!Negative || Yes.getPosition() > No.getPosition()))
    return bool(Yes);
  return !No;
}

cl::opt<bool> PrintInFileStyle(
    "print-in-file-style",
    cl::desc("Print each rewrite in the file's clang-format style with the "
             "loop tree's printer (the default; with =false, each rewrite "
             "is formatted by clang-format: docs/code-generation.md)"),
    cl::init(true), cl::Hidden, cl::cat(ToolCategory));

cl::opt<std::string> ScheduleDirective(
    "schedule",
    cl::desc("Apply this SparseLNR directive to every nest instead of "
             "searching, e.g. \"reorder(i,j,k,l);loopfuse(2)\""),
    cl::value_desc("directive"), cl::cat(ToolCategory));

cl::opt<bool> Quiet("quiet",
                    cl::desc("Print nothing on standard error but errors"),
                    cl::cat(ToolCategory));
cl::opt<bool>
    ListRemarks("list-remarks",
                cl::desc("Print every remark name with its meaning, and exit"),
                cl::cat(ToolCategory), cl::callback([](const bool &) {
                  for (const RemarkName &R : remarkNames())
                    outs() << R.Name << ": " << R.Meaning << "\n";
                  exit(0);
                }));

cl::opt<std::string> AssumeFilename(
    "assume-filename",
    cl::desc("With the file '-' (standard input): the path it is compiled, "
             "configured and reported as; its compile command, .clang-format "
             "and .lnr-rewrite are found from it, as clang-format does "
             "(default: '<stdin>.c' in the working directory)"),
    cl::value_desc("path"), cl::cat(ToolCategory));

/// The path standard input stands for: --assume-filename's value, read
/// from the arguments before they are parsed (the compilation database is
/// found from the files' paths while they are parsed).
std::string stdinPath(ArrayRef<const char *> Args) {
  for (size_t I = 1; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A == "--")
      break;
    for (StringRef Name : {"--assume-filename", "-assume-filename"}) {
      if (A == Name && I + 1 < Args.size())
        return Args[I + 1];
      StringRef Value = A;
      if (Value.consume_front(Name) && Value.consume_front("="))
        return Value.str();
    }
  }
  return "<stdin>.c";
}

cl::opt<cl::boolOrDefault> UseColor(
    "use-color",
    cl::desc("Color the diagnostics (default: when standard error is a "
             "terminal), as clang-tidy's option"),
    cl::cat(ToolCategory));

cl::opt<unsigned>
    Jobs("j",
         cl::desc("Parse and rewrite this many files at a time; the output is "
                  "in the order of the command line (default 1; 0: one per "
                  "core), with a progress line on a terminal. One file at a "
                  "time, its nests are lowered and printed on every core"),
         cl::init(1), cl::cat(ToolCategory));

cl::opt<bool> DumpConfig(
    "dump-config",
    cl::desc("Print the configuration in effect for the first file (its "
             ".lnr-rewrite under the command line's options) as YAML, and "
             "exit"),
    cl::cat(ToolCategory));

/// The options of the command line that a .lnr-rewrite may also set: only
/// those given, so that they override the file and nothing else does.
ToolConfig commandLineConfig() {
  ToolConfig C;
#define LNR_BOOL_OPTION(Key, Default, Flag, Help)                              \
  C.Key = lastOf(Key##On, Key##Off);
#define LNR_STRING_OPTION(Key, Default, Flag, Value, Help)                     \
  if (Key##On.getNumOccurrences())                                             \
    C.Key = Key##On.getValue();
#include "tool/Options.def"
  return C;
}

/// A message of ToolConfig::invalidValue() with the option's command-line
/// spelling instead of its key in the file.
std::string optionSpelling(StringRef Why) {
  std::string Out = Why.str();
#define LNR_BOOL_OPTION(Key, Default, Flag, Help)
#define LNR_STRING_OPTION(Key, Default, Flag, Value, Help)                     \
  if (Why.startswith(#Key))                                                    \
    Out = ("--" Flag + Why.drop_front(std::strlen(#Key))).str();
#include "tool/Options.def"
  return Out;
}

/// The table of docs/cli.md: every option of tool/Options.def with its
/// key, flags, default and help.
void printOptionsTable(raw_ostream &OS) {
  OS << "| `.lnr-rewrite` key | flags | default | effect |\n"
     << "|---|---|---|---|\n";
#define LNR_BOOL_OPTION(Key, Default, Flag, Help)                              \
  OS << "| `" #Key "` | `--" Flag "`, `--no-" Flag "` | `"                     \
     << (Default ? "true" : "false") << "` | " << Help << " |\n";
#define LNR_STRING_OPTION(Key, Default, Flag, Value, Help)                     \
  OS << "| `" #Key "` | `--" Flag "=<" Value ">` | `'" Default "'` | " << Help \
     << " |\n";
#include "tool/Options.def"
}

cl::opt<bool> OptionsTable(
    "options-table",
    cl::desc("Print the table of the options a .lnr-rewrite file sets, in "
             "Markdown, and exit"),
    cl::Hidden, cl::cat(ToolCategory), cl::callback([](const bool &) {
      printOptionsTable(outs());
      exit(0);
    }));

cl::opt<bool>
    Lsp("lsp",
        cl::desc("Serve the Language Server Protocol on standard input and "
                 "output (diagnostics and code actions per nest), with the "
                 "other options of this command line"),
        cl::cat(ToolCategory));

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
  // --check writes nothing on stdout: a diff (what would change) or the
  // SARIF log (the errors, for CI) may go with it.
  if (Check && !(Diff && Modes.size() == 1) &&
      !(Output == OutputFormat::SARIF && Modes.empty()))
    Modes.push_back("--check");
  if (Explain)
    Modes.push_back("--explain");
  if (Output == OutputFormat::JSON)
    Modes.push_back("--output=json");
  if (Output == OutputFormat::SARIF)
    Modes.push_back("--output=sarif");
  if (EmitGraph == GraphFormat::Dot && EmitGraphDir.empty())
    Modes.push_back("--emit-graph=dot");
  if (Modes.size() < 2)
    return std::nullopt;
  return Modes[0] + " and " + Modes[1] + " cannot be combined";
}

/// The byte range --offset or --line selects in File; an error message when
/// it is not in the file.
Expected<Selection> selectionIn(StringRef File, StringRef Code) {
  auto Invalid = [](const Twine &Message) {
    return make_error<StringError>(Message, inconvertibleErrorCode());
  };
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
std::optional<std::string> usageError(ArrayRef<std::string> Sources,
                                      bool OnDisk) {
  if (std::optional<std::string> Conflict = conflictingModes())
    return Conflict;
  if (!EmitGraphDir.empty() && EmitGraph != GraphFormat::Dot)
    return std::string("--emit-graph-dir needs --emit-graph=dot");
  if (Offset.getNumOccurrences() && Line.getNumOccurrences())
    return std::string("--offset and --line cannot be combined");
  if (selecting() && Sources.size() != 1)
    return std::string(Offset.getNumOccurrences() ? "--offset" : "--line") +
           " needs exactly one file";
  if (!ScheduleDirective.empty())
    if (std::optional<lnr::Refusal> Why =
            lnr::ir::directiveSyntaxError(ScheduleDirective))
      return escaped("invalid --schedule: " + Why->Message);
  for (const std::string &File : Sources)
    if (std::optional<std::string> Why =
            OnDisk ? inputProblem(File) : std::nullopt)
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

/// With no file on the command line, every file of the -p database, as
/// run-clang-tidy checks them; Loaded holds that database (CommonOptionsParser
/// loads one only for files it was given). Why not, when there is no file
/// and no -p.
std::optional<std::string>
databaseFiles(std::vector<std::string> &Sources,
              std::unique_ptr<tooling::CompilationDatabase> &Loaded) {
  if (!Sources.empty() || Lsp || DumpConfig)
    return std::nullopt;
  std::string Dir = buildPath();
  if (Dir.empty())
    return std::string("no file: name the files, or a build directory (-p) "
                       "to read every file of its compilation database");
  std::string Error;
  Loaded = tooling::CompilationDatabase::autoDetectFromDirectory(Dir, Error);
  if (!Loaded)
    return "no compilation database in '" + Dir + "': " + Error;
  // In the order of their paths: the database's own order is a hash's.
  Sources = Loaded->getAllFiles();
  llvm::sort(Sources);
  if (Sources.empty())
    return "the compilation database in '" + Dir + "' lists no file";
  return std::nullopt;
}

/// -p <dir> for the database of the first file of Args when Args name no
/// database (no -p, no '--'): found where clangd and the language server
/// find it, in a build/ directory too (CommonOptionsParser would look only
/// in the file's directory and its parents). Empty when Args name one, or
/// none is found.
std::string foundDatabase(ArrayRef<const char *> Args) {
  StringRef First;
  for (size_t I = 1; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A == "--" || A == "-p" || A.startswith("-p=") || A == "--p" ||
        A.startswith("--p="))
      return "";
    StringRef Ext = sys::path::extension(A);
    if (First.empty() && !A.startswith("-") &&
        (Ext == ".c" || Ext == ".h" || Ext == ".cc" || Ext == ".cpp" ||
         Ext == ".cxx" || Ext == ".hpp"))
      First = A;
  }
  return First.empty() ? "" : databaseDirectoryFor(First);
}

/// The root SARIF locations are relative to: --sarif-root, or the working
/// directory; real and absolute, as the files' paths are.
std::string sarifRoot() {
  SmallString<256> Root(SarifRoot);
  if (Root.empty() && sys::fs::current_path(Root))
    return "";
  if (sys::fs::make_absolute(Root))
    return "";
  return realPath(Root);
}

} // namespace

int main(int argc, const char **argv) {
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "lnr-rewrite version " LNR_VERSION " (git " LNR_GIT_COMMIT
          ", LLVM " LLVM_VERSION_STRING ")\n";
  });
  // '-' is standard input, parsed under the path it stands for.
  std::vector<const char *> Args(argv, argv + argc);
  std::string StdinPath = stdinPath(Args);
  bool ReadsStdin = false;
  for (const char *&A : Args) {
    if (StringRef(A) == "--")
      break;
    if (StringRef(A) == "-") {
      A = StdinPath.c_str();
      ReadsStdin = true;
    }
  }
  std::string FoundDatabase = foundDatabase(Args);
  if (!FoundDatabase.empty())
    Args.insert(Args.begin() + 1, {"-p", FoundDatabase.c_str()});
  int ArgCount = Args.size();
  Expected<tooling::CommonOptionsParser> Parser =
      tooling::CommonOptionsParser::create(ArgCount, Args.data(), ToolCategory,
                                           cl::ZeroOrMore, Overview);
  if (!Parser) {
    errs() << toString(Parser.takeError());
    return 2;
  }
  if (UseColor != cl::BOU_UNSET) {
    // The tool's own messages (WithColor) follow LLVM's --color.
    auto Color = cl::getRegisteredOptions().find("color");
    if (Color != cl::getRegisteredOptions().end())
      static_cast<cl::opt<cl::boolOrDefault> *>(Color->second)
          ->setValue(UseColor);
    errs().enable_colors(UseColor == cl::BOU_TRUE);
  }
  // Option values first, whatever the files.
  ToolConfig CommandLine = commandLineConfig();
  if (Optional<std::string> Why = CommandLine.invalidValue())
    return fail(escaped("invalid " + optionSpelling(*Why)));
  std::vector<std::string> Sources = Parser->getSourcePathList();
  std::unique_ptr<tooling::CompilationDatabase> Loaded;
  if (std::optional<std::string> Why = databaseFiles(Sources, Loaded))
    return fail(*Why);
  std::optional<std::string> StdinCode;
  if (ReadsStdin) {
    if (Sources.size() != 1)
      return fail("'-' (standard input) must be the only file");
    if (InPlace)
      return fail("-i cannot rewrite standard input");
    ErrorOr<std::unique_ptr<MemoryBuffer>> In = MemoryBuffer::getSTDIN();
    if (!In)
      return fail("cannot read standard input: " + In.getError().message());
    StdinCode = (*In)->getBuffer().str();
  } else if (AssumeFilename.getNumOccurrences()) {
    return fail("--assume-filename needs the file '-' (standard input)");
  }
  if (std::optional<std::string> Why =
          usageError(Sources, /*OnDisk=*/!ReadsStdin))
    return fail(*Why);
  // Every path resolved once, against the directory the tool was run in:
  // each run then takes its compile command's directory as the working
  // directory of a file system of its own, never the process's, which the
  // runs of -j share.
  std::vector<std::string> Files;
  for (const std::string &Source : Sources)
    Files.push_back(tooling::getAbsolutePath(Source));
  if (Lsp && (!Sources.empty() || selecting()))
    return fail("--lsp takes no file, --offset or --line");
  // CommonOptionsParser loads a database only for files it was given.
  const tooling::CompilationDatabase *Database =
      Loaded            ? Loaded.get()
      : Sources.empty() ? nullptr
                        : &Parser->getCompilations();
  tooling::ArgumentsAdjuster AsGiven =
      Database ? spelledAsGiven(*Database, Sources) : nullptr;
  if (std::optional<std::string> Why =
          Database ? unusableBuildDirectory(*Database, Sources, buildPath())
                   : std::nullopt)
    return fail(*Why + "; nothing was written");

  ConfigLookup Configs;
  if (DumpConfig) {
    // The configuration of the first file, as clang-tidy dumps its own;
    // without one, of a file in the working directory.
    Expected<ToolConfig> Config = Configs.configFor(
        Sources.empty() ? "lnr-rewrite.c" : Sources.front(), CommandLine);
    if (!Config)
      return fail(toString(Config.takeError()));
    outs() << Config->yaml();
    return 0;
  }

  ActionOptions Opts;
  Opts.Configs = &Configs;
  Opts.CommandLine = CommandLine;
  Opts.Rewrite.Directive = ScheduleDirective;
  Opts.Rewrite.PrintInFileStyle = PrintInFileStyle;
  Opts.Check = Check;
  Opts.Quiet = Quiet;
  Opts.Explain = Explain;
  Opts.Rewrite.Sketch = Explain;
  Opts.Graphs = EmitGraph == GraphFormat::Dot;
  if (Lsp)
    return lsp::runServer(Opts);
  if (selecting()) {
    std::string Code;
    if (StdinCode) {
      Code = *StdinCode;
    } else {
      ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
          MemoryBuffer::getFile(Sources.front());
      if (!Buffer)
        return fail("cannot read '" + Sources.front() +
                    "': " + Buffer.getError().message());
      Code = (*Buffer)->getBuffer().str();
    }
    Expected<Selection> Select = selectionIn(Sources.front(), Code);
    if (!Select)
      return fail(toString(Select.takeError()));
    Opts.Select = *Select;
  }

  RunSetup Setup{*Database, AsGiven, StdinCode, Jobs, UseColor, Quiet};
  RunResults Results;
  int ToolStatus = runFiles(Setup, Files, Sources, Opts, Results);

  // The command-line spelling of each file, for diff headers.
  StringMap<std::string> Spelling;
  for (size_t I = 0; I < Files.size(); ++I)
    Spelling.try_emplace(realPath(Files[I]), Sources[I]);
  bool Missing = false;
  for (const auto &Entry : Spelling)
    Missing |= llvm::none_of(Results.Files, [&](const FileResult &R) {
      return R.Path == Entry.getKey();
    });
  // The failures after a parse (a bad .lnr-rewrite, clang-format) say
  // why a file has no result: before the parse failures.
  if (!Results.Errors.empty()) {
    for (const std::string &E : Results.Errors)
      WithColor::error(errs(), "lnr-rewrite") << E << "\n";
    return fail("nothing was rewritten");
  }
  // A file that does not parse: its errors are on stderr, and nothing is
  // written, unless the run reports on every file (--check, a SARIF log)
  // or -i --fix-errors writes those that parsed; the status is 2 anyway.
  bool Failed = Results.ParseFailed || Missing || (ToolStatus != 0 && !Check);
  if (Failed) {
    for (size_t I = 0; I < Files.size(); ++I)
      if (llvm::none_of(Results.Files, [&](const FileResult &R) {
            return R.Path == realPath(Files[I]);
          }))
        Results.Failures.push_back("'" + Sources[I] +
                                   "' could not be parsed; clang's errors "
                                   "are on standard error");
    bool KeepGoing =
        Check || Output == OutputFormat::SARIF || (InPlace && FixErrors);
    if (!KeepGoing)
      return fail("some files could not be parsed; nothing was rewritten");
  }
  if (selecting() && !Results.Files.front().Selected && !Quiet)
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
  std::string Main = Files.empty() ? "" : realPath(Files.front());
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
      else if (NewCode[I] != R.Code && !Quiet)
        WithColor::note(errs(), "lnr-rewrite")
            << "'" << headerLabel(R.Path)
            << "' would be rewritten too; standard output holds only the "
               "files of the command line (see -i, --diff, --output=json)\n";
    }
  }
  if (Output == OutputFormat::JSON)
    outs() << replacementsJson(Results);
  if (Output == OutputFormat::SARIF)
    outs() << sarifLog(Results, Check, sarifRoot());
  if (EmitGraph == GraphFormat::Dot && EmitGraphDir.empty())
    outs() << graphsDot(Results);

  if (Failed)
    return fail("some files could not be parsed; " +
                std::string(InPlace ? "the others were rewritten"
                                    : "the others were reported"));
  if (Check)
    for (const FileResult &R : Results.Files)
      for (const NestReport &N : R.Nests)
        if (!N.Fix.empty())
          return 1;
  return 0;
}
