//===- FallbackCopy.cpp ---------------------------------------------------===//

#include "rewrite/FallbackCopy.h"

#include <algorithm>
#include <string>

namespace lnr::rewrite {
namespace {

/// The words of each marker; the comment is '/* words */'.
const char *markerWords(FallbackReason Why) {
  switch (Why) {
  case FallbackReason::Overlap:
    return "lnr-rewrite: the original nest, run when the arrays may overlap";
  case FallbackReason::Memory:
    return "lnr-rewrite: the original nest, run when an allocation fails";
  case FallbackReason::Either:
    return "lnr-rewrite: the original nest, run on overlap or out of memory";
  case FallbackReason::Check:
    return "lnr-rewrite: the original nest, run when a run-time check fails";
  }
  return "";
}

constexpr const char *Blanks = " \t\n\v\f\r";

bool endsWith(std::string_view Text, std::string_view End) {
  return Text.size() >= End.size() &&
         Text.substr(Text.size() - End.size()) == End;
}

std::string_view trimmed(std::string_view Text) {
  size_t First = Text.find_first_not_of(Blanks);
  if (First == std::string_view::npos)
    return {};
  return Text.substr(First, Text.find_last_not_of(Blanks) + 1 - First);
}

std::string_view rtrimmed(std::string_view Text) {
  size_t Last = Text.find_last_not_of(Blanks);
  return Text.substr(0, Last == std::string_view::npos ? 0 : Last + 1);
}

/// The words of the block comment that Text ends with, without the
/// continuations' '*' ("/* a\n * b */": "a b"); "" when it ends otherwise.
std::string commentWords(std::string_view Text) {
  if (!endsWith(Text, "*/"))
    return "";
  size_t Open = Text.rfind("/*");
  if (Open == std::string_view::npos || Open + 4 > Text.size())
    return "";
  std::string_view Inside = Text.substr(Open + 2, Text.size() - 2 - Open - 2);
  std::string Out;
  // Words between blanks and line breaks, trimmed of other white space.
  for (size_t At = 0; At <= Inside.size();) {
    size_t End = std::min(Inside.find_first_of(" \n", At), Inside.size());
    std::string_view Word = trimmed(Inside.substr(At, End - At));
    if (!Word.empty() && Word != "*")
      Out += (Out.empty() ? "" : " ") + std::string(Word);
    At = End + 1;
  }
  return Out;
}

/// Where the line that ends Text starts: after the last line break not
/// escaped by a backslash (directives joined by one are one line).
size_t lastLineStart(std::string_view Text) {
  size_t Start = Text.size();
  do
    Start = Text.rfind('\n', Start == 0 ? 0 : Start - 1);
  while (Start != std::string_view::npos && Start > 0 &&
         Text[Start - 1] == '\\');
  return Start == std::string_view::npos ? 0 : Start + 1;
}

} // namespace

lower::Nodes fallbackCopy(FallbackReason Why, const NestSource &S) {
  // Formatted like the code around it where the printer can, as it is
  // otherwise (Printer.h).
  return lower::nodes(lower::Node::comment(markerWords(Why)),
                      lower::Node::verbatim(S.Indentation + S.Original));
}

namespace {

/// The words of the last comment in front of a statement whose file text
/// before it is Before: before the statement's own OpenMP directives, the
/// brace of their region and a '/* clang-format off */'.
std::string commentBefore(std::string_view Before) {
  Before = rtrimmed(Before);
  if (endsWith(Before, "#pragma"))
    Before = rtrimmed(Before.substr(0, Before.size() - 7));
  // The directives of the nest itself: a '#pragma omp parallel' region
  // around the nest's '#pragma omp for' is copied with it, and the brace
  // that opens its block (each directive a line, or several joined by a
  // backslash).
  for (;;) {
    size_t Start = lastLineStart(Before);
    std::string_view Line = trimmed(Before.substr(Start));
    if (Line != "{" && Line.substr(0, 11) != "#pragma omp")
      break;
    Before = rtrimmed(Before.substr(0, Start));
  }
  if (endsWith(Before, "/* clang-format off */"))
    Before = rtrimmed(Before.substr(0, Before.size() - 22));
  // A style with a shorter line than the comment's reflows it.
  return commentWords(Before);
}

bool isMarker(const std::string &Words) {
  for (FallbackReason Why : {FallbackReason::Overlap, FallbackReason::Memory,
                             FallbackReason::Either, FallbackReason::Check})
    if (Words == markerWords(Why))
      return true;
  return false;
}

} // namespace

bool isFallbackCopy(std::string_view Before) {
  std::string Words = commentBefore(Before);
  return !Words.empty() && isMarker(Words);
}

bool isOwnRewrite(std::string_view Before) {
  // The summary's shape (Explain.h's summaryComment), not a comment that
  // only starts as it does ('lnr-rewrite: todo').
  std::string Words = commentBefore(Before);
  return Words.rfind("lnr-rewrite: ", 0) == 0 &&
         Words.find(", which costs ") != std::string::npos &&
         Words.find(" as written.") != std::string::npos;
}

} // namespace lnr::rewrite
