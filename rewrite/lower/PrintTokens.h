//===- PrintTokens.h - The printer's tokens and their spacing ---*- C++ -*-===//
//
// Internal to the printer (Printer.cpp, LineBreaking.cpp). A line to print
// is a vector of tokens, taken from the leaves' Code. Before it is laid out
// it is annotated (which '(' opens a call, a cast or a condition, which '-'
// or '*' is unary, binary or a declarator) and spaced as clang-format
// spaces C, whatever blanks the leaf had. Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_LOWER_PRINTTOKENS_H
#define LNR_REWRITE_LOWER_PRINTTOKENS_H

#include "rewrite/lower/Printer.h"

#include <string>
#include <string_view>
#include <vector>

namespace lnr::lower::detail {

/// clang-format's precedence levels (clang::prec::Level).
enum Prec : unsigned {
  Unknown = 0,
  Comma = 1,
  Assignment = 2,
  Conditional = 3,
  LogicalOr = 4,
  LogicalAnd = 5,
  InclusiveOr = 6,
  ExclusiveOr = 7,
  BitAnd = 8,
  Equality = 9,
  Relational = 10,
  Shift = 12,
  Additive = 13,
  Multiplicative = 14,
};

enum class Role : unsigned char {
  Operand,    // a name, number or literal
  Keyword,    // 'return', 'sizeof', 'const', ...
  Control,    // 'if', 'for', 'while', 'switch'
  Open,       // '(' '[' '{'
  Close,      // ')' ']' '}'
  Binary,     // '+', '=', '&&', '?', ':' ...
  Unary,      // prefix '-', '!', '*', '&', '++' ...
  Postfix,    // 'i++'
  Declarator, // the '*' of 'double *t', '(double *)'
  Member,     // '.', '->'
  Comma,      // ','
  Semi,       // ';'
  Hash,       // the '#' that starts a directive
  Other,
};

enum class ParenKind : unsigned char { None, Call, Control, Cast, Group };

struct PTok {
  /// The spelling: a leaf's token or a literal, which outlive the line.
  std::string_view Text;
  Token::Kind K = Token::Punct;
  /// A '*' the printer writes after a declaration's type, whatever the
  /// type's name ('my_t *t'); any other star is a declarator when the
  /// annotator finds a type word or a declarator before it.
  bool Declarator = false;
  bool OrigSpace = false;
  Role R = Role::Other;
  ParenKind Paren = ParenKind::None; // for '(' and ')'
  bool EmptyParens = false;          // '(' or ')' of '()'
  unsigned Depth = 0;                // brackets around it
  unsigned Precedence = Unknown;     // binary operators
  bool Space = false;                // a blank before it when printed
  /// What the spelling is whatever its place (Words), and its precedence
  /// as a binary operator: looked up once by annotate().
  unsigned char Words = 0;
  unsigned char AsBinary = Unknown;
  bool is(std::string_view S) const { return Text == S; }
  bool is(char C) const { return Text.size() == 1 && Text[0] == C; }
  bool isWordLike() const { return K == Token::Word || K == Token::Hole; }
};
using Line = std::vector<PTok>;

/// Columns of Text (UTF-8 sequences count once).
unsigned columns(std::string_view Text);

/// A token spelled Text, which must outlive the line (a literal, or a
/// string of the tree printed).
PTok make(std::string_view Text, Token::Kind K = Token::Punct);

/// C's tokens appended to L, with whether each had a blank before it in
/// the leaf (the first: none).
void append(Line &L, const Code &C);

/// Sets the roles, bracket kinds, depths and precedences of L's tokens (a
/// directive's when Directive); false when L has what the printer does not
/// follow (unbalanced brackets, C++ such as '::' or templates).
bool annotate(Line &L, bool Directive);

/// Sets the blank before each token of an annotated L as clang-format
/// spaces it in Style.
void space(Line &L, const PrintStyle &Style, bool Directive);

/// The text of L[Begin, End), spaced, with no blank before the first.
std::string join(const Line &L, size_t Begin, size_t End);

} // namespace lnr::lower::detail

#endif
