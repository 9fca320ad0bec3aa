//===- AstQueries.h - questions about the AST every phase asks -*- C++ -*-===//
//
// Internal to the recovery library: small questions about Clang's AST (is a
// variable changed, what does an expression name, the shapes of TACO's
// split loops) that hold no state of a nest's recovery.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_ANALYSIS_RECOVER_ASTQUERIES_H
#define LNR_ANALYSIS_RECOVER_ASTQUERIES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/ArrayRef.h"

#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace lnr::recover::detail {

using clang::ArraySubscriptExpr;
using clang::ASTContext;
using clang::BinaryOperator;
using clang::CharSourceRange;
using clang::DeclRefExpr;
using clang::DeclStmt;
using clang::Expr;
using clang::ForStmt;
using clang::FunctionDecl;
using clang::LangOptions;
using clang::Lexer;
using clang::OMPLoopDirective;
using clang::QualType;
using clang::SourceLocation;
using clang::SourceManager;
using clang::SourceRange;
using clang::Stmt;
using clang::VarDecl;
using llvm::dyn_cast;

/// Whether V is assigned, incremented or has its address taken in S,
/// outside the statement Except.
bool isChangedIn(const VarDecl *V, const Stmt *S, const Stmt *Except = nullptr);
/// NestRecovery.cpp: whether S holds a loop among its statements (not
/// counting those of expressions).
bool holdsLoop(const Stmt *S);
/// Whether S names V anywhere.
bool references(const Stmt *S, const VarDecl *V);
/// Subscripts.cpp: whether E reads a volatile lvalue, which
/// Expr::HasSideEffects does not see once the read's conversion is stripped.
bool readsVolatile(const Expr *E);
/// BoundLocals.cpp: whether converting an integer of type From to To keeps
/// every value.
bool keepsEveryValue(const ASTContext &Ctx, QualType From, QualType To);

/// LibraryNames.cpp: the names of the C library the temporaries use
/// (their allocation and size).
llvm::ArrayRef<const char *> temporaryLibraryNames();
/// The first of Names, names of the C library the rewrite uses, that means
/// something else where the nest is, or that the file declares in a way
/// the library's header would conflict with: a macro or a poisoned name,
/// a variable of the file or of the function (Locals, namesDeclaredIn), a
/// function of another type or of internal linkage, a typedef of another
/// type; "" if none.
std::string shadowedLibraryName(const std::set<std::string> &Locals,
                                ASTContext &Ctx,
                                llvm::ArrayRef<const char *> Names);
/// Why the file's 'uintptr_t', which the run-time overlap test compares
/// addresses in, cannot serve: a name taken (shadowedLibraryName), or a
/// typedef of the file's own to a type narrower than a pointer or signed
/// (legacy code's 'typedef unsigned int uintptr_t;'), or to another type
/// than the one <stdint.h> declares; "" if none.
std::string unusableAddressType(const std::set<std::string> &Locals,
                                ASTContext &Ctx);

/// The variable E names, parentheses and implicit casts aside, or null.
/// Text with its escaped line breaks ('\\' then a line break) removed, as
/// the compiler removes them before it reads a token: 'cr\\<nl>d' is 'crd';
/// after a blank, the blanks that follow go too ('s * \\<nl>  B' is
/// 's * B').
inline std::string withoutSplices(llvm::StringRef Text) {
  std::string Out;
  for (size_t I = 0; I < Text.size(); ++I) {
    llvm::StringRef After = Text.substr(I + 1);
    size_t Splice = Text[I] != '\\'            ? 0
                    : After.startswith("\n")   ? 2
                    : After.startswith("\r\n") ? 3
                                               : 0;
    if (!Splice) {
      Out += Text[I];
      continue;
    }
    bool Blank = !Out.empty() && (Out.back() == ' ' || Out.back() == '\t');
    I += Splice - 1;
    while (Blank && I + 1 < Text.size() &&
           (Text[I + 1] == ' ' || Text[I + 1] == '\t'))
      ++I;
  }
  return Out;
}

