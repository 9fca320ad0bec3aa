//===- Framing.h - LSP's frames, whatever the bytes ------------*- C++ -*-===//
//
// Splits the input into message bodies by their `Content-Length` headers,
// and finds the next header again after bytes that are no frame:
// - a header line is any line with `Content-Length:` (any case) in it: the
//   value is what follows its last occurrence, and the bytes before it
//   (the rest of a body whose Content-Length was too short, garbage) are
//   skipped, as are lines that are no `Name: value` header;
// - a body is read byte by byte, never waiting for bytes its frame does
//   not need: a line in it that ends with `Content-Length: <digits>` is the
//   next message's header (no JSON text has one: outside a string it is no
//   token, and a string holds no raw line break), so a body whose
//   Content-Length was too long ends there, and the header is read again;
// - a body that is not JSON may end with the start of the next header, or
//   hold one: rescan reads it again as header lines from there.
// Lines are kept to their last 2 * MaxHeaderLine bytes, and a body larger
// than MaxMessageBytes is dropped as it comes, so no input grows memory
// beyond those bounds (Limits.h).
//
//===----------------------------------------------------------------------===//
#ifndef LNR_TOOL_LSP_FRAMING_H
#define LNR_TOOL_LSP_FRAMING_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>

namespace lnr::tool::lsp {

/// What FrameReader::next found.
struct Frame {
  enum Kind {
    Message, ///< Text is a body, not yet parsed
    Lost,    ///< a message that cannot be read; Text says why
    End,     ///< the end of the input
  } K = End;
  std::string Text;
  /// How many bytes before this frame's header were no header.
  uint64_t Skipped = 0;
};

class FrameReader {
public:
  explicit FrameReader(std::FILE *In) : In(In) {}

  /// The next frame. After a Lost one whose body is too large, the next
  /// call drops that body first.
  Frame next();

  /// Reads again, as header lines, the end of Body (a body that was not
  /// JSON) from its first `Content-Length:`, or from where its end could be
  /// the start of one.
  void rescan(llvm::StringRef Body);

private:
  struct LineTail;
  struct Header {
    std::optional<uint64_t> Length; // saturated at UINT64_MAX
    std::string Declared;           // the value as written (a prefix of it)
    uint64_t Skipped = 0;
  };
  enum class BodyEnd { Complete, NextHeader, Eof };

  int get();
  void unread(llvm::StringRef Bytes);
  bool readLine(LineTail &L);
  bool readHeader(Header &H);
  BodyEnd readBody(uint64_t Length, std::string *Body);

  std::FILE *In;
  std::string Back; // bytes unread, read again before In's
  size_t BackAt = 0;
  uint64_t ToDrop = 0; // the body of a message too large, still to drop
};

} // namespace lnr::tool::lsp

#endif
