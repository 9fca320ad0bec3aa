//===- PrintTokens.cpp ----------------------------------------------------===//
//
// The annotator reads a line's tokens as clang-format's TokenAnnotator
// reads them, for the C the rewrite prints; the spacer then puts a blank
// between two tokens where clang-format would in the given style.
//
//===----------------------------------------------------------------------===//

#include "rewrite/lower/PrintTokens.h"

#include <algorithm>
#include <string_view>
#include <utility>
#include <vector>

namespace lnr::lower::detail {
namespace {

bool oneOf(std::string_view S, std::initializer_list<std::string_view> L) {
  return std::any_of(L.begin(), L.end(),
                     [&](std::string_view C) { return S == C; });
}

/// What a spelling is, whatever its place in the line (PTok::Words).
enum WordClass : unsigned char {
  TypeWord = 1,    // names a type: 'double', 'const', 'size_t'
  KeywordWord = 2, // a keyword, type words included
  CxxWord = 4,     // makes a leaf C++ the printer does not space
  ControlWord = 8, // 'if', 'for', 'while', 'switch'
};

struct Spelling {
  unsigned char Words = 0;
  unsigned char AsBinary = Unknown;
};

/// Every spelling the annotator asks about, looked up once per token of
/// every line printed: among the few of its first character, with no
/// hashing.
class SpellingTable {
public:
  SpellingTable();
  const Spelling *find(std::string_view Text) const {
    if (Text.empty())
      return nullptr;
    for (const auto &[S, What] : Buckets[static_cast<unsigned char>(Text[0])])
      if (S == Text)
        return &What;
    return nullptr;
  }

private:
  std::vector<std::pair<std::string_view, Spelling>> Buckets[256];
  Spelling &at(std::string_view S) {
    auto &B = Buckets[static_cast<unsigned char>(S[0])];
    for (auto &[Known, What] : B)
      if (Known == S)
        return What;
    return B.emplace_back(S, Spelling()).second;
  }
};

SpellingTable::SpellingTable() {
  for (std::string_view W :
       {"void",     "char",     "short",    "int",      "long",
        "float",    "double",   "signed",   "unsigned", "_Bool",
        "bool",     "const",    "volatile", "restrict", "size_t",
        "int8_t",   "int16_t",  "int32_t",  "int64_t",  "uint8_t",
        "uint16_t", "uint32_t", "uint64_t", "ptrdiff_t"})
    at(W).Words |= TypeWord | KeywordWord;
  for (std::string_view W :
       {"return",      "sizeof", "case",     "default",  "do",
        "else",        "goto",   "break",    "continue", "typedef",
        "static",      "extern", "register", "inline",   "struct",
        "union",       "enum",   "_Alignof", "alignof",  "__restrict",
        "__restrict__"})
    at(W).Words |= KeywordWord;
  for (std::string_view W :
       {"template", "typename", "operator", "new", "delete", "static_cast",
        "reinterpret_cast", "const_cast", "dynamic_cast", "auto", "decltype",
        "this", "co_await"})
    at(W).Words |= CxxWord;
  for (std::string_view W : {"if", "for", "while", "switch"})
    at(W).Words |= ControlWord;
  const std::pair<std::string_view, Prec> Ops[] = {
      {"*", Multiplicative}, {"/", Multiplicative}, {"%", Multiplicative},
      {"+", Additive},       {"-", Additive},       {"<<", Shift},
      {">>", Shift},         {"<", Relational},     {">", Relational},
      {"<=", Relational},    {">=", Relational},    {"==", Equality},
      {"!=", Equality},      {"&", BitAnd},         {"^", ExclusiveOr},
      {"|", InclusiveOr},    {"&&", LogicalAnd},    {"||", LogicalOr},
      {"?", Conditional},    {":", Conditional},    {"=", Assignment},
      {"+=", Assignment},    {"-=", Assignment},    {"*=", Assignment},
      {"/=", Assignment},    {"%=", Assignment},    {"&=", Assignment},
      {"|=", Assignment},    {"^=", Assignment},    {"<<=", Assignment},
      {">>=", Assignment}};
  for (const auto &[Op, P] : Ops)
    at(Op).AsBinary = P;
}

/// Built before main, not on first use: the threads that print nests
/// then only read it.
const SpellingTable Spellings;

void lookUp(PTok &T) {
  // A word's class, a punctuator's precedence: never the other way round.
  if (T.K != Token::Word && T.K != Token::Punct)
    return;
  const Spelling *Found = Spellings.find(T.Text);
  if (!Found)
    return;
  if (T.K == Token::Word)
    T.Words = Found->Words;
  else
    T.AsBinary = Found->AsBinary;
}

bool isTypeWord(const PTok &T) { return T.Words & TypeWord; }
bool isKeyword(const PTok &T) { return T.Words & KeywordWord; }

class Annotator {
public:
  Annotator(Line &L, bool Directive) : L(L), Directive(Directive) {}

