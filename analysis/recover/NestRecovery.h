//===- NestRecovery.h - Clang AST -> loop nest -> index notation -*- C++
//-*-===//
//
// Reads one outermost `for` nest of a function and lifts it to an ir::Kernel
// plus the source fragments the rewrite reuses. Every fact the rewrite
// relies on is proved here from the AST; anything else is a named refusal.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_ANALYSIS_RECOVER_NESTRECOVERY_H
#define LNR_ANALYSIS_RECOVER_NESTRECOVERY_H

#include "analysis/ir/Kernel.h"
#include "analysis/ir/Refusal.h"
#include "analysis/source/NestSource.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Stmt.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

namespace lnr::recover {

struct Options {
  /// Trust that the output shares no memory with an input even when it is
  /// not declared `restrict` (the user's promise, like -fstrict-aliasing).
  bool AssumeNoAlias = false;
  /// Refuse (lnr-possible-alias) an output not proved disjoint instead of
  /// recording what a run-time overlap test needs (OverlapFacts).
  bool NoAliasCheck = false;
};

/// What the rest of the translation unit tells the recovery of each nest:
/// facts a first reading of the whole unit learns, not options.
struct UnitFacts {
  /// Names of the C library (libraryNamesTaken) a macro or a declaration
  /// takes where another function of the file is: taken for every nest too
  /// (a 'free' macro before the kernel and undefined after it).
  std::set<std::string> LibraryNamesTakenElsewhere;
  /// The headers a rewrite would include ("stdlib.h", "stdint.h") with
  /// which the file does not compile, and the first error it then gets
  /// (rewrite::FileHooks::IncludeConflict): a nest that needs one included
  /// does without it or is left as it is.
  std::map<std::string, std::string> HeaderConflicts;
};

struct RecoveredNest {
  ir::Kernel Kernel;
  NestSource Source;
};

struct Failure {
  Refusal Reason;
  clang::SourceLocation Where;
};

/// An outermost `for` loop (with the OpenMP loop directive on it, if any)
/// and the OpenMP region around it, if any.
struct NestSite {
  const clang::Stmt *Nest = nullptr;
  const clang::Stmt *Region = nullptr;
  const clang::Stmt *Function = nullptr; // the body the nest is in
  /// The nest is inside an expression (a GNU statement expression,
  /// `({ for (...) ...; x; })`): it is reported, not rewritten.
  bool InExpression = false;
  const clang::FunctionDecl *Declaration = nullptr; // Function's
};

/// The outermost `for` loops of Function's body in source order, each with a
/// remark to come. Loops inside other `for` loops belong to their outermost
/// loop's nest; the body of a `while` or `do` loop is searched like a block
/// (the loop repeats the nests in it, each self-contained), and so is that of a
/// `for` loop whose variable its body does not use (a repeat loop, `for (t
/// = 0; t < T; t++) { nests }`), and statement expressions, whose nests are
/// marked InExpression. A lambda's body is not searched: lambdasIn finds
/// it as a function of its own.
std::vector<NestSite> findLoopNests(const clang::FunctionDecl &Function);

/// The call operators of the lambdas written in Root (a function's body, a
/// variable's initializer), outermost first; not those of generic lambdas,
/// which are templates, nor of lambdas inside them.
std::vector<const clang::CXXMethodDecl *> lambdasIn(const clang::Stmt *Root);

/// A nest refused for its first obstacle whose imperfect body is a
/// producer and a consumer already distributed and fused: its failure says
/// so (lnr-already-fused) instead.
std::variant<RecoveredNest, Failure> recoverNest(const NestSite &Site,
                                                 clang::ASTContext &Ctx,
                                                 const Options &Opts,
                                                 const UnitFacts &Unit = {});

/// The names of the C library a rewrite uses (malloc, calloc, free,
/// size_t, uintptr_t) that the translation unit, as far as it is parsed,
/// takes: by a macro or a file-level variable, or a file's own narrow
/// 'uintptr_t'. A nest recovered while the parse goes on read this state
/// then; its recovery holds only if the whole unit's is the same.
std::set<std::string> libraryNamesTaken(clang::ASTContext &Ctx);

/// A workspace a nest already computes through (TACO's `precompute`, or the
/// same fusion by hand): in one block of the nest, a local array (or a local
/// pointer set by malloc, calloc, realloc or aligned_alloc) zeroed by a loop
/// (memset, or calloc in that block), filled by the next loop that stores it
/// with accumulated products, then read by a following loop that stores
/// another array; the products of two factors at most (Workspace.cpp).
struct Workspace {
  std::string Name;   // the workspace
  std::string Output; // the array the consumer stores
  unsigned FilledLine = 0, ReadLine = 0;
};
std::optional<Workspace> findWorkspace(const clang::Stmt *Nest,
                                       const clang::Stmt *Function,
                                       clang::ASTContext &Ctx);

} // namespace lnr::recover

#endif
