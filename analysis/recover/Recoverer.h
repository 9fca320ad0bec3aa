//===- Recoverer.h - the state of one nest's recovery -------*- C++ -*-===//
//
// Internal to the recovery library. One Recoverer reads one nest; its
// methods are defined by concern, one file each: LoopHeaders.cpp (with
// CoordinateLevels.cpp for COO lists), LoopBodies.cpp, Subscripts.cpp
// (with MatrixRanges.cpp), Statement.cpp, TacoConventions.cpp,
// OutputLegality.cpp, OverlapFacts.cpp, Liveness.cpp, LibraryNames.cpp, and
// NestRecovery.cpp (the order in which they run).
//
//===----------------------------------------------------------------------===//
#ifndef LNR_ANALYSIS_RECOVER_RECOVERER_H
#define LNR_ANALYSIS_RECOVER_RECOVERER_H

#include "analysis/recover/Linearization.h"
#include "analysis/recover/MemberPaths.h"
#include "analysis/recover/NestRecovery.h"

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Lex/Lexer.h"

#include <functional>
#include <map>
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

/// Reads one nest into an ir::Kernel and its NestSource, or a refusal.
/// The state below is what the phases have learned so far, grouped by the
/// file that fills it.
class Recoverer {
public:
  Recoverer(ASTContext &Ctx, const Options &Opts, const UnitFacts &Unit,
            const FunctionDecl *Declaration)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), LO(Ctx.getLangOpts()), Opts(Opts),
        Unit(Unit), Declaration(Declaration) {}

  std::variant<RecoveredNest, Failure> run(const Stmt *Nest, const Stmt *Region,
                                           const Stmt *Function,
                                           bool InExpression);

