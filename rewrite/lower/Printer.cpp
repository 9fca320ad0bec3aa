//===- Printer.cpp --------------------------------------------------------===//
//
// Three steps for each line: the tokens are annotated (which '(' opens a
// call, a cast or a condition, which '-' or '*' is unary, binary or a
// declarator), spaced as clang-format spaces C, and laid out: on one line
// when it fits, else broken as clang-format's optimizer breaks the shapes
// the rewrite writes. Its penalties, for those shapes: a break before a
// token costs 20 plus the precedence level of the operator broken at (see
// Prec) or PenaltyBreakAssignment at '=', and the first break inside each
// nesting level (a right-hand side, a sum) costs 15 more; any other
// layout of a long line is left to clang-format (Exact false).
//
//===----------------------------------------------------------------------===//

#include "rewrite/lower/Printer.h"

#include <algorithm>
#include <cstring>
#include <optional>

namespace lnr::lower {
namespace {

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

/// The cost of the first break inside a nesting level, and of a break
/// before a token of the statement's own level (clang-format's
/// 20 * BindingStrength).
constexpr unsigned FirstBreakInLevel = 15;
constexpr unsigned BreakBase = 20;

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
  std::string Text;
  Token::Kind K = Token::Punct;
  bool Declarator = false;
  bool OrigSpace = false;
  Role R = Role::Other;
  ParenKind Paren = ParenKind::None; // for '(' and ')'
  bool EmptyParens = false;          // '(' or ')' of '()'
  unsigned Depth = 0;                // brackets around it
  unsigned Precedence = Unknown;     // binary operators
  bool Space = false;                // a blank before it when printed
  bool is(const char *S) const { return Text == S; }
  bool isWordLike() const { return K == Token::Word || K == Token::Hole; }
};
using Line = std::vector<PTok>;

bool oneOf(const std::string &S, std::initializer_list<const char *> L) {
  return std::any_of(L.begin(), L.end(), [&](const char *C) { return S == C; });
}

bool isTypeWord(const std::string &S) {
  return oneOf(S, {"void",     "char",     "short",    "int",      "long",
                   "float",    "double",   "signed",   "unsigned", "_Bool",
                   "bool",     "const",    "volatile", "restrict", "size_t",
                   "int8_t",   "int16_t",  "int32_t",  "int64_t",  "uint8_t",
                   "uint16_t", "uint32_t", "uint64_t", "ptrdiff_t"});
}

bool isKeyword(const std::string &S) {
  return isTypeWord(S) ||
         oneOf(S,
               {"return",      "sizeof", "case",     "default",  "do",
                "else",        "goto",   "break",    "continue", "typedef",
                "static",      "extern", "register", "inline",   "struct",
                "union",       "enum",   "_Alignof", "alignof",  "__restrict",
                "__restrict__"});
}

/// Words that make a leaf C++ the printer does not space as clang-format.
bool isCxxWord(const std::string &S) {
  return oneOf(S, {"template", "typename", "operator", "new", "delete",
                   "static_cast", "reinterpret_cast", "const_cast",
                   "dynamic_cast", "auto", "decltype", "this", "co_await"});
}

unsigned binaryPrecedence(const std::string &S) {
  if (oneOf(S, {"*", "/", "%"}))
    return Multiplicative;
  if (oneOf(S, {"+", "-"}))
    return Additive;
  if (oneOf(S, {"<<", ">>"}))
    return Shift;
  if (oneOf(S, {"<", ">", "<=", ">="}))
    return Relational;
  if (oneOf(S, {"==", "!="}))
    return Equality;
  if (S == "&")
    return BitAnd;
  if (S == "^")
    return ExclusiveOr;
  if (S == "|")
    return InclusiveOr;
  if (S == "&&")
    return LogicalAnd;
  if (S == "||")
    return LogicalOr;
  if (oneOf(S, {"?", ":"}))
    return Conditional;
  if (oneOf(S, {"=",
                "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="}))
    return Assignment;
  return Unknown;
}

/// Columns of Text (UTF-8 sequences count once).
unsigned columns(const std::string &Text) {
  unsigned N = 0;
  for (char C : Text)
    if ((static_cast<unsigned char>(C) & 0xC0) != 0x80)
      ++N;
  return N;
}

PTok make(const std::string &Text, Token::Kind K = Token::Punct) {
  PTok T;
  T.Text = Text;
  T.K = K;
  return T;
}

void append(Line &L, const Code &C) {
  bool First = true;
  for (const Token &T : C.tokens()) {
    PTok P = make(T.Text, T.K);
    P.Declarator = T.Declarator;
    P.OrigSpace = T.SpaceBefore && !First;
    L.push_back(std::move(P));
    First = false;
  }
}

class Annotator {
public:
  Annotator(Line &L, bool Directive) : L(L), Directive(Directive) {}

