//===- UnifiedDiff.cpp ----------------------------------------------------===//

#include "tool/UnifiedDiff.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Format.h"
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
/// memory grows with the square of the number of edits: X and Y are one
/// changed region, not the file.
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

/// Old[Begin, End), whole lines, and what the replacements make of it.
struct Region {
  size_t Begin, End;
  std::string New;
};

size_t lineStart(StringRef Text, size_t Pos) {
  size_t NewLine = Text.rfind('\n', Pos);
  return NewLine == StringRef::npos ? 0 : NewLine + 1;
}

/// The end of the line holding Text[Pos - 1] (or Text[Pos] when that
/// begins the region, as an insertion does), after its '\n'.
size_t lineEnd(StringRef Text, size_t Pos, size_t RegionBegin) {
  if (Pos > RegionBegin && Text[Pos - 1] == '\n')
    return Pos;
  size_t NewLine = Text.find('\n', Pos);
  return NewLine == StringRef::npos ? Text.size() : NewLine + 1;
}

/// The lines each replacement touches, those that touch or overlap merged,
/// with their new text.
std::vector<Region> changedRegions(StringRef Old,
                                   const clang::tooling::Replacements &Fixes) {
  std::vector<Region> Regions;
  size_t Copied = 0; // Old is copied into the last region's New up to here
  for (const clang::tooling::Replacement &R : Fixes) {
    size_t From = R.getOffset(), To = From + R.getLength();
    size_t Begin = lineStart(Old, From), End = lineEnd(Old, To, Begin);
    if (Regions.empty() || Begin > Regions.back().End) {
      if (!Regions.empty())
        Regions.back().New += Old.slice(Copied, Regions.back().End);
      Regions.push_back({Begin, End, ""});
      Copied = Begin;
    }
    Region &Last = Regions.back();
    Last.End = std::max(Last.End, End);
    Last.New += Old.slice(Copied, From);
    Last.New += R.getReplacementText();
    Copied = To;
  }
  if (!Regions.empty())
    Regions.back().New += Old.slice(Copied, Regions.back().End);
  return Regions;
}

/// The edit script of a region: its first lines common to the old and the
/// new text kept, the rest compared. Its last common lines are kept too when
/// nothing changes after it (GNU diff strips the common end of the files);
/// in other regions Myers' algorithm places them, as it would on the whole
/// file.
void appendRegionScript(ArrayRef<StringRef> X, ArrayRef<StringRef> Y, bool Last,
                        std::vector<Edit> &Script) {
  size_t Prefix = 0;
  while (Prefix < X.size() && Prefix < Y.size() && X[Prefix] == Y[Prefix])
    ++Prefix;
  size_t Suffix = 0;
  while (Last && Suffix < X.size() - Prefix && Suffix < Y.size() - Prefix &&
         X[X.size() - 1 - Suffix] == Y[Y.size() - 1 - Suffix])
    ++Suffix;
  Script.insert(Script.end(), Prefix, Edit::Keep);
  std::vector<Edit> Middle =
      shortestEdit(X.slice(Prefix, X.size() - Prefix - Suffix),
                   Y.slice(Prefix, Y.size() - Prefix - Suffix));
  Script.insert(Script.end(), Middle.begin(), Middle.end());
  Script.insert(Script.end(), Suffix, Edit::Keep);
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

/// Where each edit stands in the old lines A and the new lines B.
struct Step {
  Edit E;
  size_t APos, BPos;
};

/// The hunks of Steps: changes at most 2 * Context kept lines apart, with
/// Context kept lines around them.
void printHunks(raw_ostream &OS, ArrayRef<Step> Steps, ArrayRef<StringRef> A,
                ArrayRef<StringRef> B, size_t Context) {
  size_t I = 0;
  while (true) {
    while (I < Steps.size() && Steps[I].E == Edit::Keep)
      ++I;
    if (I == Steps.size())
      break;
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
}

} // namespace

std::string unifiedDiff(StringRef Old,
                        const clang::tooling::Replacements &Fixes,
                        StringRef Label, unsigned Context) {
  std::vector<Region> Regions = changedRegions(Old, Fixes);
  // The old lines, the new lines (those between the regions point into
  // Old, the others into the regions' text), and the edit script.
  std::vector<StringRef> A = splitLines(Old), B;
  std::vector<Edit> Script;
  size_t Pos = 0;
  for (const Region &R : Regions) {
    std::vector<StringRef> Same = splitLines(Old.slice(Pos, R.Begin));
    B.insert(B.end(), Same.begin(), Same.end());
    Script.insert(Script.end(), Same.size(), Edit::Keep);
    std::vector<StringRef> X = splitLines(Old.slice(R.Begin, R.End));
    std::vector<StringRef> Y = splitLines(R.New);
    appendRegionScript(X, Y, &R == &Regions.back(), Script);
    B.insert(B.end(), Y.begin(), Y.end());
    Pos = R.End;
  }
  std::vector<StringRef> Rest = splitLines(Old.drop_front(Pos));
  B.insert(B.end(), Rest.begin(), Rest.end());
  Script.insert(Script.end(), Rest.size(), Edit::Keep);
  if (llvm::all_of(Script, [](Edit E) { return E == Edit::Keep; }))
    return "";

  std::vector<Step> Steps;
  Steps.reserve(Script.size());
  size_t APos = 0, BPos = 0;
  for (Edit E : Script) {
    Steps.push_back({E, APos, BPos});
    APos += E != Edit::Insert;
    BPos += E != Edit::Delete;
  }
  std::string Out;
  raw_string_ostream OS(Out);
  std::string Quoted = diffLabel(Label);
  OS << "--- " << Quoted << "\n+++ " << Quoted << "\n";
  printHunks(OS, Steps, A, B, Context);
  return OS.str();
}

std::string diffLabel(StringRef Name) {
  std::string Escaped;
  bool Quote = false;
  for (char C : Name) {
    auto U = static_cast<unsigned char>(C);
    const char *Named = nullptr;
    switch (C) {
    case '\a':
      Named = "\\a";
      break;
    case '\b':
      Named = "\\b";
      break;
    case '\t':
      Named = "\\t";
      break;
    case '\n':
      Named = "\\n";
      break;
    case '\v':
      Named = "\\v";
      break;
    case '\f':
      Named = "\\f";
      break;
    case '\r':
      Named = "\\r";
      break;
    case '"':
      Named = "\\\"";
      break;
    case '\\':
      Named = "\\\\";
      break;
    default:
      break;
    }
    if (Named) {
      Escaped += Named;
      Quote = true;
    } else if (U < 0x20 || U >= 0x80) {
      raw_string_ostream(Escaped) << '\\' << format("%03o", U);
      Quote = true;
    } else {
      Quote |= C == ' ';
      Escaped += C;
    }
  }
  return Quote ? "\"" + Escaped + "\"" : Name.str();
}

} // namespace lnr::tool
