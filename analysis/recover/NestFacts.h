//===- NestFacts.h - what the walk of a nest finds -----------*- C++ -*-===//
//
// Internal to the recovery library. A nest's recovery runs in three phases,
// each a class that returns a value the next takes (NestRecovery.cpp):
//
//   DirectiveReader (Directives.cpp)     the OpenMP directive and region
//                                        around the nest -> DirectiveFacts
//   NestWalk (NestWalk.h)                its loops, locals and statement
//                                        -> NestFacts
//   NestCompletion (NestCompletion.h)    the kernel, what must hold of the
//                                        output, the text replaced
//                                        -> RecoveredNest
//
// NestFacts is the walk's result; FactReader holds the questions both the
// walk and the completion ask of it.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_ANALYSIS_RECOVER_NESTFACTS_H
#define LNR_ANALYSIS_RECOVER_NESTFACTS_H

#include "analysis/recover/AstQueries.h"
#include "analysis/recover/Linearization.h"
#include "analysis/recover/SourceReader.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace lnr::recover::detail {

/// sum(Coefficient * index) + invariant part.
struct AffineForm {
  std::map<const VarDecl *, Coefficient, DeclaredBefore> Terms;
  /// The invariant part, as C ("" for none), for the overlap test's
  /// ranges; Opaque when it cannot be written (a macro's body, a counter).
  std::string Offset;
  bool Opaque = false;
  void addOffset(const std::string &C, bool Negated) {
    if (!C.empty())
      Offset +=
          (Offset.empty() ? (Negated ? "-" : "") : (Negated ? " - " : " + ")) +
          ("(" + C + ")");
  }
};

struct LoopFact {
  const ForStmt *For = nullptr;
  const VarDecl *Var = nullptr; // the induction variable
  bool Compressed = false;
  /// A dense loop counting down ('for (i = n; i-- > 0;)'): its range read
  /// as [0, n), its header written back as it is.
  bool Descending = false;
  /// The coordinate is loaded into a variable that does not hold every
  /// value of the array's elements ('short i = crd[q];' with an int crd):
  /// distinct elements may be one coordinate.
  bool NarrowedCoordinate = false;
  // Dense loops.
  std::string Extent;
  bool FromZero = false;
  /// 0 <= the variable < Bound (dense loops from a constant >= 0).
  std::optional<Coefficient> Bound;
  // Compressed loops.
  const Expr *PosBase = nullptr;
  /// Indexes pos[]: a loop variable; null for a compressed first level
  /// (pos[0] to pos[1]), whose parent is the root.
  const VarDecl *ParentVar = nullptr;
  const VarDecl *Coordinate = nullptr;
  std::string CoordinateArray; // crd, as in `int j = crd[p];`
  /// Positions relative to the fiber ('for (p = 0; p < pos[i + 1] -
  /// pos[i]; p++)', read at 'pos[i] + p'): the fiber's start, pos[i].
  const clang::ArraySubscriptExpr *RelativeTo = nullptr;
  std::string Tensor; // set once the chain's values are found
  unsigned Level = 0; // of the tensor, 0-based
  /// A coordinate (COO) loop (CoordinateLevels.cpp) is read as several
  /// levels of one For and one position variable: the first repeats
  /// coordinates (NonUnique), each other is a Singleton, with no header.
  bool NonUnique = false;
  bool Singleton = false;
  LoopSource Source;
};

/// What the walk of a nest found (NestWalk::read): its loops, the locals it
/// reads in place, its statement's output and accumulator, TACO's counter,
/// and the kernel and source read so far, which NestCompletion completes.
struct NestFacts {
  std::vector<LoopFact> Loops; // outermost first
  ir::Kernel Kernel;
  NestSource Source;

  // Locals (BoundLocals.cpp, LoopBodies.cpp, ValueLocals.cpp).
  struct BoundLocal {
    const VarDecl *Var;
    const Expr *Value;    // the initializer, without parentheses and casts
    std::string Spelling; // the initializer as written, parenthesized
  };
  std::vector<BoundLocal> BoundLocals;
  /// Dense position variables (TACO's `int32_t kC = i * C2_dimension + k;`)
  /// in order of declaration, with their initializers.
  std::vector<std::pair<const VarDecl *, const Expr *>> Aliases;
  /// Row pointers: `const double *Ci = C + i * K;` (or `&C[i * K]`), with
  /// the array and the offset they point at.
  struct RowPointer {
    const VarDecl *Var;
    const Expr *Base, *Offset;
  };
  std::vector<RowPointer> RowPointers;
  /// Variables declared before the nest (C89: `int i, p, j; for (i = 0; ...`)
  /// that the nest uses as loop variables or coordinates. Each is written by
  /// the nest from From to the end of Scope; outside the nest it must be
  /// dead, and it is shared by default in an OpenMP region.
  struct OuterVariable {
    const VarDecl *Var;
    const ForStmt *Scope;
    SourceLocation From;
  };
  std::vector<OuterVariable> OuterVariables;
  /// Each with its value: `double v = vals[p];`, `t2 = a * b;`, and row
  /// pointers assigned in the nest (ValueLocals.cpp).
  std::vector<std::pair<const VarDecl *, const Expr *>> Substituted;
  /// TACO's scalar accumulator: `T acc = 0; for (...) acc += product;`
  /// followed by `A[..] = A[..] + acc;`, and its copies.
  const VarDecl *Accumulator = nullptr;
  std::vector<const VarDecl *> AccumulatorCopies;