  /// Annotates L; false when it has what the printer does not follow.
  bool run() {
    bool Known = match();
    for (size_t I = 0; I < L.size(); ++I)
      classify(I);
    for (const PTok &T : L)
      if (T.is("::") || T.is("->*") || T.is(".*") ||
          (T.K == Token::Word && isCxxWord(T.Text)))
        Known = false;
    return Known;
  }

  const std::vector<size_t> &matches() const { return Match; }

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
      const std::string &S = L[I].Text;
      if (L[I].K != Token::Punct)
        continue;
      if (S == "(" || S == "[" || S == "{") {
        Stack.push_back(I);
      } else if (S == ")" || S == "]" || S == "}") {
        const char *Want = S == ")" ? "(" : S == "]" ? "[" : "{";
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
    if (isTypeWord(L[I].Text))
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
    if (I == 0 || L[I].K != Token::Punct || !binaryPrecedence(L[I].Text))
      return false;
    const PTok &P = L[I - 1];
    return P.K == Token::Hole || P.K == Token::Number ||
           P.K == Token::Literal || P.is(")") || P.is("]") ||
           (P.K == Token::Word && !isKeyword(P.Text));
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
    if (Left && Left->is(")")) { // chained casts: '(T)(U)x'
      size_t M = Match[Open - 1];
      if (M == std::string::npos || M == 0)
        return false;
      Left = &L[M - 1];
    }
    if (Left && ((Left->isWordLike() &&
                  !oneOf(Left->Text, {"return", "case", "delete"})) ||
                 Left->is("]")))
      return false;
    const PTok &Next = L[Close + 1];
    if (Next.is("?"))
      return false;
    if (Next.K == Token::Number ||
        (Next.K == Token::Literal && Next.Text[0] == '\'') ||
        oneOf(Next.Text, {"sizeof", "alignof", "_Alignof"}))
      return true;
    const PTok &Last = L[Close - 1];
    bool ParensAreType =
        (Last.K == Token::Word && isTypeWord(Last.Text) &&
         !oneOf(Last.Text, {"const", "volatile", "restrict"})) ||
        Last.is("*") || Last.is("&");
    bool CouldEndDecl = oneOf(Next.Text, {"=", ";", "{", ">"});
    if (ParensAreType && !CouldEndDecl)
      return true;
    if (!Left)
      return false;
    for (size_t I = Open + 1; I < Close; ++I)
      if (looksBinary(I))
        return false;
    if (Next.K == Token::Hole ||
        (Next.K == Token::Word && !isKeyword(Next.Text)))
      return true;
    if (Next.is("(") && Close >= Open + 2 && Last.isWordLike() &&
        L[Close - 2].is("("))
      return true;
    if (Close + 2 >= L.size())
      return false;
    bool NextIsUnary = oneOf(Next.Text, {"-", "++", "--", "!", "~", "&", "*"});
    const PTok &After = L[Close + 2];
    if (!NextIsUnary || !(After.K == Token::Number || After.K == Token::Hole ||
                          (After.K == Token::Word && !isKeyword(After.Text))))
      return false;
    for (size_t I = Open + 1; I < Close; ++I)
      if (!(L[I].is("const") || L[I].is("::") || L[I].K == Token::Hole ||
            (L[I].K == Token::Word && !isKeyword(L[I].Text))))
        return false;
    return true;
  }

