//===- NestSource.h - The source text a rewrite reuses ---------*- C++ -*-===//
//
// What the recovery keeps of a nest's spelling, so the rewrite writes the
// file's own names, types and indexing style back. Clang-free: the emitter
// composes these fragments without looking at the AST.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_ANALYSIS_SOURCE_NESTSOURCE_H
#define LNR_ANALYSIS_SOURCE_NESTSOURCE_H

#include "analysis/ir/Refusal.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace lnr {

/// How the file stores the level a loop walks, as the recovery read it:
/// rewrite/levels/Level.h answers the emitter's questions for each kind.
enum class LevelKind {
  Dense,        // 'for (i = 0; i < n; i++)'
  Strips,       // TACO's split dense loop, strips of a constant width
  Descending,   // a dense loop counting down: 'for (i = n; i-- > 0;)'
  Compressed,   // positions of one array: 'for (p = pos[i]; p < pos[i + 1];'
  Relative,     // counted from the fiber's start: 'p < pos[i + 1] - pos[i]'
  SeparateEnds, // MKL's four arrays: 'for (p = pntrb[i]; p < pntre[i];'
  Coordinates,  // a COO list's positions, a coordinate loaded at each
  Singleton,    // a further coordinate of a COO list, at the same position
};

struct LoopSource {
  LevelKind Kind = LevelKind::Dense;
  std::string Index;        // the IR index the loop iterates
  std::string IndexType;    // its C type: "int", "int32_t", ...
  std::string VariableType; // the loop variable's ("size_t p")
  /// The type a loop the rewrite adds counts in up to this index's extent
  /// (a prefetch over a row, a scanned extent): IndexType, or "int" where
  /// that is narrower ('unsigned char k' with K = 250 would wrap at 256
  /// before 'k += 8' reached K).
  std::string CounterType;
  std::string Header;                // "for (int p = rowptr[i]; ...; p++)"
  std::vector<std::string> Prologue; // "int j = colidx[p];"
  /// Compressed loops: the position variable ("p"), the positions array as
  /// written ("rowptr", for temporaries stored at these positions), the
  /// coordinate of the next position ("colidx[p + 1]"), the loop's own
  /// start ("rowptr[i]") and end ("rowptr[i + 1]") and, below a dense loop
  /// over [0, n), the level's ("rowptr[n]"), so the rewrite may look one
  /// nonzero ahead without reading past crd, or skip an empty fiber.
  std::string Position, Positions, NextCoordinate, LoopBegin, LoopEnd, LevelEnd;
  /// The array the level's coordinate is loaded from, as written
  /// ("colidx", a COO list's "dst"), loaded or read in place; "" for a
  /// coordinate never read.
  std::string Coordinates;
  /// MKL's four-array CSR ('for (p = pntrb[i]; p < pntre[i]; p++)'): the
  /// end array ("pntre"); LoopBegin and LoopEnd read the fiber's range, and
  /// Positions and LevelEnd are empty, since the fibers need not be
  /// contiguous or ordered and no element bounds the level's positions.
  std::string PositionEnds;
  /// A level walked by position only: no subscript reads its coordinate and
  /// the nest never loads it (TACO's level of j when A is stored at B's
  /// positions). Its index has a name but no value the rewrite may read.
  bool PositionOnly = false;
  /// TACO's split of a dense loop: the header of the loop over the strips
  /// ("for (int32_t i0 = 0; i0 < ((N + 15) / 16); i0++)"), which Header
  /// writes back around the loop over the strip, "" for none.
  std::string Split;
  /// Dense loops: the upper bound as written ("n"); the loop's positions
  /// (of a dense level, its index) are below it.
  std::string Bound;
  /// Bound is the bound the header compares with ('e < n'): it fits the
  /// variable's type. False for 'e <= hi' and a loop counting down, whose
  /// end, hi + 1, may be one past the type's largest value.
  bool BoundWritten = true;
  bool StartsAtZero = false; // dense loops: 'for (i = 0; ...)'
  /// Whether `#pragma omp for` may go on the header as written: gcc takes
  /// neither a parenthesized condition ('(i < n)') nor a parenthesized
  /// variable ('(i) = 0'), nor a _Bool variable, nor a loop with no step
  /// ('for (i = n; i-- > 0;)').
  bool OmpCanonical = true;
  std::string Begin; // dense loops that do not: their first value
};

