//===- CompileArgs.cpp ----------------------------------------------------===//

#include "tool/CompileArgs.h"
#include "tool/Config.h"

#include "clang/Driver/Options.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <map>

using namespace clang;
using namespace llvm;

namespace lnr::tool {
namespace {

/// What a command says about the language of its input.
struct LanguageFlags {
  std::optional<std::string> Language; // -x, --language
  std::optional<std::string> Standard; // -std=, --std
  bool CxxCompiler = false;            // c++, g++, clang++, --driver-mode=g++
  bool OpenMP = false;                 // -fopenmp..., -fno-openmp
  bool ResourceDir = false;
};

/// The value of option Name in Args[I] ("-xc", "-std=c11") or, when
/// Separate allows it, in Args[I + 1] ("-x c", "--std c11").
std::optional<std::string> valueOf(ArrayRef<std::string> Args, size_t &I,
                                   StringRef Name, bool Joined, bool Separate) {
  StringRef A = Args[I];
  if (Separate && A == Name && I + 1 < Args.size())
    return Args[++I];
  if (Joined && A.size() > Name.size() && A.startswith(Name))
    return A.drop_front(Name.size()).str();
  return std::nullopt;
}

LanguageFlags languageFlags(ArrayRef<std::string> Args) {
  LanguageFlags F;
  if (!Args.empty())
    F.CxxCompiler = sys::path::filename(Args[0]).contains("++");
  for (size_t I = 1; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (auto L = valueOf(Args, I, "-x", true, true))
      F.Language = L;
    else if (auto L = valueOf(Args, I, "--language=", true, false))
      F.Language = L;
    else if (auto L = valueOf(Args, I, "--language", false, true))
      F.Language = L;
    else if (auto S = valueOf(Args, I, "-std=", true, false))
      F.Standard = S;
    else if (auto S = valueOf(Args, I, "--std=", true, false))
      F.Standard = S;
    else if (auto S = valueOf(Args, I, "--std", false, true))
      F.Standard = S;
    else if (A.startswith("--driver-mode="))
      F.CxxCompiler = A == "--driver-mode=g++";
    F.OpenMP |= A.startswith("-fopenmp") || A.startswith("-fno-openmp");
    F.ResourceDir |= A.startswith("-resource-dir");
  }
  return F;
}

bool isCxxStandard(StringRef Std) {
  return Std.startswith("c++") || Std.startswith("gnu++");
}

/// The compilation database that gave a command: compile_commands.json (or
/// compile_flags.txt) in From or the nearest parent that has one, or in
/// their build/, where clangd looks too.
std::string databaseAbove(StringRef From) {
  SmallString<256> Dir(From);
  if (sys::fs::make_absolute(Dir))
    return "";
  for (StringRef D = Dir; !D.empty(); D = sys::path::parent_path(D))
    for (StringRef Sub : {"", "build"})
      for (StringRef Name : {"compile_commands.json", "compile_flags.txt"}) {
        SmallString<256> Candidate(D);
        sys::path::append(Candidate, Sub, Name);
        if (sys::fs::exists(Candidate))
          return std::string(Candidate);
      }
  return "";
}

} // namespace

std::string databaseDirectoryFor(StringRef File) {
  SmallString<256> Path(File);
  if (sys::fs::make_absolute(Path))
    return "";
  std::string Database = databaseAbove(sys::path::parent_path(Path));
  return Database.empty() ? "" : sys::path::parent_path(Database).str();
}

tooling::CommandLineArguments
addDefaultArguments(const tooling::CommandLineArguments &Args, StringRef File) {
  LanguageFlags F = languageFlags(Args);
  StringRef Ext = sys::path::extension(File);
  bool IsC = Ext == ".c" || Ext == ".h";
  tooling::CommandLineArguments Extra;
  if (IsC && !F.Language && !F.CxxCompiler) {
    bool Cxx = F.Standard && isCxxStandard(*F.Standard);
    Extra.push_back(Cxx ? "-xc++" : "-xc");
    if (!F.Standard)
      Extra.push_back("-std=gnu99");
  } else if (F.Language && (*F.Language == "c" || *F.Language == "c-header") &&
             !F.Standard) {
    Extra.push_back("-std=gnu99");
  }
  if (!F.OpenMP)
    Extra.push_back("-fopenmp");
  if (!F.ResourceDir)
    Extra.push_back("-resource-dir=" LNR_CLANG_RESOURCE_DIR);
  tooling::CommandLineArguments Out = Args;
  Out.insert(Out.empty() ? Out.end() : Out.begin() + 1, Extra.begin(),
             Extra.end());
  return Out;
}

tooling::ArgumentsAdjuster
dropUnknownFlags(std::function<void(StringRef Flag, StringRef File)> Warn) {
  return [Warn](const tooling::CommandLineArguments &Args, StringRef File) {
    if (Args.size() < 2)
      return Args;
    // The driver's own table, in its default (not clang-cl) mode, reads the
    // arguments after the compiler's name; each unknown one is an Arg of
    // class OPT_UNKNOWN at its index.
    std::vector<const char *> Argv;
    for (size_t I = 1; I < Args.size(); ++I)
      Argv.push_back(Args[I].c_str());
    unsigned MissingIndex = 0, MissingCount = 0;
    llvm::opt::InputArgList Parsed = driver::getDriverOptTable().ParseArgs(
        Argv, MissingIndex, MissingCount, /*FlagsToInclude=*/0,
        /*FlagsToExclude=*/driver::options::CLOption |
            driver::options::NoDriverOption);
    std::vector<bool> Drop(Args.size(), false);
    for (const llvm::opt::Arg *A :
         Parsed.filtered(driver::options::OPT_UNKNOWN)) {
      Drop[A->getIndex() + 1] = true;
      Warn(A->getAsString(Parsed), File);
    }
    tooling::CommandLineArguments Kept;
    for (size_t I = 0; I < Args.size(); ++I)
      if (!Drop[I])
        Kept.push_back(Args[I]);
    return Kept;
  };
}

tooling::ArgumentsAdjuster
spelledAsGiven(const tooling::CompilationDatabase &Database,
               ArrayRef<std::string> Sources) {
  std::map<std::string, std::string> Spelling; // absolute path -> as given
  SmallString<256> Here;
  if (!sys::fs::current_path(Here))
    for (const std::string &Source : Sources) {
      if (sys::path::is_absolute(Source))
        continue;
      std::string Absolute = tooling::getAbsolutePath(Source);
      for (const tooling::CompileCommand &C :
           Database.getCompileCommands(Absolute))
        if (C.Filename == Absolute && sys::fs::equivalent(C.Directory, Here))
          Spelling[Absolute] = Source;
    }
  return [Spelling](const tooling::CommandLineArguments &Args, StringRef File) {
    auto It = Spelling.find(File.str());
    if (It == Spelling.end())
      return Args;
    tooling::CommandLineArguments Out = Args;
    for (std::string &A : Out)
      if (A == It->first)
        A = It->second;
    return Out;
  };
}

std::optional<std::string>
unusableBuildDirectory(const tooling::CompilationDatabase &Database,
                       ArrayRef<std::string> Sources, StringRef BuildPath) {
  for (const std::string &Source : Sources) {
    std::string File = tooling::getAbsolutePath(Source);
    for (const tooling::CompileCommand &C : Database.getCompileCommands(File)) {
      sys::fs::file_status Status;
      if (!sys::fs::status(C.Directory, Status) &&
          sys::fs::is_directory(Status))
        continue;
      std::string Where = databaseAbove(
          BuildPath.empty() ? sys::path::parent_path(File) : BuildPath);
      return "the compile command of '" + Source + "' runs in '" + C.Directory +
             "', which " +
             (sys::fs::exists(Status) ? "is not a directory"
                                      : "does not exist") +
             (Where.empty() ? "" : " (in '" + Where + "')");
    }
  }
  return std::nullopt;
}

} // namespace lnr::tool
