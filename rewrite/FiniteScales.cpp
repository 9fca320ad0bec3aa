//===- FiniteScales.cpp ---------------------------------------------------===//

#include "rewrite/FiniteScales.h"
#include "rewrite/CText.h"
#include "rewrite/TreeBuilders.h"
#include "rewrite/levels/Level.h"

#include <algorithm>
#include <cctype>

namespace lnr::rewrite {
namespace {

bool has(const std::vector<std::string> &In, const std::string &X) {
  return std::find(In.begin(), In.end(), X) != In.end();
}

/// Whether the statement's factors read K's factor F.
bool reads(const ir::Assignment &Stmt, const ir::Access &Factor) {
  return std::any_of(
      Stmt.Factors.begin(), Stmt.Factors.end(), [&](const ir::Access &A) {
        return A.Tensor == Factor.Tensor && A.Indices == Factor.Indices;
      });
}

void collect(const ir::BranchedGraph &G, const ir::Kernel &K,
             const NestSource &S, std::vector<std::string> Around,
             std::vector<size_t> &Out) {
  for (const ir::Loop &L : G.Loops)
    Around.push_back(L.Index);
  auto Inside = [&](const std::vector<std::string> &Sums) {
    return std::any_of(Around.begin(), Around.end(),
                       [&](const std::string &I) { return has(Sums, I); });
  };
  if (G.Statement) {
    std::vector<size_t> Scales;
    if (Inside(S.ScaledSumLoops))
      Scales = S.SumScales;
    // Two nests composed: a factor multiplied into the terms of a sum
    // the producer stores even when empty, where the original multiplies
    // the stored 0 (NaN for an infinite factor), and the terms of an
    // empty sum are none.
    if (Inside(S.SumsStoredEmpty))
      for (size_t F : factorsOutsideStoredSums(K, S))
        Scales.push_back(F);
    for (size_t F : Scales)
      if (F < K.Stmt.Factors.size() && reads(*G.Statement, K.Stmt.Factors[F]) &&
          std::find(Out.begin(), Out.end(), F) == Out.end())
        Out.push_back(F);
    return;
  }
  for (const ir::BranchedGraph &B : G.Branches)
    collect(B, K, S, Around, Out);
}

/// The loops of K that reach the elements of Scale: over its indices and
/// their compressed parents, in K's order.
std::vector<const ir::Loop *> loopsReaching(const ir::Access &Scale,
                                            const ir::Kernel &K) {
  std::vector<std::string> Needed = Scale.Indices;
  for (size_t Grown = 0; Grown != Needed.size();) {
    Grown = Needed.size();
    for (const ir::Loop &L : K.Loops)
      if (has(Needed, L.Index))
        for (const std::string &P : ir::parentsOf(L, K))
          if (!has(Needed, P))
            Needed.push_back(P);
  }
  std::vector<const ir::Loop *> Loops;
  for (const ir::Loop &L : K.Loops)
    if (has(Needed, L.Index))
      Loops.push_back(&L);
  return Loops;
}

/// Text as an operand of '-': an element or a name as it is, anything
/// else parenthesized.
std::string element(const std::string &Text) {
  bool Simple =
      !Text.empty() &&
      (std::isalpha(static_cast<unsigned char>(Text[0])) || Text[0] == '_') &&
      std::all_of(Text.begin(), Text.end(), [](char C) {
        return std::isalnum(static_cast<unsigned char>(C)) || C == '_' ||
               C == '[' || C == ']' || C == ' ' || C == '+' || C == '*' ||
               C == '.' || C == '>' || C == '-';
      });
  // 'a[i] + b' is not one element: every operator inside brackets.
  int Depth = 0;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    Depth += C == '[' ? 1 : C == ']' ? -1 : 0;
    bool Arrow = C == '-' && I + 1 < Text.size() && Text[I + 1] == '>';
    if (Depth == 0 &&
        (C == ' ' || C == '+' || C == '*' || (C == '-' && !Arrow)))
      Simple = false;
  }
  return Simple && Text.back() == ']' ? Text : parenthesized(Text);
}

/// `Flag &= x - x == 0;` in the loops reaching the scale F, or nothing
/// when a loop cannot be written alone.
std::optional<lower::Node> finiteCheck(const ir::Kernel &K, const NestSource &S,
                                       size_t F, const std::string &Flag) {
  if (F >= S.Factors.size() || !S.Factors[F].Aliases.empty())
    return std::nullopt;
  const std::string X = element(S.Factors[F].Text);
  lower::Nodes Body{statement(Flag + " &= " + X + " - " + X + " == 0;")};
  std::string Reads = S.Factors[F].Text; // what the loops inside read
  std::vector<const ir::Loop *> Loops = loopsReaching(K.Stmt.Factors[F], K);
  for (auto It = Loops.rbegin(); It != Loops.rend(); ++It) {
    const LoopSource *Src = S.loop((*It)->Index);
    // A COO list's singleton level is read at its parent's position: no
    // loop of its own, its coordinate loaded there when read.
    if (Src && K.levelOf(**It) == ir::LevelFormat::Singleton) {
      lower::Nodes Loads;
      if (mentions(Reads, Src->Index))
        for (const std::string &P : Src->Prologue)
          Loads.push_back(statement(P));
      append(Loads, std::move(Body));
      Body = std::move(Loads);
      continue;
    }
    std::optional<std::string> Header =
        Src ? levels::Level(*Src).headerAlone() : std::nullopt;
    if (!Header)
      return std::nullopt;
    lower::Nodes Inner;
    // A coordinate loaded only where something inside reads it.
    if (mentions(Reads, Src->Index))
      for (const std::string &P : Src->Prologue)
        Inner.push_back(statement(P));
    Reads += " " + *Header;
    append(Inner, std::move(Body));
    Body = lower::nodes(
        lower::Node::sourceLoop(lower::code(*Header), std::move(Inner)));
  }
  return Body.size() == 1 ? Body.front() : lower::Node::block(std::move(Body));
}

/// Whether a finite check of each of Factors can be written.
bool everyCheckable(const ir::Kernel &K, const NestSource &S,
                    const std::vector<size_t> &Factors) {
  return std::all_of(Factors.begin(), Factors.end(), [&](size_t F) {
    return finiteCheck(K, S, F, "flag").has_value();
  });
}

} // namespace

