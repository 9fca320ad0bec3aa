//===- Code.h - C source as tokens, with holes for indices -----*- C++ -*-===//
//
// The leaves of the loop tree: a piece of C (an expression, a statement, a
// loop header) as the tokens the file spelled, so macros ('C_AT(i, k)') and
// the file's names survive. The identifiers that name an index of the IR
// are holes: a pass fills one ('k' -> 'k + 1') without searching text, and
// a member spelled like an index ('m->k') is never one. Each token keeps
// whether blanks preceded it, so the text reads as written until the
// printer spaces it in the file's style. Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_LOWER_CODE_H
#define LNR_REWRITE_LOWER_CODE_H

#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace lnr::lower {

struct Token {
  enum Kind : unsigned char {
    Word,    // an identifier or keyword
    Hole,    // an identifier that names an index of the IR
    Number,  // a preprocessing number: '0', '1.5e-3', '0x1fu'
    Literal, // a string or character literal
    Punct,   // an operator or punctuator: '+=', '->', '('
  };
  Kind K = Word;
  std::string Text;
  bool SpaceBefore = false; // blanks preceded it where it was spelled

  bool isWord() const { return K == Word || K == Hole; }
  bool is(std::string_view Spelling) const { return Text == Spelling; }
  bool is(char C) const { return Text.size() == 1 && Text[0] == C; }
};

class Code {
public:
  Code() = default;
  /// Text lexed as C; the identifiers in Holes (not after '.' or '->')
  /// become holes. Comments are blanks.
  static Code lex(const std::string &Text,
                  const std::set<std::string> &Holes = {});

  const std::vector<Token> &tokens() const { return Tokens; }
  bool empty() const { return Tokens.empty(); }
  /// One token: safe as an operand without parentheses.
  bool isSingle() const { return Tokens.size() == 1; }

  /// The tokens, one blank where blanks were spelled.
  std::string str() const;

  /// Whether an identifier (a word or a hole) is Name; with a Name that is
  /// not an identifier ('B2_crd[kB]'), whether its tokens appear in order.
  bool mentions(const std::string &Name) const;

  /// Every hole Index filled with Value, in parentheses unless it stands
  /// alone between brackets ('t[k + 1]'): an argument of a macro call is
  /// parenthesized too, since a macro need not parenthesize its parameters.
  /// Parenthesize false: Value as it is (an operand already).
  Code fill(const std::string &Index, const Code &Value,
            bool Parenthesize = true) const;
  /// Every run of tokens equal to From's replaced by To's tokens (an index
  /// named by an expression, 'B2_crd[kB]', which no hole stands for).
  /// WholeOperand: only runs not after '.' or '->' (not 'B->val' of
  /// 's->B->val').
  Code replace(const Code &From, const Code &To,
               bool WholeOperand = false) const;

  Code &operator+=(const Code &More);
  /// The same, taking More's tokens instead of copying them.
  Code &operator+=(Code &&More);
  friend Code operator+(Code A, const Code &B) { return A += B; }
  bool operator==(const Code &O) const { return str() == O.str(); }
  bool operator!=(const Code &O) const { return !(*this == O); }

private:
  /// After More's tokens were appended from index First: the blank
  /// between, and whether the text now ends in blanks.
  Code &joined(size_t First, const Code &More);

  std::vector<Token> Tokens;
  bool TrailingSpace = false; // the text ended in blanks: 'x +' then ' y'
};

/// Code for a source text with no holes.
inline Code code(const std::string &Text) { return Code::lex(Text); }

} // namespace lnr::lower

#endif
