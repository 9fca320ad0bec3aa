//===- Transport.cpp ------------------------------------------------------===//

#include "tool/lsp/Transport.h"
#include "tool/lsp/BoundedParse.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace lnr::tool::lsp {

std::optional<json::Value> Transport::read() {
  while (true) {
    Frame F = Frames.next();
    if (F.K == Frame::End)
      return std::nullopt;
    if (F.Skipped > 0)
      notify("window/logMessage",
             json::Object{{"type", 2}, // Warning
                          {"message", "lnr-rewrite: skipped " +
                                          std::to_string(F.Skipped) +
                                          " bytes outside any message"}});
    if (F.K == Frame::Lost) {
      replyError(nullptr, ErrorCode::InvalidRequest, F.Text);
      continue;
    }
    Expected<json::Value> Message = parseBounded(F.Text);
    if (Message)
      return std::move(*Message);
    replyError(nullptr, ErrorCode::ParseError,
               "not JSON: " + toString(Message.takeError()));
    // Its Content-Length may have been too long: the next header, or its
    // start, may be in it.
    Frames.rescan(F.Text);
  }
}

void Transport::send(json::Value Message) {
  std::string Body;
  raw_string_ostream(Body) << Message;
  std::lock_guard<std::mutex> Lock(WriteLock);
  std::fprintf(Out, "Content-Length: %zu\r\n\r\n", Body.size());
  std::fwrite(Body.data(), 1, Body.size(), Out);
  std::fflush(Out);
}

void Transport::reply(const json::Value &Id, json::Value Result) {
  send(json::Object{
      {"jsonrpc", "2.0"}, {"id", Id}, {"result", std::move(Result)}});
}

void Transport::replyError(const json::Value &Id, ErrorCode Code,
                           const Twine &Message) {
  send(json::Object{{"jsonrpc", "2.0"},
                    {"id", Id},
                    {"error", json::Object{{"code", int(Code)},
                                           {"message", Message.str()}}}});
}

void Transport::notify(StringRef Method, json::Value Params) {
  send(json::Object{
      {"jsonrpc", "2.0"}, {"method", Method}, {"params", std::move(Params)}});
}

} // namespace lnr::tool::lsp