  void classify(size_t I) {
    PTok &T = L[I];
    const std::string &S = T.Text;
    if (T.K == Token::Word || T.K == Token::Hole) {
      if (oneOf(S, {"if", "for", "while", "switch"}))
        T.R = Role::Control;
      else if (T.K == Token::Word && isKeyword(S))
        T.R = Role::Keyword;
      else
        T.R = Role::Operand;
      return;
    }
    if (T.K == Token::Number || T.K == Token::Literal) {
      T.R = Role::Operand;
      return;
    }
    if (Directive && I == 0 && S == "#") {
      T.R = Role::Hash;
      return;
    }
    if (S == "(" || S == "[" || S == "{") {
      T.R = Role::Open;
      if (S == "(") {
        const PTok *P = I > 0 ? &L[I - 1] : nullptr;
        if (P && P->R == Role::Control)
          T.Paren = ParenKind::Control;
        else if (P && (P->R == Role::Operand ||
                       oneOf(P->Text, {"sizeof", "_Alignof", "alignof"}) ||
                       (P->R == Role::Close && P->Paren != ParenKind::Cast) ||
                       P->is("]")))
          T.Paren = ParenKind::Call;
        else if (isCast(I))
          T.Paren = ParenKind::Cast;
        else
          T.Paren = ParenKind::Group;
        T.EmptyParens = Match[I] == I + 1;
      }
      return;
    }
    if (S == ")" || S == "]" || S == "}") {
      T.R = Role::Close;
      if (S == ")" && Match[I] != std::string::npos) {
        T.Paren = L[Match[I]].Paren;
        T.EmptyParens = L[Match[I]].EmptyParens;
      }
      return;
    }
    if (S == "," || S == ";") {
      T.R = S == "," ? Role::Comma : Role::Semi;
      return;
    }
    if (S == "." || S == "->") {
      T.R = Role::Member;
      return;
    }
    if (S == "++" || S == "--") {
      T.R = endsOperand(I) ? Role::Postfix : Role::Unary;
      return;
    }
    if (S == "!" || S == "~") {
      T.R = Role::Unary;
      return;
    }
    if (S == "*" &&
        (T.Declarator ||
         (I > 0 && (typeWordAt(I - 1) || L[I - 1].R == Role::Declarator)))) {
      T.R = Role::Declarator;
      return;
    }
    if (oneOf(S, {"*", "&", "-", "+"}) && !endsOperand(I)) {
      T.R = Role::Unary;
      return;
    }
    if (unsigned P = binaryPrecedence(S)) {
      T.R = Role::Binary;
      T.Precedence = P;
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
      return !(B.is(";") || B.is(")"));
    if (A.is("(") && B.is(")"))
      return inParens(A);
    if (A.is("("))
      return inParens(A);
    if (B.is(")"))
      return inParens(B);
    if (A.is("[") || B.is("]"))
      return Style.SpacesInSquareBrackets && !(A.is("[") && B.is("]"));
    if (A.R == Role::Member || B.R == Role::Member)
      return false;
    if (B.is("["))
      return A.R == Role::Binary || A.R == Role::Keyword ||
             A.R == Role::Control;
    if (A.R == Role::Unary) // '+ :' in 'reduction(+ : s)'
      return B.R == Role::Binary || (A.is("!") && Style.SpaceAfterLogicalNot);
    if (B.R == Role::Postfix)
      return false;
    if (A.R == Role::Declarator) {
      if (B.R == Role::Declarator)
        return false;
      return Style.PointerAlignment != PrintStyle::Alignment::Right;
    }
    if (B.R == Role::Declarator)
      return Style.PointerAlignment != PrintStyle::Alignment::Left;
    if (A.is(")") && A.Paren == ParenKind::Cast)
      return Style.SpaceAfterCStyleCast;
    if (B.is("(")) {
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
    if (A.is("{"))
      return !B.is("}") && InBraces;
    if (B.is("}"))
      return InBraces;
    if (B.R == Role::Unary)
      return A.R != Role::Open;
    if ((A.R == Role::Operand || A.R == Role::Keyword || A.R == Role::Control ||
         A.R == Role::Close) &&
        (B.R == Role::Operand || B.R == Role::Keyword || B.R == Role::Control ||
         B.is("{")))
      return true;
    return A.R == Role::Other || B.R == Role::Other ? B.OrigSpace : true;
  }
};

/// The text of L[Begin, End), spaced, with no blank before the first.
std::string join(const Line &L, size_t Begin, size_t End) {
  std::string Out;
  for (size_t I = Begin; I < End; ++I) {
    if (I > Begin && L[I].Space)
      Out += ' ';
    Out += L[I].Text;
  }
  return Out;
}

/// A laid out line: its pieces and the column each starts at (the first
/// at the line's own column).
struct Layout {
  std::vector<std::pair<unsigned, std::string>> Lines;
  unsigned Breaks() const { return unsigned(Lines.size()) - 1; }
};

/// Pieces of a line between which a break may go, with whether a blank
/// separates each from the one before when they share a line.
struct Unit {
  std::string Text;
  bool Space;
};

/// Greedy packing of Units, the first on a line that starts at column
/// First, the others continuing at column Cont (a unit starting with an
/// operator at ContOp when OpFirst); nullopt when a unit does not fit.
std::optional<Layout> pack(const std::vector<Unit> &Units, unsigned First,
                           unsigned Cont, unsigned Limit,
                           std::optional<unsigned> ContOp = std::nullopt) {
  Layout Out;
  if (Units.empty())
    return Out;
  unsigned Col = First + columns(Units[0].Text);
  if (Col > Limit)
    return std::nullopt;
  Out.Lines.push_back({First, Units[0].Text});
  for (size_t I = 1; I < Units.size(); ++I) {
    const Unit &U = Units[I];
    unsigned W = columns(U.Text);
    if (Col + (U.Space ? 1 : 0) + W <= Limit) {
      Out.Lines.back().second += (U.Space ? " " : "") + U.Text;
      Col += (U.Space ? 1 : 0) + W;
      continue;
    }
    unsigned Start = ContOp ? *ContOp : Cont;
    if (Start + W > Limit)
      return std::nullopt;
    Out.Lines.push_back({Start, U.Text});
    Col = Start + W;
  }
  return Out;
}

class Printer {
public:
  Printer(const PrintStyle &Style, const std::string &BaseIndent)
      : Style(Style), BaseCol(columnsOf(BaseIndent)) {}

  void nodes(const Nodes &Tree, unsigned Col) {
    for (const Node &N : Tree)
      node(N, Col);
  }

  std::string take() {
    while (!Out.empty() && Out.back() == '\n')
      Out.pop_back();
    return std::move(Out);
  }

  bool exact() const { return Exact; }
  unsigned base() const { return BaseCol; }

private:
  const PrintStyle &Style;
  unsigned BaseCol;
  std::string Out;
  bool Exact = true;

  unsigned limit() const {
    return Style.ColumnLimit == 0 ? ~0u : Style.ColumnLimit;
  }

  unsigned columnsOf(const std::string &Blanks) const {
    unsigned Col = 0;
    for (char C : Blanks)
      if (C == '\t' && Style.TabWidth)
        Col += Style.TabWidth - Col % Style.TabWidth;
      else
        ++Col;
    return Col;
  }

  /// Leading blanks up to column Col of a line whose block indentation
  /// is Level columns (Col > Level on a continuation line), as
  /// clang-format's WhitespaceManager writes them.
  std::string blanks(unsigned Col, unsigned Level, bool Continuation) {
    unsigned TW = Style.TabWidth;
    auto Tabbed = [&](unsigned Indentation) {
      Indentation = std::min(Indentation, Col);
      unsigned Tabs = TW ? Indentation / TW : 0;
      return std::string(Tabs, '\t') + std::string(Col - Tabs * TW, ' ');
    };
    switch (Style.UseTab) {
    case PrintStyle::Tabs::Never:
      return std::string(Col, ' ');
    case PrintStyle::Tabs::ForIndentation:
      return Tabbed(Level);
    case PrintStyle::Tabs::AlignWithSpaces:
      if (Continuation && TW && Col >= TW)
        Exact = false; // which lines clang-format aligns is not modelled
      return Tabbed(Continuation ? Level : Col);
    case PrintStyle::Tabs::ForContinuationAndIndentation:
    case PrintStyle::Tabs::Always:
      return Tabbed(Col);
    }
    return std::string(Col, ' ');
  }

  void emit(unsigned Col, unsigned Level, const std::string &Text,
            bool Continuation = false) {
    if (!Out.empty())
      Out += blanks(Col, Level, Continuation);
    Out += Text;
    Out += '\n';
  }

  void emit(const Layout &L, unsigned Level) {
    for (size_t I = 0; I < L.Lines.size(); ++I)
      emit(L.Lines[I].first, Level, L.Lines[I].second, I > 0);
  }

  // ---- Lines: annotate, space, lay out.

  enum class Shape { Statement, Header, Directive };

  /// L annotated and spaced; Exact cleared when the printer cannot space
  /// it as clang-format does.
  void prepare(Line &L, bool Directive) {
    Annotator A(L, Directive);
    if (!A.run())
      Exact = false;
    Spacer(Style, Directive).run(L);
  }

  bool breaksBefore(const PTok &Op) const {
    switch (Style.BreakBeforeBinaryOperators) {
    case PrintStyle::BinaryBreak::None:
      return false;
    case PrintStyle::BinaryBreak::NonAssignment:
      return Op.Precedence != Assignment;
    case PrintStyle::BinaryBreak::All:
      return true;
    }
    return false;
  }

  /// The pieces of L[Begin, End) between its operators Ops (each of them
  /// ends the piece before it, or starts the next).
  std::vector<Unit> units(const Line &L, size_t Begin, size_t End,
                          const std::vector<size_t> &Ops) const {
    std::vector<Unit> Out;
    size_t Start = Begin;
    bool Space = false;
    for (size_t Op : Ops) {
      if (breaksBefore(L[Op])) {
        Out.push_back({join(L, Start, Op), Space});
        Space = L[Op].Space;
        Start = Op;
      } else {
        Out.push_back({join(L, Start, Op + 1), Space});
        Space = Op + 1 < End && L[Op + 1].Space;
        Start = Op + 1;
      }
    }
    Out.push_back({join(L, Start, End), Space});
    return Out;
  }

  /// The binary operators of L[Begin, End) at bracket depth Depth with the
  /// lowest precedence, and that precedence (Unknown: none).
  std::pair<std::vector<size_t>, unsigned>
  lowest(const Line &L, size_t Begin, size_t End, unsigned Depth) const {
    unsigned P = ~0u;
    for (size_t I = Begin; I < End; ++I)
      if (L[I].R == Role::Binary && L[I].Depth == Depth)
        P = std::min(P, L[I].Precedence);
    std::vector<size_t> Ops;
    if (P == ~0u)
      return {Ops, Unknown};
    for (size_t I = Begin; I < End; ++I)
      if (L[I].R == Role::Binary && L[I].Depth == Depth && L[I].Precedence == P)
        Ops.push_back(I);
    return {Ops, P};
  }

  /// Whether the operands of Ops at precedence P can be broken between as
  /// a flat chain: not a conditional, a comma or a chained assignment.
  static bool chainable(unsigned P) {
    return P != Unknown && P != Comma && P != Assignment && P != Conditional;
  }

  /// Column where the continuation lines of a chain start whose first
  /// operand is at column OperandCol, for an operator Op that starts them.
  std::optional<unsigned> operatorColumn(const PTok &Op, unsigned OperandCol,
                                         bool Aligned) const {
    if (!breaksBefore(Op))
      return std::nullopt;
    if (Aligned &&
        Style.AlignOperands == PrintStyle::Operands::AlignAfterOperator) {
      unsigned W = columns(Op.Text) + 1;
      return OperandCol >= W ? OperandCol - W : 0;
    }
    return OperandCol;
  }

  /// A statement or declaration (L ends with its ';') at column Col, or
  /// nullopt when it is too long in a shape the printer does not break.
  std::optional<Layout> statement(const Line &L, unsigned Col) {
    unsigned Limit = limit();
    size_t End = L.size();
    size_t Assign = End;
    for (size_t I = 0; I < End; ++I)
      if (L[I].R == Role::Binary && L[I].Depth == 0 &&
          L[I].Precedence == Assignment) {
        Assign = I;
        break;
      }
    if (Assign == End || Assign + 1 >= End)
      return std::nullopt;
    size_t RHS = Assign + 1;
    size_t Last = L.back().R == Role::Semi ? End - 1 : End;
    auto [Ops, P] = lowest(L, RHS, Last, 0);
    const PTok &Eq = L[Assign];
    unsigned CI = Style.ContinuationIndentWidth;
    bool Align = Style.AlignOperands != PrintStyle::Operands::DontAlign;

    // A: the right-hand side broken at its lowest operators.
    std::optional<Layout> A;
    unsigned CostA = ~0u;
    if (chainable(P)) {
      unsigned RHSCol =
          Col + columns(join(L, 0, RHS + 1)) - columns(L[RHS].Text);
      unsigned Cont = Align ? RHSCol : Col + CI;
      std::vector<Unit> U = units(L, 0, End, Ops);
      A = pack(U, Col, Cont, Limit, operatorColumn(L[Ops[0]], Cont, Align));
      if (A)
        CostA = A->Breaks() * (BreakBase + P) + FirstBreakInLevel;
    }
    // B: a break at the assignment, the right-hand side broken as in A if
    // it does not fit on the next line.
    std::optional<Layout> B;
    unsigned CostB = ~0u;
    bool Before = breaksBefore(Eq);
    std::string Head = join(L, 0, Before ? Assign : Assign + 1);
    // Only before a chain: clang-format may rather break inside a call or
    // parentheses on the right-hand side, which is not modelled.
    if (chainable(P) && Col + columns(Head) <= Limit) {
      unsigned C2 = Col + CI;
      std::string Rest = join(L, Before ? Assign : RHS, End);
      B.emplace();
      B->Lines.push_back({Col, Head});
      CostB = Style.PenaltyBreakAssignment + BreakBase + FirstBreakInLevel;
      if (C2 + columns(Rest) <= Limit) {
        B->Lines.push_back({C2, Rest});
      } else if (chainable(P) && Align) {
        unsigned RHSCol = Before ? C2 + columns(Eq.Text) + 1 : C2;
        // Under the first operand, the operators too (clang-format does not
        // outdent them after a break at '=', with AlignAfterOperator).
        std::vector<Unit> U = units(L, Before ? Assign : RHS, End, Ops);
        std::optional<Layout> R = pack(
            U, C2, RHSCol, Limit, operatorColumn(L[Ops[0]], RHSCol, false));
        if (R) {
          CostB += R->Breaks() * (BreakBase + P) + FirstBreakInLevel;
          B->Lines.insert(B->Lines.end(), R->Lines.begin(), R->Lines.end());
        } else {
          B.reset();
        }
      } else {
        B.reset();
      }
    }
    if (A && (!B || CostA <= CostB))
      return A;
    return B;
  }

  /// A control statement's header ('for (...)', 'if (...)') at column Col
  /// with Suffix (' {') after it, broken after the 'for' header's ';' or at
  /// the condition's lowest operators, continuing after the '('.
  std::optional<Layout> header(const Line &L, unsigned Col,
                               const std::string &Suffix) {
    if (!Style.AlignAfterOpenBracket || L.size() < 4 || !L[1].is("(") ||
        !L.back().is(")"))
      return std::nullopt;
    unsigned Cont = Col + columns(join(L, 0, 3)) - columns(L[2].Text);
    std::vector<Unit> U;
    std::optional<unsigned> ContOp;
    if (L[0].is("for")) {
      std::vector<size_t> Semis;
      for (size_t I = 2; I + 1 < L.size(); ++I)
        if (L[I].R == Role::Semi && L[I].Depth == 1)
          Semis.push_back(I);
      if (Semis.size() != 2)
        return std::nullopt;
      size_t Start = 0;
      bool Space = false;
      for (size_t S : Semis) {
        U.push_back({join(L, Start, S + 1), Space});
        Space = L[S + 1].Space;
        Start = S + 1;
      }
      U.push_back({join(L, Start, L.size()), Space});
      if (!Style.BinPackArguments) {
        // Packed up to the first break, then one part a line.
        U.back().Text += Suffix;
        Layout Out;
        unsigned At = Col;
        for (size_t I = 0; I < U.size(); ++I) {
          unsigned W = columns(U[I].Text);
          if (I > 0 && Out.Lines.size() == 1 &&
              At + (U[I].Space ? 1 : 0) + W <= limit()) {
            Out.Lines.back().second += (U[I].Space ? " " : "") + U[I].Text;
            At += (U[I].Space ? 1 : 0) + W;
            continue;
          }
          At = I == 0 ? Col : Cont;
          if (At + W > limit())
            return std::nullopt;
          Out.Lines.push_back({At, U[I].Text});
          At += W;
        }
        return Out;
      }
    } else {
      auto [Ops, P] = lowest(L, 2, L.size() - 1, 1);
      if (!chainable(P))
        return std::nullopt;
      if (breaksBefore(L[Ops[0]]) &&
          Style.AlignOperands == PrintStyle::Operands::AlignAfterOperator)
        return std::nullopt;
      U = units(L, 0, L.size(), Ops);
      ContOp = operatorColumn(L[Ops[0]], Cont, false);
    }
    U.back().Text += Suffix;
    return pack(U, Col, Cont, limit(), ContOp);
  }

  /// Prints L at column Col (a statement or a header with Suffix after
  /// it); returns whether it was broken.
  bool line(Line L, unsigned Col, Shape S, const std::string &Suffix = "") {
    bool Directive = S == Shape::Directive;
    prepare(L, Directive);
    std::string One = join(L, 0, L.size()) + Suffix;
    if (Directive) {
      // clang-format breaks a long directive with backslashes: not
      // followed.
      if (columns(One) > limit())
        Exact = false;
      emit(0, 0, One);
      return false;
    }
    if (Col + columns(One) <= limit()) {
      emit(Col, Col, One);
      return false;
    }
    std::optional<Layout> Laid =
        S == Shape::Header ? header(L, Col, Suffix) : statement(L, Col);
    if (!Laid) {
      Exact = false;
      emit(Col, Col, One);
      return false;
    }
    emit(*Laid, Col);
    return Laid->Breaks() > 0;
  }

  // ---- Nodes.

  static Line declaration(const Declaration &D) {
    Line L;
    append(L, D.Type);
    if (D.Pointer) {
      PTok Star = make("*");
      Star.Declarator = true;
      L.push_back(Star);
    }
    L.push_back(make(D.Name, Token::Word));
    if (!D.ArraySize.empty()) {
      L.push_back(make("["));
      append(L, D.ArraySize);
      L.push_back(make("]"));
    }
    if (!D.Init.empty()) {
      L.push_back(make("="));
      append(L, D.Init);
    }
    L.push_back(make(";"));
    return L;
  }

  static Line loopHeader(const LoopHeader &H) {
    Line L;
    if (H.fromSource()) {
      append(L, H.Source);
      return L;
    }
    L.push_back(make("for", Token::Word));
    L.push_back(make("("));
    append(L, H.Init);
    L.push_back(make(";"));
    append(L, H.Condition);
    L.push_back(make(";"));
    append(L, H.Step);
    L.push_back(make(")"));
    return L;
  }

  static Line condition(const Code &C) {
    Line L;
    L.push_back(make("if", Token::Word));
    L.push_back(make("("));
    append(L, C);
    L.push_back(make(")"));
    return L;
  }

  /// Where the braces of a control statement's body go.
  unsigned braceColumn(unsigned Col) const {
    return Col + (Style.IndentBraces ? Style.IndentWidth : 0);
  }

  /// A control statement's header and its braced body: the closing brace
  /// is left for the caller (an 'else' may follow it). Returns the
  /// closing brace's column.
  unsigned controlled(const Line &Header, const Nodes &Body, unsigned Col,
                      bool AllowEmpty) {
    using W = PrintStyle::Wrap;
    W Wrap = Style.BraceAfterControlStatement;
    if (Wrap != W::Always) {
      size_t Mark = Out.size();
      bool WasExact = Exact;
      if (AllowEmpty && Body.empty() && Style.EmptyBlockOnASingleLine) {
        if (!line(Header, Col, Shape::Header, " {}"))
          return ~0u; // '{}' closed it: no '}' to print
        // A broken header before '{}': not followed.
        Out.resize(Mark);
        WasExact = false;
      }
      Exact = WasExact;
      bool Broken = line(Header, Col, Shape::Header, " {");
      if (!(Broken && Wrap == W::MultiLine)) {
        nodes(Body, Col + Style.IndentWidth);
        return Col;
      }
      // MultiLine: the brace goes on its own line after a broken header.
      Out.resize(Mark);
      Exact = WasExact;
      if (!line(Header, Col, Shape::Header))
        Exact = false; // it fits without ' {': which layout wins is unknown
    } else {
      line(Header, Col, Shape::Header);
    }
    unsigned Brace = braceColumn(Col);
    if (AllowEmpty && Body.empty() && Style.EmptyBlockOnASingleLine)
      Exact = false; // 'for (...)\n{}' is not followed
    emit(Brace, Brace, "{");
    nodes(Body, Brace + Style.IndentWidth);
    return Brace;
  }

  void close(unsigned Brace) {
    if (Brace != ~0u)
      emit(Brace, Brace, "}");
  }

  void node(const Node &N, unsigned Col) {
    switch (N.K) {
    case Node::Kind::Statement: {
      Line L;
      append(L, N.Text);
      line(L, Col, Shape::Statement);
      return;
    }
    case Node::Kind::Declaration:
      line(declaration(N.Decl), Col, Shape::Statement);
      return;
    case Node::Kind::Loop:
      if (!N.Directive.empty())
        directive(N.Directive);
      close(controlled(loopHeader(N.Header), N.Body, Col, true));
      return;
    case Node::Kind::If:
      if (!N.Braces) {
        unbracedIf(N, Col);
        return;
      }
      ifElse(N, Col);
      return;
    case Node::Kind::Block:
      // A parallel region's '#pragma omp parallel' line before its brace.
      if (!N.Directive.empty())
        directive(N.Directive);
      block(N.Body, Col);
      return;
    case Node::Kind::Directive:
      directive(N.Text);
      return;
    case Node::Kind::Comment: {
      std::string Text = "/* " + N.Raw + " */";
      if (Col + columns(Text) > limit() ||
          N.Raw.find('\n') != std::string::npos)
        Exact = false; // clang-format reflows it
      emit(Col, Col, Text);
      return;
    }
    case Node::Kind::Verbatim:
      Out += N.Raw;
      if (!N.Raw.empty() && N.Raw.back() != '\n')
        Out += "\n";
      return;
    }
  }

  /// '{ Body }' with the braces on lines of their own at column Col, or on
  /// one line as clang-format joins a block that is no control
  /// statement's.
  void block(const Nodes &Body, unsigned Col) {
    if (Body.empty() && Style.EmptyPlainBlockOnASingleLine) {
      emit(Col, Col, "{}");
      return;
    }
    if (Body.size() == 1 && Style.ShortPlainBlockOnASingleLine) {
      const Node &Only = Body[0];
      if (Only.K == Node::Kind::Statement ||
          Only.K == Node::Kind::Declaration) {
        Line L;
        if (Only.K == Node::Kind::Statement)
          append(L, Only.Text);
        else
          L = declaration(Only.Decl);
        prepare(L, false);
        std::string Text = "{ " + join(L, 0, L.size()) + " }";
        if (Col + columns(Text) <= limit()) {
          emit(Col, Col, Text);
          return;
        }
      } else if (Only.K != Node::Kind::Loop && Only.K != Node::Kind::Block &&
                 Only.K != Node::Kind::Directive &&
                 !(Only.K == Node::Kind::If && Only.Braces)) {
        Exact = false; // a comment, verbatim text, 'if (c) x;': not followed
      }
    }
    emit(Col, Col, "{");
    nodes(Body, Col + Style.IndentWidth);
    emit(Col, Col, "}");
  }

  void directive(const Code &Text) {
    Line L;
    append(L, Text);
    line(L, 0, Shape::Directive);
  }

  void unbracedIf(const Node &N, unsigned Col) {
    Line Header = condition(N.Text);
    if (Style.ShortIfOnASingleLine && N.Body.size() == 1 &&
        N.Body[0].K == Node::Kind::Statement) {
      Line One = Header;
      append(One, N.Body[0].Text);
      prepare(One, false);
      std::string Text = join(One, 0, One.size());
      if (Col + columns(Text) <= limit()) {
        emit(Col, Col, Text);
        return;
      }
    }
    line(Header, Col, Shape::Header);
    nodes(N.Body, Col + Style.IndentWidth);
  }

  void ifElse(const Node &N, unsigned Col) {
    unsigned Brace = controlled(condition(N.Text), N.Body, Col, !N.HasElse);
    if (!N.HasElse) {
      close(Brace);
      return;
    }
    using W = PrintStyle::Wrap;
    bool Wrapped = Style.BraceAfterControlStatement == W::Always;
    if (!Style.BraceBeforeElse) {
      if (Wrapped)
        Exact = false; // clang-format's '} else\n{' is not followed
      // '} else {' on the closing brace's line.
      emit(Brace, Brace, Wrapped ? "} else" : "} else {");
    } else {
      emit(Brace, Brace, "}");
      emit(Col, Col, Wrapped ? "else" : "else {");
    }
    if (Wrapped) {
      // The brace on its own line after 'else' is joined as a plain block's.
      block(N.Else, braceColumn(Col));
      return;
    }
    nodes(N.Else, Col + Style.IndentWidth);
    emit(Col, Col, "}");
  }
};

} // namespace

std::string print(const Nodes &Tree, const PrintStyle &Style,
                  const std::string &BaseIndent, bool &Exact) {
  Printer P(Style, BaseIndent);
  P.nodes(Tree, P.base());
  Exact = P.exact();
  return P.take();
}

std::string print(const Nodes &Tree, const PrintStyle &Style,
                  const std::string &BaseIndent) {
  bool Exact;
  return print(Tree, Style, BaseIndent, Exact);
}

} // namespace lnr::lower
