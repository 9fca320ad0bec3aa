//===- Protocol.cpp -------------------------------------------------------===//

#include "tool/lsp/Protocol.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace lnr::tool::lsp {
namespace {

/// UTF-16 code units of the UTF-8 sequence that starts with Lead: two for
/// a 4-byte sequence (a surrogate pair), one otherwise.
unsigned utf16Units(unsigned char Lead) { return Lead >= 0xF0 ? 2 : 1; }

bool isContinuation(unsigned char C) { return (C & 0xC0) == 0x80; }

/// The offset of the start of line Line (from 0), or Code's end.
size_t lineStart(StringRef Code, int64_t Line) {
  size_t Begin = 0;
  for (int64_t L = 0; L < Line; ++L) {
    size_t NewLine = Code.find('\n', Begin);
    if (NewLine == StringRef::npos)
      return Code.size();
    Begin = NewLine + 1;
  }
  return Begin;
}

} // namespace

json::Object position(StringRef Code, unsigned Offset) {
  Offset = std::min<size_t>(Offset, Code.size());
  StringRef Before = Code.take_front(Offset);
  size_t LineBegin = Before.rfind('\n');
  LineBegin = LineBegin == StringRef::npos ? 0 : LineBegin + 1;
  int64_t Character = 0;
  for (unsigned char C : Before.drop_front(LineBegin))
    if (!isContinuation(C))
      Character += utf16Units(C);
  return json::Object{{"line", int64_t(Before.count('\n'))},
                      {"character", Character}};
}

std::optional<unsigned> offsetOf(StringRef Code, const json::Value *Position) {
  const json::Object *P = Position ? Position->getAsObject() : nullptr;
  Optional<int64_t> Line = P ? P->getInteger("line") : None;
  Optional<int64_t> Character = P ? P->getInteger("character") : None;
  if (!Line || !Character || *Line < 0 || *Character < 0)
    return std::nullopt;
  size_t Offset = lineStart(Code, *Line);
  // Walk whole UTF-8 sequences until Character units are consumed; a
  // position inside a surrogate pair ends up after the pair.
  for (int64_t Units = 0;
       Offset < Code.size() && Code[Offset] != '\n' && Units < *Character;) {
    Units += utf16Units(Code[Offset]);
    do
      ++Offset;
    while (Offset < Code.size() && isContinuation(Code[Offset]));
  }
  return unsigned(Offset);
}

json::Object range(StringRef Code, unsigned Begin, unsigned End) {
  return json::Object{{"start", position(Code, Begin)},
                      {"end", position(Code, End)}};
}

json::Array textEdits(StringRef Code,
                      const clang::tooling::Replacements &Edits) {
  json::Array Out;
  for (const clang::tooling::Replacement &R : Edits)
    Out.push_back(json::Object{
        {"range", range(Code, R.getOffset(), R.getOffset() + R.getLength())},
        {"newText", R.getReplacementText().str()}});
  return Out;
}

std::optional<std::string> pathOfUri(StringRef Uri) {
  if (!Uri.consume_front("file://"))
    return std::nullopt;
  std::string Path;
  for (size_t I = 0; I < Uri.size(); ++I) {
    unsigned char High, Low;
    if (Uri[I] == '%' && I + 2 < Uri.size() &&
        (High = hexDigitValue(Uri[I + 1])) < 16 &&
        (Low = hexDigitValue(Uri[I + 2])) < 16) {
      Path.push_back(char(High * 16 + Low));
      I += 2;
    } else {
      Path.push_back(Uri[I]);
    }
  }
  return Path;
}

} // namespace lnr::tool::lsp
