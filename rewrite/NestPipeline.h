//===- NestPipeline.h - A unit's nests, as it is parsed --------*- C++ -*-===//
//
// The nests of a translation unit, rewritten function by function while
// the parser goes on: each function the parser completes has its nests
// recovered from the AST on the parser's thread, then lowered and printed
// by workers (Options::Threads) while the parse reads the next functions.
// A tool's ASTConsumer hands it each top-level declaration
// (HandleTopLevelDecl) and takes the outcomes at the end of the unit. A
// nest in a header is lowered at the end, named with what the whole unit
// takes, so that every inclusion of the header writes it the same; a
// template's instantiations are not read (the text is the template's).
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_NESTPIPELINE_H
#define LNR_REWRITE_NESTPIPELINE_H

#include "rewrite/NestRewriter.h"

#include <memory>

namespace clang {
class ASTContext;
class Decl;
} // namespace clang

namespace lnr::rewrite {

class NestPipeline {
public:
  /// Opts must outlive the pipeline. Unit: what an earlier reading of the
  /// whole unit learnt (finish reads it again with them).
  NestPipeline(clang::ASTContext &Ctx, const Options &Opts,
               FileHooks Hooks = {}, recover::UnitFacts Unit = {});
  /// Waits for the workers.
  ~NestPipeline();

  /// The nests of the function D defines, or of each function defined in D
  /// (an extern "C" block, a namespace); nothing once the parse has met an
  /// error (the AST of a function with errors is not read).
  void add(const clang::Decl &D);

  /// One outcome per nest, in the order the nests are written; once, at the
  /// end of the unit. When the end of the unit changed what a recovery read
  /// of the C library's names (a macro 'malloc' defined after the nest's
  /// function, or undefined after it), the unit's nests are read again from
  /// the whole AST, with every name taken where a function was read.
  std::vector<NestOutcome> finish();

private:
  struct State;
  std::unique_ptr<State> S;
};

} // namespace lnr::rewrite

#endif