/// What the run-time overlap test (rewrite/OverlapTest.h) needs to bound
/// the memory a nest touches when its output is not proved disjoint from
/// its inputs (no `restrict`): every array the nest reads or writes, with
/// its subscript as an affine function of the nest's variables, and where
/// each variable's values come from. Clang-free, so the rewrite composes
/// the test from it; the recovery records it as it reads the accesses.
struct OverlapFacts {
  /// The output is not proved disjoint from the inputs: the rewrite must be
  /// versioned under a test, or refused.
  bool Needed = false;
  /// Why some array's range cannot be bounded ("" when all can): the
  /// rewrite then refuses with lnr-possible-alias.
  std::string Unbounded;
  /// The output is held in a struct ('A->data'): 'restrict' on it would
  /// not prove it apart, and the refusal does not advise it.
  bool OutputInStruct = false;
  /// The output is a restrict pointer of the function: no pointer not
  /// based on it reaches its elements, whatever the nest (a nest fused
  /// with another reads more inputs than it was proved apart from).
  bool OutputRestrict = false;
  struct Term {
    std::string Coefficient; // C, invariant: "2 * K"
    std::string Variable;    // a loop variable, coordinate or position
  };
  struct Array {
    std::string Base;        // as written: "C", "m->vals"
    std::vector<Term> Terms; // the element subscript: sum of the terms
    std::string Offset;      // plus this invariant C ("" for none)
    bool Opaque = false;     // a macro's body: terms and offset not all seen
    bool Written = false;    // the output
    /// A positions array pos[q], pos[q + 1]: one element past the range of
    /// its (single) term's variable.
    bool Positions = false;
  };
  std::vector<Array> Arrays;
  /// A position variable's range: [pos[lo(Parent)], pos[hi(Parent) + 1])
  /// for positions that never decrease (every valid CSR/CSF level);
  /// [pos[0], pos[1]) for a compressed first level, whose Parent is "";
  /// for a coordinate (COO) loop, which has no positions array, its own
  /// bounds as written, [Begin, End).
  struct Position {
    std::string Variable, Positions, Parent;
    std::string Begin = "", End = "";
  };
  std::vector<Position> PositionRanges;
  /// Arrays written by a statement the rewrite runs first, after the test
  /// (NestSource::First: a consumer's zeroing nest run before the producer
  /// it followed), each subscript over FirstRanges' variables: apart from
  /// every array of the nest but those of the same name written (the
  /// output it zeroes).
  std::vector<Array> WrittenFirst;
  struct Range {
    std::string Variable, Begin, End; // [Begin, End), as written
  };
  std::vector<Range> FirstRanges;
};

/// An array the nest reads through a member path from a variable: its
/// pointer as written ("B->val", "A->data") and the type it decays to
/// ("const double *").
struct MemberArray {
  std::string Text;
  std::string Type;
};

