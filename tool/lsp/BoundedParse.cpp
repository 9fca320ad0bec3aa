//===- BoundedParse.cpp ---------------------------------------------------===//

#include "tool/lsp/BoundedParse.h"
#include "tool/lsp/Limits.h"

#include <optional>

using namespace llvm;

namespace lnr::tool::lsp {
namespace {

/// The offset of the bracket that opens level MaxJsonDepth + 1, if any. A
/// closing bracket that closes nothing leaves the depth at 0: the parser
/// stops there anyway, and up to where it stops the scan's depth is its.
std::optional<size_t> tooDeepAt(StringRef Body) {
  unsigned Depth = 0;
  bool InString = false;
  for (size_t I = 0; I < Body.size(); ++I) {
    char C = Body[I];
    if (InString) {
      if (C == '\\')
        ++I; // the escaped character, a quote or a backslash included
      else if (C == '"')
        InString = false;
    } else if (C == '"') {
      InString = true;
    } else if (C == '[' || C == '{') {
      if (++Depth > MaxJsonDepth)
        return I;
    } else if ((C == ']' || C == '}') && Depth > 0) {
      --Depth;
    }
  }
  return std::nullopt;
}

} // namespace

Expected<json::Value> parseBounded(StringRef Body) {
  if (std::optional<size_t> At = tooDeepAt(Body))
    return createStringError(inconvertibleErrorCode(),
                             "[byte=%zu]: nested deeper than %u levels", *At,
                             MaxJsonDepth);
  return json::parse(Body);
}

} // namespace lnr::tool::lsp
