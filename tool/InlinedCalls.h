//===- InlinedCalls.h - Separate kernels in two functions ------*- C++ -*-===//
//
// Two calls of functions that are each a loop nest (recover/CallPairs.h),
// `sddmm(A, B, S, C); spmm(X, C, Y);`, are rewritten as the block of their
// two bodies would be: the file is parsed again with the block in place of
// the calls (Reparse.h), the block's nests go through the pipeline as the
// nests of one function do, and when they fuse, the calls are replaced by
// the block so rewritten. The functions stay as they are (other callers may
// use them), and the fallback of the block's run-time checks is the two
// calls as written. A pair whose nests do not fuse is left as it is, with
// the remark the consumer nest got in the block (lnr-separate-kernels) at
// the calls; each function's nest has its own remark besides.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_TOOL_INLINEDCALLS_H
#define LNR_TOOL_INLINEDCALLS_H

#include "rewrite/NestRewriter.h"

#include "clang/AST/ASTContext.h"
#include "clang/Frontend/CompilerInstance.h"

#include <vector>

namespace lnr::tool {

/// One outcome per pair of calls of the main file whose inlined nests fuse,
/// or say why not, in the order the calls are written: a fused pair's fix
/// replaces the two calls with the block, to be formatted with clang-format
/// like any fix that is not printed in the file's style. Hooks are the
/// unit's (the include check).
std::vector<rewrite::NestOutcome>
rewriteCallPairs(clang::CompilerInstance &CI, clang::ASTContext &Ctx,
                 const rewrite::Options &Opts, const rewrite::FileHooks &Hooks);

} // namespace lnr::tool

#endif