inline const VarDecl *asVar(const Expr *E) {
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(Ref->getDecl());
  return nullptr;
}

/// SplitLoops.cpp: the shapes of TACO's split loops.
/// The variable For declares and starts from 0, steps by one and compares
/// below its bound ('for (T v = 0; v < bound; v++)'), and the bound.
const VarDecl *countedFromZero(const ForStmt *For, const Expr *&Bound,
                               ASTContext &Ctx);
/// The one loop Body is, braces or not; null otherwise.
const ForStmt *onlyLoop(const Stmt *Body);
/// The statements of a loop's or a branch's body, braces or not.
inline std::vector<const Stmt *> statementsOf(const Stmt *Body) {
  if (const auto *CS = dyn_cast<clang::CompoundStmt>(Body))
    return {CS->body_begin(), CS->body_end()};
  return {Body};
}
/// The variable S declares when it is a declaration of one variable (a
/// loop's init 'int i = 0', a body's 'int j = crd[p];'); null otherwise.
inline const VarDecl *onlyVariable(const Stmt *S) {
  const auto *DS = llvm::dyn_cast_or_null<DeclStmt>(S);
  return DS && DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl())
                                  : nullptr;
}
/// ElementwiseMaps.cpp: whether A and B are the same expression,
/// parentheses and implicit casts aside (Clang's structural profile: the same
/// declarations, members, constants and operators).
bool sameExpression(const Expr *A, const Expr *B, const ASTContext &Ctx);
/// ElementwiseMaps.cpp: whether a call of F stores nothing the caller can
/// read: a function of math.h of its arguments alone, or a static function
/// of the file that returns an expression of its parameters with no effect.
bool callStoresNothing(const FunctionDecl *F, const ASTContext &Ctx);
/// NestPairs.cpp: whether a store of a Stored lvalue (a real floating
/// type) cannot change memory read as each of Read in a C program: each a
/// pointer, an integer type other than the character types (which may
/// read any object), or another real floating type (not a complex type,
/// made of Stored's objects); a null type, a member of a union, is none
/// (the effective-type rule, C11 6.5p7, which -fstrict-aliasing assumes
/// too).
bool storesCannotReach(QualType Stored, const std::vector<QualType> &Read,
                       const ASTContext &Ctx);
/// Whether S steps V by one ('v++', '++v', 'v += 1'); S may be null.
bool stepsByOne(const Stmt *S, const VarDecl *V, ASTContext &Ctx);
/// Whether S steps V down by one ('v--', '--v', 'v -= 1').
bool stepsDownByOne(const Stmt *S, const VarDecl *V, ASTContext &Ctx);
/// The integer constant E is, if it is one.
std::optional<int64_t> constantOf(const Expr *E, ASTContext &Ctx);
/// E when Count is `(E + (S - 1)) / S`, the number of strips of S that
/// cover [0, E) as TACO writes it; null otherwise.
const Expr *stripsCover(const Expr *Count, int64_t S, ASTContext &Ctx);
/// Whether E is `A * S` (or `S * A`) for the variable A and constant S.
bool isScaled(const Expr *E, const VarDecl *A, int64_t S, ASTContext &Ctx);
/// Whether E is `A * S + B` (or `B + A * S`, `S * A + B`) for the
/// variables A and B and the constant S.
bool isStrip(const Expr *E, const VarDecl *A, const VarDecl *B, int64_t S,
             ASTContext &Ctx);

/// Orders variables as the file declares them, so that what is built by
/// walking a form's terms (the order of a subscript's indices, the text
/// of a range) is the same on every run: by address, it would change
/// with the allocator's layout.
struct DeclaredBefore {
  bool operator()(const VarDecl *A, const VarDecl *B) const {
    unsigned LocA = A->getLocation().getRawEncoding();
    unsigned LocB = B->getLocation().getRawEncoding();
    if (LocA != LocB)
      return LocA < LocB;
    if (A->getName() != B->getName())
      return A->getName() < B->getName();
    return std::less<const VarDecl *>()(A, B); // one location, one name
  }
};

} // namespace lnr::recover::detail

#endif
