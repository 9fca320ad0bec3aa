//===- LineBreaking.cpp ---------------------------------------------------===//
//
// clang-format's penalties, for the shapes broken here: a break before a
// token costs 20 plus the precedence level of the operator broken at (see
// Prec) or PenaltyBreakAssignment at '=', and the first break inside each
// nesting level (a right-hand side, a sum) costs 15 more. Of the layouts
// clang-format weighs, only those of these shapes are built, and the
// cheapest is kept.
//
//===----------------------------------------------------------------------===//

#include "rewrite/lower/LineBreaking.h"

#include <algorithm>

namespace lnr::lower::detail {
namespace {

/// The cost of the first break inside a nesting level, and of a break
/// before a token of the statement's own level (clang-format's
/// 20 * BindingStrength).
constexpr unsigned FirstBreakInLevel = 15;
constexpr unsigned BreakBase = 20;

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

/// A layout and what clang-format's penalties make it cost.
struct Candidate {
  Layout Laid;
  unsigned Cost;
};

/// A statement 'lhs = rhs;' as it may be broken: its first assignment
/// operator, and the operators of the right-hand side with the lowest
/// precedence, between which it may break.
struct Assigned {
  size_t Eq;
  std::vector<size_t> Ops;
  unsigned P; // the precedence of Ops
};

class Breaker {
public:
  explicit Breaker(const PrintStyle &Style) : Style(Style) {}

  /// A statement or declaration (L ends with its ';') at column Col, or
  /// nullopt when it is too long in a shape the printer does not break.
  std::optional<Layout> statement(const Line &L, unsigned Col) const {
    std::optional<Assigned> S = assigned(L);
    if (!S)
      return std::nullopt;
    std::optional<Candidate> A = brokenRightHandSide(L, Col, *S);
    std::optional<Candidate> B = brokenAtAssignment(L, Col, *S);
    if (A && (!B || A->Cost <= B->Cost))
      return A->Laid;
    if (B)
      return B->Laid;
    return std::nullopt;
  }

  /// A control statement's header ('for (...)', 'if (...)') at column Col
  /// with Suffix (' {') after it, broken after the 'for' header's ';' or at
  /// the condition's lowest operators, continuing after the '('.
  std::optional<Layout> header(const Line &L, unsigned Col,
                               const std::string &Suffix) const {
    if (!Style.AlignAfterOpenBracket || L.size() < 4 || !L[1].is('(') ||
        !L.back().is(')'))
      return std::nullopt;
    unsigned Cont = Col + columns(join(L, 0, 3)) - columns(L[2].Text);
    if (L[0].is("for"))
      return forHeader(L, Col, Cont, Suffix);
    return conditionHeader(L, Col, Cont, Suffix);
  }

private:
  const PrintStyle &Style;

  unsigned limit() const { return columnLimit(Style); }

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

  // ---- Statements.

  /// L as an assignment whose right-hand side is a chain, or nullopt. Only
  /// before a chain: clang-format may rather break inside a call or
  /// parentheses on the right-hand side, which is not modelled.
  std::optional<Assigned> assigned(const Line &L) const {
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
    size_t Last = L.back().R == Role::Semi ? End - 1 : End;
    auto [Ops, P] = lowest(L, Assign + 1, Last, 0);
    if (!chainable(P))
      return std::nullopt;
    return Assigned{Assign, std::move(Ops), P};
  }

  /// The right-hand side broken at its lowest operators, the statement's
  /// first line starting at column Col.
  std::optional<Candidate> brokenRightHandSide(const Line &L, unsigned Col,
                                               const Assigned &S) const {
    size_t RHS = S.Eq + 1;
    bool Align = Style.AlignOperands != PrintStyle::Operands::DontAlign;
    unsigned RHSCol = Col + columns(join(L, 0, RHS + 1)) - columns(L[RHS].Text);
    unsigned Cont = Align ? RHSCol : Col + Style.ContinuationIndentWidth;
    std::vector<Unit> U = units(L, 0, L.size(), S.Ops);
    std::optional<Layout> A =
        pack(U, Col, Cont, limit(), operatorColumn(L[S.Ops[0]], Cont, Align));
    if (!A)
      return std::nullopt;
    unsigned Cost = A->Breaks() * (BreakBase + S.P) + FirstBreakInLevel;
    return Candidate{std::move(*A), Cost};
  }

