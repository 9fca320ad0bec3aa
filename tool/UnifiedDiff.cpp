//===- UnifiedDiff.cpp ----------------------------------------------------===//

#include "tool/UnifiedDiff.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <vector>

using namespace llvm;

namespace lnr::tool {
namespace {

/// The lines of Text, each with its '\n' (the last one may have none).
std::vector<StringRef> splitLines(StringRef Text) {
  std::vector<StringRef> Lines;
  while (!Text.empty()) {
    size_t End = Text.find('\n');
    End = End == StringRef::npos ? Text.size() : End + 1;
    Lines.push_back(Text.take_front(End));
    Text = Text.drop_front(End);
  }
  return Lines;
}

enum class Edit : char { Keep, Delete, Insert };

/// A shortest edit script from X to Y (Myers 1986). Trace[D] keeps the
/// furthest reaching x of every diagonal k in [-D, D] after D edits, so
/// memory grows with the square of the number of edits, not the file size.
std::vector<Edit> shortestEdit(ArrayRef<StringRef> X, ArrayRef<StringRef> Y) {
  const int N = X.size(), M = Y.size(), Max = N + M;
  std::vector<Edit> Script;
  if (Max == 0)
    return Script;
  std::vector<int> V(2 * Max + 3, 0);
  auto At = [&](int K) -> int & { return V[K + Max + 1]; };
  std::vector<std::vector<int>> Trace;
  auto Down = [](auto &&Get, int K, int D) {
    return K == -D || (K != D && Get(K - 1) < Get(K + 1));
  };
  for (int D = 0; D <= Max; ++D) {
    bool Done = false;
    for (int K = -D; K <= D; K += 2) {
      int XPos = Down(At, K, D) ? At(K + 1) : At(K - 1) + 1;
      int YPos = XPos - K;
      while (XPos < N && YPos < M && X[XPos] == Y[YPos])
        ++XPos, ++YPos;
      At(K) = XPos;
      if (XPos >= N && YPos >= M) {
        Done = true;
        break;
      }
    }
    Trace.emplace_back(V.begin() + (Max + 1 - D), V.begin() + (Max + 2 + D));
    if (Done)
      break;
  }
  // Walk back from (N, M): each step is a snake of kept lines preceded by
  // one insertion (down) or deletion (right).
  int XPos = N, YPos = M;
  for (int D = Trace.size() - 1; D > 0; --D) {
    const std::vector<int> &Prev = Trace[D - 1];
    auto Get = [&](int K) { return Prev[K + D - 1]; };
    int K = XPos - YPos;
    bool IsDown = Down(Get, K, D);
    int PrevK = IsDown ? K + 1 : K - 1;
    int PrevX = Get(PrevK), PrevY = PrevX - PrevK;
    int SnakeX = IsDown ? PrevX : PrevX + 1;
    for (; XPos > SnakeX; --XPos, --YPos)
      Script.push_back(Edit::Keep);
    Script.push_back(IsDown ? Edit::Insert : Edit::Delete);
    XPos = PrevX;
    YPos = PrevY;
  }
  for (; XPos > 0; --XPos)
    Script.push_back(Edit::Keep);
  std::reverse(Script.begin(), Script.end());
  return Script;
}

void printLine(raw_ostream &OS, char Prefix, StringRef Line) {
  OS << Prefix << Line;
  if (!Line.endswith("\n"))
    OS << "\n\\ No newline at end of file\n";
}

void printRange(raw_ostream &OS, size_t Start, size_t Count) {
  // GNU diff: an empty range names the line before it; a count of 1 is
  // left out.
  OS << (Count ? Start + 1 : Start);
  if (Count != 1)
    OS << "," << Count;
}

} // namespace

std::string unifiedDiff(StringRef Old, StringRef New, StringRef OldLabel,
                        StringRef NewLabel, unsigned Context) {
  if (Old == New)
    return "";
  std::vector<StringRef> A = splitLines(Old), B = splitLines(New);
  size_t Prefix = 0;
  while (Prefix < A.size() && Prefix < B.size() && A[Prefix] == B[Prefix])
    ++Prefix;
  size_t Suffix = 0;
  while (Suffix < A.size() - Prefix && Suffix < B.size() - Prefix &&
         A[A.size() - 1 - Suffix] == B[B.size() - 1 - Suffix])
    ++Suffix;
  std::vector<Edit> Script(Prefix, Edit::Keep);
  std::vector<Edit> Middle =
      shortestEdit(makeArrayRef(A).slice(Prefix, A.size() - Prefix - Suffix),
                   makeArrayRef(B).slice(Prefix, B.size() - Prefix - Suffix));
  Script.insert(Script.end(), Middle.begin(), Middle.end());
  Script.insert(Script.end(), Suffix, Edit::Keep);

  // Where each edit stands in A and in B.
  struct Step {
    Edit E;
    size_t APos, BPos;
  };
  std::vector<Step> Steps;
  size_t APos = 0, BPos = 0;
  for (Edit E : Script) {
    Steps.push_back({E, APos, BPos});
    APos += E != Edit::Insert;
    BPos += E != Edit::Delete;
  }

  std::string Out;
  raw_string_ostream OS(Out);
  OS << "--- " << OldLabel << "\n+++ " << NewLabel << "\n";
  size_t I = 0;
  while (true) {
    while (I < Steps.size() && Steps[I].E == Edit::Keep)
      ++I;
    if (I == Steps.size())
      break;
    // A hunk: changes at most 2 * Context kept lines apart, with Context
    // kept lines around them.
    size_t Begin = I >= Context ? I - Context : 0;
    size_t LastChange = I;
    for (size_t J = I; J < Steps.size() && J - LastChange <= 2 * Context + 1;
         ++J)
      if (Steps[J].E != Edit::Keep)
        LastChange = J;
    size_t End = std::min(Steps.size(), LastChange + Context + 1);
    size_t ACount = 0, BCount = 0;
    for (size_t J = Begin; J < End; ++J) {
      ACount += Steps[J].E != Edit::Insert;
      BCount += Steps[J].E != Edit::Delete;
    }
    OS << "@@ -";
    printRange(OS, Steps[Begin].APos, ACount);
    OS << " +";
    printRange(OS, Steps[Begin].BPos, BCount);
    OS << " @@\n";
    for (size_t J = Begin; J < End; ++J) {
      const Step &S = Steps[J];
      if (S.E == Edit::Keep)
        printLine(OS, ' ', A[S.APos]);
      else if (S.E == Edit::Delete)
        printLine(OS, '-', A[S.APos]);
      else
        printLine(OS, '+', B[S.BPos]);
    }
    I = End;
  }
  return OS.str();
}

} // namespace lnr::tool
