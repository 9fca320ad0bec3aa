//===- Outputs.cpp --------------------------------------------------------===//

#include "tool/Outputs.h"

#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;
using namespace llvm;

namespace lnr::tool {

std::string exportFixesYaml(const RunResults &Results,
                            const std::string &MainSourceFile,
                            tooling::Diagnostic::Level Level) {
  tooling::TranslationUnitDiagnostics TUD;
  TUD.MainSourceFile = MainSourceFile;
  for (const FileResult &F : Results.Files)
    for (const NestReport &N : F.Nests) {
      if (N.Fix.empty())
        continue;
      tooling::Diagnostic D(N.Name, Level, F.BuildDirectory);
      D.Message.Message = N.Message;
      D.Message.FilePath = F.Path;
      D.Message.FileOffset = N.Offset;
      D.Message.Fix.insert({F.Path, N.Fix});
      TUD.Diagnostics.push_back(std::move(D));
    }
  std::string Out;
  raw_string_ostream OS(Out);
  yaml::Output YAML(OS);
  YAML << TUD;
  return OS.str();
}

std::string replacementsJson(const RunResults &Results) {
  json::Array Edits;
  for (const FileResult &F : Results.Files)
    for (const tooling::Replacement &R : F.Fixes)
      Edits.push_back(json::Object{{"file", F.Path},
                                   {"offset", R.getOffset()},
                                   {"length", R.getLength()},
                                   {"replacement", R.getReplacementText()}});
  return formatv("{0:2}", json::Value(std::move(Edits))).str() + "\n";
}

std::string graphsDot(const RunResults &Results) {
  std::string Out;
  for (const FileResult &F : Results.Files)
    for (const GraphText &G : F.Graphs)
      Out += "// " + G.Comment + "\n" + G.Dot;
  return Out;
}

} // namespace lnr::tool