  /// A break at the assignment, the right-hand side broken as in
  /// brokenRightHandSide if it does not fit on the next line.
  std::optional<Candidate> brokenAtAssignment(const Line &L, unsigned Col,
                                              const Assigned &S) const {
    const PTok &Eq = L[S.Eq];
    bool Before = breaksBefore(Eq);
    size_t Next = Before ? S.Eq : S.Eq + 1; // what starts the next line
    std::string Head = join(L, 0, Next);
    if (Col + columns(Head) > limit())
      return std::nullopt;
    unsigned C2 = Col + Style.ContinuationIndentWidth;
    std::string Rest = join(L, Next, L.size());
    Candidate B{{},
                Style.PenaltyBreakAssignment + BreakBase + FirstBreakInLevel};
    B.Laid.Lines.push_back({Col, Head});
    if (C2 + columns(Rest) <= limit()) {
      B.Laid.Lines.push_back({C2, Rest});
      return B;
    }
    if (Style.AlignOperands == PrintStyle::Operands::DontAlign)
      return std::nullopt;
    unsigned RHSCol = Before ? C2 + columns(Eq.Text) + 1 : C2;
    // Under the first operand, the operators too (clang-format does not
    // outdent them after a break at '=', with AlignAfterOperator).
    std::vector<Unit> U = units(L, Next, L.size(), S.Ops);
    std::optional<Layout> R = pack(U, C2, RHSCol, limit(),
                                   operatorColumn(L[S.Ops[0]], RHSCol, false));
    if (!R)
      return std::nullopt;
    B.Cost += R->Breaks() * (BreakBase + S.P) + FirstBreakInLevel;
    B.Laid.Lines.insert(B.Laid.Lines.end(), R->Lines.begin(), R->Lines.end());
    return B;
  }

  // ---- Headers.

  /// A 'for' header broken after its ';'s, continuing at column Cont.
  std::optional<Layout> forHeader(const Line &L, unsigned Col, unsigned Cont,
                                  const std::string &Suffix) const {
    std::vector<size_t> Semis;
    for (size_t I = 2; I + 1 < L.size(); ++I)
      if (L[I].R == Role::Semi && L[I].Depth == 1)
        Semis.push_back(I);
    if (Semis.size() != 2)
      return std::nullopt;
    std::vector<Unit> U;
    size_t Start = 0;
    bool Space = false;
    for (size_t S : Semis) {
      U.push_back({join(L, Start, S + 1), Space});
      Space = L[S + 1].Space;
      Start = S + 1;
    }
    U.push_back({join(L, Start, L.size()), Space});
    U.back().Text += Suffix;
    if (!Style.BinPackArguments)
      return onePartALine(U, Col, Cont);
    return pack(U, Col, Cont, limit());
  }

  /// The parts of a 'for' header packed up to the first break, then one
  /// part a line (BinPackArguments false).
  std::optional<Layout> onePartALine(const std::vector<Unit> &U, unsigned Col,
                                     unsigned Cont) const {
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

  /// Any other header ('if (...)'): its condition broken at its lowest
  /// operators, continuing at column Cont.
  std::optional<Layout> conditionHeader(const Line &L, unsigned Col,
                                        unsigned Cont,
                                        const std::string &Suffix) const {
    auto [Ops, P] = lowest(L, 2, L.size() - 1, 1);
    if (!chainable(P))
      return std::nullopt;
    if (breaksBefore(L[Ops[0]]) &&
        Style.AlignOperands == PrintStyle::Operands::AlignAfterOperator)
      return std::nullopt;
    std::vector<Unit> U = units(L, 0, L.size(), Ops);
    U.back().Text += Suffix;
    return pack(U, Col, Cont, limit(), operatorColumn(L[Ops[0]], Cont, false));
  }
};

} // namespace

unsigned columnLimit(const PrintStyle &Style) {
  return Style.ColumnLimit == 0 ? ~0u : Style.ColumnLimit;
}

std::optional<Layout> breakStatement(const Line &L, unsigned Col,
                                     const PrintStyle &Style) {
  return Breaker(Style).statement(L, Col);
}

std::optional<Layout> breakHeader(const Line &L, unsigned Col,
                                  const std::string &Suffix,
                                  const PrintStyle &Style) {
  return Breaker(Style).header(L, Col, Suffix);
}

} // namespace lnr::lower::detail