/// The file's own OpenMP directive on a nest, as the rewrite keeps it.
struct KeptDirective {
  std::string Text; // "#pragma omp parallel for", as written
  /// Its clauses, as written, for the 'parallel' and the 'for' part.
  std::string ParallelClauses, ForClauses;
  /// Its 'schedule' clause is 'schedule(runtime)' (TACO's): the schedule
  /// comes from OMP_SCHEDULE, static in GCC's and LLVM's runtimes when it
  /// is unset.
  bool ScheduleRuntime = false;
  /// The directive was a '#pragma omp parallel' region whose one statement
  /// is the nest under '#pragma omp for' (its 'nowait' dropped): Text is
  /// the 'parallel for' it amounts to, and the whole region is replaced.
  bool FromRegion = false;
  /// The nest is one statement of a '#pragma omp parallel' region that
  /// holds more (declarations, other loops, a reduction): only its
  /// '#pragma omp for' and the loop are replaced, and the rewrite shares
  /// its loop among the region's threads without opening a region of its
  /// own (Text is the 'for' as written).
  bool InTeam = false;
  /// The 'for' in a team is written 'nowait': no barrier after it.
  bool Nowait = false;
  /// In a team: a statement of the region before the nest may still run
  /// on another thread (a 'nowait' construct, a 'master', code outside any
  /// construct). The rewrite's checks read the nest's arrays beyond the
  /// thread's own iterations, so it waits for them at a barrier first.
  bool BarrierBefore = false;

  /// Whether the rewrite ends with '#pragma omp barrier': in a team, its
  /// work-shared loop is 'nowait' (a guard may skip the loop, and with it
  /// its barrier, on every thread), and the original's barrier, which the
  /// rest of the region may rely on, comes after the whole rewrite.
  bool barrierAfter() const { return InTeam && !Nowait; }
};

struct NestSource {
  /// The arrays read through struct members, each once (MemberArray),
  /// longest path first: the rewrite reads each pointer once into a local,
  /// where the original reads it on every iteration (the same value: the
  /// output's restrict or the run-time overlap test keeps the cells apart
  /// from what the nest writes).
  std::vector<MemberArray> MemberArrays;

  /// Why the nest may not be rewritten even with something to gain (the
  /// output not proved apart from the inputs, under --no-alias-check; a
  /// preprocessor conditional inside the nest): said only when a schedule
  /// would gain, so that a nest with nothing to gain says that instead.
  std::optional<Refusal> DeferredRefusal;

  std::string FilePath;
  unsigned Offset = 0; // the nest's text, an OpenMP pragma on it included
  unsigned Length = 0;
  unsigned Line = 0, Column = 0; // where the nest starts, 1-based
  bool StartsLine = true;        // only blanks before it on its line
  /// The nest is the body of an 'if' or 'else' without braces: a directive
  /// put in front of it goes in a block with it.
  bool Substatement = false;

