//===- CallPairs.h - Separate kernels written as two functions -*- C++ -*-===//
//
// Real code writes separate kernels as functions called one after the
// other: `sddmm(A, B, S, C); spmm(X, C, Y);`, each function a loop nest
// (SpComm3D, TACO's generated `compute`, DGL's kernels). The nests are a
// producer and its consumer once both calls are replaced by the bodies of
// the functions called, in a block of their own: what this finds, with the
// text of that block. Whether the two nests then fuse is asked of the
// nests of the block, as of any nests of one function (NestPairs.h), in a
// parse of the file with the block in place of the calls.
//
// The block computes what the calls do, as the AST proves it:
//  - each function called is defined in the main file with a loop nest,
//    is not variadic, returns nothing or a constant last (TACO's
//    `return 0;`, which the call statement discards), and has no other
//    return, no label, no static local, and no write to a parameter
//    (`n = 0`, `s.nnz++`, `&n`): a parameter is a name for its argument;
//  - an argument that is a local variable of the caller (or a parameter of
//    it) of the parameter's type, whose address the caller never takes,
//    names the parameter: both functions then read that variable, which
//    neither can change (a parameter is not written, and the address
//    does not escape). Any other argument is evaluated once into a local
//    of the parameter's type, declared at the top of the block, when it
//    reads no memory and calls nothing (a constant, `n * 2`, an array's
//    address), so that evaluating it before the first body is what the
//    second call did after it;
//  - the functions' locals keep their names unless another name of the
//    block, or a name the calls spell (the block keeps the calls as its
//    fallback), is spelled alike, and are renamed apart otherwise (`k` of
//    the second function becomes `k_spmm`), in text the AST locates: a
//    renamed name spelled inside a macro's definition refuses the pair.
//    Variables both declare at their top without a value, as C89 code
//    declares its loop variables, are the first's in the second;
//  - the bodies' names mean at the calls what they meant where written: a
//    global or a type a declaration of the caller hides, a macro defined
//    again between, refuse the pair; so do member functions, and
//    parameters of classes copied by a constructor.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_ANALYSIS_RECOVER_CALLPAIRS_H
#define LNR_ANALYSIS_RECOVER_CALLPAIRS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <string>
#include <vector>

namespace lnr::recover {

/// A declaration the block holds (an argument's local, a declaration at
/// the top of a body) as Block writes it, with its variables: a rewrite of
/// the block whose fallback is the calls may leave some of them unread.
struct BlockDeclaration {
  std::string Text;
  struct Variable {
    std::string Name;
    /// The variable declared alone ("double s"); "" when it has a value
    /// or an attribute.
    std::string Alone;
    /// Spelled in a macro's body, where a reading is not seen: kept.
    bool InMacro = false;
  };
  std::vector<Variable> Variables;
  /// Its values call nothing and set nothing, and its variables have no
  /// attribute ('cleanup') nor a class type: dropped, nothing changes.
  bool Quiet = true;
};

struct CallPair {
  /// The two call statements, consecutive in a block of the caller.
  const clang::Stmt *First = nullptr, *Second = nullptr;
  const clang::FunctionDecl *Caller = nullptr;
  /// The main file's text the block replaces, [Begin, Begin + Length):
  /// the first call's first character to the second's semicolon.
  unsigned Begin = 0, Length = 0;
  /// The block: `{`, the arguments' locals, each body in turn, `}`.
  std::string Block;
  /// Where the first body ends in Block.
  unsigned FirstEnd = 0;
  /// The declarations of Block, in order.
  std::vector<BlockDeclaration> Declarations;
  /// A variable of the caller passed to the first call and zeroed right
  /// before it (`T = calloc(...)`, `memset(T, 0, ...)`), which the first
  /// body, quiet declarations then its one nest, names so: every element
  /// is 0 when that nest starts. "" for none.
  std::string Zeroed;
  /// The two calls as written ("sddmm(A, B, S, C);\n  spmm(X, C, Y);").
  std::string Calls;
  /// The functions called, in order.
  std::string Callees[2];
  /// Why the block cannot take the calls' place (Block is then empty): a
  /// parameter written, an early return, an argument that reads memory...;
  /// "" when it can.
  std::string Refused;
};

/// The pairs of consecutive calls, in the functions of the main file, of
/// two functions of the file each with a loop nest, that pass a variable in
/// common, in the order they are written: inlined as the file comment
/// says, or refused by name. A call is in one pair at most.
std::vector<CallPair> findCallPairs(clang::ASTContext &Ctx);

} // namespace lnr::recover

#endif
