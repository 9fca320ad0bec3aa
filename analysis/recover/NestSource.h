//===- NestSource.h - The source text a rewrite reuses ---------*- C++ -*-===//
//
// What the recovery keeps of a nest's spelling, so the rewrite writes the
// file's own names, types and indexing style back. Clang-free: the emitter
// composes these fragments without looking at the AST.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_ANALYSIS_RECOVER_NESTSOURCE_H
#define LNR_ANALYSIS_RECOVER_NESTSOURCE_H

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace lnr {

struct LoopSource {
  std::string Index;                 // the IR index the loop iterates
  std::string IndexType;             // its C type: "int", "int32_t", ...
  std::string Header;                // "for (int p = rowptr[i]; ...; p++)"
  std::vector<std::string> Prologue; // "int j = colidx[p];"
  /// Compressed loops: the position variable ("p") and the positions array
  /// as written ("rowptr"), for temporaries stored at these positions.
  std::string Position, Positions;
  /// Dense loops: the upper bound as written ("n"); the loop's positions
  /// (of a dense level, its index) are below it.
  std::string Bound;
};

struct NestSource {
  std::string FilePath;
  unsigned Offset = 0; // the nest's text, an OpenMP pragma on it included
  unsigned Length = 0;
  unsigned Line = 0, Column = 0; // where the nest starts, 1-based
  bool StartsLine = true; // only blanks before it on its line

  std::vector<LoopSource> Loops;    // parallel to Kernel::Loops
  std::vector<std::string> Factors; // parallel to Kernel::Stmt.Factors
  std::string Output;               // "A[i * L + l]"
  /// Dense position variables (TACO: "int32_t kC = i * C2_dimension + k;"),
  /// declared before each statement that reads them, in this order.
  struct Alias {
    std::string Name, Declaration;
  };
  std::vector<Alias> Aliases;
  std::vector<std::vector<std::string>> FactorAliases; // per factor
  std::vector<std::string> OutputAliases;
  std::string ElementType;          // of the output: "double"
  /// The nest assigns every element of the output once (TACO's
  /// `A_vals[lA] = tjA_val;`): the rewrite zeroes it, then accumulates.
  bool ZeroOutputFirst = false;
  std::optional<std::string> Pragma; // "#pragma omp parallel for", as written
  /// Its clauses, as written, for the 'parallel' and the 'for' part.
  std::string PragmaParallelClauses, PragmaForClauses;

  /// Indices whose distinct values write distinct output elements (proved
  /// from the output subscript): a loop over one of them can run in parallel.
  std::vector<std::string> DisjointOutputIndices;
  /// Whether an identifier is already used in the translation unit.
  std::function<bool(const std::string &)> IsNameTaken;
  /// Whether malloc and free are declared (<stdlib.h> is included).
  bool HasStdlib = false;
  bool HasCalloc = false; // and calloc, for shared temporaries

  const LoopSource *loop(const std::string &Index) const {
    for (const LoopSource &L : Loops)
      if (L.Index == Index)
        return &L;
    return nullptr;
  }
};

} // namespace lnr

#endif
