//===- NestPairs.h - A producer nest and the next nest reading it -*- C++ -*-=//
//
// The function-level view of the separate kernels real code writes: a nest
// that fills a local temporary (edge scores at a matrix's nonzeros, a dense
// X·W) and the next statement, a nest that reads it. What the AST proves of
// the pair is here: the two are consecutive statements of one block (but
// for statements that may run first), and whether the temporary's values
// are read nowhere else, so that a fused nest need not write it. Whether the
// two nests compose (the consumer reads what the producer writes, element for
// element) is asked of the recovered nests (rewrite/NestComposition.h).
//
//===----------------------------------------------------------------------===//
#ifndef LNR_ANALYSIS_RECOVER_NESTPAIRS_H
#define LNR_ANALYSIS_RECOVER_NESTPAIRS_H

#include "analysis/recover/NestRecovery.h"

#include "clang/AST/ASTContext.h"

#include <optional>
#include <string>
#include <vector>

namespace lnr::recover {

struct NestPair {
  /// Sites[Producer] and Sites[consumer()] (findLoopNests's order).
  size_t Producer = 0;
  /// Sites[Producer + 1] is a nest that only sets the consumer's output to
  /// 0 (TACO's consumer zeroing its dense output first, `for (pC = 0; pC <
  /// C1_dimension * C2_dimension; pC++) C_vals[pC] = 0.0;`), right before
  /// the consumer in the producer's block, the producer naming nothing it
  /// stores: the consumer is Sites[Producer + 2], and Between the
  /// statements up to the zeroing nest. A fused nest runs it first, once
  /// its checks prove it apart from the producer's arrays.
  bool ZeroesOutput = false;
  size_t consumer() const { return Producer + (ZeroesOutput ? 2 : 1); }
  /// The temporary the producer writes and the consumer reads.
  std::string Temporary;
  /// The name the consumer reads it by, when that is another local pointer
  /// declared alike ('T_vals' of each of two inlined TACO functions); ""
  /// when it reads Temporary itself. The rewrite checks at run time that
  /// the two are equal.
  std::string ReadAs;
  /// Why its values may be read after the consumer, or its memory be
  /// another array's (a parameter, a global, a pointer not allocated here,
  /// a local named elsewhere than in the two nests, its allocation and its
  /// free): a fused nest still stores it, and the run-time overlap test
  /// covers it. "" for a local array or allocation that nothing else
  /// reads, dead after the consumer.
  std::string Live;
  /// The variable whose pointer the temporary, a local set by it alone,
  /// holds ("T" for 'double *tv = T;'); "" for none. What zeroes that
  /// variable's memory zeroes the temporary's.
  std::string Holds;
  /// Every element is 0 before the producer runs: the statement right
  /// before it allocates the temporary with calloc, sets it to 0 with
  /// memset, or is a loop nest storing 0 into it.
  bool ZeroBefore = false;
  /// The statements between the two (none when they are consecutive):
  /// declarations and assignments of local scalars that neither read nor
  /// write what the producer does, so that they run as well before it.
  /// The fused nest takes the consumer's place, after them.
  std::vector<const clang::Stmt *> Between;
  /// Why the two, a nest storing an array that the next nest of its block
  /// reads, are not such a pair ("" when they are): a statement between
  /// them that the producer could not follow.
  std::string Refused;
};

/// Whether every element of T is 0 when S, a statement of Block in the
/// body Function, runs: the statement before it (but for tests of T for
/// null, 'if (!T) return;') allocates T with calloc, or sets it to 0 with
/// memset or a loop nest storing 0 into it when T is memory of Function's
/// own that held no value before (a part left unzeroed would be read
/// unwritten by the original too).
bool zeroedBefore(const clang::CompoundStmt *Block, const clang::Stmt *S,
                  const clang::VarDecl *T, const clang::Stmt *Function,
                  clang::ASTContext &Ctx);

/// The pairs among Sites, and the nests that would be pairs but for what
/// Refused says: each site begins at most one, and a site is in at most
/// one pair that is not refused (the consumer of a refused one may begin
/// the next).
std::vector<NestPair> findNestPairs(const std::vector<NestSite> &Sites,
                                    clang::ASTContext &Ctx);

} // namespace lnr::recover

#endif