std::vector<size_t> factorsOutsideStoredSums(const ir::Kernel &K,
                                             const NestSource &S) {
  std::vector<size_t> Out;
  for (size_t F = 0; F < K.Stmt.Factors.size(); ++F)
    if (std::none_of(
            K.Stmt.Factors[F].Indices.begin(), K.Stmt.Factors[F].Indices.end(),
            [&](const std::string &I) { return has(S.SumsStoredEmpty, I); }))
      Out.push_back(F);
  return Out;
}

std::vector<size_t> scalesInsideSums(const ir::BranchedGraph &G,
                                     const ir::Kernel &K, const NestSource &S) {
  std::vector<size_t> Out;
  collect(G, K, S, {}, Out);
  return Out;
}

std::optional<std::vector<size_t>> emptySumFactors(const ir::Kernel &K,
                                                   const NestSource &S) {
  if (!S.Map.empty() || !S.TemporaryStore.empty() ||
      std::none_of(K.Loops.begin(), K.Loops.end(), [&](const ir::Loop &L) {
        return L.isCompressed() && has(S.SumsStoredEmpty, L.Index);
      }))
    return std::nullopt;
  std::vector<size_t> Factors = factorsOutsideStoredSums(K, S);
  if (!everyCheckable(K, S, Factors))
    return std::nullopt;
  return Factors;
}

std::optional<std::vector<size_t>> invariantSumFactors(const ir::Kernel &K,
                                                       const NestSource &S) {
  if (!everyCheckable(K, S, S.InvariantSumFactors))
    return std::nullopt;
  return S.InvariantSumFactors;
}

OrRefusal<std::optional<OverlapTest>>
withFiniteScales(const ir::Kernel &K, const NestSource &S,
                 const std::vector<size_t> &AllScales,
                 std::optional<OverlapTest> Test, const Dialect &Standard,
                 NamePicker &Names) {
  // A pattern's ones are finite.
  std::vector<size_t> Scales;
  std::copy_if(
      AllScales.begin(), AllScales.end(), std::back_inserter(Scales),
      [&](size_t F) { return F >= S.Factors.size() || !S.Factors[F].Pattern; });
  if (Scales.empty())
    return Test;
  std::optional<std::string> Runs = everyLoopRuns(K, S, Standard);
  if (!Test)
    Test = OverlapTest{{}, Names.pick("checked")};
  lower::Nodes Checks, Loops;
  if (Test->Statements.empty())
    Checks.push_back(
        declare("int", Test->Flag, Runs && !Runs->empty() ? *Runs : "1"));
  else if (Runs && !Runs->empty()) // read only where the checks so far hold
    Checks.push_back(
        lower::Node::ifThen(lower::code(Test->Flag),
                            {statement(Test->Flag + " = " + *Runs + ";")}));
  for (size_t F : Scales) {
    std::optional<lower::Node> Check = finiteCheck(K, S, F, Test->Flag);
    if (!Check)
      return Refusal(rule::UnsupportedStatement,
                     "a sum is stored scaled by '" + S.Factors[F].Text +
                         "', which the rewrite multiplies into the terms "
                         "only when it is finite, and the loops reaching "
                         "it cannot be written alone to check it");
    Loops.push_back(std::move(*Check));
  }
  // Under the flag: the loops read the arrays as the nest does, which
  // an earlier check may have found not to hold (EqualAtRunTime.h).
  Checks.push_back(
      lower::Node::ifThen(lower::code(Test->Flag), std::move(Loops)));
  append(Test->Statements, std::move(Checks));
  return Test;
}

} // namespace lnr::rewrite
