//===- OutputDerivation.h - Pointers based on the output -------*- C++ -*-===//
//
// `restrict` on the output proves that no other pointer reaches its
// elements, except pointers based on it: those the function itself derives
// from the output, however it stores them on the way (a local, a pointer
// array, a struct or union member, a global). A nest that reads an input
// based on the output reads what it writes, and a fused nest reads it at
// other times. This is a taint analysis over the whole function body, kept
// apart from the nest's recovery because it is about the function, not the
// nest: the nest only asks, for each array it reads, whether it may be based
// on the output.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_ANALYSIS_RECOVER_OUTPUTDERIVATION_H
#define LNR_ANALYSIS_RECOVER_OUTPUTDERIVATION_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <set>

namespace lnr::recover {

class OutputDerivation {
public:
  /// Output: the variable the nest writes through; Body: the function's
  /// body; Nest, when given: the statement that reads the inputs. An escape
  /// after Nest that no loop around Nest repeats before it (TACO's
  /// `A->vals = (uint8_t*)A_vals;` at the end of compute and evaluate) is
  /// not one: no pointer the nest reads was set after it.
  OutputDerivation(const clang::VarDecl *Output, const clang::Stmt *Body,
                   clang::ASTContext &Ctx, const clang::Stmt *Nest = nullptr);

  enum class Basis {
    Independent, // proved not based on the output
    Derived,     // set from the output (or from a pointer set from it)
    Escaped,     // may be: the output escapes, and this is not proved apart
  };
  /// The array an input is read from, as written (`E`, `s.p`, `*pp`).
  Basis of(const clang::Expr *Base) const;

  /// Where the output (or a pointer set from it) first escapes: its address
  /// taken, passed to a call, or stored in memory other than a local's own.
  clang::SourceLocation escape() const { return EscapeAt; }

private:
  std::set<const clang::VarDecl *> Tainted; // may hold a pointer into it
  std::set<const clang::VarDecl *> Changed; // assigned or addressed
  clang::SourceLocation EscapeAt;
};

} // namespace lnr::recover

#endif
