//===- NestComposition.h - Two separate nests read as one kernel -*- C++ -*-=//
//
// The separate kernels of real code (recover/NestPairs.h): a producer nest
// that stores a temporary, `T(i,j) = B(i,j) * C(i,k) * D(j,k)`, and the
// next nest reading it, `A(i,l) += T(i,j) * E(j,l)`. Substituting the
// producer into the consumer gives the kernel both compute,
// `A(i,l) += B(i,j) * C(i,k) * D(j,k) * E(j,l)`, whose search then finds
// the fused schedules; the two nests as written are one schedule of it
// (the separate graph), the one a rewrite is measured against. Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_NESTCOMPOSITION_H
#define LNR_REWRITE_NESTCOMPOSITION_H

#include "analysis/ir/BranchedGraph.h"
#include "analysis/ir/Kernel.h"
#include "analysis/source/NestSource.h"

#include <functional>
#include <string>
#include <variant>
#include <vector>

namespace lnr::rewrite {

/// What the AST proved of the pair (recover::NestPair), and the text the
/// composed nest replaces.
struct PairFacts {
  /// The temporary, as the kernels name its tensor ("T" for TACO's
  /// 'T_vals', named by its struct).
  std::string Temporary;
  /// Its array, as the producer's C names it ("T_vals").
  std::string TemporaryArray;
  /// The array the consumer reads it by, another local holding the same
  /// pointer (recover::NestPair::ReadAs), or "": checked equal at run time.
  std::string ReadAs;
  /// Its values may be read after the consumer, or its memory be another
  /// array's (recover::NestPair::Live): the fused nest stores each element
  /// once, and the run-time overlap test covers it.
  bool Live = false;
  bool ZeroBefore = false;
  /// --assume-no-alias: the output shares no memory with any input.
  bool AssumeNoAlias = false;
  /// The two nests' text as written, the consumer on a line after the
  /// producer's, without what is between them: the fallback of a
  /// versioned rewrite.
  std::string Text;
  /// How many characters the rewrite replaces: from the producer's first
  /// to the consumer's last.
  unsigned Length = 0;
  /// The statements between the two nests as written (NestPair::Between),
  /// which run before the fused nest; "" when there are none.
  std::string Between;
  /// The consumer's nest that zeroes its output, between the two
  /// (recover::NestPair::ZeroesOutput), as recovered: the fused nest runs
  /// it first (ZeroingNest.h); null for none.
  const ir::Kernel *ZeroingKernel = nullptr;
  const NestSource *Zeroing = nullptr;
  /// Whether a name is taken in the file (a producer's loop variable the
  /// consumer also declares is renamed to a name that is not); unset: no
  /// renaming.
  std::function<bool(const std::string &)> IsNameTaken;
};

/// The tensor of the array a producer stores ('T' for TACO's 'T_vals',
/// named by its struct), as the kernel names it: Array itself where the
/// producer's output is another array.
std::string storedTensor(const ir::Kernel &PK, const NestSource &PS,
                         const std::string &Array);

struct ComposedNest {
  ir::Kernel Kernel;
  NestSource Source;
  /// The two nests as written, as a schedule of Kernel: the producer's
  /// loops storing the temporary, then the consumer's reading it.
  ir::BranchedGraph Separate;
  /// The names given to producer loop variables that the consumer also
  /// declares (`k` -> `k_p`), which the rewrite must not pick again.
  std::vector<std::string> Renamed;
};

/// The producer P substituted into the consumer Q, or why the consumer
/// does not read exactly what the producer writes.
std::variant<ComposedNest, std::string>
composeNests(const ir::Kernel &PK, const NestSource &PS, const ir::Kernel &QK,
             const NestSource &QS, const PairFacts &Facts);

} // namespace lnr::rewrite

#endif
