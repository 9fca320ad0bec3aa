//===- LoopsAlike.cpp -----------------------------------------------------===//

#include "rewrite/LoopsAlike.h"
#include "rewrite/CText.h"

#include <algorithm>
#include <cctype>

namespace lnr::rewrite {
namespace {

/// C text as tokens: identifiers and numbers whole, "->" whole, any other
/// character alone; spaces dropped.
std::vector<std::string> tokens(const std::string &Text) {
  std::vector<std::string> Out;
  for (size_t I = 0; I < Text.size();) {
    char C = Text[I];
    if (std::isspace(static_cast<unsigned char>(C))) {
      ++I;
    } else if (isIdentifierChar(C)) {
      size_t End = I;
      while (End < Text.size() && isIdentifierChar(Text[End]))
        ++End;
      Out.push_back(Text.substr(I, End - I));
      I = End;
    } else if (Text.compare(I, 2, "->") == 0) {
      Out.push_back("->");
      I += 2;
    } else {
      Out.push_back(std::string(1, C));
      ++I;
    }
  }
  return Out;
}

bool isName(const std::string &T) {
  static const std::set<std::string> Keywords = {
      "char",     "short",    "int",    "long",  "signed", "unsigned",
      "float",    "double",   "_Bool",  "bool",  "void",   "const",
      "volatile", "restrict", "struct", "union", "enum",   "sizeof"};
  return !T.empty() && !std::isdigit(static_cast<unsigned char>(T[0])) &&
         isIdentifierChar(T[0]) && !Keywords.count(T);
}

/// Whether the path [Begin, End) of Tokens is in parentheses followed by
/// an operand: a cast's type ('(idx_t)S.n'), not a value.
bool isCastType(const std::vector<std::string> &Tokens, size_t Begin,
                size_t End) {
  if (Begin == 0 || Tokens[Begin - 1] != "(" || End + 1 >= Tokens.size() ||
      (Tokens[End] != ")" && Tokens[End] != "*"))
    return false;
  size_t Close = End;
  while (Close < Tokens.size() && Tokens[Close] == "*")
    ++Close;
  if (Close + 1 >= Tokens.size() || Tokens[Close] != ")")
    return false;
  const std::string &Next = Tokens[Close + 1];
  return Next == "(" || isIdentifierChar(Next[0]);
}

/// Whether the path [Begin, End) of Tokens names a declaration's type:
/// followed by a name ('pidx_t j = crd[p];'), or by '*'s and a name then
/// '=' ('T *q = ...').
bool isDeclaredType(const std::vector<std::string> &Tokens, size_t End) {
  size_t Name = End;
  while (Name < Tokens.size() && Tokens[Name] == "*")
    ++Name;
  if (Name >= Tokens.size() || !isName(Tokens[Name]))
    return false;
  return Name == End ||
         (Name + 1 < Tokens.size() && Tokens[Name + 1] == "=" &&
          (Name + 2 >= Tokens.size() || Tokens[Name + 2] != "="));
}

/// The member path that begins at Tokens[I] ('S', '.', 'ii'), its end.
size_t pathEnd(const std::vector<std::string> &Tokens, size_t I) {
  size_t End = I + 1;
  while (End + 1 < Tokens.size() &&
         (Tokens[End] == "." || Tokens[End] == "->") && isName(Tokens[End + 1]))
    End += 2;
  return End;
}

/// The first token of the member path Tokens[I] is in.
size_t pathBegin(const std::vector<std::string> &Tokens, size_t I) {
  while (I >= 2 && (Tokens[I - 1] == "." || Tokens[I - 1] == "->") &&
         isName(Tokens[I - 2]))
    I -= 2;
  return I;
}

std::string joined(const std::vector<std::string> &Tokens, size_t Begin,
                   size_t End) {
  std::string Out;
  for (size_t I = Begin; I < End; ++I)
    Out += Tokens[I];
  return Out;
}

/// Whether texts P and Q are alike but for invariant paths, added to Equal.
/// Array: P and Q name arrays (a level's positions or coordinates).
bool alikeAsWritten(const std::string &P, const std::string &Q,
                    const std::set<std::string> &Variables, Equalities &Equal,
                    bool Array) {
  std::vector<std::string> A = tokens(P), B = tokens(Q);
  size_t I = 0, J = 0;
  while (I < A.size() && J < B.size()) {
    if (A[I] == B[J]) {
      ++I, ++J;
      continue;
    }
    if (!isName(A[I]) || !isName(B[J]))
      return false;
    // Back to the start of the path both are in (the same tokens so far).
    size_t AB = pathBegin(A, I), BB = pathBegin(B, J);
    if (I - AB != J - BB)
      return false;
    size_t AE = pathEnd(A, AB), BE = pathEnd(B, BB);
    // A call's name, a type, or a loop's own variable, is no invariant.
    if ((AE < A.size() && A[AE] == "(") || (BE < B.size() && B[BE] == "(") ||
        isCastType(A, AB, AE) || isCastType(B, BB, BE) ||
        isDeclaredType(A, AE) || isDeclaredType(B, BE) ||
        Variables.count(A[AB]) || Variables.count(B[BB]))
      return false;
    bool Indexed = AE < A.size() && A[AE] == "[";
    if (Indexed != (BE < B.size() && B[BE] == "["))
      return false;
    NestSource::Equality Pair{joined(A, AB, AE), joined(B, BB, BE),
                              Indexed || (Array && AB == 0 && AE == A.size())};
    auto Seen = std::find(Equal.begin(), Equal.end(), Pair);
    if (Seen == Equal.end())
      Equal.push_back(Pair);
    else
      Seen->Pointers |= Pair.Pointers;
    I = AE, J = BE;
  }
  return I == A.size() && J == B.size();
}

} // namespace

bool textsAlike(const std::string &P, const std::string &Q,
                const std::set<std::string> &Variables, Equalities &Equal) {
  return alikeAsWritten(P, Q, Variables, Equal, /*Array=*/false);
}

std::set<std::string> nestVariables(const NestSource &P, const NestSource &Q) {
  std::set<std::string> Names;
  for (const NestSource *S : {&P, &Q})
    for (const LoopSource &L : S->Loops) {
      for (const std::string *N : {&L.Index, &L.Position})
        if (!N->empty())
          Names.insert(*N);
      std::vector<std::string> Texts = L.Prologue;
      Texts.push_back(L.Header);
      Texts.push_back(L.Split);
      for (const std::string &Text : Texts) {
        std::vector<std::string> T = tokens(Text);
        for (size_t I = 0; I + 1 < T.size(); ++I)
          if (isName(T[I]) && T[I + 1] == "=" &&
              (I + 2 >= T.size() || T[I + 2] != "="))
            Names.insert(T[I]);
      }
    }
  return Names;
}

bool loopsAlike(const LoopSource &P, const LoopSource &Q,
                const std::set<std::string> &Variables, Equalities &Equal) {
  if (P.Kind != Q.Kind || P.PositionOnly != Q.PositionOnly ||
      P.Prologue.size() != Q.Prologue.size())
    return false;
  Equalities Found = Equal;
  struct Texts {
    const std::string &P, &Q;
    bool Array;
  };
  std::vector<Texts> All = {{P.Header, Q.Header, false},
                            {P.Split, Q.Split, false},
                            {P.Position, Q.Position, false},
                            {P.Positions, Q.Positions, true},
                            {P.Coordinates, Q.Coordinates, true},
                            {P.PositionEnds, Q.PositionEnds, true},
                            {P.Bound, Q.Bound, false},
                            {P.Begin, Q.Begin, false}};
  for (size_t I = 0; I < P.Prologue.size(); ++I)
    All.push_back({P.Prologue[I], Q.Prologue[I], false});
  for (const Texts &T : All)
    if (T.P.empty() != T.Q.empty() ||
        !alikeAsWritten(T.P, T.Q, Variables, Found, T.Array))
      return false;
  Equal = std::move(Found);
  return true;
}

bool rangesAlike(const LoopSource &P, const LoopSource &Q,
                 const std::set<std::string> &Variables, Equalities &Equal) {
  auto Counts = [](const LoopSource &L) {
    return (L.Kind == LevelKind::Dense || L.Kind == LevelKind::Strips) &&
           L.StartsAtZero && L.Begin.empty() && !L.Bound.empty() &&
           L.Prologue.empty();
  };
  if (!Counts(P) || !Counts(Q) || P.Index != Q.Index ||
      P.VariableType != Q.VariableType || P.IndexType != Q.IndexType)
    return false;
  Equalities Found = Equal;
  if (!alikeAsWritten(P.Bound, Q.Bound, Variables, Found, false))
    return false;
  Equal = std::move(Found);
  return true;
}

} // namespace lnr::rewrite
