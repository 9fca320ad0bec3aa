//===- NestWalk.h - the walk of a nest's loops and statement -*- C++ -*-===//
//
// Internal to the recovery library. The walk reads a nest top-down: each
// loop's header, the statements around each inner loop, and innermost the
// update and its output; what it finds is a NestFacts value (NestFacts.h).
// Its methods are defined by concern, one file each: LoopHeaders.cpp (with
// SplitLoops.cpp, PositionSplit.cpp and CoordinateLevels.cpp), LoopBodies.cpp,
// BoundLocals.cpp, ValueLocals.cpp, Subscripts.cpp (with MatrixRanges.cpp),
// Statement.cpp (with ElementwiseMaps.cpp, and OutputLegality.cpp for an
// output assigned a whole sum), TacoConventions.cpp and OverlapFacts.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_ANALYSIS_RECOVER_NESTWALK_H
#define LNR_ANALYSIS_RECOVER_NESTWALK_H

#include "analysis/recover/NestFacts.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace lnr::recover::detail {

/// Reads one nest's loops and statement into NestFacts, or a refusal.
class NestWalk : public FactReader {
public:
  explicit NestWalk(const SourceReader &Reader) : FactReader(Reader, {}) {}

  /// The facts of the nest that starts with Outer; none, with Fail set,
  /// for a nest the walk refuses.
  std::optional<NestFacts> read(const ForStmt *Outer);

private:
  /// The compressed loop variable whose position Index is: `p`, or
  /// `pos[i] + p` for a loop relative to its fiber (whose `p` alone is no
  /// position); otherwise the variable Index is, or null.
  const VarDecl *positionVar(const Expr *Index) const;

  //===--- LoopHeaders.cpp: each loop's header, and the tensor it walks.
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
  /// Whether Next is 'while (p == pos[i_pos + 1]) { i_pos++; i = i_pos; }'.
  bool movesToNextRow(const clang::WhileStmt *Next, const VarDecl *P,
                      const Expr *Pos, const VarDecl *RowPosition,
                      const VarDecl *Row) const;
  /// The loops a position split is read as: over the rows, from 0 to
  /// Rows, and over the positions of each row in Pos.
  void addPositionSplitLoops(const ForStmt *Outer, const ForStmt *Inner,
                             const VarDecl *Row, const VarDecl *P,
                             const Expr *Pos, const Expr *Rows);
  /// PositionBlocks.cpp: TACO's split of a fiber's positions into blocks,
  /// read as the loop over the fiber's positions; false with Fail unset
  /// when For is no such split.
  bool readPositionBlocks(const ForStmt *For);
  /// Such a split as read so far: the loop over the blocks (Outer, of
  /// Block, S positions each, of the fiber [Lo, Hi)), its test of a block
  /// inside the fiber (Test), the loop over a block's positions (Inner, of
  /// Offset, declaring the position P and skipping outside the fiber with
  /// Skip), at most one loop between (Between), and Inner's statements
  /// after Skip: the declarations read at the positions' level (Hoisted)
  /// and the rest.
  struct BlockShape {
    const ForStmt *Outer = nullptr, *Inner = nullptr, *Between = nullptr;
    const VarDecl *Block = nullptr, *Offset = nullptr, *P = nullptr;
    int64_t S = 0;
    const ArraySubscriptExpr *Lo = nullptr, *Hi = nullptr;
    const clang::IfStmt *Test = nullptr;
    const Stmt *Skip = nullptr;
    std::vector<const Stmt *> Hoisted, Rest;
  };
  std::optional<BlockShape> positionBlocksShape(const ForStmt *For);
  bool refuseBlocks(const BlockShape &Sh, const std::string &Why,
                    SourceLocation Where);
  bool readBlockTest(BlockShape &Sh);
  bool readBlockPositions(BlockShape &Sh);
  void hoistLoads(BlockShape &Sh) const;
  /// Whether Inside is Tested without the statement Skip, spelled alike
  /// ('#pragma clang loop' hints aside).
  bool blockAlike(const Stmt *Tested, const Stmt *Inside,
                  const Stmt *Skip) const;
  bool checkBlockBody(const BlockShape &Sh);
  bool blockOrderKept(const BlockShape &Sh, size_t Level);
  /// The split being read: its Inner loop reads as its Rest.
  std::optional<BlockShape> Blocks;
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
  //===--- TensorLevels.cpp: compressed loops matched with tensors.
  bool assignTensors();
  /// Names the levels of the chain of compressed loops above Pos (and a
  /// dense block below it) as tensor Name's, F its access.
  bool chainLevels(const std::string &Name, const VarDecl *Pos,
                   const VarDecl *Block, ir::Access &F, SourceLocation Where);
  /// Patterns: chains of compressed loops no value array is read at.
  bool addPatterns();
  std::string patternName(const LoopFact &L) const;
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
  bool addOuterVariable(const VarDecl *V, const ForStmt *Scope,
                        SourceLocation From, SourceLocation Where);
  /// `T *Ci = C + i * K;` (or `&C[i * K]`), declared, or assigned in the
  /// body of AssignedIn to a pointer declared before the nest.
  bool readRowPointer(const VarDecl *V, const Expr *Init, const Stmt *Where,
                      const LoopFact *AssignedIn);

