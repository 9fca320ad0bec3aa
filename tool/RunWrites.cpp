//===- RunWrites.cpp ------------------------------------------------------===//

#include "tool/RunWrites.h"

#include "tool/Outputs.h"
#include "tool/PathChecks.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

using namespace clang;
using namespace llvm;

namespace lnr::tool {
namespace {

/// The graphs --emit-graph-dir writes, as paths in it, with their text.
std::vector<std::pair<NamedPath, const std::string *>>
graphFiles(const RunWrites &What, const RunResults &Results) {
  std::vector<std::pair<NamedPath, const std::string *>> Files;
  if (What.EmitGraphDir.empty())
    return Files;
  for (const FileResult &R : Results.Files)
    for (const GraphText &G : R.Graphs) {
      if (G.FileName.empty())
        continue;
      SmallString<256> Path(What.EmitGraphDir);
      sys::path::append(Path, G.FileName);
      Files.push_back(
          {{std::string(Path), ("the graph '" + Path + "'").str()}, &G.Dot});
    }
  return Files;
}

} // namespace

std::optional<std::string> outputCollision(const RunWrites &What,
                                           const RunResults &Results,
                                           ArrayRef<std::string> NewCode,
                                           ArrayRef<std::string> Sources) {
  std::vector<NamedPath> Inputs, Outputs;
  for (const std::string &File : Sources)
    Inputs.push_back({File, "the input '" + File + "'"});
  for (const std::string &File : Results.FilesRead)
    Inputs.push_back({File, "the input '" + File + "'"});
  if (!What.ExportFixes.empty())
    Outputs.push_back(
        {What.ExportFixes, "--export-fixes '" + What.ExportFixes + "'"});
  for (const auto &Graph : graphFiles(What, Results))
    Outputs.push_back(Graph.first);
  std::optional<std::string> Collision = pathCollision(Outputs, Inputs);
  if (!Collision && What.InPlace) {
    std::vector<std::string> Rewritten;
    for (size_t I = 0; I < Results.Files.size(); ++I)
      if (NewCode[I] != Results.Files[I].Code)
        Rewritten.push_back(Results.Files[I].Path);
    Collision = sameFileTwice(Rewritten);
  }
  if (Collision)
    return *Collision + "; nothing was written";
  return std::nullopt;
}

Error stageWrites(FileTransaction &Writes, const RunWrites &What,
                  const RunResults &Results, ArrayRef<std::string> NewCode,
                  const std::string &MainSourceFile) {
  if (What.InPlace)
    for (size_t I = 0; I < Results.Files.size(); ++I) {
      const FileResult &R = Results.Files[I];
      if (NewCode[I] != R.Code)
        if (Error E = Writes.stage(R.Path, NewCode[I], R.OnDisk))
          return E;
    }
  if (!What.ExportFixes.empty()) {
    std::string YAML = exportFixesYaml(
        Results, MainSourceFile,
        What.Check ? tooling::Diagnostic::Error : tooling::Diagnostic::Remark);
    if (Error E = Writes.stage(What.ExportFixes, YAML))
      return E;
  }
  if (What.EmitGraphDir.empty())
    return Error::success();
  if (Error E = Writes.stageDirectory(What.EmitGraphDir))
    return E;
  for (const auto &[Path, Dot] : graphFiles(What, Results))
    if (Error E = Writes.stage(Path.Path, *Dot))
      return E;
  return Error::success();
}

} // namespace lnr::tool
