//===- Suppressions.cpp ---------------------------------------------------===//

#include "tool/Suppressions.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/GlobPattern.h"

#include <algorithm>

using namespace llvm;

namespace lnr::tool {

NameGlobs::NameGlobs(StringRef List, bool KeepNegative) {
  SmallVector<StringRef, 4> Items;
  List.split(Items, ',', -1, /*KeepEmpty=*/false);
  for (StringRef Item : Items) {
    Item = Item.trim(" \t\r\n");
    bool Positive = !Item.consume_front("-");
    Item = Item.trim(" \t\r\n");
    if (!Item.empty() && (Positive || KeepNegative))
      Globs.push_back({Item.str(), Positive});
  }
}

bool NameGlobs::matches(StringRef Name) const {
  for (const Glob &G : llvm::reverse(Globs)) {
    Expected<GlobPattern> Pattern = GlobPattern::create(G.Pattern);
    bool Match;
    if (Pattern) {
      Match = Pattern->match(Name);
    } else {
      consumeError(Pattern.takeError());
      Match = G.Pattern == Name; // a malformed glob ('[') names itself
    }
    if (Match)
      return G.Positive;
  }
  return false;
}

namespace {

std::optional<Suppressions::Kind> kindOf(StringRef Word) {
  return StringSwitch<std::optional<Suppressions::Kind>>(Word)
      .Case("NOLINT", Suppressions::Kind::NoLint)
      .Case("NOLINTNEXTLINE", Suppressions::Kind::NextLine)
      .Case("NOLINTBEGIN", Suppressions::Kind::Begin)
      .Case("NOLINTEND", Suppressions::Kind::End)
      .Default(std::nullopt);
}

/// Every NOLINT token of Code, as clang-tidy finds them: the word anywhere
/// (a comment, a string), letters right after it completing it, then an
/// optional list up to a ')' on the same line.
std::vector<Suppressions::Token> tokensOf(StringRef Code) {
  std::vector<Suppressions::Token> Tokens;
  size_t Pos = 0;
  while ((Pos = Code.find("NOLINT", Pos)) != StringRef::npos) {
    size_t Start = Pos;
    Pos += 6;
    while (Pos < Code.size() && isAlpha(Code[Pos]))
      ++Pos;
    std::optional<Suppressions::Kind> Kind = kindOf(Code.slice(Start, Pos));
    if (!Kind)
      continue;
    std::optional<std::string> Names;
    if (Pos < Code.size() && Code[Pos] == '(') {
      size_t Close = Code.find_first_of("\n)", Pos + 1);
      if (Close != StringRef::npos && Code[Close] == ')') {
        Names = Code.slice(Pos + 1, Close).str();
        Pos = Close + 1;
      }
    }
    Tokens.push_back({*Kind, unsigned(Start), Names});
  }
  return Tokens;
}

} // namespace

Suppressions::Suppressions(StringRef Code) {
  LineStarts.push_back(0);
  for (size_t I = 0; I < Code.size(); ++I)
    if (Code[I] == '\n')
      LineStarts.push_back(I + 1);
  // Blocks nest: an END closes the innermost open BEGIN, and only when both
  // name the same list; anything else is unmatched (clang-tidy's rule).
  std::vector<Token> Open;
  for (Token &T : tokensOf(Code)) {
    switch (T.Type) {
    case Kind::NoLint:
    case Kind::NextLine:
      Lines.push_back(std::move(T));
      break;
    case Kind::Begin:
      Open.push_back(std::move(T));
      break;
    case Kind::End:
      if (!Open.empty() && Open.back().Names == T.Names) {
        Blocks.push_back(
            {Open.back().Offset, T.Offset, NameGlobs(T.Names.value_or("*"))});
        Open.pop_back();
      } else {
        Unmatched.push_back(std::move(T));
      }
      break;
    }
  }
  for (Token &T : Open)
    Unmatched.push_back(std::move(T));
  llvm::sort(Unmatched, [](const Token &A, const Token &B) {
    return A.Offset < B.Offset;
  });
}

unsigned Suppressions::lineOf(unsigned Offset) const {
  return std::upper_bound(LineStarts.begin(), LineStarts.end(), Offset) -
         LineStarts.begin() - 1;
}

bool Suppressions::names(const Token &T, StringRef Name) {
  return NameGlobs(T.Names.value_or("*")).matches(Name);
}

bool Suppressions::suppresses(StringRef Name,
                              ArrayRef<unsigned> Offsets) const {
  for (unsigned Offset : Offsets) {
    unsigned Line = lineOf(Offset);
    for (const Token &T : Lines) {
      unsigned TokenLine = lineOf(T.Offset);
      bool Applies =
          T.Type == Kind::NoLint ? TokenLine == Line : TokenLine + 1 == Line;
      if (Applies && names(T, Name))
        return true;
    }
    for (const Block &B : Blocks)
      if (B.Begin < Offset && Offset < B.End && B.Names.matches(Name))
        return true;
  }
  return false;
}

} // namespace lnr::tool
