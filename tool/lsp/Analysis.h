//===- Analysis.h - One editor buffer through the tool's analysis -*- C++ -*-//
//
// The server's view of runRewrite: the buffers of the open documents laid
// over the real file system (as clangd does), compile flags found as clangd
// finds them, clang's errors kept as data instead of printed.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_TOOL_LSP_ANALYSIS_H
#define LNR_TOOL_LSP_ANALYSIS_H

#include "tool/RewriteAction.h"

#include <map>
#include <string>
#include <vector>

namespace lnr::tool::lsp {

/// An error clang reported while parsing, at [Begin, End) of the main file
/// (an error in an included file is reported at its #include).
struct ParseError {
  unsigned Begin = 0, End = 0;
  std::string Message;
};

struct Analysis {
  std::string Code; // the buffer that was analysed
  std::vector<NestReport> Nests;
  std::vector<ParseError> Errors;
};

/// Analyses the buffer of Path in Buffers (path -> text: every open
/// document, so that an unsaved header is read as the editor has it) with
/// Opts, as `lnr-rewrite <Path>` would analyse that text on disk.
Analysis analyze(const std::string &Path,
                 const std::map<std::string, std::string> &Buffers,
                 const ActionOptions &Opts);

} // namespace lnr::tool::lsp

#endif