  /// Annotates L; false when it has what the printer does not follow.
  bool run() {
    for (PTok &T : L)
      lookUp(T);
    bool Known = match();
    for (size_t I = 0; I < L.size(); ++I)
      classify(I);
    for (const PTok &T : L)
      if (T.is("::") || T.is("->*") || T.is(".*") || (T.Words & CxxWord))
        Known = false;
    return Known;
  }

private:
  Line &L;
  bool Directive;
  std::vector<size_t> Match; // the matching bracket, or npos

  bool match() {
    Match.assign(L.size(), std::string::npos);
    std::vector<size_t> Stack;
    bool Balanced = true;
    for (size_t I = 0; I < L.size(); ++I) {
      L[I].Depth = unsigned(Stack.size());
      auto Is = [&](char C) { return L[I].is(C); };
      if (L[I].K != Token::Punct)
        continue;
      if (Is('(') || Is('[') || Is('{')) {
        Stack.push_back(I);
      } else if (Is(')') || Is(']') || Is('}')) {
        char Want = Is(')') ? '(' : Is(']') ? '[' : '{';
        if (Stack.empty() || !L[Stack.back()].is(Want)) {
          Balanced = false;
          continue;
        }
        Match[I] = Stack.back();
        Match[Stack.back()] = I;
        Stack.pop_back();
        L[I].Depth = unsigned(Stack.size());
      }
    }
    return Balanced && Stack.empty();
  }

  bool typeWordAt(size_t I) const {
    if (L[I].K != Token::Word)
      return false;
    if (isTypeWord(L[I]))
      return true;
    // 'struct s *p'
    return I > 0 && oneOf(L[I - 1].Text, {"struct", "union", "enum"});
  }

  /// Whether the token before I ends an operand, so that an operator at I
  /// is binary.
  bool endsOperand(size_t I) const {
    if (I == 0)
      return false;
    const PTok &P = L[I - 1];
    switch (P.R) {
    case Role::Operand:
    case Role::Postfix:
      return true;
    case Role::Close:
      return P.Paren != ParenKind::Cast;
    default:
      return false;
    }
  }

  /// Whether the token at I is an operator between two operands.
  bool looksBinary(size_t I) const {
    if (I == 0 || !L[I].AsBinary)
      return false;
    const PTok &P = L[I - 1];
    return P.K == Token::Hole || P.K == Token::Number ||
           P.K == Token::Literal || P.is(')') || P.is(']') ||
           (P.K == Token::Word && !isKeyword(P));
  }

  /// clang-format's guess of whether the parentheses at Open are a cast
  /// (its TokenAnnotator's rParenEndsCast): '(double *)p', '(double)-x',
  /// and also '(x)-y', '(x)*y', which it takes for casts of 'x'.
  bool isCast(size_t Open) const {
    size_t Close = Match[Open];
    if (Close == std::string::npos || Close == Open + 1 ||
        Close + 1 >= L.size())
      return false;
    const PTok *Left = Open > 0 ? &L[Open - 1] : nullptr;
    if (Left && Left->is(')')) { // chained casts: '(T)(U)x'
      size_t M = Match[Open - 1];
      if (M == std::string::npos || M == 0)
        return false;
      Left = &L[M - 1];
    }
    if (Left && ((Left->isWordLike() &&
                  !oneOf(Left->Text, {"return", "case", "delete"})) ||
                 Left->is(']')))
      return false;
    const PTok &Next = L[Close + 1];
    if (Next.is('?'))
      return false;
    if (Next.K == Token::Number ||
        (Next.K == Token::Literal && Next.Text[0] == '\'') ||
        oneOf(Next.Text, {"sizeof", "alignof", "_Alignof"}))
      return true;
    const PTok &Last = L[Close - 1];
    bool ParensAreType =
        (Last.K == Token::Word && isTypeWord(Last) &&
         !oneOf(Last.Text, {"const", "volatile", "restrict"})) ||
        Last.is('*') || Last.is('&');
    bool CouldEndDecl = oneOf(Next.Text, {"=", ";", "{", ">"});
    if (ParensAreType && !CouldEndDecl)
      return true;
    if (!Left)
      return false;
    for (size_t I = Open + 1; I < Close; ++I)
      if (looksBinary(I))
        return false;
    if (Next.K == Token::Hole || (Next.K == Token::Word && !isKeyword(Next)))
      return true;
    if (Next.is('(') && Close >= Open + 2 && Last.isWordLike() &&
        L[Close - 2].is('('))
      return true;
    if (Close + 2 >= L.size())
      return false;
    bool NextIsUnary = oneOf(Next.Text, {"-", "++", "--", "!", "~", "&", "*"});
    const PTok &After = L[Close + 2];
    if (!NextIsUnary || !(After.K == Token::Number || After.K == Token::Hole ||
                          (After.K == Token::Word && !isKeyword(After))))
      return false;
    for (size_t I = Open + 1; I < Close; ++I)
      if (!(L[I].is("const") || L[I].is("::") || L[I].K == Token::Hole ||
            (L[I].K == Token::Word && !isKeyword(L[I]))))
        return false;
    return true;
  }