private:
  ASTContext &Ctx;
  const SourceManager &SM;
  const LangOptions &LO;
  const Options &Opts;
  const UnitFacts &Unit;
  const FunctionDecl *Declaration; // of the function the nest is in
  const Stmt *FunctionBody = nullptr;

  // The result, and the first refusal met.
  std::optional<Failure> Fail;
  ir::Kernel Kernel;
  NestSource Source;

  bool refuse(RuleName Name, std::string Message, SourceLocation Where) {
    if (!Fail)
      Fail = Failure{Refusal(Name, std::move(Message)), Where};
    return false;
  }
  /// refuse, in a phase that returns a value: no value.
  std::nullopt_t refuseNone(RuleName Name, std::string Message,
                            SourceLocation Where) {
    refuse(Name, std::move(Message), Where);
    return std::nullopt;
  }

  //===--- NestRecovery.cpp: the phases of run(), in order; each returns
  // false with a refusal in Fail.
  bool readContext(const Stmt *Nest, const Stmt *Region, bool InExpression);
  /// A '#pragma omp parallel' region around the nest: its one statement
  /// must be the nest under '#pragma omp for'.
  bool readRegion(const Stmt *Nest, const Stmt *Region);
  /// '#pragma omp parallel for' on the nest, or '#pragma omp for' in the
  /// region Parallel: its clauses, kept for the rewrite; Outer becomes the
  /// loop under it.
  bool readDirective(const OMPLoopDirective *Directive,
                     const clang::OMPParallelDirective *Parallel,
                     const ForStmt *&Outer);
  bool everyLoopIndexUsed();
  /// A directive on a position split is kept only when the rows it is
  /// read as write apart; otherwise the rewrite decides (refused in a
  /// region, whose statement the rewrite replaces).
  bool trustSplitDirective();
  /// For an output A[row * S + l], 0 <= l < E: E and S, "" for another form.
  std::optional<std::pair<std::string, std::string>> rowExtentAndStride() const;
  /// The kernel's loops, indices and tensors from the facts read.
  bool buildKernel(const Stmt *Function, const Stmt *Nest);
  std::string counterType(const LoopFact &L, QualType Index,
                          const std::string &Spelled) const;
  bool checkPrivateClause(const Stmt *Nest);
  /// The text the rewrite replaces and where it is.
  bool describeReplacement(const Stmt *Nest, const ForStmt *Outer);
  /// LibraryNames.cpp: what the C library declares before the nest.
  void describeLibrary(SourceLocation Begin);
  /// Why a header the rewrite would include cannot be (HeaderConflicts).
  void describeHeaderConflicts();

  //===--- LoopHeaders.cpp: each loop's header, and the tensor it walks.
  std::vector<LoopFact> Loops; // outermost first
  bool readLoop(const ForStmt *For);
  /// A loop's header read: its variable, its first value (as written, and
  /// through bound locals), its exclusive upper bound.
  struct LoopHeader {
    const VarDecl *Var = nullptr;
    const Expr *LoInit = nullptr, *Lo = nullptr;
    const Expr *Upper = nullptr; // as written; 'k <= e - 1' gives e
    bool PlusOne = false;        // 'j <= n': the bound is n + 1
    const Expr *Hi = nullptr;    // Upper through bound locals
    /// Counting down ('for (i = n; i-- > 0;)', 'for (i = n - 1; i >= 0;
    /// i--)'): Lo is the bound the condition compares with, Upper the
    /// first value (plus one for the second form).
    bool Descending = false;
  };
  std::optional<LoopHeader> readLoopVariable(const ForStmt *For);
  /// The counting-down forms of H's loop, read as the range they walk;
  /// none, with Fail unset, for another loop.
  std::optional<LoopHeader> readCountingDown(const ForStmt *For, LoopHeader H);
  std::optional<LoopHeader> readLoopHeader(const ForStmt *For);
  /// The positions a compressed loop's bounds read (pos[q] and pos[q + 1],
  /// or those of a fiber's length, RelativeTo pos[q]); all null for a
  /// dense loop.
  struct PositionBounds {
    const ArraySubscriptExpr *Lo = nullptr, *Hi = nullptr;
    const ArraySubscriptExpr *RelativeTo = nullptr;
  };
  std::optional<PositionBounds> readPositionBounds(const LoopHeader &H);
  bool readCompressedLoop(LoopFact &L, const LoopHeader &H,
                          const PositionBounds &B);
  bool readDenseLoop(LoopFact &L, const LoopHeader &H);
  /// SplitLoops.cpp: TACO's split of a dense loop, read as the loop over
  /// the index it rebuilds; false with Fail unset when For is no split.
  bool readSplitLoop(const ForStmt *For);
  /// PositionSplit.cpp: TACO's position split of a CSR level, read as the
  /// loops over the rows and the positions of each row; false with Fail
  /// unset when For is no position split.
  bool readPositionSplit(const ForStmt *For);
  /// A position split as read so far: the loops over the chunks (F0, from
  /// 0 to OuterBound) and over a chunk (F1, from 0 to S), the declarations
  /// at the head of a chunk (Head, declaring Declared), the row searched
  /// (RowPosition) and the row the body reads (Row), the positions array
  /// searched (Pos, from 0 to Rows; PosName and N as written), the position
  /// P, and the statements of the chunk's body not read yet (Rest).
  struct SplitShape {
    const ForStmt *Outer = nullptr, *Inner = nullptr;
    const VarDecl *F0 = nullptr, *F1 = nullptr;
    const Expr *OuterBound = nullptr;
    int64_t S = 0;
    std::vector<const Stmt *> Head;
    std::vector<const VarDecl *> Declared;
    const VarDecl *RowPosition = nullptr, *Row = nullptr, *P = nullptr;
    const Expr *Pos = nullptr, *Rows = nullptr;
    std::string PosName, N;
    std::vector<const Stmt *> Rest;
    std::string levelEnd() const { return PosName + "[" + N + "]"; }
  };
  /// The shape of a position split up to the row searched; none, with Fail
  /// unset, when For is no position split. Each next step reads a part of
  /// it, or refuses the split by name.
  std::optional<SplitShape> positionSplitShape(const ForStmt *For);
  bool refuseSplit(const SplitShape &Sh, const std::string &Why,
                   SourceLocation Where);
  bool readSplitChunks(SplitShape &Sh);
  bool isSplitLevelEnd(const SplitShape &Sh, const ArraySubscriptExpr *E) const;
  bool readSplitPosition(SplitShape &Sh);
  bool readSplitNextRow(SplitShape &Sh);
  bool checkSplitBody(const SplitShape &Sh);
  /// Reading a position split: its '#pragma omp atomic' updates are read
  /// as plain updates, since the rewrite decides its parallelism anew.
  bool InPositionSplit = false;
  /// Whether Next is 'while (p == pos[i_pos + 1]) { i_pos++; i = i_pos; }'.
  bool movesToNextRow(const clang::WhileStmt *Next, const VarDecl *P,
                      const Expr *Pos, const VarDecl *RowPosition,
                      const VarDecl *Row) const;
  /// The loops a position split is read as: over the rows, from 0 to
  /// Rows, and over the positions of each row in Pos.
  void addPositionSplitLoops(const ForStmt *Outer, const ForStmt *Inner,
                             const VarDecl *Row, const VarDecl *P,
                             const Expr *Pos, const Expr *Rows);
  /// Whether Lo and Hi are pos[0] and pos[1]: a compressed first level.
  bool isRootRange(const ArraySubscriptExpr *Lo,
                   const ArraySubscriptExpr *Hi) const;
  /// Whether For, from Lo to End, is a compressed first level walked from
  /// 0 ('for (p = 0; p < pos[1]; p++)', ATL's generated code): Lo is 0, End
  /// an invariant pos[1], and the body reads p only as a position, a
  /// coordinate among what it reads at p.
  bool isRootFromZero(const ForStmt *For, const VarDecl *P, const Expr *Lo,
                      const ArraySubscriptExpr *End) const;
  /// Reads such a loop into L as the first level from pos[0] to pos[1],
  /// which it is when pos[0] is 0: the rewrite checks that at run time.
  void readRootFromZero(LoopFact &L, const ArraySubscriptExpr *End,
                        const Expr *LoInit);
  const VarDecl *inlineCoordinate(const Expr *E);

  //===--- CoordinateLevels.cpp: coordinate (COO) loops.
  /// How many coordinates the dense loop L loads at its variable before
  /// anything else, when it walks nonzeros and loads two or more; else 0.
  unsigned coordinateLevels(const LoopFact &L) const;
  /// Adds L as COO's levels: non-unique, then Levels - 1 singletons.
  void addCoordinateLevels(LoopFact L, unsigned Levels);
  /// The level whose coordinate a load in Owner's body sets: Owner, or in a
  /// COO loop, the first of its levels not loaded yet.
  LoopFact &loadedLevel(LoopFact &Owner);
  /// What a COO loop refuses: a directive, an output assigned.
  bool checkCoordinateLevels();
  /// Removes from Disjoint the coordinates of COO's levels: distinct values
  /// write apart, but the loop visits a value at several positions. The
  /// coordinates removed, but those loaded narrowed (NestSource::
  /// DisjointRepeatedIndices).
  std::vector<std::string>
  dropRepeatedCoordinates(std::vector<std::string> &Disjoint) const;
  bool assignTensors();
  /// The loops of the levels of the tensor whose values are read at
  /// position Pos, outermost first, and the coordinate of another tensor
  /// its first level is reached through (a dense level of that index; a
  /// chain of matrices), or null.
  struct LevelChain {
    std::vector<LoopFact *> Loops;
    const VarDecl *DenseRoot = nullptr;
  };
  LevelChain levelsAbove(const VarDecl *Pos);
  /// Names the index of a compressed level whose coordinate is never
  /// loaded.
  void namePositionOnlyLevel(LoopFact &L);

  //===--- LoopBodies.cpp: the statements around each inner loop.
  bool readBody(const ForStmt *For);
  /// The statements of the innermost loop read so far.
  bool readStatements(std::vector<const Stmt *> Body);
  /// readStatements' steps: a split loop's skip and an assert refused by
  /// name; TACO's counter of a sparse output read and removed from Body;
  /// then either an accumulator's body or a perfect nest's level.
  bool refuseSkipsAndAsserts(const std::vector<const Stmt *> &Body);
  bool readCounterStatement(std::vector<const Stmt *> &Body, size_t Owner);
  /// 1 + the number of the accumulator's copies when Body ends with an
  /// accumulator's start, its loop, its copies and the statement that
  /// stores it; 0 otherwise.
  size_t accumulatorForm(const std::vector<const Stmt *> &Body) const;
  bool readAccumulatorBody(const std::vector<const Stmt *> &Body, size_t Owner,
                           size_t Copies);
  bool readAccumulatorCopies(const std::vector<const Stmt *> &Body,
                             size_t Copies, const VarDecl *Acc,
                             const ForStmt *Owner);
  bool readPerfectLevel(const std::vector<const Stmt *> &Body, size_t Owner);
  /// The statement a perfect level ends with: a loop or the statement.
  bool readLastStatement(const Stmt *S);
  /// The update under '#pragma omp atomic' (or 'atomic update'), or null.
  static const Stmt *atomicUpdate(const Stmt *S);
  bool readDeclaration(const DeclStmt *DS, LoopFact &Owner);
  /// Whether V is declared as the coordinate of Owner's next level not
  /// loaded yet (`int j = crd[p];`), and reads it so (or as assigned C89
  /// style, `j = crd[p];`), Statement declaring or assigning it alone in
  /// the rewrite.
  bool isCoordinateLoad(const VarDecl *V, LoopFact &Owner);
  void readCoordinateLoad(const VarDecl *V, const ArraySubscriptExpr *Load,
                          const std::string &Statement, LoopFact &Owner);
  /// A declaration of several coordinates, each read as the next level's
  /// (`int u = src[e], v = dst[e];`); false, with nothing read, otherwise.
  bool readCoordinateDeclarations(const DeclStmt *DS, LoopFact &Owner);
  /// `idx_t row, col;` declared in the nest without a value, each then
  /// loaded as a coordinate (`row = ii[e];`): kept in UnsetCoordinates
  /// until loaded, which declares it (`idx_t row = ii[e];`); false, with
  /// nothing read, for another declaration.
  bool readUnsetDeclarations(const DeclStmt *DS);
  std::vector<const VarDecl *> UnsetCoordinates;
  /// Refuses a variable declared without a value in this level that no
  /// coordinate load of the level assigned (before Next, the statement
  /// the level ends with).
  bool unsetCoordinatesLoaded(const Stmt *Next);
  /// `T x = y;`, or `x = y;` to a variable declared before the nest (C89),
  /// x and y of one arithmetic type: {x, y}; {null, null} otherwise.
  std::pair<const VarDecl *, const VarDecl *> copyOf(const Stmt *S) const;
  /// A copy (copyOf) after the accumulator's loop of a variable that an
  /// earlier statement of Body declares or assigns: a name for the sum.
  bool accumulatorCopy(const Stmt *S,
                       const std::vector<const Stmt *> &Body) const;
  /// The start of TACO's scalar accumulator: `T acc = 0;`, or `acc = 0;` to
  /// a variable declared before the nest (C89), 0 a constant; else null.
  const VarDecl *accumulatorStart(const Stmt *S) const;
  std::vector<const VarDecl *> AccumulatorCopies;
  /// Whether If is a split loop's `if (i >= n) continue;`, i declared in
  /// Body.
  static bool skipsSplitTail(const clang::IfStmt *If,
                             const std::vector<const Stmt *> &Body);
  /// Whether S is written as the 'assert' macro.
  bool isAssert(const Stmt *S) const;

  //===--- BoundLocals.cpp: locals that only name a loop's bounds.
  /// `const int b = pos[i], e = pos[i + 1];` in Owner's body, read only by
  /// the headers of the loops inside and never changed: recorded, true.
  /// False, without a refusal, when any variable of DS is something else.
  bool readBoundLocals(const DeclStmt *DS, const LoopFact &Owner);
  /// `b = pos[i];` in Owner's body to a local declared before the nest (C89
  /// style), read only by the headers of the loops inside: a bound local,
  /// an outer variable. False, and nothing read, when it is not one.
  bool isAssignedBoundLocal(const BinaryOperator *B, const LoopFact &Owner);
  /// E, or the initializer of the bound local E names.
  const Expr *throughBoundLocal(const Expr *E) const;
  /// Text with each bound local spelled as its initializer.
  std::string withBoundLocals(const std::string &Text) const;
  struct BoundLocal {
    const VarDecl *Var;
    const Expr *Value;    // the initializer, without parentheses and casts
    std::string Spelling; // the initializer as written, parenthesized
  };
  std::vector<BoundLocal> BoundLocals;
  /// A dense position's value: affine in the indices. It may hold a sparse
  /// position (TACO's `int32_t mA = jA * A3_dimension + m;`): each access
  /// that reads it is checked again, and only the output may.
  bool readPosition(const Expr *Value);
  /// `j = crd[p];`, j declared before the nest: a coordinate load.
  const BinaryOperator *coordinateAssignment(const Stmt *S,
                                             const LoopFact &Owner) const;
  /// A declaration or a coordinate assignment before a loop body's
  /// statement; false (with a refusal, or none) for anything else.
  bool readLeading(const Stmt *S, LoopFact &Owner);
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
  /// The variables of the directive's 'private' clause.
  std::vector<std::pair<const VarDecl *, SourceLocation>> PrivateVars;
  bool addOuterVariable(const VarDecl *V, const ForStmt *Scope,
                        SourceLocation From, SourceLocation Where);
  /// `T *Ci = C + i * K;` (or `&C[i * K]`), declared, or assigned in the
  /// body of AssignedIn to a pointer declared before the nest.
  bool readRowPointer(const VarDecl *V, const Expr *Init, const Stmt *Where,
                      const LoopFact *AssignedIn);

  //===--- ValueLocals.cpp: locals that only name a value, read in place.
  /// Each with its value: `double v = vals[p];`, `t2 = a * b;`, and row
  /// pointers assigned in the nest.
  std::vector<std::pair<const VarDecl *, const Expr *>> Substituted;
  const Expr *substitutedValue(const VarDecl *V) const;
  /// `x = ...;` to a local pointer or number declared before the nest
  /// (C89), not a loop variable or coordinate; null otherwise.
  const BinaryOperator *localAssignment(const Stmt *S) const;
  bool readAssignedLocal(const BinaryOperator *B, const LoopFact &Owner);
  /// V set to Value by Where (its declaration, or an assignment in the
  /// body of Owner): checked to read the same wherever it is substituted.
  bool readValueLocal(const VarDecl *V, const Expr *Value, const Stmt *Where,
                      const LoopFact &Owner);
  /// E as written, with each substituted local's use replaced by its value
  /// in parentheses; empty where a use is inside a macro.
  std::string substitutedText(const Expr *E) const;

  //===--- Subscripts.cpp: affine subscripts, dense accesses, factors.
  bool affine(const Expr *E, AffineForm &Out);
  /// affine's cases: an integer cast, a variable that is a term (an index,
  /// a position, TACO's counter, an alias or a substituted value), a sum or
  /// difference, a product by an invariant.
  bool affineCast(const clang::ExplicitCastExpr *Cast, AffineForm &Out);
  bool isAffineTerm(const VarDecl *V) const;
  bool affineVariable(const VarDecl *V, const Expr *E, AffineForm &Out);
  bool affineSum(const BinaryOperator *B, AffineForm &Out);
  bool affineScaled(const Expr *Var, const Expr *Factor, AffineForm &Out);
  /// Refuses E, a coordinate loaded at a dense loop's variable that walks
  /// nonzeros in a form not read as COO: true if it did.
  bool refuseCoordinateLoad(const Expr *E);
  /// The elements a multi-dimensional access reaches: the subscript of
  /// the element in the array's first row ('*C'), Rows levels of '*' deep.
  struct ElementRange {
    AffineForm Form;
    unsigned Rows = 0;
  };
  /// An access as the index notation reads it, Form its subscripts'
  /// terms; for a multi-dimensional one, the element subscript in Elements
  /// when its strides are known.
  std::optional<ir::Access>
  readDenseAccess(const ArraySubscriptExpr *ASE, AffineForm &Form,
                  std::optional<ElementRange> *Elements = nullptr);
  /// MatrixRanges.cpp: readDenseAccess of a matrix, Base[s0][s1]...
  std::optional<ir::Access>
  readMatrixAccess(const Expr *Base,
                   const std::vector<const Expr *> &Subscripts,
                   AffineForm &Form, std::optional<ElementRange> *Elements);
  std::optional<ir::Access> orderByStride(const AffineForm &Form,
                                          const std::string &Tensor);
  bool readFactor(const Expr *E, const Expr *Output);
  /// readFactor's cases: what no factor may be (a call, a side effect, a
  /// volatile read); a scalar (a literal, or a variable the nest does not
  /// index); an array element, a sparse tensor's value or a dense access.
  bool readableFactor(const Expr *E);
  bool isScalarFactor(const Expr *E) const;
  bool readScalarFactor(const Expr *E, const std::string &Text);
  bool readArrayFactor(const ArraySubscriptExpr *ASE, const std::string &Text);
  /// Records a factor's source text, type and the dense positions it
  /// reads, and whether the original's product converts it to another type
  /// (NestSource::Factor).
  void recordFactor(const Expr *E, const std::string &Text,
                    std::vector<std::string> Aliases);
  /// Whether a dense loop walks nonzeros: up to pos[1] (a compressed first
  /// level walked from 0 whose variable is also an index, not read as one
  /// by isRootFromZero) or with values read at its variable (COO).
  bool walksNonzeros(const LoopFact &Walk) const;
  bool mentionsNestVariable(const Expr *E) const;
  /// A variable of the nest (mentionsNestVariable) that E names in a
  /// macro's body rather than in its arguments ('#define CK C[i * K + k]'),
  /// or null.
  const VarDecl *nestVariableInMacroBody(const Expr *E) const;
  bool isInvariant(const Expr *E) const;
  /// The dense positions and row pointers E reads, with those their
  /// initializers read, in order of declaration.
  std::vector<std::string> aliasesIn(const Expr *E) const;
  /// The array an access reads: through subscripts and row pointers.
  const Expr *arrayOf(const Expr *E) const;
  /// The arrays the factors read, for the checks against the output.
  struct InputArray {
    const Expr *Base;
    SourceLocation Where;
  };
  std::vector<InputArray> InputArrays;
  /// Values arrays read at a position, with the position variable, and for
  /// a dense block per position ('T[p * L + l]'), the block's index.
  struct ValueRead {
    const Expr *Base;
    const VarDecl *Position;
    const VarDecl *Block = nullptr;
    SourceLocation Where; // of a block's subscript
  };
  std::vector<ValueRead> ValueReads;
  /// 'T[p * S + l]', 0 <= l < L: the values of a tensor stored at the
  /// positions p of a compressed level, a dense block of S per position (a
  /// workspace per fiber, as the output of a sparse-output SpTTM is),
  /// read as a value at p with one more, dense, level l (its first L
  /// elements, TACO's 'p * A3_dimension + l' with l < D1_dimension; a read
  /// all the same where L > S). False with Fail unset for another access.
  bool readPositionBlock(const ArraySubscriptExpr *ASE,
                         const std::string &Text);

  //===--- Statement.cpp: the innermost update and its output.
  /// An update written in the file: its operator, and its operands as
  /// written, each maybe a macro's use.
  bool writtenInFile(const Expr *E) const;
  bool readStatement(const Expr *E);
  /// An output assigned a whole sum (`A[..] = acc;`): read as zeroed,
  /// then accumulated, when every element is assigned once.
  bool readAssignedOutput(const Expr *Lhs, const Expr *E);
  bool readAccumulatorUse(const Expr *E);
  /// The accumulator, or a copy of it, stored by Rhs: Rhs itself, or one
  /// factor of a product of Rhs whose other factors go to Scale; null for
  /// none, and where the product holds it, or copies, more than once
  /// (Twice set).
  const VarDecl *storedSum(const Expr *Rhs, std::vector<const Expr *> &Scale,
                           bool &Twice) const;
  /// Scale's factors read as factors of the statement, after the sum's:
  /// none may use an index of a loop inside the sum, and each of those is
  /// dense (NestSource::ScaledSumLoops).
  bool readSumScale(const std::vector<const Expr *> &Scale,
                    const Expr *Statement);
  bool readOutput(const Expr *Lhs, const Expr *Statement);
  bool readProduct(const Expr *Rhs, QualType Target, const Expr *Statement);
  bool checkTypes(QualType Target, QualType Value, const Expr *Statement);
  /// A multiplication of the product that wraps in a narrower unsigned
  /// type than the whole product's: regrouped, it would not wrap.
  bool checkMultiplication(const BinaryOperator *Mul);
  const Expr *PendingProduct = nullptr;
  /// The type the original computes the whole product in (the usual
  /// arithmetic conversions of all its factors, left to right).
  QualType ProductType;
  QualType HeldType;                     // NestSource::ElementType
  std::vector<QualType> FactorQualTypes; // NestSource::Factor::Type
  /// The types the rewrite declares and converts to, spelled without a
  /// typedef name the function shadows ('typedef long wide;' and a
  /// parameter 'int wide': 'long').
  void respellShadowedTypes(const std::set<std::string> &Locals);
  /// T as typeName spells it, or canonical where a local shadows a name.
  std::string spelledType(QualType T,
                          const std::set<std::string> &Locals) const;
  const Expr *outputBase = nullptr;
  AffineForm OutputForm;
  bool ReadingOutput = false;
  bool AccumulatesWithPlusAssign = false;
  /// For a multi-dimensional output (A[i][l]): the index of each subscript,
  /// when each is one index alone.
  std::vector<std::string> OutputRows;
  bool OutputMultiDim = false;
  /// TACO's scalar accumulator: `T acc = 0; for (...) acc += product;`
  /// followed by `A[..] = A[..] + acc;`.
  const VarDecl *Accumulator = nullptr;
  bool AccumulatorFilled = false;
  size_t LoopsOutsideAccumulator = 0;

  //===--- TacoConventions.cpp: what TACO's generated code says.
  std::string tensorName(const Expr *Base) const;
  /// TACO: the tensor struct a values array comes from
  /// (`double *B_vals = (double *)(B->vals);` -> B).
  const VarDecl *tacoStruct(const Expr *Base) const;
  /// The extent of a compressed index, as TACO's tensor structs give it:
  /// the dimension of a tensor read at that index, by the name the preamble
  /// gives it (`int C1_dimension = (int)(C->dimensions[0]);`) or read from
  /// the struct; empty when no struct says.
  std::string tacoExtent(const std::string &Index, const Stmt *Function,
                         SourceLocation Before) const;
  /// Dimension D of a TACO tensor struct: the preamble's name for it, or
  /// read from the struct when it is a parameter; empty otherwise.
  std::string tacoDimension(const VarDecl *Struct, unsigned D,
                            const Stmt *Function, SourceLocation Before) const;
  /// TACO's counter of a sparse output's positions (`int32_t jA = 0;`
  /// before the nest, `jA++;` in a compressed loop's body).
  const VarDecl *Counter = nullptr;
  const VarDecl *CounterPosition = nullptr; // the loop variable it follows
  std::string CounterAssignment;            // "jA = jB - B2_pos[0];"
  size_t CounterLoop = 0;
  const VarDecl *incremented(const Stmt *S) const;
  bool readCounter(const VarDecl *V, const Stmt *Increment, size_t Owner,
                   bool First);
  /// The output stored at Position, a position of L's level, is laid out
  /// as positions x one dense extent (`A[p * M + m]`).
  bool positionsTimesExtent(const VarDecl *Position, const LoopFact &L);
  bool resolveSparseOutput();
  std::vector<std::string> SparseOutputIndices;

  //===--- OutputLegality.cpp: what must hold of the output.
  void findDisjointOutputIndices(const AffineForm &Form);
  /// The output subscript's terms, with the bounds the loops prove; with
  /// TacoLevels, also the output's dimension at each index's level.
  std::vector<LinearTerm> outputTerms(const AffineForm &Form,
                                      bool TacoLevels) const;
  bool outputAssignedOnce(const Expr *Lhs, const Expr *Statement);
  bool outputOnlyAccumulated(const ForStmt *Outer);
  /// Nest: the statement replaced (escapes of the output after it, not
  /// repeated before it, do not count).
  bool inputsIndependentOfOutput(const Stmt *Function, const Stmt *Nest);
  bool checkAliasing(const Expr *OutputBase);

  //===--- MatrixRanges.cpp: the elements of a multi-dimensional access.
  /// Whether a VLA's extent Size means the value of the call wherever the
  /// nest names it: a local or parameter never changed nor shadowed.
  bool keptThroughout(const VarDecl *Size) const;
  /// The extents of the Dimensions - 1 inner dimensions of an array of
  /// type T (a pointer to rows or an array of them), or why not.
  std::optional<std::string>
  innerExtents(QualType T, size_t Dimensions,
               std::vector<Coefficient> &Extents) const;
  /// The element subscript of Base[Dims[0]][Dims[1]]..., or nullopt and
  /// Why.
  std::optional<AffineForm> elementForm(const Expr *Base,
                                        const std::vector<AffineForm> &Dims,
                                        std::string &Why) const;

  //===--- OverlapFacts.cpp: ranges for the run-time overlap test.
  /// Records an array's subscript for the overlap test (OverlapFacts);
  /// Rows > 0 for the element subscript of a multi-dimensional array.
  void recordRange(const Expr *Base, const AffineForm &Form, bool Written,
                   unsigned Rows = 0);
  void recordLevelRanges();
  void recordMemoryScalars(const Stmt *Nest);
  /// NestSource::MemberArrays, their types spelled against Locals.
  void recordMemberArrays(const Stmt *Nest,
                          const std::set<std::string> &Locals);

  //===--- ElementwiseMaps.cpp: a sum stored through a function.
  /// The places a pure function may read besides constants: the stored
  /// product, or a static function's parameters.
  struct MapPlaces {
    std::function<bool(const Expr *)> IsPlace;
  };
  bool pureMap(const Expr *E, const MapPlaces &Places, unsigned Depth,
               std::string &Why) const;
  bool pureCall(const clang::CallExpr *Call, const MapPlaces &Places,
                unsigned Depth, std::string &Why) const;
  /// Rhs, the value a sum is stored as, read as a pure function of one
  /// product holding the sum ('1 / (1 + exp(-(s * B[p])))'): Rhs becomes
  /// the product and Map the function as written, '(@)' in its place
  /// (NestSource::Map). Unchanged when Rhs is no such function; false,
  /// refused, when it calls something impure.
  bool readMap(const Expr *&Rhs, std::string &Map, const Expr *Statement);
  /// E, a value of the sum, as written with '(@)' for each use of the
  /// accumulator ('(@) * B[p]'); none where a use is in a macro.
  std::optional<std::string> sumPlaced(const Expr *E) const;

  //===--- Liveness.cpp: variables declared outside the nest.
  bool outerVariablesDead(const Stmt *Nest, const ForStmt *Outer);
  bool deadAfter(const OuterVariable &O, const Stmt *Nest,
                 const std::vector<const Stmt *> &Parents);

  //===--- Queries shared by every phase.
  /// The text as written in the file; a macro use reads as the use
  /// ("C_AT(i, k)"), and what cannot be mapped to the file (a token of a
  /// macro's body) reads as empty.
  std::string text(SourceRange R) const {
    CharSourceRange File =
        Lexer::makeFileCharRange(CharSourceRange::getTokenRange(R), SM, LO);
    if (File.isInvalid())
      return "";
    return withoutSplices(Lexer::getSourceText(File, SM, LO));
  }
  std::string text(const Stmt *S) const { return text(S->getSourceRange()); }
  /// S as written, for a remark: its text, or where S lies in a macro's
  /// body (text() is empty), the macro's use as the file writes it
  /// ('STRIPS').
  std::string written(const Stmt *S) const {
    std::string Text = text(S);
    if (!Text.empty())
      return Text;
    return Lexer::getSourceText(SM.getExpansionRange(S->getSourceRange()), SM,
                                LO)
        .str();
  }
  bool inFile(SourceRange R) const {
    return R.getBegin().isFileID() && R.getEnd().isFileID();
  }
  /// "crd[p + 1]" for the load "crd[p]"; empty inside a macro.
  std::string nextCoordinate(const ArraySubscriptExpr *Load) const {
    std::string Base = text(Load->getBase()), Index = text(Load->getIdx());
    return Base.empty() || Index.empty() ? "" : Base + "[" + Index + " + 1]";
  }
  const LoopFact *loopOf(const VarDecl *V) const {
    for (const LoopFact &L : Loops)
      if (L.Var == V)
        return &L;
    return nullptr;
  }
  /// The compressed loop variable whose position Index is: `p`, or
  /// `pos[i] + p` for a loop relative to its fiber (whose `p` alone is no
  /// position); otherwise the variable Index is, or null.
  const VarDecl *positionVar(const Expr *Index) const;
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
  std::string indexName(const VarDecl *V) const { return V->getName().str(); }
  std::string typeName(QualType T) const {
    return T.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
  }
  /// An invariant stride, by name where it is a variable (also inside a
  /// macro's body), else as written.
  std::string symbolOf(const Expr *E) const {
    if (const VarDecl *V = asVar(E))
      return V->getName().str();
    return spelled(E);
  }
  /// E's text in the file, parentheses and implicit casts aside; inside a
  /// macro's body ('(M).n' of an accessor's), a member path spelled from
  /// its names ('Y.n'); empty otherwise.
  std::string spelled(const Expr *E) const {
    if (std::string Text = text(E->IgnoreParenImpCasts()); !Text.empty())
      return Text;
    return memberPathText(E);
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
};

} // namespace lnr::recover::detail

#endif
