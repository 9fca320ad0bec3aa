//===- Limits.h - The language server's bounds on its input ----*- C++ -*-===//
//
// What the server takes from a client, bounded so that no byte sequence on
// its input can make it allocate without bound or recurse without bound.
// Each bound is named once, here.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_TOOL_LSP_LIMITS_H
#define LNR_TOOL_LSP_LIMITS_H

#include <cstddef>

namespace lnr::tool::lsp {

/// The largest body read: a message declaring more is answered with an
/// error and its bytes are dropped as they come. A C file an editor sends
/// (didOpen's text, escaped as JSON) is far smaller.
constexpr std::size_t MaxMessageBytes = std::size_t(64) << 20; // 64 MiB

/// The deepest nesting of arrays and objects a body may have before it goes
/// to llvm::json::parse, which recurses once per level. LSP's messages nest
/// a dozen levels.
constexpr unsigned MaxJsonDepth = 512;

/// How much of a line the framing keeps to find a header in: a longer line
/// (garbage, or a body read as headers) keeps its last 2 * MaxHeaderLine
/// bytes, which hold any header at its end.
constexpr std::size_t MaxHeaderLine = 4096;

} // namespace lnr::tool::lsp

#endif
