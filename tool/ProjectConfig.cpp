//===- ProjectConfig.cpp --------------------------------------------------===//

#include "tool/ProjectConfig.h"
#include "tool/OmpSchedule.h"
#include "tool/RemarkPolicy.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using lnr::tool::ToolConfig;

template <> struct yaml::MappingTraits<ToolConfig> {
  static void mapping(IO &IO, ToolConfig &C) {
    IO.mapOptional("InheritParentConfig", C.InheritParentConfig);
    IO.mapOptional("OpenMP", C.OpenMP);
    IO.mapOptional("OmpSchedule", C.OmpSchedule);
    IO.mapOptional("Prefetch", C.Prefetch);
    IO.mapOptional("UnrollJam", C.UnrollJam);
    IO.mapOptional("SplitReductions", C.SplitReductions);
    IO.mapOptional("RuntimeChoice", C.RuntimeChoice);
    IO.mapOptional("AssumeNoAlias", C.AssumeNoAlias);
    IO.mapOptional("AliasCheck", C.AliasCheck);
    IO.mapOptional("HeaderFilterRegex", C.HeaderFilterRegex);
    IO.mapOptional("Remarks", C.Remarks);
  }
};

namespace lnr::tool {

ToolConfig ToolConfig::defaults() {
  ToolConfig C;
  C.OpenMP = true;
  C.OmpSchedule = std::string("dynamic, 64");
  C.Prefetch = true;
  C.UnrollJam = true;
  C.SplitReductions = true;
  C.RuntimeChoice = true;
  C.AssumeNoAlias = false;
  C.AliasCheck = true;
  C.HeaderFilterRegex = std::string("");
  C.Remarks = std::string("default");
  return C;
}

ToolConfig ToolConfig::overriddenBy(const ToolConfig &Over) const {
  ToolConfig C = *this;
  auto Take = [](auto &Into, const auto &From) {
    if (From)
      Into = From;
  };
  Take(C.OpenMP, Over.OpenMP);
  Take(C.OmpSchedule, Over.OmpSchedule);
  Take(C.Prefetch, Over.Prefetch);
  Take(C.UnrollJam, Over.UnrollJam);
  Take(C.SplitReductions, Over.SplitReductions);
  Take(C.RuntimeChoice, Over.RuntimeChoice);
  Take(C.AssumeNoAlias, Over.AssumeNoAlias);
  Take(C.AliasCheck, Over.AliasCheck);
  Take(C.HeaderFilterRegex, Over.HeaderFilterRegex);
  Take(C.Remarks, Over.Remarks);
  C.InheritParentConfig = None; // a property of one file, not of a merge
  return C;
}

std::string ToolConfig::yaml() const {
  std::string Text;
  raw_string_ostream OS(Text);
  yaml::Output Out(OS);
  ToolConfig Copy = *this;
  Out << Copy;
  return OS.str();
}

Optional<std::string> ToolConfig::invalidValue() const {
  if (OmpSchedule)
    if (std::optional<std::string> Why = ompScheduleError(*OmpSchedule))
      return "OmpSchedule '" + *OmpSchedule + "': " + *Why;
  if (HeaderFilterRegex && !HeaderFilterRegex->empty()) {
    std::string Why;
    if (!Regex(*HeaderFilterRegex).isValid(Why))
      return "HeaderFilterRegex '" + *HeaderFilterRegex + "': " + Why;
  }
  if (Remarks)
    if (Expected<RemarkPolicy> P = RemarkPolicy::parse(*Remarks); !P)
      return "Remarks: " + toString(P.takeError());
  return None;
}

Expected<ToolConfig> parseConfig(StringRef Text, StringRef Path) {
  ToolConfig C;
  std::string Diagnostics;
  // YAML I/O prints its own errors through a SourceMgr: collect them, with
  // the file's name, instead of letting them reach stderr.
  auto Collect = [](const SMDiagnostic &D, void *Into) {
    raw_string_ostream OS(*static_cast<std::string *>(Into));
    D.print(nullptr, OS, /*ShowColors=*/false);
  };
  yaml::Input In(MemoryBufferRef(Text, Path), nullptr, Collect, &Diagnostics);
  In >> C;
  if (In.error())
    return createStringError(inconvertibleErrorCode(), "%s",
                             StringRef(Diagnostics).rtrim().str().c_str());
  if (Optional<std::string> Why = C.invalidValue())
    return createStringError(inconvertibleErrorCode(), "%s: invalid %s",
                             Path.str().c_str(), Why->c_str());
  return C;
}

Expected<ToolConfig> ConfigLookup::configAbove(StringRef Dir) {
  if (Dir.empty())
    return ToolConfig();
  auto Cached = ByDirectory.find(Dir);
  if (Cached != ByDirectory.end())
    return Cached->second;
  SmallString<256> Path(Dir);
  sys::path::append(Path, ".lnr-rewrite");
  ToolConfig C;
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (Buffer) {
    Expected<ToolConfig> Parsed = parseConfig((*Buffer)->getBuffer(), Path);
    if (!Parsed)
      return Parsed.takeError();
    C = *Parsed;
    if (C.InheritParentConfig.getValueOr(false)) {
      Expected<ToolConfig> Parent = configAbove(sys::path::parent_path(Dir));
      if (!Parent)
        return Parent.takeError();
      C = Parent->overriddenBy(C);
    }
  } else if (Buffer.getError() != std::errc::no_such_file_or_directory) {
    return createStringError(Buffer.getError(), "cannot read '%s': %s",
                             Path.c_str(), Buffer.getError().message().c_str());
  } else {
    Expected<ToolConfig> Parent = configAbove(sys::path::parent_path(Dir));
    if (!Parent)
      return Parent.takeError();
    C = *Parent;
  }
  ByDirectory[Dir] = C;
  return C;
}

Expected<ToolConfig> ConfigLookup::configFor(StringRef File,
                                             const ToolConfig &CommandLine) {
  SmallString<256> Absolute(File);
  if (std::error_code EC = sys::fs::make_absolute(Absolute))
    return createStringError(EC, "cannot find the directory of '%s'",
                             File.str().c_str());
  sys::path::remove_dots(Absolute, /*remove_dot_dot=*/true);
  Expected<ToolConfig> Found = configAbove(sys::path::parent_path(Absolute));
  if (!Found)
    return Found.takeError();
  return ToolConfig::defaults().overriddenBy(*Found).overriddenBy(CommandLine);
}

} // namespace lnr::tool
