//===- Transport.h - JSON-RPC over stdio with LSP framing ------*- C++ -*-===//
//
// The wire: messages framed by a `Content-Length` header (LSP's base
// protocol), bodies parsed and printed by llvm::json. Reading is the one
// thread's; writing is locked, since the analysis thread publishes
// diagnostics and answers the requests that waited for it.
//
// No byte sequence ends the reading before the end of the input, and none
// makes it allocate or recurse without bound (the bounds are Limits.h's):
// - a body is at most MaxMessageBytes: a larger Content-Length, or one that
//   is no number, is answered with InvalidRequest and id null (JSON-RPC
//   2.0's id of a request whose id could not be read), and the body is
//   dropped as it comes, never stored;
// - a body goes to llvm::json::parse only if it nests at most MaxJsonDepth
//   arrays and objects (BoundedParse.h); a deeper one, invalid UTF-8 or any
//   other text that is not JSON is answered with ParseError, id null;
// - header lines are kept to their last bytes (MaxHeaderLine).
// After a wrong Content-Length or garbage, reading resynchronises on the
// next `Content-Length:` header (Framing.h says how): inside a body that
// was too long, after the rest of one that was too short, at the end of a
// garbage line. The bytes skipped that way are told to the client in a
// window/logMessage.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_TOOL_LSP_TRANSPORT_H
#define LNR_TOOL_LSP_TRANSPORT_H

#include "tool/lsp/Framing.h"

#include "llvm/Support/JSON.h"

#include <cstdio>
#include <mutex>
#include <optional>
#include <string>

namespace lnr::tool::lsp {

/// JSON-RPC's and LSP's error codes.
enum class ErrorCode {
  ParseError = -32700,
  InvalidRequest = -32600,
  MethodNotFound = -32601,
  InvalidParams = -32602,
  InternalError = -32603,
  ServerNotInitialized = -32002,
  RequestCancelled = -32800,
  ContentModified = -32801,
};

class Transport {
public:
  Transport(std::FILE *In, std::FILE *Out) : Frames(In), Out(Out) {}

  /// The next message, parsed; nullopt only at the end of the input. What
  /// comes before it and is no message is answered or logged, and skipped.
  std::optional<llvm::json::Value> read();

  void reply(const llvm::json::Value &Id, llvm::json::Value Result);
  void replyError(const llvm::json::Value &Id, ErrorCode Code,
                  const llvm::Twine &Message);
  void notify(llvm::StringRef Method, llvm::json::Value Params);

private:
  void send(llvm::json::Value Message);

  FrameReader Frames;
  std::FILE *Out;
  std::mutex WriteLock;
};

} // namespace lnr::tool::lsp

#endif