  // What the factors read (Subscripts.cpp).
  /// The arrays the factors read, for the checks against the output.
  struct InputArray {
    const Expr *Base;
    SourceLocation Where;
  };
  std::vector<InputArray> InputArrays;

  // The statement (Statement.cpp).
  const Expr *outputBase = nullptr;
  AffineForm OutputForm;
  /// The output's subscript is computed in a signed type (in which the
  /// original does not wrap): OutputForm's coefficients are those of C.
  bool OutputSubscriptSigned = false;
  /// ... or in an unsigned type narrower than a pointer, whose products
  /// wrap at values a coordinate loaded from memory may reach (`unsigned i
  /// = row[e]; out[i * L + l]`: rows 0 and 65536 at L = 65536 write one
  /// element): distinct coordinates need not write distinct elements.
  bool OutputSubscriptWraps = false;
  bool AccumulatesWithPlusAssign = false;
  /// For a multi-dimensional output (A[i][l]): the index of each subscript,
  /// when each is one index alone.
  std::vector<std::string> OutputRows;
  bool OutputMultiDim = false;
  /// The type the original computes the whole product in (the usual
  /// arithmetic conversions of all its factors, left to right).
  QualType ProductType;
  QualType HeldType;                     // NestSource::ElementType
  std::vector<QualType> FactorQualTypes; // NestSource::Factor::Type

  // TACO's counter of a sparse output's positions (`int32_t jA = 0;`
  // before the nest, `jA++;` in a compressed loop's body), and the
  // indices its positions write apart (TacoConventions.cpp).
  const VarDecl *Counter = nullptr;
  std::string CounterAssignment; // "jA = jB - B2_pos[0];"
  size_t CounterLoop = 0;
  std::vector<std::string> SparseOutputIndices;

  /// Statements the walk proved written as others it read (the untested
  /// branch of a fiber's positions split into blocks): a count of an
  /// array's mentions skips them.
  std::vector<const Stmt *> Duplicates;

  /// A position split, read as rows: its '#pragma omp atomic' updates are
  /// read as plain updates, since the rewrite decides its parallelism anew.
  bool InPositionSplit = false;

  const LoopFact *loopOf(const VarDecl *V) const {
    for (const LoopFact &L : Loops)
      if (L.Var == V)
        return &L;
    return nullptr;
  }
  const LoopFact *coordinateLoop(const VarDecl *V) const {
    for (const LoopFact &L : Loops)
      if (L.Coordinate == V)
        return &L;
    return nullptr;
  }
  /// The index a variable stands for: a dense loop variable or a coordinate.
  bool isIndex(const VarDecl *V) const {
    const LoopFact *L = loopOf(V);
    return (L && !L->Compressed) || coordinateLoop(V);
  }
  bool isPosition(const VarDecl *V) const {
    const LoopFact *L = loopOf(V);
    return L && L->Compressed;
  }
  const Expr *aliasInit(const VarDecl *V) const {
    for (const auto &[A, Init] : Aliases)
      if (A == V)
        return Init;
    return nullptr;
  }
  const RowPointer *rowPointer(const VarDecl *V) const {
    for (const RowPointer &R : RowPointers)
      if (R.Var == V)
        return &R;
    return nullptr;
  }
  const Expr *substitutedValue(const VarDecl *V) const {
    for (const auto &[Local, Value] : Substituted)
      if (Local == V)
        return Value;
    return nullptr;
  }
};

/// The questions both the walk and the completion ask of a nest's facts
/// and its source.
class FactReader : public SourceReader, public NestFacts {
public:
  FactReader(const SourceReader &Reader, NestFacts Facts)
      : SourceReader(Reader), NestFacts(std::move(Facts)) {}

protected:
  /// Subscripts.cpp: whether E names a variable of the nest (a loop
  /// variable, a coordinate, a local read in place, the accumulator or
  /// TACO's counter); an invariant names none and has no side effect.
  bool mentionsNestVariable(const Expr *E) const;
  bool isInvariant(const Expr *E) const;
  /// The array an access reads: through subscripts and row pointers.
  const Expr *arrayOf(const Expr *E) const;
  /// TacoConventions.cpp: the tensor an access's base names.
  std::string tensorName(const Expr *Base) const;
  /// TACO: the tensor struct a values array comes from
  /// (`double *B_vals = (double *)(B->vals);` -> B).
  const VarDecl *tacoStruct(const Expr *Base) const;
  /// Dimension D of a TACO tensor struct: the preamble's name for it, or
  /// read from the struct when it is a parameter; empty otherwise.
  std::string tacoDimension(const VarDecl *Struct, unsigned D,
                            const Stmt *Function, SourceLocation Before) const;
  /// The output subscript's terms, with the bounds the loops prove; with
  /// TacoLevels, also the output's dimension at each index's level.
  std::vector<LinearTerm> outputTerms(const AffineForm &Form,
                                      bool TacoLevels) const;
};

} // namespace lnr::recover::detail

#endif
