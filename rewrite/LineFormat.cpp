//===- LineFormat.cpp -----------------------------------------------------===//

#include "rewrite/LineFormat.h"

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <memory>
#include <mutex>

namespace lnr::rewrite {
namespace {

using clang::format::FormatStyle;

constexpr llvm::StringLiteral Before = "int lnr_line_before_;";
constexpr llvm::StringLiteral Body = "lnr_line_body_;";
constexpr llvm::StringLiteral After = "int lnr_line_after_;";

/// The columns of Line's leading blanks.
unsigned indentation(llvm::StringRef Line, unsigned TabWidth) {
  unsigned Col = 0;
  for (char C : Line) {
    if (C == ' ')
      ++Col;
    else if (C == '\t')
      Col += TabWidth ? TabWidth - Col % TabWidth : 1;
    else
      break;
  }
  return Col;
}

/// Text at column Col laid out by clang-format alone, or nullopt.
std::optional<std::vector<std::string>>
layOut(const FormatStyle &Style, const std::string &Text, unsigned Col) {
  // A directive's column is 0 wherever it is; one in front of a statement
  // (a nest of the file's own, several lines) is at the statement's depth.
  bool Directive = !Text.empty() && Text[0] == '#';
  bool Alone = Directive && Text.find('\n') == std::string::npos;
  bool Header = llvm::StringRef(Text).endswith("{");
  // Blocks nested so that a statement lands at Col.
  unsigned Depth = Alone ? 1 : Col / Style.IndentWidth;
  if (Depth == 0 || (!Alone && Col % Style.IndentWidth))
    return std::nullopt;
  std::string Code = "void lnr_line_(void) {\n";
  for (unsigned D = 1; D < Depth; ++D)
    Code += "{\n";
  Code += (Before + "\n" + Text + "\n").str();
  if (Header)
    Code += (Body + "\n}\n").str();
  Code += (After + "\n").str();
  for (unsigned D = 1; D < Depth; ++D)
    Code += "}\n";
  Code += "}\n";
  clang::tooling::Replacements Changes = clang::format::reformat(
      Style, Code, {clang::tooling::Range(0, unsigned(Code.size()))},
      "<lnr-line>.c");
  llvm::Expected<std::string> Formatted =
      clang::tooling::applyAllReplacements(Code, Changes);
  if (!Formatted) {
    llvm::consumeError(Formatted.takeError());
    return std::nullopt;
  }
  // The lines between the markers; the first must start at Col.
  std::vector<std::string> Lines;
  bool In = false;
  llvm::StringRef Rest = *Formatted;
  while (!Rest.empty()) {
    auto [Line, Next] = Rest.split('\n');
    Rest = Next;
    llvm::StringRef Trimmed = Line.trim();
    if (Trimmed == Before) {
      In = true;
      continue;
    }
    if (!In)
      continue;
    if (Trimmed == Body || Trimmed == After)
      break;
    Lines.push_back(Line.rtrim().str());
  }
  if (Lines.empty() ||
      Lines.front().find_first_not_of(" \t") == std::string::npos ||
      indentation(Lines.front(), Style.TabWidth) != (Directive ? 0 : Col))
    return std::nullopt;
  return Lines;
}

/// Style without the passes clang::format::reformat runs for C++ only
/// (namespace end comments, sorting using-declarations): a line of the
/// rewrite has neither, and each pass lexes the text again.
FormatStyle forLines(FormatStyle Style) {
  Style.FixNamespaceComments = false;
  Style.SortUsingDeclarations = false;
  return Style;
}

} // namespace

lower::LineFormatter clangFormatLines(const FormatStyle &Style) {
  using Key = std::pair<std::string, unsigned>;
  // Shared by the copies of the formatter (one in each nest's options) and
  // by the threads that rewrite the file's nests.
  struct Cache {
    explicit Cache(const FormatStyle &Style) : Style(forLines(Style)) {}
    const FormatStyle Style;
    std::mutex Lock;
    std::map<Key, std::optional<std::vector<std::string>>> Seen;
  };
  auto Laid = std::make_shared<Cache>(Style);
  return [Laid](const std::string &Text, unsigned Col) {
    {
      std::lock_guard<std::mutex> Hold(Laid->Lock);
      auto It = Laid->Seen.find({Text, Col});
      if (It != Laid->Seen.end())
        return It->second;
    }
    // Laid out without the lock, which would make the threads that print a
    // file's nests wait for each other's clang-format.
    std::optional<std::vector<std::string>> Lines =
        layOut(Laid->Style, Text, Col);
    std::lock_guard<std::mutex> Hold(Laid->Lock);
    return Laid->Seen.emplace(Key{Text, Col}, std::move(Lines)).first->second;
  };
}

} // namespace lnr::rewrite