  std::vector<LoopSource> Loops; // parallel to Kernel::Loops
  /// A factor of the product as the file writes it.
  struct Factor {
    std::string Text; // "C[i * K + k]"
    std::string Type; // its C type: "double"
    /// The dense position variables it reads (Aliases' names: TACO's
    /// "kC"), declared before a statement that reads it.
    std::vector<std::string> Aliases;
    /// The original's product converts the factor to ValueType ('E[j] *
    /// vals[p]' with a long E and an int vals[p]), which the rewrite then
    /// writes wherever it multiplies it.
    bool Converted = false;
    /// The ones of a pattern (a compressed level whose values the nest
    /// never reads: an unweighted graph): Text is "1", and a product of
    /// other factors leaves it out.
    bool Pattern = false;
  };
  std::vector<Factor> Factors; // parallel to Kernel::Stmt.Factors
  std::string Output;          // "A[i * L + l]"
  /// Dense position variables (TACO: "int32_t kC = i * C2_dimension + k;"),
  /// declared before each statement that reads them, in this order.
  struct Alias {
    std::string Name, Declaration;
  };
  std::vector<Alias> Aliases;
  std::vector<std::string> OutputAliases;
  /// Of the temporaries: the type the original sums in (its accumulator's,
  /// or the output's): "double".
  std::string ElementType;
  std::string ValueType; // of the product of the factors
  /// The nest assigns every element of the output once (TACO's
  /// `A_vals[lA] = tjA_val;`): the rewrite zeroes it, then accumulates.
  bool ZeroOutputFirst = false;
  /// The position variable of the compressed level the output is stored at
  /// (a sparse output with an input's pattern, `A[p * M + m]`, or TACO's
  /// counter of p), "" for none. Distinct fibers have distinct positions
  /// only when the positions arrays above it never decrease: the rewrite
  /// checks it at run time (rewrite/OrderedPositions.h).
  std::string OutputPosition;
  /// Two nests composed (rewrite/NestComposition.h) whose temporary the
  /// producer stores at the positions of a compressed level
  /// (`T[p] = ...`): the position variable, "" otherwise. The consumer
  /// reads at a position what the last fiber holding it stored; fused,
  /// each fiber reads its own value, the same only when distinct fibers
  /// have distinct positions: checked as for OutputPosition.
  std::string TemporaryPosition;
  /// Two nests composed whose shared loops are written alike but for the
  /// names of invariants (rewrite/LoopsAlike.h): each pair, the producer's
  /// expression then the consumer's ('S.ii', 'C.ii'), must be equal at run
  /// time for the fused nest to compute what the two do (checked before
  /// it: rewrite/EqualAtRunTime.h).
  struct Equality {
    std::string Producer, Consumer;
    bool Pointers = false; // arrays indexed, not bounds: compared as addresses
    bool operator==(const Equality &O) const {
      return Producer == O.Producer && Consumer == O.Consumer;
    }
  };
  std::vector<Equality> EqualAtRunTime;
  /// The index of a compressed first level whose coordinates the output is
  /// assigned at (DCSR in TACO's default order, `A[i * L + l] = t;` with
  /// `int i = crd1[q];`): the nest assigns each element once only when
  /// distinct positions hold distinct coordinates, which the rewrite checks
  /// at run time as coordinates that strictly increase
  /// (rewrite/OrderedPositions.h); "" for none.
  std::string DistinctCoordinates;
  /// A sum stored scaled (`s = 0; for k: s += C * D; T[p] = B[p] * s;`),
  /// read as the sum of the scaled terms: the indices of the loops inside
  /// the sum, each of which must run, since with no terms the original
  /// stores `B[p] * 0` (NaN for an infinite B) and the sum of no scaled
  /// terms is 0. Checked at run time; empty for none.
  std::vector<std::string> ScaledSumLoops;
  /// The factors (positions in Factors) of the scale of such a sum (`B[p]`
  /// of `B[p] * s`): the original multiplies the whole sum by them, so a
  /// schedule that multiplies one into each term, inside a loop of
  /// ScaledSumLoops, would turn an infinite scale and a zero term into NaN
  /// (`Inf * 0`), or terms of both signs into `Inf - Inf`, where the
  /// original gives an infinity: such schedules are not written.
  std::vector<size_t> SumScales;
  /// Two nests composed (rewrite/NestComposition.h): the indices of the
  /// producer's own sums. The original stores such a sum even with no
  /// terms, as 0, and the consumer multiplies it by its factors (NaN for
  /// an infinite one): a fused consumer runs whether or not these loops
  /// have iterations, as the original's did (ProducerGuard.h).
  std::vector<std::string> SumsStoredEmpty;
  /// Two nests composed: the producer's factors (positions in Factors)
  /// that none of its own sums' loops index (`s += D[i * J + j] * C[..]`).
  /// The original multiplies them into terms only; a schedule may
  /// multiply one into a sum with no terms (0 times an infinity: NaN
  /// where the original stores 0), so the nest is rewritten only where a
  /// check finds them finite (rewrite/FiniteScales.h).
  std::vector<size_t> InvariantSumFactors;
  /// TACO's position split read as rows (analysis/recover/PositionSplit.cpp):
  /// the position variable of the split level ("fposB"). The rows visit the
  /// split's positions only when its first position is 0 (below) and the
  /// positions never decrease: checked at run time.
  std::string PositionSplit;
  /// TACO's split of a fiber's positions into blocks read as the fiber
  /// (analysis/recover/PositionBlocks.cpp): the position variable
  /// ("jposA"). The blocks start at the fiber's first position when no
  /// position is negative: its first position 0 (below) and positions
  /// that never decrease, checked at run time.
  std::string PositionBlocks;
  /// The first elements of positions arrays that the reading of the nest
  /// takes to be 0 ("B2_pos[0]"), checked at run time: the position split's
  /// (its rows visit [0, pos[N]) from pos[0]), and a compressed first level
  /// walked from 0 ('for (p = 0; p < pos[1]; p++)', read as the level from
  /// pos[0] to pos[1]).
  std::vector<std::string> ZeroFirstPositions;
  /// For such an output whose inner extent as written is not its stride
  /// (TACO's `jA * A3_dimension + m`, m < D2_dimension): the two, which
  /// keep the fibers apart when extent <= stride (checked at run time).
  std::string OutputInnerExtent, OutputStride;
  /// The file's OpenMP directive on the nest, none for a sequential nest.
  std::optional<KeptDirective> Pragma;
  /// Whether the nest is shared among the threads of the file's region
  /// (KeptDirective::InTeam).
  bool inTeam() const { return Pragma && Pragma->InTeam; }
  /// In a team, the nest's variables declared before the region, each with
  /// its type ("int"): private only inside the work-shared loop, shared
  /// where the rewrite's checks assign them before it, so the rewrite
  /// declares its own of each.
  std::vector<std::pair<std::string, std::string>> TeamShared;

