//===- Outputs.cpp --------------------------------------------------------===//

#include "tool/Outputs.h"
#include "tool/Config.h"
#include "tool/RemarkNames.h"

#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MD5.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

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

/// Path percent-encoded where RFC 3986 does not allow it in a URI's path.
std::string uriPath(StringRef Path) {
  std::string Out;
  for (unsigned char C : Path) {
    if (isAlnum(C) || StringRef("/-._~").contains(C))
      Out += C;
    else
      Out += {'%', hexdigit(C >> 4), hexdigit(C & 15)};
  }
  return Out;
}

/// A file: URI of an absolute path.
std::string fileUri(StringRef Path) {
  return std::string(Path.startswith("/") ? "file://" : "file:///") +
         uriPath(Path);
}

/// Where SARIF locates a file: relative to the root (%SRCROOT%) when it is
/// below it, so a log reads the same from any checkout; its file: URI
/// otherwise.
json::Object artifactLocation(StringRef Path, StringRef Root) {
  StringRef Relative = Path;
  if (!Root.empty() && Relative.consume_front(Root) &&
      (Root.endswith("/") || Relative.consume_front("/")) &&
      !Relative.empty()) {
    return json::Object{{"uri", uriPath(Relative)}, {"uriBaseId", "%SRCROOT%"}};
  }
  return json::Object{{"uri", fileUri(Path)}};
}

json::Object sarifLocation(const FileResult &F, const NestReport &N,
                           StringRef Root) {
  return json::Object{
      {"physicalLocation",
       json::Object{
           {"artifactLocation", artifactLocation(F.Path, Root)},
           {"region", json::Object{{"startLine", std::max(1u, N.Line)},
                                   {"startColumn", std::max(1u, N.Column)}}}}}};
}

json::Object sarifFix(const FileResult &F, const NestReport &N,
                      StringRef Root) {
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
       json::Array{
           json::Object{{"artifactLocation", artifactLocation(F.Path, Root)},
                        {"replacements", std::move(Replacements)}}}}};
}

/// A result's fingerprint that edits elsewhere in the file leave alone:
/// the rule, the nest's text with its white space dropped, and how many
/// nests of the same rule and text come before it in the file.
std::string nestFingerprint(const FileResult &F, const NestReport &N,
                            std::map<std::string, unsigned> &Seen) {
  std::string Key = N.Name + "\n";
  if (N.Begin <= N.End && N.End <= F.Code.size())
    for (char C : StringRef(F.Code).slice(N.Begin, N.End))
      if (!isSpace(C))
        Key += C;
  Key += "\n" + std::to_string(Seen[Key]++);
  MD5 Hash;
  Hash.update(Key);
  MD5::MD5Result Digest;
  Hash.final(Digest);
  return Digest.digest().str().str();
}

/// The rules: every remark name, with its row of docs/refusals.md as the
/// full description and help where it has one.
json::Array sarifRules() {
  struct Help {
    const char *Name, *Text, *Markdown;
  };
  static const Help Rows[] = {
#include "tool/RuleHelp.inc"
  };
  json::Array Rules;
  for (const RemarkName &R : remarkNames()) {
    const Help *Row = llvm::find_if(
        Rows, [&](const Help &H) { return R.Name == StringRef(H.Name); });
    std::string Full = std::string(R.Meaning);
    std::string Text = Full, Markdown = Full;
    if (Row != std::end(Rows)) {
      Full += ": " + std::string(Row->Text);
      Text = Full + " (docs/refusals.md)";
      Markdown = std::string(R.Meaning) + ".\n\nFor example: " + Row->Markdown +
                 "\n\nSee docs/refusals.md.";
    }
    Rules.push_back(json::Object{
        {"id", R.Name},
        {"defaultConfiguration", json::Object{{"level", "note"}}},
        {"shortDescription", json::Object{{"text", R.Meaning}}},
        {"fullDescription", json::Object{{"text", Full}}},
        {"help", json::Object{{"text", Text}, {"markdown", Markdown}}}});
  }
  return Rules;
}

} // namespace

std::string sarifLog(const RunResults &Results, bool Check,
                     const std::string &Root) {
  ArrayRef<RemarkName> Names = remarkNames();
  json::Array Found;
  for (const FileResult &F : Results.Files) {
    std::map<std::string, unsigned> Seen;
    for (const NestReport &N : F.Nests) {
      if (!N.Shown)
        continue;
      json::Object Result{
          {"ruleId", N.Name},
          {"level", Check && !N.Fix.empty() ? "error" : "note"},
          {"message", json::Object{{"text", N.Message}}},
          {"locations", json::Array{sarifLocation(F, N, Root)}},
          {"partialFingerprints",
           json::Object{{"lnrNestHash/v1", nestFingerprint(F, N, Seen)}}}};
      auto Rule = llvm::find_if(
          Names, [&](const RemarkName &R) { return R.Name == N.Name; });
      if (Rule != Names.end())
        Result["ruleIndex"] = int64_t(Rule - Names.begin());
      if (!N.Fix.empty())
        Result["fixes"] = json::Array{sarifFix(F, N, Root)};
      Found.push_back(std::move(Result));
    }
  }
  json::Array Failures;
  for (const std::string &Failure : Results.Failures)
    Failures.push_back(json::Object{
        {"level", "error"}, {"message", json::Object{{"text", Failure}}}});
  json::Object Invocation{{"executionSuccessful", Failures.empty()}};
  if (!Failures.empty())
    Invocation["toolExecutionNotifications"] = std::move(Failures);
  json::Object Driver{{"name", "lnr-rewrite"},
                      {"version", LNR_VERSION},
                      {"rules", sarifRules()}};
  json::Object Run{{"tool", json::Object{{"driver", std::move(Driver)}}},
                   {"invocations", json::Array{std::move(Invocation)}},
                   {"columnKind", "unicodeCodePoints"},
                   {"results", std::move(Found)}};
  if (!Root.empty())
    Run["originalUriBaseIds"] = json::Object{
        {"%SRCROOT%",
         json::Object{
             {"uri",
              fileUri(Root) + (StringRef(Root).endswith("/") ? "" : "/")}}}};
  json::Object Log{{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
                   {"version", "2.1.0"},
                   {"runs", json::Array{std::move(Run)}}};
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
