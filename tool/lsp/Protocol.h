//===- Protocol.h - LSP's positions, URIs, diagnostics, edits --*- C++ -*-===//
//
// Conversions between the analysis's byte offsets and LSP's JSON: positions
// count UTF-16 code units (the encoding the server advertises, and the only
// one every client speaks), URIs are percent-encoded file paths.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_TOOL_LSP_PROTOCOL_H
#define LNR_TOOL_LSP_PROTOCOL_H

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <optional>
#include <string>

namespace lnr::tool::lsp {

/// {"line", "character"} of the byte Offset of Code (clamped to its end).
llvm::json::Object position(llvm::StringRef Code, unsigned Offset);

/// The byte offset of an LSP position in Code: nullopt when Position is not
/// {"line", "character"}; a line past the end is the end, a character past
/// the line's end is its end (as clangd clamps them).
std::optional<unsigned> offsetOf(llvm::StringRef Code,
                                 const llvm::json::Value *Position);

/// {"start", "end"} of the bytes [Begin, End) of Code.
llvm::json::Object range(llvm::StringRef Code, unsigned Begin, unsigned End);

/// LSP TextEdits of Replacements on Code, in order.
llvm::json::Array textEdits(llvm::StringRef Code,
                            const clang::tooling::Replacements &Edits);

/// The path of a file:// URI; nullopt for another scheme.
std::optional<std::string> pathOfUri(llvm::StringRef Uri);

} // namespace lnr::tool::lsp

#endif
