//===- Outputs.cpp --------------------------------------------------------===//

#include "tool/Outputs.h"
#include "tool/Config.h"
#include "tool/RemarkNames.h"

#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
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
    for (const tooling::Replacement &R : F.Fixes) {
      json::Object Edit{{"file", F.Path},
                        {"offset", R.getOffset()},
                        {"length", R.getLength()},
                        {"replacement", R.getReplacementText()}};
      // The nest this replacement rewrites, for an editor to say why.
      for (const NestReport &N : F.Nests)
        if (llvm::is_contained(N.Fix, R)) {
          Edit["name"] = N.Name;
          Edit["message"] = N.Message;
          break;
        }
      Edits.push_back(std::move(Edit));
    }
  return formatv("{0:2}", json::Value(std::move(Edits))).str() + "\n";
}

namespace {

/// A file: URI of an absolute path, percent-encoding what RFC 3986 does
/// not allow in a path.
std::string fileUri(StringRef Path) {
  std::string Uri = "file://";
  if (!Path.startswith("/"))
    Uri += "/";
  for (unsigned char C : Path) {
    if (isAlnum(C) || StringRef("/-._~").contains(C))
      Uri += C;
    else
      Uri += {'%', hexdigit(C >> 4), hexdigit(C & 15)};
  }
  return Uri;
}

json::Object sarifLocation(const FileResult &F, const NestReport &N) {
  return json::Object{
      {"physicalLocation",
       json::Object{
           {"artifactLocation", json::Object{{"uri", fileUri(F.Path)}}},
           {"region", json::Object{{"startLine", std::max(1u, N.Line)},
                                   {"startColumn", std::max(1u, N.Column)}}}}}};
}

json::Object sarifFix(const FileResult &F, const NestReport &N) {
  json::Array Replacements;
  // The texts copied: json::Value keeps a StringRef as it is, and the fix
  // is a temporary.
  for (const tooling::Replacement &R : standaloneFix(N))
    Replacements.push_back(json::Object{
        {"deletedRegion", json::Object{{"byteOffset", R.getOffset()},
                                       {"byteLength", R.getLength()}}},
        {"insertedContent",
         json::Object{{"text", R.getReplacementText().str()}}}});
  return json::Object{
      {"description", json::Object{{"text", "rewrite the nest"}}},
      {"artifactChanges",
       json::Array{json::Object{
           {"artifactLocation", json::Object{{"uri", fileUri(F.Path)}}},
           {"replacements", std::move(Replacements)}}}}};
}

} // namespace

std::string sarifLog(const RunResults &Results, bool Check) {
  ArrayRef<RemarkName> Names = remarkNames();
  json::Array Rules;
  for (const RemarkName &R : Names)
    Rules.push_back(
        json::Object{{"id", R.Name},
                     {"shortDescription", json::Object{{"text", R.Meaning}}}});
  json::Array Found;
  for (const FileResult &F : Results.Files)
    for (const NestReport &N : F.Nests) {
      if (!N.Shown)
        continue;
      json::Object Result{{"ruleId", N.Name},
                          {"level", Check && !N.Fix.empty() ? "error" : "note"},
                          {"message", json::Object{{"text", N.Message}}},
                          {"locations", json::Array{sarifLocation(F, N)}}};
      auto Rule = llvm::find_if(
          Names, [&](const RemarkName &R) { return R.Name == N.Name; });
      if (Rule != Names.end())
        Result["ruleIndex"] = int64_t(Rule - Names.begin());
      if (!N.Fix.empty())
        Result["fixes"] = json::Array{sarifFix(F, N)};
      Found.push_back(std::move(Result));
    }
  json::Object Driver{{"name", "lnr-rewrite"},
                      {"version", LNR_VERSION},
                      {"rules", std::move(Rules)}};
  json::Object Log{
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs", json::Array{json::Object{
                   {"tool", json::Object{{"driver", std::move(Driver)}}},
                   {"columnKind", "unicodeCodePoints"},
                   {"results", std::move(Found)}}}}};
  return formatv("{0:2}", json::Value(std::move(Log))).str() + "\n";
}

std::string graphsDot(const RunResults &Results) {
  std::string Out;
  for (const FileResult &F : Results.Files)
    for (const GraphText &G : F.Graphs)
      Out += "// " + G.Comment + "\n" + G.Dot;
  return Out;
}

} // namespace lnr::tool
