//===- Format.cpp ---------------------------------------------------------===//
//
// clang::format::formatReplacements, keeping the code around each
// replacement as it is. clang-format reformats whole lines: a line that
// shares a line with a formatted one ('} } /* end if */ int x;' after a
// nest, 'if (n > 0) {' before one), the closing brace of a formatted block
// and what follows it, and after an OpenMP directive it can misjudge which
// lines are affected. Here only its changes that reach into the replaced
// text are taken: none that starts where a replacement ends, and none
// wholly in the code before a replacement on its first line.
//
//===----------------------------------------------------------------------===//

#include "rewrite/Format.h"

#include "clang/Format/Format.h"

#include <algorithm>

namespace lnr::rewrite {

using clang::tooling::Range;
using clang::tooling::Replacement;
using clang::tooling::Replacements;

llvm::Expected<Replacements> formatReplacements(llvm::StringRef FilePath,
                                                llvm::StringRef Code,
                                                const Replacements &Replaces) {
  if (Replaces.empty())
    return Replacements();
  llvm::Expected<clang::format::FormatStyle> Style =
      clang::format::getStyle("file", FilePath, "LLVM", Code);
  if (!Style)
    return Style.takeError();

  // As clang::format::formatReplacements: sort the #include blocks the
  // replacements touch, then reformat the replaced text.
  llvm::Expected<std::string> NewCode =
      clang::tooling::applyAllReplacements(Code, Replaces);
  if (!NewCode)
    return NewCode.takeError();
  std::vector<Range> Ranges = Replaces.getAffectedRanges();
  Replacements Sorted =
      clang::format::sortIncludes(*Style, *NewCode, Ranges, FilePath);
  llvm::Expected<std::string> SortedCode =
      clang::tooling::applyAllReplacements(*NewCode, Sorted);
  if (!SortedCode)
    return SortedCode.takeError();
  auto Shifted = [&](unsigned Offset) {
    return Sorted.getShiftedCodePosition(Offset);
  };
  for (Range &R : Ranges) {
    unsigned Begin = Shifted(R.getOffset());
    R = Range(Begin, Shifted(R.getOffset() + R.getLength()) - Begin);
  }
  // The code before each replacement on its first line, when it is not
  // only blanks: [first, second) in the sorted code.
  std::vector<std::pair<unsigned, unsigned>> Heads;
  long long Shift = 0; // from Code to NewCode
  for (const Replacement &R : Replaces) {
    unsigned Begin = unsigned(R.getOffset() + Shift);
    Shift += (long long)R.getReplacementText().size() - R.getLength();
    llvm::StringRef Head = Code.substr(0, R.getOffset());
    Head = Head.substr(Head.rfind('\n') + 1);
    if (!Head.trim().empty())
      Heads.push_back({Shifted(Begin - unsigned(Head.size())), Shifted(Begin)});
  }

  Replacements Formatted;
  for (const Replacement &F :
       clang::format::reformat(*Style, *SortedCode, Ranges, FilePath)) {
    unsigned Begin = F.getOffset(), End = Begin + F.getLength();
    bool Reaches = std::any_of(Ranges.begin(), Ranges.end(), [&](auto &R) {
      return Begin < R.getOffset() + R.getLength() && R.getOffset() <= End;
    });
    bool InHead = std::any_of(Heads.begin(), Heads.end(), [&](auto &H) {
      return H.first <= Begin && End <= H.second;
    });
    if (Reaches && !InHead)
      if (llvm::Error E = Formatted.add(F))
        return E;
  }
  return Replaces.merge(Sorted).merge(Formatted);
}

llvm::Expected<Replacements> formatInWindow(const Replacement &Fix,
                                            unsigned Begin, unsigned End,
                                            llvm::StringRef Path,
                                            llvm::StringRef Code) {
  if (End <= Begin || End > Code.size() || Fix.getOffset() < Begin ||
      Fix.getOffset() + Fix.getLength() > End)
    Begin = 0, End = Code.size();
  Replacements Local(Replacement(Path, Fix.getOffset() - Begin, Fix.getLength(),
                                 Fix.getReplacementText()));
  // A copy: clang's lexers read the NUL after a buffer's end.
  std::string Window = Code.slice(Begin, End).str();
  llvm::Expected<Replacements> Formatted =
      formatReplacements(Path, Window, Local);
  if (!Formatted || Begin == 0)
    return Formatted;
  Replacements Shifted;
  for (const Replacement &R : *Formatted)
    if (llvm::Error E =
            Shifted.add(Replacement(Path, R.getOffset() + Begin, R.getLength(),
                                    R.getReplacementText())))
      return E;
  return Shifted;
}

} // namespace lnr::rewrite
