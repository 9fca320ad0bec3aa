//===- Transport.h - JSON-RPC over stdio with LSP framing ------*- C++ -*-===//
//
// The wire: messages framed by a `Content-Length` header (LSP's base
// protocol), bodies parsed and printed by llvm::json. Reading is the one
// thread's; writing is locked, since the analysis thread publishes
// diagnostics and answers the requests that waited for it.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_TOOL_LSP_TRANSPORT_H
#define LNR_TOOL_LSP_TRANSPORT_H

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
  Transport(std::FILE *In, std::FILE *Out) : In(In), Out(Out) {}

  /// The next message's body; nullopt at the end of the input or when the
  /// framing is broken beyond recovery (no Content-Length).
  std::optional<std::string> read();

  void reply(const llvm::json::Value &Id, llvm::json::Value Result);
  void replyError(const llvm::json::Value &Id, ErrorCode Code,
                  const llvm::Twine &Message);
  void notify(llvm::StringRef Method, llvm::json::Value Params);

private:
  void send(llvm::json::Value Message);

  std::FILE *In, *Out;
  std::mutex WriteLock;
};

} // namespace lnr::tool::lsp

#endif