  /// What the '(' at I opens, from the token before it.
  ParenKind parenKind(size_t I) const {
    const PTok *P = I > 0 ? &L[I - 1] : nullptr;
    if (P && P->R == Role::Control)
      return ParenKind::Control;
    // A directive's clause: 'default(shared)' as 'private(x)'.
    if (P && Directive && P->R == Role::Keyword)
      return ParenKind::Call;
    if (P &&
        (P->R == Role::Operand ||
         oneOf(P->Text, {"sizeof", "_Alignof", "alignof"}) ||
         (P->R == Role::Close && P->Paren != ParenKind::Cast) || P->is(']')))
      return ParenKind::Call;
    if (isCast(I))
      return ParenKind::Cast;
    return ParenKind::Group;
  }

  void classify(size_t I) {
    PTok &T = L[I];
    std::string_view S = T.Text;
    auto Is = [&](char C) { return T.is(C); };
    if (T.K == Token::Word || T.K == Token::Hole) {
      if (T.Words & ControlWord)
        T.R = Role::Control;
      else if (T.K == Token::Word && isKeyword(T))
        T.R = Role::Keyword;
      else
        T.R = Role::Operand;
      return;
    }
    if (T.K == Token::Number || T.K == Token::Literal) {
      T.R = Role::Operand;
      return;
    }
    if (Directive && I == 0 && Is('#')) {
      T.R = Role::Hash;
      return;
    }
    if (Is('(') || Is('[') || Is('{')) {
      T.R = Role::Open;
      if (Is('(')) {
        T.Paren = parenKind(I);
        T.EmptyParens = Match[I] == I + 1;
      }
      return;
    }
    if (Is(')') || Is(']') || Is('}')) {
      T.R = Role::Close;
      if (Is(')') && Match[I] != std::string::npos) {
        T.Paren = L[Match[I]].Paren;
        T.EmptyParens = L[Match[I]].EmptyParens;
      }
      return;
    }
    if (Is(',') || Is(';')) {
      T.R = Is(',') ? Role::Comma : Role::Semi;
      return;
    }
    if (Is('.') || S == "->") {
      T.R = Role::Member;
      return;
    }
    if (S == "++" || S == "--") {
      T.R = endsOperand(I) ? Role::Postfix : Role::Unary;
      return;
    }
    if (Is('!') || Is('~')) {
      T.R = Role::Unary;
      return;
    }
    if (Is('*') &&
        (T.Declarator ||
         (I > 0 && (typeWordAt(I - 1) || L[I - 1].R == Role::Declarator)))) {
      T.R = Role::Declarator;
      return;
    }
    if (oneOf(S, {"*", "&", "-", "+"}) && !endsOperand(I)) {
      T.R = Role::Unary;
      return;
    }
    if (T.AsBinary) {
      T.R = Role::Binary;
      T.Precedence = T.AsBinary;
      return;
    }
    T.R = Role::Other;
  }
};

class Spacer {
public:
  Spacer(const PrintStyle &Style, bool Directive)
      : Style(Style), Directive(Directive) {}

  void run(Line &L) {
    for (size_t I = 1; I < L.size(); ++I)
      L[I].Space = between(L[I - 1], L[I]);
    if (!L.empty())
      L[0].Space = false;
  }

private:
  const PrintStyle &Style;
  bool Directive;

  bool inParens(const PTok &Paren) const {
    if (Paren.EmptyParens)
      return Style.SpaceInEmptyParentheses && Paren.Paren != ParenKind::Control;
    if (Paren.Paren == ParenKind::Cast)
      return Style.SpacesInCStyleCastParentheses;
    if (Paren.Paren == ParenKind::Control)
      return Style.SpacesInParentheses || Style.SpacesInConditionalStatement;
    return Style.SpacesInParentheses;
  }

