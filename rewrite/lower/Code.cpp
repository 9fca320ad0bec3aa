//===- Code.cpp -----------------------------------------------------------===//

#include "rewrite/lower/Code.h"

#include <algorithm>
#include <cstring>
#include <string_view>

namespace lnr::lower {
namespace {

// ASCII tests without the locale (the lexer runs on every text the
// lowering builds).
bool isDigit(char C) { return C >= '0' && C <= '9'; }
bool isBlank(char C) {
  return C == ' ' || C == '\t' || C == '\n' || C == '\r' || C == '\v' ||
         C == '\f';
}
bool isIdentifierStart(char C) {
  return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') || C == '_' ||
         static_cast<unsigned char>(C) >= 0x80; // UTF-8 in identifiers
}
bool isIdentifierChar(char C) { return isIdentifierStart(C) || isDigit(C); }

/// Where the literal that opens at Text[I] (a quote) ends.
size_t literalEnd(const std::string &Text, size_t I) {
  char Quote = Text[I];
  for (++I; I < Text.size() && Text[I] != Quote; ++I)
    if (Text[I] == '\\')
      ++I;
  return std::min(I + 1, Text.size());
}

/// Where the preprocessing number that starts at Text[I] ends.
size_t numberEnd(const std::string &Text, size_t I) {
  for (++I; I < Text.size(); ++I) {
    char C = Text[I];
    bool Sign =
        (C == '+' || C == '-') && std::strchr("eEpP", Text[I - 1]) != nullptr;
    if (!isIdentifierChar(C) && C != '.' && !Sign)
      break;
  }
  return I;
}

/// The length of the punctuator that starts at Text[I]: the longest of C
/// and C++'s ('<<=', '->*', '...', '::'), by its first characters (the
/// lexer runs on every text the lowering builds).
size_t punctLength(const std::string &Text, size_t I) {
  if (I + 1 >= Text.size())
    return 1;
  char A = Text[I], B = Text[I + 1];
  char C = I + 2 < Text.size() ? Text[I + 2] : '\0';
  auto OneOf = [](char X, char Y, char Z) { return X == Y || X == Z; };
  switch (A) {
  case '<':
  case '>': // '<<=' '<<' '<=', '>>=' '>>' '>='
    if (B == A)
      return C == '=' ? 3 : 2;
    return B == '=' ? 2 : 1;
  case '.': // '...'
    return B == '.' && C == '.' ? 3 : 1;
  case '-': // '->*' '->' '--' '-='
    if (B == '>')
      return C == '*' ? 3 : 2;
    return OneOf(B, '-', '=') ? 2 : 1;
  case '+':
  case '&':
  case '|': // '++' '+=', '&&' '&=', '||' '|='
    return OneOf(B, A, '=') ? 2 : 1;
  case '=':
  case '!':
  case '*':
  case '/':
  case '%':
  case '^': // '==' '!=' '*=' '/=' '%=' '^='
    return B == '=' ? 2 : 1;
  case '#':
  case ':': // '##' '::'
    return B == A ? 2 : 1;
  default:
    return 1;
  }
}

/// Where the comment that opens at Text[I] ('/*' or '//') ends; I when
/// none opens there.
size_t commentEnd(const std::string &Text, size_t I) {
  if (Text[I] != '/' || I + 1 >= Text.size())
    return I;
  if (Text[I + 1] == '*') {
    size_t Close = Text.find("*/", I + 2);
    return Close == std::string::npos ? Text.size() : Close + 2;
  }
  if (Text[I + 1] == '/') {
    size_t Newline = Text.find('\n', I + 2);
    return Newline == std::string::npos ? Text.size() : Newline;
  }
  return I;
}

/// Whether Word is one of Holes: a few index names, each compared in turn
/// (lengths first), not searched in the set's order.
bool isHole(const std::set<std::string> &Holes, const std::string &Word) {
  for (const std::string &H : Holes)
    if (H == Word)
      return true;
  return false;
}

} // namespace

Code Code::lex(const std::string &Text, const std::set<std::string> &Holes) {
  Code Out;
  Out.Tokens.reserve(Text.size() / 3 + 1); // a token and a blank, mostly
  bool Space = false;
  for (size_t I = 0; I < Text.size();) {
    char C = Text[I];
    if (isBlank(C)) {
      Space = true;
      ++I;
      continue;
    }
    // A comment in the file's text ('k < K /* columns */') is a blank: the
    // printer lays the tokens out anew, and a '//' one would end the line.
    if (size_t End = commentEnd(Text, I); End != I) {
      Space = true;
      I = End;
      continue;
    }
    Token T;
    size_t End;
    if (isIdentifierStart(C)) {
      End = I;
      while (End < Text.size() && isIdentifierChar(Text[End]))
        ++End;
      T.K = Token::Word;
    } else if (isDigit(C) ||
               (C == '.' && I + 1 < Text.size() && isDigit(Text[I + 1]))) {
      End = numberEnd(Text, I);
      T.K = Token::Number;
    } else if (C == '"' || C == '\'') {
      End = literalEnd(Text, I);
      T.K = Token::Literal;
    } else {
      End = I + punctLength(Text, I);
      T.K = Token::Punct;
    }
    T.Text.assign(Text, I, End - I);
    T.SpaceBefore = Space && !Out.Tokens.empty();
    bool Member = !Out.Tokens.empty() &&
                  (Out.Tokens.back().is('.') || Out.Tokens.back().is("->"));
    if (T.K == Token::Word && !Member && isHole(Holes, T.Text))
      T.K = Token::Hole;
    Out.Tokens.push_back(std::move(T));
    Space = false;
    I = End;
  }
  Out.TrailingSpace = Space;
  // A leading blank ('" += "') separates this code from what precedes it.
  if (!Text.empty() && isBlank(Text[0]) && !Out.Tokens.empty())
    Out.Tokens.front().SpaceBefore = true;
  return Out;
}

std::string Code::str() const {
  std::string Out;
  for (const Token &T : Tokens) {
    if (T.SpaceBefore && !Out.empty())
      Out += ' ';
    Out += T.Text;
  }
  return Out;
}

bool Code::mentions(const std::string &Name) const {
  // Mostly asked of an identifier, for every leaf of a tree: not lexed.
  bool Identifier = !Name.empty() && isIdentifierStart(Name[0]) &&
                    std::all_of(Name.begin(), Name.end(), isIdentifierChar);
  if (Identifier)
    return std::any_of(Tokens.begin(), Tokens.end(), [&](const Token &T) {
      return T.isWord() && T.Text == Name;
    });
  Code Wanted = lex(Name);
  if (Wanted.isSingle())
    return std::any_of(Tokens.begin(), Tokens.end(), [&](const Token &T) {
      return T.isWord() && T.Text == Name;
    });
  auto Same = [](const Token &A, const Token &B) { return A.Text == B.Text; };
  return !Wanted.empty() &&
         std::search(Tokens.begin(), Tokens.end(), Wanted.Tokens.begin(),
                     Wanted.Tokens.end(), Same) != Tokens.end();
}

Code Code::fill(const std::string &Index, const Code &Value,
                bool Parenthesize) const {
  Code Out;
  Out.TrailingSpace = TrailingSpace;
  Out.Tokens.reserve(Tokens.size() + Value.Tokens.size() + 2);
  for (size_t I = 0; I < Tokens.size(); ++I) {
    const Token &T = Tokens[I];
    if (T.K != Token::Hole || T.Text != Index) {
      Out.Tokens.push_back(T);
      continue;
    }
    bool Alone =
        !Parenthesize || (I > 0 && Tokens[I - 1].is('[') &&
                          I + 1 < Tokens.size() && Tokens[I + 1].is(']'));
    size_t First = Out.Tokens.size();
    if (!Alone)
      Out.Tokens.push_back({Token::Punct, "(", false});
    for (const Token &V : Value.Tokens)
      Out.Tokens.push_back(V);
    if (!Alone)
      Out.Tokens.push_back({Token::Punct, ")", false});
    if (First < Out.Tokens.size())
      Out.Tokens[First].SpaceBefore = T.SpaceBefore;
    if (!Alone && Value.Tokens.size() > 0)
      Out.Tokens[First + 1].SpaceBefore = false;
  }
  return Out;
}

Code Code::replace(const Code &From, const Code &To, bool WholeOperand) const {
  if (From.empty())
    return *this;
  Code Out;
  Out.TrailingSpace = TrailingSpace;
  Out.Tokens.reserve(Tokens.size() + To.Tokens.size());
  auto Same = [](const Token &A, const Token &B) { return A.Text == B.Text; };
  for (auto It = Tokens.begin(); It != Tokens.end();) {
    auto Match = std::search(It, Tokens.end(), From.Tokens.begin(),
                             From.Tokens.end(), Same);
    if (WholeOperand && Match != Tokens.end() && Match != Tokens.begin() &&
        (std::prev(Match)->is('.') || std::prev(Match)->is("->"))) {
      Out.Tokens.insert(Out.Tokens.end(), It, Match + 1);
      It = Match + 1;
      continue;
    }
    Out.Tokens.insert(Out.Tokens.end(), It, Match);
    if (Match == Tokens.end())
      break;
    size_t First = Out.Tokens.size();
    Out.Tokens.insert(Out.Tokens.end(), To.Tokens.begin(), To.Tokens.end());
    if (First < Out.Tokens.size())
      Out.Tokens[First].SpaceBefore = Match->SpaceBefore;
    It = Match + From.Tokens.size();
  }
  return Out;
}

Code &Code::operator+=(const Code &More) {
  size_t First = Tokens.size();
  Tokens.insert(Tokens.end(), More.Tokens.begin(), More.Tokens.end());
  return joined(First, More);
}

Code &Code::operator+=(Code &&More) {
  size_t First = Tokens.size();
  if (Tokens.empty())
    Tokens = std::move(More.Tokens);
  else
    Tokens.insert(Tokens.end(), std::make_move_iterator(More.Tokens.begin()),
                  std::make_move_iterator(More.Tokens.end()));
  return joined(First, More);
}

Code &Code::joined(size_t First, const Code &More) {
  if (First > 0 && First < Tokens.size() && TrailingSpace)
    Tokens[First].SpaceBefore = true;
  if (First < Tokens.size() || More.TrailingSpace)
    TrailingSpace = More.TrailingSpace;
  return *this;
}

} // namespace lnr::lower
