//===- Framing.cpp --------------------------------------------------------===//

#include "tool/lsp/Framing.h"
#include "tool/lsp/Limits.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"

#include <algorithm>

using namespace llvm;

namespace lnr::tool::lsp {

/// The last bytes of the line being read, at most 2 * MaxHeaderLine: any
/// header at its end, and bounded whatever the line's length.
struct FrameReader::LineTail {
  std::string Text;
  uint64_t Dropped = 0; // the bytes before Text

  void push(char C) {
    if (Text.size() == 2 * MaxHeaderLine) {
      Text.erase(0, MaxHeaderLine);
      Dropped += MaxHeaderLine;
    }
    Text.push_back(C);
  }
  void clear() {
    Text.clear();
    Dropped = 0;
  }
  uint64_t size() const { return Dropped + Text.size(); }
};

namespace {

constexpr StringLiteral LengthName = "content-length:";

bool isNumber(StringRef Value) {
  return !Value.empty() && all_of(Value, isDigit);
}

/// The offset in Line (no line break) of a `Content-Length: <digits>` that
/// ends it, or npos.
size_t lengthHeaderAt(StringRef Line) {
  Line = Line.rtrim('\r');
  size_t At = Line.rfind_insensitive(LengthName);
  if (At == StringRef::npos ||
      !isNumber(Line.substr(At + LengthName.size()).trim(" \t")))
    return StringRef::npos;
  return At;
}

/// Whether Line is a `Name: value` header (Content-Type, or one LSP does
/// not define, skipped as HTTP skips those it does not know).
bool isHeaderField(StringRef Line) {
  StringRef Name = Line.split(':').first;
  return Name.size() < Line.size() && !Name.empty() && all_of(Name, [](char C) {
           return isAlnum(C) || StringRef("!#$%&'*+-.^_`|~").contains(C);
         });
}

} // namespace

int FrameReader::get() {
  if (BackAt < Back.size())
    return static_cast<unsigned char>(Back[BackAt++]);
  if (!Back.empty()) {
    Back = std::string(); // its memory too
    BackAt = 0;
  }
  return getc_unlocked(In);
}

void FrameReader::unread(StringRef Bytes) {
  Back = Bytes.str() + Back.substr(BackAt);
  BackAt = 0;
}

/// The next line, without its line break, into L; false at the end of the
/// input.
bool FrameReader::readLine(LineTail &L) {
  L.clear();
  int C;
  while ((C = get()) != EOF) {
    if (C == '\n')
      return true;
    L.push(char(C));
  }
  return L.size() > 0;
}

/// Header lines up to the empty line after a Content-Length (empty lines
/// before one are stray, skipped): true when that line was read. The last
/// Content-Length wins, a value that is no number leaving H.Length empty.
bool FrameReader::readHeader(Header &H) {
  LineTail L;
  bool Seen = false;
  while (readLine(L)) {
    StringRef Line = StringRef(L.Text).rtrim('\r');
    if (Line.empty() && L.Dropped == 0) {
      if (Seen)
        return true;
      continue;
    }
    size_t At = Line.rfind_insensitive(LengthName);
    if (At == StringRef::npos) {
      if (L.Dropped > 0 || !isHeaderField(Line))
        H.Skipped += L.size() + 1;
      continue;
    }
    Seen = true;
    H.Skipped += L.Dropped + At;
    StringRef Value = Line.substr(At + LengthName.size()).trim(" \t");
    H.Declared =
        json::fixUTF8(Value.take_front(40)) + (Value.size() > 40 ? "..." : "");
    uint64_t N;
    if (!isNumber(Value))
      H.Length.reset();
    else
      H.Length = Value.getAsInteger(10, N) ? UINT64_MAX : N; // overflow
  }
  return false;
}

/// Reads Length bytes, into Body or, when it is null, nowhere. A line of
/// them that ends with a Content-Length header is the next message's: the
/// body ends before it and the header is read again.
FrameReader::BodyEnd FrameReader::readBody(uint64_t Length, std::string *Body) {
  if (Body)
    Body->reserve(std::min<uint64_t>(Length, 1 << 20));
  LineTail L;
  for (uint64_t I = 0; I < Length; ++I) {
    int C = get();
    if (C == EOF)
      return BodyEnd::Eof;
    if (C != '\n') {
      L.push(char(C));
    } else if (size_t At = lengthHeaderAt(L.Text); At != StringRef::npos) {
      if (Body)
        Body->resize(Body->size() - (L.Text.size() - At));
      unread(L.Text.substr(At) + "\n");
      return BodyEnd::NextHeader;
    } else {
      L.clear();
    }
    if (Body)
      Body->push_back(char(C));
  }
  return BodyEnd::Complete;
}

Frame FrameReader::next() {
  Frame F;
  if (ToDrop > 0) {
    uint64_t Length = ToDrop;
    ToDrop = 0;
    if (readBody(Length, nullptr) == BodyEnd::Eof)
      return F;
  }
  Header H;
  bool Complete = readHeader(H);
  F.Skipped = H.Skipped;
  if (!Complete)
    return F;
  F.K = Frame::Lost;
  if (!H.Length) {
    F.Text = "Content-Length '" + H.Declared +
             "' is not a number: the message is skipped up to the next "
             "Content-Length header";
  } else if (*H.Length > MaxMessageBytes) {
    F.Text = "a message of " + H.Declared + " bytes is over the limit of " +
             std::to_string(MaxMessageBytes) + " bytes: it is dropped";
    ToDrop = *H.Length;
  } else if (readBody(*H.Length, &F.Text) == BodyEnd::Eof) {
    F.K = Frame::End;
  } else {
    F.K = Frame::Message;
  }
  return F;
}

void FrameReader::rescan(StringRef Body) {
  size_t At = Body.find_insensitive(LengthName);
  if (At == StringRef::npos) {
    // The longest end of Body that is a start of "Content-Length:".
    At = Body.size();
    for (size_t N = std::min(Body.size(), LengthName.size() - 1); N > 0; --N)
      if (Body.take_back(N).equals_insensitive(LengthName.take_front(N))) {
        At = Body.size() - N;
        break;
      }
  }
  unread(Body.substr(At));
}

} // namespace lnr::tool::lsp
