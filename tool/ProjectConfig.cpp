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
#define LNR_BOOL_OPTION(Key, Default, Flag, Help) IO.mapOptional(#Key, C.Key);
#define LNR_STRING_OPTION(Key, Default, Flag, Value, Help)                     \
  IO.mapOptional(#Key, C.Key);
#include "tool/Options.def"
  }
};

namespace lnr::tool {

ToolConfig ToolConfig::defaults() {
  ToolConfig C;
#define LNR_BOOL_OPTION(Key, Default, Flag, Help) C.Key = Default;
#define LNR_STRING_OPTION(Key, Default, Flag, Value, Help)                     \
  C.Key = std::string(Default);
#include "tool/Options.def"
  return C;
}

ToolConfig ToolConfig::overriddenBy(const ToolConfig &Over) const {
  ToolConfig C = *this;
  auto Take = [](auto &Into, const auto &From) {
    if (From)
      Into = From;
  };
#define LNR_BOOL_OPTION(Key, Default, Flag, Help) Take(C.Key, Over.Key);
#define LNR_STRING_OPTION(Key, Default, Flag, Value, Help)                     \
  Take(C.Key, Over.Key);
#include "tool/Options.def"
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

/// Whether Text holds no setting: empty, only comments, or documents with
/// nothing in them ('---'). Such a file is the defaults, as an empty
/// .clang-format or .clang-tidy is; YAML I/O would read it as a mapping
/// of empty values.
static bool holdsNoSetting(StringRef Text) {
  SourceMgr Sources;
  Sources.setDiagHandler([](const SMDiagnostic &, void *) {});
  yaml::Stream Documents(Text, Sources);
  for (yaml::Document &D : Documents) {
    yaml::Node *Root = D.getRoot();
    if (Documents.failed() || (Root && !isa<yaml::NullNode>(Root)))
      return false;
  }
  return !Documents.failed();
}

Expected<ToolConfig> parseConfig(StringRef Text, StringRef Path) {
  ToolConfig C;
  if (holdsNoSetting(Text))
    return C;
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