  /// The nest's loop variables and coordinates declared before it (C89:
  /// `int i, p, j; for (i = 0; ...`), proved dead after it. A new OpenMP
  /// region lists them in 'private' (they are shared by default).
  std::vector<std::string> OuterDeclared;
  /// Those of them the rewrite reads in place (values, row pointers and
  /// bounds assigned in the nest) or drops (a scalar accumulator and its
  /// copies): it no longer uses them, and says so with
  /// `(void)x;` where no fallback copy of the nest does (-Wunused).
  std::vector<std::string> ReadInPlace;

  /// Indices whose distinct values write distinct output elements (proved
  /// from the output subscript): a loop over one of them can run in parallel.
  std::vector<std::string> DisjointOutputIndices;
  /// Indices whose distinct values write distinct output elements while
  /// every other index keeps its value: each with a nonzero constant
  /// coefficient in the output's subscript (TACO's 'l' of 'i *
  /// A2_dimension + l', whose rows may overlap). A statement's innermost
  /// loop over one of them may run as vector lanes.
  std::vector<std::string> LaneIndices;
  /// The coordinates of a COO list's levels that would be such indices:
  /// positions of distinct rows write apart, though the list may visit a
  /// row at several positions (lower/CoordinateRows.h).
  std::vector<std::string> DisjointRepeatedIndices;
  /// Whether an identifier is already used in the translation unit. The
  /// recovery's reads the AST's identifier table, which recovering another
  /// nest may add to: rewrite::rewriteNests gives the threads that lower
  /// nests a copy (rewrite/TakenNames.h).
  std::function<bool(const std::string &)> IsNameTaken;
  /// Whether malloc and free are declared (<stdlib.h> is included).
  bool HasStdlib = false;
  bool HasCalloc = false; // and calloc, for shared temporaries
  /// A name of the C library the temporaries use (malloc, calloc, free,
  /// size_t) that a macro or a variable of the file or the function
  /// shadows where the nest is; "" if none.
  std::string ShadowedLibraryName;
  /// Why <stdlib.h>, which the temporaries need and the file does not
  /// include before the nest, cannot be included: the file's own
  /// declarations conflict with it (the first error the file then gets);
  /// "" if it can.
  std::string StdlibConflict;
  /// Why the file's uintptr_t cannot hold an address (a variable or macro
  /// of that name, a narrow typedef): the run-time overlap test needs it.
  std::string UnusableAddressType;
  /// The names the bodies of the macros the nest expands refer to, their
  /// arguments aside (recover/MacroNames.h): a variable of the nest
  /// renamed to one of them would capture it.
  std::vector<std::string> MacroBodyNames;
  /// The nest's text as written [Offset, Offset + Length): the fallback of
  /// a rewrite versioned under an overlap test.
  std::string Original;
  /// The element-wise function a producer stores its sum through, as
  /// written, '(@)' where the sum is ('1 / (1 + exp(-((@) * B[p])))'), its
  /// scales applied in it as the original applies them;
  /// "" for a product stored as it is. A nest alone with one is not
  /// rewritten: only with the nest that reads what it stores
  /// (MappedFactors). Composed with a temporary still stored, the stored
  /// value (StoredValue), '(@)' itself for the sum stored as it is.
  std::string Map;
  /// Map only multiplies the sum by its scales ('B[p] * (@)', a stored
  /// temporary whose producer applies no function): no comparison reads
  /// the sum, which the rewrite may then regroup (partial sums, a vector
  /// reduction) as it regroups a sum without Map.
  bool MapOnlyScales = false;
  /// Map is continuous in the sum (a sigmoid, exp, tanh, ReLU, LeakyReLU:
  /// no comparison whose sides differ where they meet, no pole): a
  /// regrouped sum moves its value by a rounding, as it moves the sum.
  bool MapContinuous = false;
  /// The value the statement stores, or adds to its output, after a sum
  /// into a variable, as written with '(@)' for the sum ('(@) * B[p]',
  /// Map's text where there is a function); "(@)" for a nest that adds
  /// its terms to the output itself; "" where the sum is named in a macro.
  /// What a fused nest stores into a temporary read after the consumer
  /// (TemporaryStore).
  std::string StoredValue;
  /// Composed, with a temporary whose values may be read after the
  /// consumer (recover::NestPair::Live): the element the producer stores,
  /// as written ('T[p]'), which the fused nest still stores, once; and
  /// whether the producer adds to it (zeroed before) rather than assigns.
  std::string TemporaryStore;
  bool TemporaryStoreAdds = false;
  /// Composed (rewrite/NestComposition.h): the factors of the product Map
  /// applies to, the producer's, each summed over the producer's own
  /// loops before the function is applied.
  std::vector<size_t> MappedFactors;
  /// Those of MappedFactors that scale the sum: applied by Map, after the
  /// sum, not in its terms.
  std::vector<size_t> MappedScales;
  /// The indices of the element Map is applied to (the temporary's, as the
  /// consumer reads it): each a loop the fused schedule shares.
  std::vector<std::string> MappedIndices;
  /// A nest the rewrite runs first, once its checks pass, as written with
  /// its indentation: the consumer's zeroing nest of its output
  /// (recover::NestPair::ZeroesOutput), which ran between the producer
  /// and the consumer; "" for none.
  std::string First;
  /// Statements written before the rewrite in its replacement, as the
  /// file writes them: those between the two nests of a pair, which run
  /// before the fused nest; "" for a nest alone.
  std::string Leading;
  /// Indentation of the nest's line (when it starts the line).
  std::string Indentation;
  /// Indentation of the line of the statement a leading OpenMP directive
  /// applies to (the directive's own line is printed at column 0); the
  /// nest's Indentation when there is no directive.
  std::string StatementIndentation;
  OverlapFacts Overlap;
  /// Whether uintptr_t is declared before the nest (<stdint.h>).
  bool HasStdint = false;
  /// Whether the rewrite may define the overlap test's helpers
  /// (rewrite/SubscriptHelpers.h): a nest of the main file.
  bool HelpersDefinable = true;

  /// Whether the rewrite may regroup the terms of the sum the statement
  /// adds up (partial sums, a vector reduction): a sum read as it is, or
  /// through a function no rounding of it makes jump.
  bool sumRegroups() const {
    return Map.empty() || MapOnlyScales || MapContinuous;
  }

  const LoopSource *loop(const std::string &Index) const {
    for (const LoopSource &L : Loops)
      if (L.Index == Index)
        return &L;
    return nullptr;
  }
};

} // namespace lnr

#endif
