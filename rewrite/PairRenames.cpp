//===- PairRenames.cpp ----------------------------------------------------===//

#include "rewrite/PairRenames.h"
#include "rewrite/CText.h"

#include <algorithm>
#include <cctype>

namespace lnr::rewrite {
namespace {

/// Fn applied to every text of S that names the nest's variables (S a
/// NestSource, const or not): what renameVariable renames.
template <typename Source, typename Fn> void eachText(Source &S, Fn &&F) {
  for (auto &M : S.MemberArrays)
    F(M.Text);
  for (auto &L : S.Loops) {
    for (auto *T : {&L.Header, &L.Position, &L.Positions, &L.NextCoordinate,
                    &L.LoopBegin, &L.LoopEnd, &L.LevelEnd, &L.Coordinates,
                    &L.PositionEnds, &L.Split, &L.Bound, &L.Begin})
      F(*T);
    for (auto &P : L.Prologue)
      F(P);
  }
  for (auto &Factor : S.Factors) {
    F(Factor.Text);
    for (auto &A : Factor.Aliases)
      F(A);
  }
  for (auto &A : S.Aliases) {
    F(A.Name);
    F(A.Declaration);
  }
  for (auto &A : S.OutputAliases)
    F(A);
  for (auto *T : {&S.Output, &S.OutputPosition, &S.TemporaryPosition,
                  &S.PositionSplit, &S.PositionBlocks, &S.OutputInnerExtent,
                  &S.OutputStride, &S.Map, &S.StoredValue, &S.TemporaryStore})
    F(*T);
  for (auto &E : S.EqualAtRunTime) {
    F(E.Producer);
    F(E.Consumer);
  }
  for (auto *List : {&S.ZeroFirstPositions, &S.OuterDeclared, &S.ReadInPlace})
    for (auto &T : *List)
      F(T);
  for (auto &A : S.Overlap.Arrays) {
    F(A.Base);
    F(A.Offset);
    for (auto &T : A.Terms) {
      F(T.Coefficient);
      F(T.Variable);
    }
  }
  for (auto &P : S.Overlap.PositionRanges)
    for (auto *T : {&P.Variable, &P.Positions, &P.Parent, &P.Begin, &P.End})
      F(*T);
}

bool sourceMentions(const NestSource &S, const std::string &Name) {
  bool Found = false;
  eachText(S,
           [&](const std::string &T) { Found = Found || mentions(T, Name); });
  return Found;
}

/// P with its loop over Own renamed To, in the kernel and in every text
/// that names it.
void renameLoop(ir::Kernel &PK, NestSource &PS, const std::string &Own,
                const std::string &To) {
  for (ir::IndexVar &I : PK.Indices)
    if (I.Name == Own)
      I.Name = To;
  for (ir::Loop &L : PK.Loops)
    if (L.Index == Own)
      L.Index = To;
  for (ir::Access &A : PK.Stmt.Factors)
    for (std::string &I : A.Indices)
      if (I == Own)
        I = To;
  for (std::string &I : PK.Stmt.Lhs.Indices)
    if (I == Own)
      I = To;
  for (LoopSource &L : PS.Loops)
    if (L.Index == Own)
      L.Index = To;
  for (auto *List : {&PS.ScaledSumLoops, &PS.DisjointOutputIndices,
                     &PS.DisjointRepeatedIndices, &PS.LaneIndices})
    for (std::string &I : *List)
      if (I == Own)
        I = To;
  renameVariable(PS, Own, To);
}

/// Whether L declares Variable, its index or its position, in its header
/// ('for (int k = 0; ...)', not C89's 'for (k = 0; ...)'), so that a new
/// name is declared with it.
bool declaresItsVariable(const LoopSource &L, const std::string &Variable,
                         const NestSource &S) {
  size_t Open = L.Header.find('('), Semi = L.Header.find(';');
  if (Open == std::string::npos || Semi == std::string::npos || Semi < Open)
    return false;
  std::string Init = L.Header.substr(Open + 1, Semi - Open - 1);
  size_t First = Init.find_first_not_of(' ');
  bool StartsWithName = First != std::string::npos &&
                        Init.compare(First, Variable.size(), Variable) == 0;
  return !StartsWithName && mentions(Init, Variable) &&
         std::find(S.OuterDeclared.begin(), S.OuterDeclared.end(), Variable) ==
             S.OuterDeclared.end();
}

/// A name for Base in the producer that neither the file (IsNameTaken),
/// the two kernels nor Text use: 'k_p', 'k_p1', ...; "" if none.
std::string
freshProducerName(const std::string &Base, const ir::Kernel &PK,
                  const NestSource &PS, const ir::Kernel &QK,
                  const NestSource &QS,
                  const std::function<bool(const std::string &)> &IsNameTaken,
                  const std::string &Text) {
  for (unsigned N = 0; N < 100; ++N) {
    std::string To = Base + "_p" + (N ? std::to_string(N) : "");
    if (!IsNameTaken(To) && !PK.findIndex(To) && !QK.findIndex(To) &&
        !QS.loop(To) && !mentions(Text, To) && !sourceMentions(PS, To) &&
        !sourceMentions(QS, To))
      return To;
  }
  return "";
}

} // namespace

std::string renamedIn(const std::string &Text, const std::string &From,
                      const std::string &To) {
  std::string Out;
  for (size_t I = 0; I < Text.size();) {
    if (!isIdentifierChar(Text[I])) {
      Out += Text[I++];
      continue;
    }
    size_t End = I;
    while (End < Text.size() && isIdentifierChar(Text[End]))
      ++End;
    std::string Word = Text.substr(I, End - I);
    // After '.' or '->', blanks and line breaks between: a member.
    size_t Before = I;
    while (Before > 0 &&
           std::isspace(static_cast<unsigned char>(Text[Before - 1])))
      --Before;
    bool Member = (Before >= 1 && Text[Before - 1] == '.') ||
                  (Before >= 2 && Text.compare(Before - 2, 2, "->") == 0);
    Out += Word == From && !Member ? To : Word;
    I = End;
  }
  return Out;
}

void renameVariable(NestSource &S, const std::string &From,
                    const std::string &To) {
  eachText(S, [&](std::string &T) { T = renamedIn(T, From, To); });
}

namespace {
void renameTensor(ir::Kernel &K, const std::string &From,
                  const std::string &To) {
  for (ir::Tensor &T : K.Tensors) {
    if (T.Name == From)
      T.Name = To;
    if (T.SameNonzerosAs && T.SameNonzerosAs->Tensor == From)
      T.SameNonzerosAs->Tensor = To;
  }
  for (ir::Access &F : K.Stmt.Factors)
    if (F.Tensor == From)
      F.Tensor = To;
  for (ir::Loop &L : K.Loops)
    if (L.Driver == From)
      L.Driver = To;
}
} // namespace

void renamePatternsApart(ir::Kernel &PK, const NestSource &PS,
                         const ir::Kernel &QK) {
  for (size_t F = 0; F < PK.Stmt.Factors.size() && F < PS.Factors.size(); ++F) {
    const std::string From = PK.Stmt.Factors[F].Tensor;
    if (!PS.Factors[F].Pattern || !QK.namesTensor(From))
      continue;
    std::string To;
    for (unsigned Suffix = 2;; ++Suffix) {
      To = From + std::to_string(Suffix);
      if (!QK.namesTensor(To) && !PK.namesTensor(To))
        break;
    }
    renameTensor(PK, From, To);
  }
}

std::vector<std::string>
renameClashes(ir::Kernel &PK, NestSource &PS, const ir::Kernel &QK,
              const NestSource &QS,
              const std::function<bool(const std::string &)> &IsNameTaken,
              const std::string &Text) {
  std::vector<std::string> Given;
  if (!IsNameTaken)
    return Given;
  std::vector<std::string> Own;
  for (const ir::Loop &L : PK.Loops)
    if (!PK.Stmt.Lhs.uses(L.Index) && !L.isCompressed() &&
        QK.findIndex(L.Index))
      Own.push_back(L.Index);
  for (const std::string &Index : Own) {
    const LoopSource *Src = PS.loop(Index);
    if (!Src || !Src->Position.empty() || !Src->Prologue.empty() ||
        !declaresItsVariable(*Src, Src->Index, PS))
      continue;
    std::string To =
        freshProducerName(Index, PK, PS, QK, QS, IsNameTaken, Text);
    if (To.empty())
      continue;
    renameLoop(PK, PS, Index, To);
    Given.push_back(To);
  }
  // The position variable of the producer's own loop over a compressed
  // level, declared in its header, that the consumer names too (a CSR
  // SpMM's 'j' walking a row's positions, the next kernel's column 'j').
  for (const ir::Loop &L : PK.Loops) {
    const LoopSource *Src = PS.loop(L.Index);
    if (PK.Stmt.Lhs.uses(L.Index) || !Src || Src->Position.empty() ||
        !sourceMentions(QS, Src->Position) ||
        std::count(PS.MacroBodyNames.begin(), PS.MacroBodyNames.end(),
                   Src->Position) ||
        !declaresItsVariable(*Src, Src->Position, PS))
      continue;
    std::string From = Src->Position;
    std::string To = freshProducerName(From, PK, PS, QK, QS, IsNameTaken, Text);
    if (To.empty())
      continue;
    renameVariable(PS, From, To);
    Given.push_back(To);
  }
  return Given;
}

std::optional<std::string> alignPositions(const NestSource &PS,
                                          const ir::Kernel &PK, NestSource &QS,
                                          const ir::Access &Read) {
  const std::vector<std::string> &Written = PK.Stmt.Lhs.Indices;
  for (size_t I = 0; I < Written.size() && I < Read.Indices.size(); ++I) {
    const LoopSource *PL = PS.loop(Written[I]);
    const LoopSource *QL = QS.loop(Read.Indices[I]);
    if (!PL || !QL || PL->Position.empty() || QL->Position.empty() ||
        PL->Position == QL->Position)
      continue;
    const std::string From = QL->Position, To = PL->Position;
    auto InMacro = [&](const std::string &Name) {
      return std::count(QS.MacroBodyNames.begin(), QS.MacroBodyNames.end(),
                        Name) > 0;
    };
    if (InMacro(From))
      return "the consumer's position variable '" + From +
             "' is named in a macro's body, which a renaming would not reach";
    if (sourceMentions(QS, To) || InMacro(To))
      return "the consumer's position variable '" + From +
             "' is the producer's '" + To +
             "', a name the consumer uses for another value";
    renameVariable(QS, From, To);
  }
  return std::nullopt;
}

void alignRows(ir::Kernel &PK, NestSource &PS, const NestSource &QS,
               const ir::Access &Read) {
  // A dense loop's variable, or the coordinate a compressed level loads.
  auto Counted = [](const LoopSource *L) {
    return L && !L->PositionOnly &&
           (L->Position.empty()
                ? L->Kind == LevelKind::Dense || L->Kind == LevelKind::Strips
                : !L->Prologue.empty());
  };
  auto Named = [](const std::vector<std::string> &In, const std::string &N) {
    return std::find(In.begin(), In.end(), N) != In.end();
  };
  const std::vector<std::string> Written = PK.Stmt.Lhs.Indices;
  for (size_t I = 0; I < Written.size() && I < Read.Indices.size(); ++I) {
    const LoopSource *PL = PS.loop(Written[I]);
    const LoopSource *QL = QS.loop(Read.Indices[I]);
    if (!Counted(PL) || !Counted(QL) || PL->Index == QL->Index ||
        PL->Position.empty() != QL->Position.empty())
      continue;
    const std::string From = PL->Index, To = QL->Index;
    // Left as they are where a renaming would not reach every use (a
    // macro's body, a C89 declaration before the nest) or would capture
    // another (an index of the producer's, as for an element read
    // transposed, or a name its texts use): the matching of the loops
    // then says why they are not one.
    if (Named(PS.MacroBodyNames, From) || Named(PS.OuterDeclared, From) ||
        PK.findIndex(To) || sourceMentions(PS, To) ||
        Named(PS.MacroBodyNames, To))
      continue;
    renameLoop(PK, PS, From, To);
  }
}

} // namespace lnr::rewrite
