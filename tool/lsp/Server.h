//===- Server.h - lnr-rewrite --lsp: a language server ---------*- C++ -*-===//
//
// The nest under the cursor, the clangd way: diagnostics per nest, a code
// action that rewrites it, one that keeps it. The thread that reads
// messages answers them from the last analysis of each document; the
// analysis itself (seconds on a large file) runs on a worker thread,
// debounced, and a change made while it runs supersedes it.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_TOOL_LSP_SERVER_H
#define LNR_TOOL_LSP_SERVER_H

#include "tool/RewriteAction.h"

namespace lnr::tool::lsp {

/// Serves LSP on stdin and stdout until `exit`; the process's exit status
/// (0 after `shutdown`, 1 otherwise). Opts is the command line's
/// configuration, applied to every analysis.
int runServer(const ActionOptions &Opts);

} // namespace lnr::tool::lsp

#endif