  //===--- ValueLocals.cpp: locals that only name a value, read in place.
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
  /// Whose subscript is read: the output's may hold what no input's may
  /// (a position, TACO's counter: resolveSparseOutput() checks it); an
  /// output read as a matrix records its rows (NestFacts::OutputRows).
  enum class Side { Input, Output };
  bool affine(const Expr *E, AffineForm &Out, Side S = Side::Input);
  /// affine's cases: an integer cast, a variable that is a term (an index,
  /// a position, TACO's counter, an alias or a substituted value), a sum or
  /// difference, a product by an invariant.
  bool affineCast(const clang::ExplicitCastExpr *Cast, AffineForm &Out, Side S);
  bool isAffineTerm(const VarDecl *V) const;
  bool affineVariable(const VarDecl *V, const Expr *E, AffineForm &Out, Side S);
  bool affineSum(const BinaryOperator *B, AffineForm &Out, Side S);
  bool affineScaled(const Expr *Var, const Expr *Factor, AffineForm &Out,
                    Side S);
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
                  std::optional<ElementRange> *Elements = nullptr,
                  Side S = Side::Input);
  /// MatrixRanges.cpp: readDenseAccess of a matrix, Base[s0][s1]...
  std::optional<ir::Access> readMatrixAccess(
      const Expr *Base, const std::vector<const Expr *> &Subscripts,
      AffineForm &Form, std::optional<ElementRange> *Elements, Side S);
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
  /// A variable of the nest (mentionsNestVariable) that E names in a
  /// macro's body rather than in its arguments ('#define CK C[i * K + k]'),
  /// or null.
  const VarDecl *nestVariableInMacroBody(const Expr *E) const;
  /// The dense positions and row pointers E reads, with those their
  /// initializers read, in order of declaration.
  std::vector<std::string> aliasesIn(const Expr *E) const;
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
  /// The walk's own state while it reads the statement: the product the
  /// loop inside the accumulator (NestFacts::Accumulator) adds to it, null
  /// until that loop is read, and how many loops are outside it.
  const Expr *AccumulatedProduct = nullptr;
  size_t LoopsOutsideAccumulator = 0;

  //===--- TacoConventions.cpp: what TACO's generated code says.
  /// The loop variable TACO's counter (NestFacts::Counter) follows.
  const VarDecl *CounterPosition = nullptr;
  const VarDecl *incremented(const Stmt *S) const;
  bool readCounter(const VarDecl *V, const Stmt *Increment, size_t Owner,
                   bool First);
  /// The output stored at Position, a position of L's level, is laid out
  /// as positions x one dense extent (`A[p * M + m]`).
  bool positionsTimesExtent(const VarDecl *Position, const LoopFact &L);
  bool resolveSparseOutput();

  //===--- OutputLegality.cpp: what must hold of the output.
  bool outputAssignedOnce(const Expr *Lhs, const Expr *Statement);

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
  bool continuousMap(const Expr *E, const MapPlaces &Places,
                     unsigned Depth) const;
  bool continuousBranch(const clang::ConditionalOperator *C,
                        const MapPlaces &Places, unsigned Depth) const;
  /// A function a sum is stored through: its text (NestSource::Map) and
  /// whether it is continuous in the sum (NestSource::MapContinuous).
  struct StoredMap {
    std::string Text;
    bool Continuous = false;
  };
  /// Rhs, the value a sum is stored as, read as a pure function of one
  /// product holding the sum ('1 / (1 + exp(-(s * B[p])))'): Rhs becomes
  /// the product and Map the function as written, '(@)' in its place.
  /// Unchanged when Rhs is no such function; false, refused, when it calls
  /// something impure.
  bool readMap(const Expr *&Rhs, StoredMap &Map, const Expr *Statement);
  /// E, a value of the sum, as written with '(@)' for each use of the
  /// accumulator ('(@) * B[p]'); none where a use is in a macro.
  std::optional<std::string> sumPlaced(const Expr *E) const;
};

} // namespace lnr::recover::detail

#endif
