//===- Transport.cpp ------------------------------------------------------===//

#include "tool/lsp/Transport.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace lnr::tool::lsp {
namespace {

/// One header line without its CRLF; nullopt at the end of the input.
std::optional<std::string> readLine(std::FILE *In) {
  std::string Line;
  int C;
  while ((C = std::fgetc(In)) != EOF) {
    if (C == '\n')
      return StringRef(Line).rtrim('\r').str();
    Line.push_back(char(C));
  }
  if (Line.empty())
    return std::nullopt;
  return Line;
}

} // namespace

std::optional<std::string> Transport::read() {
  std::optional<size_t> Length;
  // Headers up to the empty line; only Content-Length matters (LSP's
  // Content-Type has one value).
  while (std::optional<std::string> Line = readLine(In)) {
    if (Line->empty()) {
      if (!Length)
        continue; // stray blank line between messages
      std::string Body(*Length, '\0');
      if (std::fread(Body.data(), 1, *Length, In) != *Length)
        return std::nullopt;
      return Body;
    }
    auto [Name, Value] = StringRef(*Line).split(':');
    size_t N;
    if (Name.trim().equals_insensitive("Content-Length") &&
        !Value.trim().getAsInteger(10, N))
      Length = N;
  }
  return std::nullopt;
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
