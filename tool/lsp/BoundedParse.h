//===- BoundedParse.h - llvm::json::parse within a depth -------*- C++ -*-===//
//
// llvm::json::parse recurses once per nested array or object, so a body
// such as 200,000 `[` overflows the stack. parseBounded scans the body's
// brackets first (outside strings, escapes honoured: the nesting the parser
// would see) and refuses one nested deeper than MaxJsonDepth. The parser
// itself refuses invalid UTF-8.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_TOOL_LSP_BOUNDEDPARSE_H
#define LNR_TOOL_LSP_BOUNDEDPARSE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

namespace lnr::tool::lsp {

/// Body's JSON value, or why it is none: not JSON, invalid UTF-8, or nested
/// deeper than MaxJsonDepth.
llvm::Expected<llvm::json::Value> parseBounded(llvm::StringRef Body);

} // namespace lnr::tool::lsp

#endif