  bool between(const PTok &A, const PTok &B) const {
    if (A.R == Role::Hash)
      return false;
    if (B.R == Role::Comma || B.R == Role::Semi)
      return false;
    if (A.R == Role::Comma)
      return true;
    if (A.R == Role::Semi)
      return !(B.is(';') || B.is(')'));
    if (A.is('(') && B.is(')'))
      return inParens(A);
    if (A.is('('))
      return inParens(A);
    if (B.is(')'))
      return inParens(B);
    if (A.is('[') || B.is(']'))
      return Style.SpacesInSquareBrackets && !(A.is('[') && B.is(']'));
    if (A.R == Role::Member || B.R == Role::Member)
      return false;
    if (B.is('['))
      return A.R == Role::Binary || A.R == Role::Keyword ||
             A.R == Role::Control;
    if (A.R == Role::Unary) // '+ :' in 'reduction(+ : s)'
      return B.R == Role::Binary || (A.is('!') && Style.SpaceAfterLogicalNot);
    if (B.R == Role::Postfix)
      return false;
    if (A.R == Role::Declarator) {
      if (B.R == Role::Declarator)
        return false;
      return Style.PointerAlignment != PrintStyle::Alignment::Right;
    }
    if (B.R == Role::Declarator)
      return Style.PointerAlignment != PrintStyle::Alignment::Left;
    if (A.is(')') && A.Paren == ParenKind::Cast)
      return Style.SpaceAfterCStyleCast;
    if (B.is('(')) {
      switch (B.Paren) {
      case ParenKind::Control:
        return Style.SpaceBeforeControlParens;
      case ParenKind::Call:
        if (Directive)
          return false;
        return Style.SpaceBeforeCallParens ||
               (Style.SpaceBeforeNonEmptyCallParens && !B.EmptyParens);
      default:
        return A.R != Role::Open && A.R != Role::Unary;
      }
    }
    if (A.R == Role::Binary || B.R == Role::Binary) {
      if (B.R == Role::Binary && B.Precedence == Assignment)
        return Style.SpaceBeforeAssignmentOperators;
      return true;
    }
    // Inside a braced list, as inside parentheses in the C++11 style.
    bool InBraces = !Style.Cpp11BracedListStyle || Style.SpacesInParentheses;
    if (A.is('{'))
      return !B.is('}') && InBraces;
    if (B.is('}'))
      return InBraces;
    if (B.R == Role::Unary)
      return A.R != Role::Open;
    if ((A.R == Role::Operand || A.R == Role::Keyword || A.R == Role::Control ||
         A.R == Role::Close) &&
        (B.R == Role::Operand || B.R == Role::Keyword || B.R == Role::Control ||
         B.is('{')))
      return true;
    return A.R == Role::Other || B.R == Role::Other ? B.OrigSpace : true;
  }
};

} // namespace

/// Columns of Text (UTF-8 sequences count once).
unsigned columns(std::string_view Text) {
  unsigned N = 0;
  for (char C : Text)
    if ((static_cast<unsigned char>(C) & 0xC0) != 0x80)
      ++N;
  return N;
}

PTok make(std::string_view Text, Token::Kind K) {
  PTok T;
  T.Text = Text;
  T.K = K;
  return T;
}

void append(Line &L, const Code &C) {
  // Lines are built by appending leaf after leaf: grow geometrically.
  size_t Needed = L.size() + C.tokens().size();
  if (L.capacity() < Needed)
    L.reserve(std::max(Needed, 2 * L.capacity()));
  bool First = true;
  for (const Token &T : C.tokens()) {
    PTok P = make(T.Text, T.K);
    P.OrigSpace = T.SpaceBefore && !First;
    L.push_back(std::move(P));
    First = false;
  }
}

bool annotate(Line &L, bool Directive) { return Annotator(L, Directive).run(); }

void space(Line &L, const PrintStyle &Style, bool Directive) {
  Spacer(Style, Directive).run(L);
}

/// The text of L[Begin, End), spaced, with no blank before the first.
std::string join(const Line &L, size_t Begin, size_t End) {
  // Sized once and copied into: every line of the rewrite is joined.
  size_t Size = 0;
  for (size_t I = Begin; I < End; ++I)
    Size += L[I].Text.size() + (I > Begin && L[I].Space);
  std::string Out(Size, ' ');
  char *At = Out.data();
  for (size_t I = Begin; I < End; ++I) {
    At += I > Begin && L[I].Space; // the blank is there already
    At = std::copy(L[I].Text.begin(), L[I].Text.end(), At);
  }
  return Out;
}

} // namespace lnr::lower::detail
