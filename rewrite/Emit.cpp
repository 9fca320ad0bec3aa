//===- Emit.cpp -----------------------------------------------------------===//
//
// Layout of the emitted nest:
//
//   [#pragma omp parallel            ] when parallel with vector temporaries
//   [{ T *t = malloc(...) per thread ] vector temporaries: once per thread
//   [  if (t) ...                    ] run only where every one was allocated
//   #pragma omp [parallel] for ...     when the outer loop is parallel
//   for (shared loops) {
//     T t = 0; | for (dims) t[..] = 0;   where the producer starts
//     producer branch
//     consumer branch
//   }
//   [free(t); }]
//
// A temporary that cannot be allocated clears the caller's flag
// (EmitOptions::AllocatedFlag), and the caller runs the original nest.
//
//===----------------------------------------------------------------------===//

#include "rewrite/Emit.h"
#include "rewrite/CText.h"
#include "rewrite/ProducerGuard.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <functional>
#include <map>
#include <set>
#include <utility>

namespace lnr::rewrite {
namespace {

/// Text with every use of the identifier From replaced by To; members
/// ('.From', '->From') are not uses.
std::string substitute(const std::string &Text, const std::string &From,
                       const std::string &To) {
  std::string Out;
  for (size_t I = 0; I < Text.size();) {
    if (!isIdentifierChar(Text[I])) {
      Out += Text[I++];
      continue;
    }
    size_t End = I;
    while (End < Text.size() && isIdentifierChar(Text[End]))
      ++End;
    std::string Word = Text.substr(I, End - I);
    bool Member = (I >= 1 && Text[I - 1] == '.') ||
                  (I >= 2 && Text.compare(I - 2, 2, "->") == 0);
    Out += Word == From && !Member ? To : Word;
    I = End;
  }
  return Out;
}

/// substitute() with the expression To, parenthesized unless it stands
/// alone between brackets ('t[k + 1]'). An argument between parentheses or
/// commas is parenthesized too: it may be a macro's ('C_AT(i, (k + 1))'),
/// which need not parenthesize its parameters.
std::string substituteExpression(const std::string &Text,
                                 const std::string &From,
                                 const std::string &To) {
  std::string Marked = substitute(Text, From, "\x01");
  std::string Out;
  for (size_t I = 0; I < Marked.size(); ++I) {
    if (Marked[I] != '\x01') {
      Out += Marked[I];
      continue;
    }
    size_t Before = Marked.find_last_not_of(' ', I == 0 ? 0 : I - 1);
    size_t After = Marked.find_first_not_of(' ', I + 1);
    bool Alone = I > 0 && Before != std::string::npos &&
                 Marked[Before] == '[' && After != std::string::npos &&
                 Marked[After] == ']';
    Out += Alone ? To : "(" + To + ")";
  }
  return Out;
}

/// Text with every occurrence of From replaced by To.
std::string replaceAll(std::string Text, const std::string &From,
                       const std::string &To) {
  for (size_t At = Text.find(From); At != std::string::npos;
       At = Text.find(From, At + To.size()))
    Text.replace(At, From.size(), To);
  return Text;
}

/// The type of a loop variable that counts to an extent found by a scan of
/// coordinates of type Type: a narrow coordinate's extent (256 for an
/// unsigned char) does not fit the coordinate's own type.
std::string wideEnough(const std::string &Type) {
  static const char *const Narrow[] = {
      "char",    "signed char",    "unsigned char",
      "short",   "unsigned short", "int8_t",
      "uint8_t", "int16_t",        "uint16_t",
      "_Bool",   "short int",      "unsigned short int",
      "bool"};
  return std::find(std::begin(Narrow), std::end(Narrow), Type) !=
                 std::end(Narrow)
             ? "int"
             : Type;
}

class Emitter {
public:
  Emitter(const ir::Kernel &K, const NestSource &S, NamePicker Names)
      : Names(std::move(Names)), K(K), S(S) {}

  /// An index of T whose level is walked by position only, which has no
  /// value to index a temporary by.
  std::optional<std::string> positionOnlyIndex(const ir::Temporary &T) const {
    for (const std::string &I : T.Indices)
      if (const LoopSource *L = S.loop(I); L && L->PositionOnly)
        return I;
    return std::nullopt;
  }

  std::optional<Refusal> nameTemporaries(const ir::BranchedGraph &G) {
    std::set<std::string> Full;
    collectFull(G, Full);
    for (const ir::Temporary &T : G.temporaries()) {
      if (T.Positions) {
        if (!positionsCount(*T.Positions))
          return Refusal(
              "lnr-unsupported-temporary",
              "the schedule stores " + toString(ir::Access{T.Name, T.Indices}) +
                  " at the positions of '" + T.Positions->Tensor +
                  "', and the number of those positions is not known (a "
                  "dense level below a compressed one, a level read from "
                  "separate begin and end arrays or counted from its "
                  "fiber's start, or a loop the recovery did not read)");
      } else if (std::optional<std::string> I = positionOnlyIndex(T)) {
        return Refusal("lnr-unsupported-temporary",
                       "the schedule indexes " +
                           toString(ir::Access{T.Name, T.Indices}) + " by '" +
                           *I +
                           "', whose level the nest walks by position only: "
                           "it never loads the coordinate");
      } else if (!Full.count(T.Name)) {
        for (const std::string &I : T.Indices)
          if (!loopHeader(I))
            return inPlace(I) ? *inPlace(I)
                              : Refusal("lnr-internal",
                                        "no loop to zero the temporary over '" +
                                            I + "'");
      }
      CName[T.Name] = Names.pick(T.Name);
      if (T.Positions || Full.count(T.Name))
        Globals.push_back(T); // a full scalar too: one, shared
      else if (!T.isScalar())
        Vectors.push_back(T);
    }
    return std::nullopt;
  }

  bool hasVectors() const { return !Vectors.empty(); }
  /// Shared temporaries other than full scalars (which the plain layout
  /// declares in front of the loops).
  bool hasGlobals() const {
    return std::any_of(Globals.begin(), Globals.end(),
                       [](const ir::Temporary &T) { return !T.isScalar(); });
  }
  bool isGlobal(const std::string &Temp) const {
    return std::any_of(Globals.begin(), Globals.end(),
                       [&](const ir::Temporary &T) { return T.Name == Temp; });
  }
  const ir::Temporary *temporary(const std::string &Name) const {
    for (const std::vector<ir::Temporary> *List : {&Globals, &Vectors})
      for (const ir::Temporary &T : *List)
        if (T.Name == Name)
          return &T;
    return nullptr;
  }

  /// Full temporaries and those at a sparse tensor's positions: allocated
  /// once, before the nest, shared by the threads (each writes its own
  /// elements), released after it. Zeroed by calloc, unless the loop that
  /// fills them zeroes each slice first (zeroSliceFirst). The phases run
  /// only when every one was allocated (emitPhases).
  std::string globalAllocations(unsigned Depth) const {
    std::string Out;
    for (const ir::Temporary &T : Globals) {
      const std::string &Name = CName.at(T.Name);
      const std::string &Type = S.ElementType;
      if (T.isScalar())
        Out += pad(Depth) + Type + " " + Name + " = 0;\n";
      else if (ZeroedInFill.count(T.Name))
        Out += pad(Depth) + Type + " *" + Name + " = (" + Type +
               " *)malloc(sizeof(" + Type + ") * " + globalSize(T) + ");\n";
      else
        Out += pad(Depth) + Type + " *" + Name + " = (" + Type + " *)calloc(" +
               globalSize(T) + ", sizeof(" + Type + "));\n";
    }
    return Out;
  }

  std::string globalReleases(unsigned Depth) const {
    std::string Out;
    for (const ir::Temporary &T : Globals)
      if (!T.isScalar())
        Out += pad(Depth) + "free(" + CName.at(T.Name) + ");\n";
    return Out;
  }

  /// The per-thread vector temporaries used inside G.
  std::vector<ir::Temporary> vectorsIn(const ir::BranchedGraph &G) const {
    std::vector<ir::Temporary> Out;
    for (const ir::Temporary &T : G.temporaries())
      if (const ir::Temporary *V = temporary(T.Name); V && !isGlobal(T.Name))
        Out.push_back(*V);
    return Out;
  }

  /// Whether distinct iterations of G's outer loop write distinct elements
  /// of everything G writes that is not private to a thread: the output
  /// (proved from its subscript, or by the file's own directive when
  /// TrustOutput), and shared temporaries (dense ones indexed by the loop's
  /// index, those at positions when the loop runs over the tensor's first,
  /// dense level). Why says which write prevents it.
  bool writesDisjoint(const ir::BranchedGraph &G, bool TrustOutput,
                      std::string &Why) const {
    if (G.Loops.empty()) {
      Why = "it has no loop";
      return false;
    }
    const ir::Loop &L = G.Loops.front();
    std::string Name = "'" + L.Index + "'";
    if (L.isCompressed()) {
      Why = "the outer loop over " + Name + " is compressed";
      return false;
    }
    for (const ir::Assignment &A : G.statements()) {
      const std::string &Written = A.Lhs.Tensor;
      bool Disjoint = true;
      if (Written == K.Stmt.Lhs.Tensor) {
        Disjoint =
            TrustOutput || std::find(S.DisjointOutputIndices.begin(),
                                     S.DisjointOutputIndices.end(),
                                     L.Index) != S.DisjointOutputIndices.end();
      } else if (const ir::Temporary *T = temporary(Written);
                 T && isGlobal(Written)) {
        if (T->Positions) {
          const ir::Access *X = accessOf(T->Positions->Tensor);
          const ir::Tensor *XT = K.findTensor(T->Positions->Tensor);
          Disjoint = X && XT && !X->Indices.empty() &&
                     X->Indices.front() == L.Index &&
                     XT->Levels.front() == ir::LevelFormat::Dense;
        } else {
          Disjoint = A.Lhs.uses(L.Index);
        }
      }
      if (!Disjoint) {
        auto C = CName.find(Written);
        Why = "different " + Name + " may write the same elements of '" +
              (C != CName.end() ? C->second : Written) + "'";
        return false;
      }
    }
    return true;
  }

  /// Zeroes every element the nest assigns: the file's loops over the
  /// output's indices around `A[..] = 0;`.
  std::optional<std::string> outputZeroing(unsigned Depth,
                                           const std::string &Pragma) const {
    std::string Out = Pragma.empty() ? "" : Pragma + "\n";
    unsigned Opened = 0;
    // An output stored at an input's positions is zeroed where the nest
    // walks them: its compressed loops, as written, and the loops above.
    std::set<std::string> Walked;
    for (const ir::Loop &L : K.Loops)
      if (L.isCompressed() && K.Stmt.Lhs.uses(L.Index))
        for (const std::string &P : ir::parentsOf(L, K))
          Walked.insert(P);
    for (const ir::Loop &L : K.Loops) {
      if (!K.Stmt.Lhs.uses(L.Index) && !Walked.count(L.Index))
        continue;
      std::optional<std::string> Header =
          L.isCompressed() ? S.loop(L.Index)->Header : loopHeader(L.Index);
      if (!Header || Header->empty())
        return std::nullopt;
      Out += pad(Depth + Opened++) + *Header + " {\n";
      if (L.isCompressed())
        for (const std::string &P : S.loop(L.Index)->Prologue)
          Out += pad(Depth + Opened) + P + "\n";
    }
    std::set<std::string> Read(S.OutputAliases.begin(), S.OutputAliases.end());
    for (const NestSource::Alias &Alias : S.Aliases)
      if (Read.count(Alias.Name))
        Out += pad(Depth + Opened) + Alias.Declaration + "\n";
    Out += pad(Depth + Opened) + S.Output + " = 0;\n";
    while (Opened--)
      Out += pad(Depth + Opened) + "}\n";
    return Out;
  }

  /// The per-thread vector temporaries, and the shared ones.
  const std::vector<ir::Temporary> &vectors() const { return Vectors; }
  const std::vector<ir::Temporary> &globals() const { return Globals; }

  /// Declarations of vector temporaries, and their release.
  std::string allocations(unsigned Depth,
                          const std::vector<ir::Temporary> &List) const {
    std::string Out;
    for (const ir::Temporary &T : List)
      Out += pad(Depth) + S.ElementType + " *" + CName.at(T.Name) + " = (" +
             S.ElementType + " *)malloc(sizeof(" + S.ElementType + ") * " +
             size(T) + ");\n";
    return Out;
  }
  std::string releases(unsigned Depth,
                       const std::vector<ir::Temporary> &List) const {
    std::string Out;
    for (const ir::Temporary &T : List)
      Out += pad(Depth) + "free(" + CName.at(T.Name) + ");\n";
    return Out;
  }

  /// "t && u": every temporary of List that lives on the heap was
  /// allocated. Sizes count at least one element (allocationExtent), so a
  /// NULL pointer is a failure, never malloc(0)'s legitimate answer.
  std::string allAllocated(const std::vector<ir::Temporary> &List) const {
    std::vector<std::string> Pointers;
    for (const ir::Temporary &T : List)
      if (!T.isScalar())
        Pointers.push_back(CName.at(T.Name));
    return allOf(Pointers);
  }

  /// The flag (EmitOptions::AllocatedFlag) the rewrite clears when a
  /// temporary cannot be allocated.
  std::string Allocated;
  /// Whether the text written so far allocates on the heap.
  bool Allocates = false;

  /// G in a block that allocates List's vectors first, and runs G only
  /// when every one was allocated:
  ///
  ///   {
  ///     T *t = (T *)malloc(...);
  ///     if (t) {
  ///       G
  ///     } else {
  ///       allocated = 0;
  ///     }
  ///     free(t);
  ///   }
  std::optional<Refusal> allocatingBlock(const ir::BranchedGraph &G,
                                         unsigned Depth,
                                         const std::vector<ir::Temporary> &List,
                                         const std::string &OuterPragma) {
    Allocates = true;
    Text += pad(Depth) + "{\n" + allocations(Depth + 1, List) + pad(Depth + 1) +
            "if (" + allAllocated(List) + ") {\n";
    if (auto R = graph(G, Depth + 2, OuterPragma))
      return R;
    Text += pad(Depth + 1) + "} else {\n" + pad(Depth + 2) + Allocated +
            " = 0;\n" + pad(Depth + 1) + "}\n" + releases(Depth + 1, List) +
            pad(Depth) + "}\n";
    return std::nullopt;
  }

  /// G, whose outer loop is work-shared by For, in a parallel region
  /// (Parallel: its directive) whose threads each allocate List's vectors:
  ///
  ///   #pragma omp parallel ... shared(allocated)
  ///   {
  ///     T *t = (T *)malloc(...);
  ///     if (!t) {
  ///   #ifdef __GNUC__
  ///       __atomic_store_n(&allocated, 0, __ATOMIC_RELAXED);
  ///   #else
  ///   #pragma omp atomic write
  ///       allocated = 0;
  ///   #endif
  ///     }
  ///   #pragma omp barrier
  ///     if (allocated) {
  ///   #pragma omp for ...
  ///       G
  ///     }
  ///     free(t);
  ///   }
  ///
  /// A thread whose malloc fails cannot run the original nest while the
  /// others run their share of the rewrite, and a work-shared loop must be
  /// met by every thread of the team or by none. So a thread that fails
  /// clears the shared flag, and after the barrier (which makes the writes
  /// visible, and after which nobody writes the flag) every thread reads
  /// the same value: all of them run the loop, or none does and the caller
  /// runs the original nest after the region. Each thread still allocates
  /// its own vector, in the region (placed near it by first touch, as
  /// before). Allocating the vectors of every thread before the region
  /// would need the size of the team, which a num_threads clause, nested
  /// regions and omp_get_max_threads (omp.h, absent without -fopenmp)
  /// leave uncertain. Without OpenMP the pragmas are ignored and the same
  /// code runs as one thread. The flag is shared explicitly: a default
  /// clause of the file's directive would not share it. Several threads
  /// may clear it at once: the store is atomic, with the builtin that gcc
  /// and clang (and compilers claiming __GNUC__) provide, `omp atomic`
  /// elsewhere. The builtin is what the tool itself reads: its recovery
  /// cannot walk a function holding an `omp atomic` (a directive without a
  /// captured statement), and must read its own output again.
  std::optional<Refusal> allocatingRegion(
      const ir::BranchedGraph &G, unsigned Depth, const std::string &Parallel,
      const std::vector<ir::Temporary> &List, const std::string &For) {
    Allocates = true;
    std::string Missing;
    for (const ir::Temporary &T : List)
      Missing += (Missing.empty() ? "!" : " || !") + CName.at(T.Name);
    Text += Parallel + " shared(" + Allocated + ")\n" + pad(Depth) + "{\n" +
            allocations(Depth + 1, List) + pad(Depth + 1) + "if (" + Missing +
            ") {\n#ifdef __GNUC__\n" + pad(Depth + 2) + "__atomic_store_n(&" +
            Allocated + ", 0, __ATOMIC_RELAXED);\n#else\n#pragma omp atomic " +
            "write\n" + pad(Depth + 2) + Allocated + " = 0;\n#endif\n" +
            pad(Depth + 1) + "}\n#pragma omp barrier\n" + pad(Depth + 1) +
            "if (" + Allocated + ") {\n";
    if (auto R = graph(G, Depth + 2, For))
      return R;
    Text +=
        pad(Depth + 1) + "}\n" + releases(Depth + 1, List) + pad(Depth) + "}\n";
    return std::nullopt;
  }

  std::optional<Refusal> graph(const ir::BranchedGraph &G, unsigned Depth,
                               const std::string &OuterPragma) {
    const ir::Temporary *Filled = std::exchange(Fills, nullptr);
    unsigned Opened = 0;
    // The last two loops, when unrolled and jammed, are written by jammed().
    bool Jam =
        UnrollJam && canJam(G) && (G.Loops.size() > 2 || OuterPragma.empty());
    // The reduction loop, when split into partial sums, by partialSums().
    bool Split = !Jam && SplitReductions && canSplitReduction(G) &&
                 (G.Loops.size() > 1 || OuterPragma.empty());
    for (const ir::Loop &L : G.Loops) {
      if (Jam && &L == &G.Loops[G.Loops.size() - 2])
        break;
      if (Split && &L == &G.Loops.back())
        break;
      std::optional<std::string> Header = loopHeader(L.Index, &L);
      if (!Header)
        return inPlace(L.Index)
                   ? *inPlace(L.Index)
                   : Refusal("lnr-internal",
                             "no source for the loop over '" + L.Index + "'");
      if (Opened == 0 && !OuterPragma.empty()) {
        Text += OuterPragma + "\n";
      } else if (G.Statement && &L == &G.Loops.back()) {
        if (std::optional<std::string> Simd = simd(L, *G.Statement)) {
          // C89: a declaration here would follow the body's statements.
          if (!DeclarationsFirst)
            hoistNonzeroValues(L, *G.Statement, Depth + Opened);
          Text += *Simd + "\n";
        }
      }
      line(Depth + Opened, *Header + " {");
      // The coordinate load goes here once the body is known to read it.
      BodyStarts.push_back(Text.size());
      if (auto Flags = RanFlags.find(&L); Flags != RanFlags.end())
        for (const std::string &Flag : Flags->second)
          line(Depth + Opened + 1, Flag + " = 1;");
      Enclosing.push_back(&L);
      if (Opened == 0 && Filled)
        zeroSliceFirst(*Filled, L, Depth + 1);
      // After the zeroing: a skipped slice is zero, not left unset.
      if (auto Test = LoopTests.find(L.Index); Test != LoopTests.end()) {
        line(Depth + Opened + 1, "if (!(" + Test->second + "))");
        line(Depth + Opened + 2, "continue;");
        TestsMade.insert(L.Index);
      }
      ++Opened;
    }
    unsigned Inner = Depth + Opened;
    if (Jam) {
      jammed(G, Inner);
    } else if (Split) {
      partialSums(G, Inner);
    } else if (G.Statement) {
      std::optional<std::string> Code = statement(*G.Statement);
      if (!Code && Problem)
        return *Problem;
      if (!Code)
        return Refusal("lnr-internal",
                       "no source for an access of " + toString(*G.Statement));
      for (const std::string &Declaration : positionsRead(*G.Statement))
        line(Inner, Declaration);
      line(Inner, *Code);
      HoistedValues.clear();
    } else {
      // C89: the temporary's declaration opens a block of its own.
      if (DeclarationsFirst)
        line(Inner++, "{");
      // The flag first: zeroing a vector is a statement.
      std::optional<ProducerGuard::ElementTest> Tested;
      std::optional<std::string> Guard = producerRuns(G, Inner, Tested);
      if (Problem)
        return *Problem;
      zero(*G.Temp, Inner);
      if (auto R = graph(G.producer(), Inner, ""))
        return R;
      if (Guard)
        line(Inner, "if (" + *Guard + ") {");
      if (Tested)
        LoopTests[Tested->Index] = Tested->Condition;
      if (auto R = graph(G.consumer(), Inner + (Guard ? 1 : 0), ""))
        return R;
      if (Tested && !TestsMade.count(Tested->Index))
        return Refusal("lnr-unsupported-schedule",
                       "the consumer of " + CName.at(G.Temp->Name) +
                           " has no loop over '" + Tested->Index +
                           "' to test '" + Tested->Condition + "' in");
      if (Tested)
        LoopTests.erase(Tested->Index);
      if (Guard)
        line(Inner, "}");
      if (DeclarationsFirst)
        line(--Inner, "}");
    }
    while (Opened--) {
      const ir::Loop &L = *Enclosing.back();
      size_t Start = BodyStarts.back();
      // A load the file's own statement does not read is kept as written.
      if (L.isCompressed() &&
          (mentions(Text.substr(Start), L.Index) || !originalReads(L.Index))) {
        std::string Prologue;
        for (const std::string &P : S.loop(L.Index)->Prologue)
          Prologue += pad(Depth + Opened + 1) + P + "\n";
        Text.insert(Start, Prologue);
        Start += Prologue.size();
      }
      if (L.isCompressed() && Prefetch)
        Text.insert(Start, prefetches(L, G, Depth + Opened + 1));
      line(Depth + Opened, "}");
      Enclosing.pop_back();
      BodyStarts.pop_back();
      while (!HoistedNames.empty() &&
             HoistedNames.back().first > Enclosing.size()) {
        Names.release(HoistedNames.back().second);
        HoistedNames.pop_back();
      }
    }
    return std::nullopt;
  }

  std::string Text;
  /// Every name the nest declares; those of the rewrite around it (the
  /// scans', the overlap test's) picked already.
  NamePicker Names;
  /// Flags that a producer ran (ProducerGuard.h), by the loop whose body
  /// sets them.
  std::map<const ir::Loop *, std::vector<std::string>> RanFlags;
  /// Per-element tests (ProducerGuard::ElementTest) the loops over an index
  /// make first, and the indices whose loop made them.
  std::map<std::string, std::string> LoopTests;
  std::set<std::string> TestsMade;
  /// The full temporary the next graph() fills, for zeroSliceFirst.
  const ir::Temporary *Fills = nullptr;
  bool Simd = true;
  bool Prefetch = true;
  bool UnrollJam = true;
  bool SplitReductions = true;
  /// C89: declarations only where a block starts, none in a loop's header.
  bool DeclarationsFirst = false;

  static std::string pad(unsigned Depth) { return std::string(2 * Depth, ' '); }
  const std::string &cName(const std::string &Temp) const {
    return CName.at(Temp);
  }

  /// Whether `#pragma omp for` may go on the header loopHeader writes for
  /// L: the file's own header only when gcc takes it as written.
  bool workshareable(const ir::Loop &L) const {
    const LoopSource *Src = S.loop(L.Index);
    return !Src || !keepsFileHeader(L.Index, &L) || Src->OmpCanonical;
  }
  static std::string notWorkshareable(const std::string &Index) {
    return "not parallelized: gcc does not take the header of the loop over "
           "'" +
           Index +
           "' for OpenMP as written (a parenthesized condition or "
           "loop variable, or a _Bool variable)";
  }

private:
  const ir::Kernel &K;
  const NestSource &S;
  std::map<std::string, std::string> CName; // IR temporary -> C identifier
  std::vector<ir::Temporary> Vectors;       // per thread
  std::vector<ir::Temporary> Globals;       // once, shared
  std::vector<const ir::Loop *> Enclosing;  // while emitting
  std::optional<Refusal> Problem;           // found while emitting

  std::vector<size_t> BodyStarts;     // where each open loop's body starts
  std::set<std::string> ZeroedInFill; // full temporaries not to calloc
  /// An input's access ("vals(i,j,k)") -> the constant its value at the
  /// current position was read into, for the next statement
  /// (hoistNonzeroValues).
  std::map<std::string, std::string> HoistedValues;
  /// The names of the constants hoistNonzeroValues declared, with the
  /// number of loops open around their declaration.
  std::vector<std::pair<size_t, std::string>> HoistedNames;

  bool originalReads(const std::string &Index) const {
    std::string Code = S.Output;
    for (const std::string &F : S.Factors)
      Code += " " + F;
    for (const NestSource::Alias &A : S.Aliases)
      Code += " " + A.Declaration;
    return mentions(Code, Index);
  }

  /// Whether Code names the identifier Name (a branch that reads a sparse
  /// tensor's values, or a temporary at its positions, by position only
  /// does not load the coordinate).
  /// The temporaries of the branches that no loop encloses: computed once.
  static void collectFull(const ir::BranchedGraph &G,
                          std::set<std::string> &Out) {
    if (!G.Loops.empty() || G.isLinear())
      return;
    Out.insert(G.Temp->Name);
    collectFull(G.producer(), Out);
    collectFull(G.consumer(), Out);
  }

  const ir::Access *accessOf(const std::string &Tensor) const {
    for (const ir::Access &F : K.Stmt.Factors)
      if (F.Tensor == Tensor)
        return &F;
    return nullptr;
  }

  /// The number of positions of the first P.Levels levels of a tensor, as
  /// a C expression: rowptr[n] for CSR, pos2[pos1[n]] for CSF. A dense
  /// first level counts up to its loop's bound.
  std::optional<std::string> positionsCount(const ir::PatternSource &P) const {
    const ir::Tensor *T = K.findTensor(P.Tensor);
    const ir::Access *A = accessOf(P.Tensor);
    if (!T || !A || P.Levels == 0 || P.Levels > T->Levels.size())
      return std::nullopt;
    std::string Count;
    for (unsigned Level = 0; Level < P.Levels; ++Level) {
      const ir::Loop *Walk = nullptr;
      for (const ir::Loop &L : K.Loops)
        if (L.Index == A->Indices[Level])
          Walk = &L;
      const LoopSource *Src = Walk ? S.loop(Walk->Index) : nullptr;
      if (!Src)
        return std::nullopt;
      if (T->Levels[Level] == ir::LevelFormat::Dense) {
        if (Level > 0 || Walk->isCompressed() || Src->Bound.empty())
          return std::nullopt;
        Count = Src->Bound;
      } else {
        if (!Walk->isCompressed() || Walk->Driver != P.Tensor ||
            Walk->DriverLevel != Level || Src->Positions.empty())
          return std::nullopt;
        Count = Src->Positions + "[" + (Count.empty() ? "1" : Count) + "]";
      }
    }
    return Count;
  }

  /// Elements of a shared temporary, in size_t arithmetic (a product of
  /// extents may not fit in an int); at least one (allocationExtent).
  std::string globalSize(const ir::Temporary &T) const {
    if (T.Positions)
      return "(size_t)" + atLeastOne(operand(*positionsCount(*T.Positions)));
    std::string Out;
    for (const std::string &I : T.Indices)
      Out += (Out.empty() ? "" : " * ") + std::string("(size_t)") +
             allocationExtent(I);
    return Out.empty() ? "1" : Out;
  }

  /// The position variable of the enclosing loop that walks the temporary's
  /// tensor at its last level.
  std::optional<std::string> positionOf(const ir::Temporary &T) {
    const std::string &Index = T.Indices.back();
    for (const ir::Loop *L : Enclosing)
      if (L->Index == Index) {
        const LoopSource *Src = S.loop(Index);
        if (L->isCompressed() && L->Driver == T.Positions->Tensor &&
            L->DriverLevel + 1 == T.Positions->Levels && Src &&
            !Src->Position.empty())
          return Src->Position;
        break;
      }
    if (!Problem)
      Problem = Refusal("lnr-unsupported-temporary",
                        "the schedule reads " +
                            toString(ir::Access{T.Name, T.Indices}) +
                            ", stored at the positions of '" +
                            T.Positions->Tensor + "', in a loop over '" +
                            Index + "' that does not walk those positions");
    return std::nullopt;
  }

  void line(unsigned Depth, const std::string &Code) {
    Text += pad(Depth) + Code + "\n";
  }

  std::string extent(const std::string &Index) const {
    return parenthesized(K.findIndex(Index)->Extent);
  }

  /// An extent may be 0 or negative ('K - 1' for K = 0, or K itself),
  /// where the loop runs no iteration: allocated as one element, which is
  /// never read, not as a size_t that wrapped (which sanitizers abort on)
  /// nor as 0 bytes, for which malloc may return NULL: a NULL pointer then
  /// always means that the allocation failed (and the original nest runs).
  std::string allocationExtent(const std::string &Index) const {
    return atLeastOne(extent(Index));
  }
  /// C, parenthesized unless it is simple or an array's element
  /// ('pos2[pos1[n]]').
  static std::string operand(const std::string &C) {
    size_t Open = C.find('[');
    if (Open == std::string::npos || Open == 0 || C.back() != ']' ||
        !isSimple(C.substr(0, Open)))
      return parenthesized(C);
    int Depth = 0;
    for (size_t I = Open; I < C.size(); ++I) {
      Depth += C[I] == '[' ? 1 : C[I] == ']' ? -1 : 0;
      if (Depth == 0 && I + 1 < C.size())
        return parenthesized(C); // 'a[i] + b[j]'
    }
    return C;
  }

  /// Count, an operand (parenthesized), or 1 when it is not positive.
  static std::string atLeastOne(const std::string &Count) {
    return "(" + Count + " > 0 ? " + Count + " : 1)";
  }

  std::string size(const ir::Temporary &T) const {
    std::string Out;
    for (const std::string &I : T.Indices)
      Out += (Out.empty() ? "" : " * ") + allocationExtent(I);
    return Out;
  }

  /// Row-major: ((i0 * E1 + i1) * E2 + i2).
  /// A temporary's indices count from 0: 'k - 1' where the file's loop
  /// starts k at 1 (the extent is then 'K - 1').
  std::string fromZero(const std::string &Index) const {
    const LoopSource *Loop = S.loop(Index);
    if (!Loop || Loop->Begin.empty())
      return Index;
    return Index + " - " + parenthesized(Loop->Begin);
  }

  /// Wide: in size_t arithmetic (a full temporary may exceed an int's
  /// range).
  std::string subscript(const std::vector<std::string> &Indices,
                        bool Wide = false) const {
    std::string Out = fromZero(Indices.front());
    bool Sum = Out != Indices.front(); // 'k - 1'
    if (Wide)
      Out = "(size_t)" + (Sum ? "(" + Out + ")" : Out), Sum = false;
    for (size_t D = 1; D < Indices.size(); ++D) {
      Out = (Sum ? "(" + Out + ")" : Out) + " * " + extent(Indices[D]) + " + " +
            fromZero(Indices[D]);
      Sum = true;
    }
    return Out;
  }

  /// Why a schedule that loops densely over a coordinate read in place
  /// cannot be written; nothing for other indices.
  std::optional<Refusal> inPlace(const std::string &Index) const {
    if (isSimple(Index))
      return std::nullopt;
    return Refusal("lnr-unsupported-schedule",
                   "the schedule loops densely over the coordinate '" + Index +
                       "', which the nest reads in place: there is no "
                       "variable to loop over");
  }

  /// The file's own header for a loop over Index, or, where the graph
  /// iterates densely what the file iterated sparsely, one over its extent.
  /// Whether loopHeader writes the file's own header for a loop over Index
  /// (L, when given, is the graph's loop): it iterates as the file did.
  bool keepsFileHeader(const std::string &Index,
                       const ir::Loop *L = nullptr) const {
    const ir::Loop *Original = nullptr;
    for (const ir::Loop &O : K.Loops)
      if (O.Index == Index)
        Original = &O;
    bool Dense = L ? !L->isCompressed() : true;
    return !Original || Dense == !Original->isCompressed();
  }

  std::optional<std::string> loopHeader(const std::string &Index,
                                        const ir::Loop *L = nullptr) const {
    const LoopSource *Loop = S.loop(Index);
    if (!Loop)
      return std::nullopt;
    if (keepsFileHeader(Index, L))
      return Loop->Header;
    const ir::IndexVar *V = K.findIndex(Index);
    // A coordinate read in place ('B2_crd[kB]') has no variable to loop over.
    if (!V || V->Extent.empty() || Loop->IndexType.empty() || !isSimple(Index))
      return std::nullopt;
    // C89: only over a variable declared before the nest.
    bool Declared = std::find(S.OuterDeclared.begin(), S.OuterDeclared.end(),
                              Index) != S.OuterDeclared.end();
    if (DeclarationsFirst && !Declared)
      return std::nullopt;
    std::string Type =
        DeclarationsFirst ? "" : wideEnough(Loop->IndexType) + " ";
    return "for (" + Type + Index + " = 0; " + Index + " < " + V->Extent +
           "; " + Index + "++)";
  }

  /// The source text of an input factor with the dense positions it reads
  /// (TACO's kD, row pointers) written out.
  std::optional<std::string> inlinedFactor(const ir::Access &A) const {
    for (size_t I = 0; I < K.Stmt.Factors.size(); ++I) {
      if (K.Stmt.Factors[I].Tensor != A.Tensor ||
          K.Stmt.Factors[I].Indices != A.Indices)
        continue;
      std::string Text = S.Factors[I];
      if (I < S.FactorAliases.size())
        for (const std::string &Name : S.FactorAliases[I])
          if (std::optional<std::string> Init = aliasInit(Name))
            Text = substituteExpression(Text, Name, *Init);
      return Text;
    }
    return std::nullopt;
  }

  /// Inside a compressed loop over L (the nonzeros of L.Driver): software
  /// prefetches of the dense rows X(L.Index, y) that the next nonzero will
  /// gather, for every input X read below L with y its unit-stride index
  /// iterated densely from zero below L. The next coordinate is read only
  /// where the loop itself reads it (p + 1 < its end), and each address is
  /// one the nest computes for that nonzero. Random rows are what the fused
  /// nest waits for: the memory latency, not the arithmetic, bounds it.
  std::string prefetches(const ir::Loop &L, const ir::BranchedGraph &G,
                         unsigned Depth) {
    const LoopSource *Src = S.loop(L.Index);
    unsigned Step = S.ValueType == "double"  ? 8
                    : S.ValueType == "float" ? 16
                                             : 0;
    if (!Src || Src->NextCoordinate.empty() || Src->LoopEnd.empty() ||
        Src->Position.empty() || !Step)
      return "";
    // Indices iterated densely below L in G.
    std::set<std::string> Below;
    bool After = false;
    for (const ir::Loop &O : G.Loops) {
      if (After && !O.isCompressed())
        Below.insert(O.Index);
      After = After || &O == &L;
    }
    std::function<void(const ir::BranchedGraph &)> Collect =
        [&](const ir::BranchedGraph &B) {
          for (const ir::Loop &O : B.Loops)
            if (!O.isCompressed())
              Below.insert(O.Index);
          for (const ir::BranchedGraph &C : B.Branches)
            Collect(C);
        };
    for (const ir::BranchedGraph &B : G.Branches)
      Collect(B);
    std::vector<ir::Assignment> Statements =
        G.Statement ? std::vector<ir::Assignment>{*G.Statement}
                    : G.statements();

    bool Named = isSimple(L.Index);
    std::map<std::string, std::vector<std::string>> ByRow; // extent -> rows
    std::map<std::string, std::string> RowType;
    std::set<std::string> Seen;
    for (const ir::Assignment &A : Statements)
      for (const ir::Access &X : A.Factors) {
        const ir::Tensor *T = K.findTensor(X.Tensor);
        if (!T || T->isSparse() || CName.count(X.Tensor) ||
            X.Indices.size() != 2 || X.Indices[0] != L.Index ||
            !Below.count(X.Indices[1]))
          continue;
        const std::string &Y = X.Indices[1];
        const LoopSource *YSrc = S.loop(Y);
        const ir::IndexVar *YVar = K.findIndex(Y);
        std::optional<std::string> Text = inlinedFactor(X);
        if (!YSrc || !YSrc->StartsAtZero || !YVar || YVar->Extent.empty() ||
            !Text || !Seen.insert(*Text).second)
          continue;
        std::string Row = substitute(*Text, Y, "$");
        Row = Named ? substitute(Row, L.Index, Src->NextCoordinate)
                    : replaceAll(Row, L.Index, Src->NextCoordinate);
        ByRow[YVar->Extent].push_back(Row);
        RowType[YVar->Extent] = YSrc->IndexType;
      }
    if (ByRow.empty())
      return "";
    // Local to the block: every prefetch block declares the same name.
    std::string Var = Names.pickLocal("pf");
    std::string Out = "#ifdef __GNUC__\n";
    auto Line = [&](unsigned At, const std::string &Code) {
      Out += pad(At) + Code + "\n";
    };
    Line(Depth, "if (" + Src->Position + " + 1 < " + Src->LoopEnd + ") {");
    // C89: one variable, declared where the block starts, for every loop.
    if (DeclarationsFirst)
      Line(Depth + 1, "long " + Var + ";");
    for (const auto &[Extent, Rows] : ByRow) {
      std::string Init = DeclarationsFirst
                             ? Var + " = 0"
                             : RowType[Extent] + " " + Var + " = 0";
      Line(Depth + 1, "for (" + Init + "; " + Var + " < " + Extent + "; " +
                          Var + " += " + std::to_string(Step) + ") {");
      for (const std::string &Row : Rows)
        Line(Depth + 2,
             "__builtin_prefetch(&" + replaceAll(Row, "$", Var) + ");");
      Line(Depth + 1, "}");
    }
    Line(Depth, "}");
    Names.release(Var);
    return Out + "#endif\n";
  }

  /// A dense loop the file writes from 0 to a known extent: one the
  /// rewrite may step by hand (unroll and jam, partial sums).
  bool denseFromZero(const ir::Loop &L) const {
    const LoopSource *Src = S.loop(L.Index);
    const ir::IndexVar *V = K.findIndex(L.Index);
    return !L.isCompressed() && Src && Src->StartsAtZero && V &&
           !V->Extent.empty();
  }

  /// Whether a linear graph ends in loops k, l (dense, from zero) around a
  /// statement that accumulates over k into elements that move with l:
  /// `A[i * L + l] += t[k] * D[k * L + l]`, the GEMM consumer of a vector
  /// temporary.
  bool canJam(const ir::BranchedGraph &G) {
    if (!G.Statement || G.Loops.size() < 2 || !G.Statement->Accumulate)
      return false;
    // The jammed statement adds four products before its target does: in
    // the products' type, which rounds where the original's sum, in a
    // wider type, does not (float factors into a double output).
    if (S.ElementType != S.ValueType)
      return false;
    const ir::Assignment &A = *G.Statement;
    const ir::Loop &KLoop = G.Loops[G.Loops.size() - 2],
                   &LLoop = G.Loops.back();
    if (!denseFromZero(KLoop) || !denseFromZero(LLoop))
      return false;
    if (A.Lhs.uses(KLoop.Index) || !A.Lhs.uses(LLoop.Index) ||
        std::none_of(A.Factors.begin(), A.Factors.end(),
                     [&](const ir::Access &F) { return F.uses(KLoop.Index); }))
      return false;
    // Even if two l wrote one element, it would receive the same terms:
    // every update adds, and no factor reads the left side.
    return jamStatement(A, KLoop.Index, {0}).has_value();
  }

  /// A factor or temporary as the jammed statement reads it: positions
  /// written out, so it can be shifted to k + 1, k + 2, ...
  std::optional<std::string> factorText(const ir::Access &X) {
    if (CName.count(X.Tensor))
      return access(X);
    return inlinedFactor(X);
  }

  /// An access as the jammed statement reads it: the output with its
  /// aliases written out, anything else as factorText().
  std::optional<std::string> jamText(const ir::Access &X) {
    if (X.Tensor == K.Stmt.Lhs.Tensor && X.Indices == K.Stmt.Lhs.Indices &&
        !CName.count(X.Tensor)) {
      std::string Out = S.Output;
      for (const std::string &Name : S.OutputAliases)
        if (std::optional<std::string> Init = aliasInit(Name))
          Out = substituteExpression(Out, Name, *Init);
      return Out;
    }
    return factorText(X);
  }

  /// The sum of the products for KIndex + Offsets[0], KIndex + Offsets[1],
  /// ..., every dense position written out. With Hoisted, the factors that
  /// do not read LIndex are replaced by Hoisted[n] for Offsets[n] (their
  /// product, computed before the loop over LIndex).
  std::optional<std::string>
  jamSum(const ir::Assignment &A, const std::string &KIndex,
         const std::vector<unsigned> &Offsets,
         const std::vector<std::string> *Hoisted = nullptr,
         const std::string &LIndex = "") {
    std::string Sum;
    for (size_t N = 0; N < Offsets.size(); ++N) {
      unsigned Offset = Offsets[N];
      std::string Product = Hoisted ? (*Hoisted)[N] : "";
      for (const ir::Access &F : A.Factors) {
        if (Hoisted && !F.uses(LIndex))
          continue;
        std::optional<std::string> X = jamText(F);
        if (!X)
          return std::nullopt;
        if (Offset)
          *X = substituteExpression(*X, KIndex,
                                    KIndex + " + " + std::to_string(Offset));
        Product += (Product.empty() ? "" : " * ") + *X;
      }
      Sum += (Sum.empty() ? "" : " + ") + Product;
    }
    return Sum;
  }

  /// jamSum() added to the statement's left side.
  std::optional<std::string>
  jamStatement(const ir::Assignment &A, const std::string &KIndex,
               const std::vector<unsigned> &Offsets,
               const std::vector<std::string> *Hoisted = nullptr,
               const std::string &LIndex = "") {
    std::optional<std::string> Lhs = jamText(A.Lhs);
    std::optional<std::string> Sum =
        jamSum(A, KIndex, Offsets, Hoisted, LIndex);
    if (!Lhs || !Sum)
      return std::nullopt;
    return *Lhs + " += " + *Sum + ";";
  }

  /// Loops k, l unrolled by 4 over k and jammed: each element of the left
  /// side is loaded and stored once per four k instead of once per k. The
  /// sums over k keep their order within each element.
  void jammed(const ir::BranchedGraph &G, unsigned Depth) {
    const ir::Loop &KLoop = G.Loops[G.Loops.size() - 2],
                   &LLoop = G.Loops.back();
    const std::string &KIdx = KLoop.Index;
    std::string Extent = parenthesized(K.findIndex(KIdx)->Extent);
    std::string LHeader = *loopHeader(LLoop.Index, &LLoop);
    std::optional<std::string> Simd = simd(LLoop, *G.Statement);
    auto Inner = [&](unsigned At, const std::vector<unsigned> &Offsets,
                     const std::vector<std::string> *Hoisted) {
      if (Simd)
        Text += *Simd + "\n";
      line(At, LHeader + " {");
      line(At + 1,
           *jamStatement(*G.Statement, KIdx, Offsets, Hoisted, LLoop.Index));
      line(At, "}");
    };
    // The factors that do not move with l, multiplied once per k before
    // the loop over l: when the left side is a temporary (from malloc, not
    // restrict), the compiler must assume it may alias them and reloads
    // them for every l. Read only when the loop over l runs, as the nest
    // reads them. Only in double, the type a product of several hoisted
    // factors is then computed in (the statement's own order would have
    // promoted them to the double operand that moves with l).
    const ir::Assignment &A = *G.Statement;
    bool Hoist =
        CName.count(A.Lhs.Tensor) && S.ElementType == "double" &&
        S.ValueType == "double" &&
        std::any_of(
            A.Factors.begin(), A.Factors.end(),
            [&](const ir::Access &F) { return !F.uses(LLoop.Index); }) &&
        std::any_of(A.Factors.begin(), A.Factors.end(),
                    [&](const ir::Access &F) { return F.uses(LLoop.Index); });
    std::vector<std::string> Hoisted;
    std::vector<std::string> Products;
    for (unsigned N = 0; Hoist && N < 4; ++N) {
      Hoisted.push_back(Names.pickLocal(KIdx + "_w" + std::to_string(N)));
      std::string Product;
      for (const ir::Access &F : A.Factors) {
        if (F.uses(LLoop.Index))
          continue;
        std::optional<std::string> X = factorText(F);
        if (!X) {
          Hoist = false;
          break;
        }
        if (N)
          *X = substituteExpression(*X, KIdx, KIdx + " + " + std::to_string(N));
        Product += (Product.empty() ? "" : " * ") + *X;
      }
      unsigned Count = std::count_if(
          A.Factors.begin(), A.Factors.end(),
          [&](const ir::Access &F) { return !F.uses(LLoop.Index); });
      if (Count > 1)
        Product = "(double)" + Product;
      Products.push_back(Product);
    }
    std::string LExtent = parenthesized(K.findIndex(LLoop.Index)->Extent);
    line(Depth, "{");
    line(Depth + 1, startAtZero(KIdx));
    line(Depth + 1,
         "for (; " + KIdx + " + 3 < " + Extent + "; " + KIdx + " += 4) {");
    if (Hoist) {
      line(Depth + 2, "if (" + LExtent + " > 0) {");
      for (unsigned N = 0; N < 4; ++N)
        line(Depth + 3, "const " + S.ElementType + " " + Hoisted[N] + " = " +
                            Products[N] + ";");
      Inner(Depth + 3, {0, 1, 2, 3}, &Hoisted);
      line(Depth + 2, "}");
    } else {
      Inner(Depth + 2, {0, 1, 2, 3}, nullptr);
    }
    line(Depth + 1, "}");
    line(Depth + 1, "for (; " + KIdx + " < " + Extent + "; " + KIdx + "++) {");
    Inner(Depth + 2, {0}, nullptr);
    line(Depth + 1, "}");
    line(Depth, "}");
    for (const std::string &Name : Hoisted)
      Names.release(Name);
  }

  /// The loop variable Index set to 0 at the start of a block that steps
  /// it by hand: declared there, unless the file declares it before the
  /// nest (C89), where a new declaration would leave that one unused.
  std::string startAtZero(const std::string &Index) const {
    if (std::find(S.OuterDeclared.begin(), S.OuterDeclared.end(), Index) !=
        S.OuterDeclared.end())
      return Index + " = 0;";
    return S.loop(Index)->IndexType + " " + Index + " = 0;";
  }

  /// A sum into a scalar temporary over a dense innermost loop from zero
  /// (the dot product of an SDDMM).
  bool canSplitReduction(const ir::BranchedGraph &G) {
    if (!G.Statement || G.Loops.empty() || !G.Statement->Accumulate)
      return false;
    const ir::Assignment &A = *G.Statement;
    const ir::Loop &L = G.Loops.back();
    if (!denseFromZero(L) || S.loop(L.Index)->IndexType.empty() ||
        !isSimple(L.Index) || !A.Lhs.Indices.empty() ||
        !CName.count(A.Lhs.Tensor))
      return false;
    if (std::none_of(A.Factors.begin(), A.Factors.end(),
                     [&](const ir::Access &F) { return F.uses(L.Index); }))
      return false;
    return jamStatement(A, L.Index, {0}).has_value();
  }

  /// The reduction t += x(k) over k as eight partial sums, added to t at
  /// the end: one accumulator makes each addition wait for the previous
  /// one, eight let them overlap (and vectorize without reassociating a
  /// scalar sum). Only the grouping of the terms changes, as fusion itself
  /// already regroups the sums.
  void partialSums(const ir::BranchedGraph &G, unsigned Depth) {
    const ir::Assignment &A = *G.Statement;
    const ir::Loop &L = G.Loops.back();
    const std::string &Idx = L.Index;
    const std::string &Sum = CName.at(A.Lhs.Tensor);
    std::string Extent = parenthesized(K.findIndex(Idx)->Extent);
    std::string Statement = *jamStatement(A, Idx, {0});
    std::string Terms = *jamSum(A, Idx, {0});
    std::string Partial = Names.pickLocal(Sum + "_part");
    std::string Lane = Names.pickLocal(Idx + "_lane");
    line(Depth, "{");
    line(Depth + 1,
         S.ElementType + " " + Partial + "[8] = {0, 0, 0, 0, 0, 0, 0, 0};");
    line(Depth + 1, "int " + Lane + ";");
    line(Depth + 1, startAtZero(Idx));
    line(Depth + 1,
         "for (; " + Idx + " + 7 < " + Extent + "; " + Idx + " += 8) {");
    if (Simd)
      Text += "#pragma omp simd\n";
    line(Depth + 2,
         "for (" + Lane + " = 0; " + Lane + " < 8; " + Lane + "++) {");
    line(Depth + 3, Partial + "[" + Lane + "] += " +
                        substituteExpression(Terms, Idx, Idx + " + " + Lane) +
                        ";");
    line(Depth + 2, "}");
    line(Depth + 1, "}");
    line(Depth + 1, "for (; " + Idx + " < " + Extent + "; " + Idx + "++) {");
    line(Depth + 2, Statement);
    line(Depth + 1, "}");
    auto P = [&](unsigned N) {
      return Partial + "[" + std::to_string(N) + "]";
    };
    line(Depth + 1, Sum + " += ((" + P(0) + " + " + P(1) + ") + (" + P(2) +
                        " + " + P(3) + ")) + ((" + P(4) + " + " + P(5) +
                        ") + (" + P(6) + " + " + P(7) + "));");
    line(Depth, "}");
    Names.release(Partial);
    Names.release(Lane);
  }

  std::optional<std::string> aliasInit(const std::string &Name) const {
    for (const NestSource::Alias &Alias : S.Aliases) {
      size_t Eq = Alias.Declaration.find('=');
      size_t Semi = Alias.Declaration.rfind(';');
      if (Alias.Name == Name && Eq != std::string::npos &&
          Semi != std::string::npos && Semi > Eq)
        return Alias.Declaration.substr(Eq + 1, Semi - Eq - 1);
    }
    return std::nullopt;
  }

  /// A full temporary filled by a dense loop over its first index: that
  /// loop zeroes its slice before it accumulates into it, in parallel when
  /// the loop is, and while the slice is in cache, instead of calloc's
  /// sequential pass over it all before the nest (docs/schedules.md, "Run-time
  /// choice").
  void zeroSliceFirst(const ir::Temporary &T, const ir::Loop &L,
                      unsigned Depth) {
    if (T.Positions || T.isScalar() || L.isCompressed() ||
        L.Index != T.Indices.front())
      return;
    std::vector<std::string> Headers;
    for (size_t D = 1; D < T.Indices.size(); ++D) {
      std::optional<std::string> Header = loopHeader(T.Indices[D]);
      if (!Header)
        return;
      Headers.push_back(*Header);
    }
    zeroInLoops(Headers,
                CName.at(T.Name) + "[" + subscript(T.Indices, /*Wide=*/true) +
                    "]",
                Depth);
    ZeroedInFill.insert(T.Name);
  }

  /// A test that the producer of G's temporary has run its statement
  /// (ProducerGuard.h): where it has not, the temporary stays zero and the
  /// consumer, which only adds products with the temporary in them, is
  /// skipped, as the original adds nothing there even with an infinity in
  /// the consumer's operands (0 * inf would be NaN). Skipping the GEMM of an
  /// empty row also saves 44% of <SDDMM, SpMM, GEMM>'s operations on
  /// rmat12-4. A flag the producer sets, declared here, when its fibers
  /// must be walked to tell.
  /// PerElement: the test the consumer's loop over an index makes first.
  std::optional<std::string>
  producerRuns(const ir::BranchedGraph &G, unsigned Depth,
               std::optional<ProducerGuard::ElementTest> &PerElement) {
    if (!G.Temp || !consumerOnlyScales(G))
      return std::nullopt;
    ProducerGuard Guard =
        producerGuard(G.producer(), *G.Temp, isGlobal(G.Temp->Name), K, S);
    if (Guard.Untestable) {
      Problem =
          Refusal("lnr-unsupported-schedule",
                  "the consumer of " +
                      toString(ir::Access{G.Temp->Name, G.Temp->Indices}) +
                      " cannot be skipped where the original computes "
                      "nothing: " +
                      *Guard.Untestable);
      return std::nullopt;
    }
    // A loop of the producer that a temporary around it tests element by
    // element (`if (!(pos[m] < pos[m + 1])) continue;`) computes nothing
    // for a skipped element: unless the temporary has that index too, its
    // extent does not tell whether anything was computed (as in a phase,
    // PhaseGuards::fills).
    std::vector<const ir::Loop *> ProducerLoops;
    std::function<void(const ir::BranchedGraph &)> Collect =
        [&](const ir::BranchedGraph &B) {
          for (const ir::Loop &L : B.Loops)
            ProducerLoops.push_back(&L);
          for (const ir::BranchedGraph &Branch : B.Branches)
            Collect(Branch);
        };
    Collect(G.producer());
    for (const ir::Loop *L : ProducerLoops)
      if (auto Test = LoopTests.find(L->Index);
          Test != LoopTests.end() &&
          std::find(G.Temp->Indices.begin(), G.Temp->Indices.end(), L->Index) ==
              G.Temp->Indices.end()) {
        Problem = Refusal(
            "lnr-unsupported-schedule",
            "the consumer of " +
                toString(ir::Access{G.Temp->Name, G.Temp->Indices}) +
                " cannot be skipped where the original computes nothing: "
                "its producer skips the elements of '" +
                L->Index + "' where '" + Test->second +
                "' fails, and the temporary is not indexed by it");
        return std::nullopt;
      }
    PerElement = Guard.PerElement;
    if (Guard.FlagLoop) {
      std::string Flag = Names.pick(CName.at(G.Temp->Name) + "_ran");
      line(Depth, "int " + Flag + " = 0;");
      RanFlags[Guard.FlagLoop].push_back(Flag);
      Guard.Conditions.push_back(Flag);
    }
    if (Guard.Conditions.empty())
      return std::nullopt;
    return allOf(Guard.Conditions);
  }

  /// Whether every statement of G's consumer that writes outside it adds a
  /// product that is zero when G's temporary is: one with the temporary in
  /// it, or a temporary of the consumer filled from it (`t1 += t[l] * B`,
  /// then `A += t1 * alpha`).
  bool consumerOnlyScales(const ir::BranchedGraph &G) const {
    const ir::BranchedGraph &C = G.consumer();
    std::vector<ir::Temporary> Inside = C.temporaries();
    std::set<std::string> Carrying{G.Temp->Name};
    for (const ir::Assignment &A : C.statements()) {
      bool Local = std::any_of(
          Inside.begin(), Inside.end(),
          [&](const ir::Temporary &T) { return T.Name == A.Lhs.Tensor; });
      bool ReadsTemp = std::any_of(
          A.Factors.begin(), A.Factors.end(),
          [&](const ir::Access &F) { return Carrying.count(F.Tensor); });
      if (Local && ReadsTemp)
        Carrying.insert(A.Lhs.Tensor);
      if (!Local && !(A.Accumulate && ReadsTemp))
        return false;
    }
    return true;
  }

  void zero(const ir::Temporary &T, unsigned Depth) {
    const std::string &Name = CName.at(T.Name);
    if (T.isScalar()) {
      line(Depth, S.ElementType + " " + Name + " = 0;");
      return;
    }
    std::vector<std::string> Headers;
    for (const std::string &I : T.Indices)
      // The positions the enclosing loops own, walked as the file walks
      // them (the coordinates are not needed).
      Headers.push_back(T.Positions ? S.loop(I)->Header : *loopHeader(I));
    zeroInLoops(Headers,
                Name + "[" +
                    (T.Positions ? S.loop(T.Indices.back())->Position
                                 : subscript(T.Indices)) +
                    "]",
                Depth);
  }

  /// `Element = 0;` inside the loops Headers, outermost first.
  void zeroInLoops(const std::vector<std::string> &Headers,
                   const std::string &Element, unsigned Depth) {
    for (size_t D = 0; D < Headers.size(); ++D)
      line(Depth + D, Headers[D] + " {");
    line(Depth + Headers.size(), Element + " = 0;");
    for (size_t D = Headers.size(); D-- > 0;)
      line(Depth + D, "}");
  }

  /// `#pragma omp simd` for a statement's innermost loop when its iterations
  /// are independent: each writes its own element (a temporary's, or the
  /// output's when the subscript proves it), or they sum into a scalar
  /// temporary (a reduction). The inputs are only read, and the output is
  /// not an input's alias (checked by the recovery).
  std::optional<std::string> simd(const ir::Loop &L,
                                  const ir::Assignment &A) const {
    if (!Simd || L.isCompressed())
      return std::nullopt;
    auto Temp = CName.find(A.Lhs.Tensor);
    bool Writes = A.Lhs.uses(L.Index);
    if (Temp != CName.end()) {
      if (Writes)
        return "#pragma omp simd";
      if (A.Lhs.Indices.empty() && A.Accumulate)
        return "#pragma omp simd reduction(+ : " + Temp->second + ")";
      return std::nullopt;
    }
    bool Disjoint = std::find(S.DisjointOutputIndices.begin(),
                              S.DisjointOutputIndices.end(),
                              L.Index) != S.DisjointOutputIndices.end();
    if (Writes && Disjoint)
      return "#pragma omp simd";
    return std::nullopt;
  }

  /// The declarations of the dense positions the statement's accesses read
  /// (TACO's kC), in the file's order.
  std::vector<std::string> positionsRead(const ir::Assignment &A) const {
    std::set<std::string> Names;
    auto Add = [&](const std::vector<std::string> &List) {
      Names.insert(List.begin(), List.end());
    };
    std::vector<ir::Access> Accesses{A.Lhs};
    Accesses.insert(Accesses.end(), A.Factors.begin(), A.Factors.end());
    for (const ir::Access &X : Accesses) {
      if (X.Tensor == K.Stmt.Lhs.Tensor && X.Indices == K.Stmt.Lhs.Indices)
        Add(S.OutputAliases);
      for (size_t I = 0; I < K.Stmt.Factors.size(); ++I)
        if (K.Stmt.Factors[I].Tensor == X.Tensor &&
            K.Stmt.Factors[I].Indices == X.Indices &&
            I < S.FactorAliases.size())
          Add(S.FactorAliases[I]);
    }
    std::vector<std::string> Out;
    for (const NestSource::Alias &Alias : S.Aliases)
      if (Names.count(Alias.Name))
        Out.push_back(Alias.Declaration);
    return Out;
  }

  std::optional<std::string> access(const ir::Access &A) {
    if (auto It = CName.find(A.Tensor); It != CName.end()) {
      if (A.Indices.empty())
        return It->second;
      const ir::Temporary *T = temporary(A.Tensor);
      if (T && T->Positions) {
        std::optional<std::string> P = positionOf(*T);
        if (!P)
          return std::nullopt;
        return It->second + "[" + *P + "]";
      }
      if (isGlobal(A.Tensor))
        return It->second + "[" + subscript(A.Indices, /*Wide=*/true) + "]";
      return It->second + "[" + subscript(A.Indices) + "]";
    }
    if (A.Tensor == K.Stmt.Lhs.Tensor && A.Indices == K.Stmt.Lhs.Indices)
      return S.Output;
    for (size_t I = 0; I < K.Stmt.Factors.size(); ++I)
      if (K.Stmt.Factors[I].Tensor == A.Tensor &&
          K.Stmt.Factors[I].Indices == A.Indices)
        return S.Factors[I];
    return std::nullopt;
  }

  std::optional<std::string> statement(const ir::Assignment &A) {
    std::optional<std::string> Lhs = access(A.Lhs);
    if (!Lhs)
      return std::nullopt;
    std::string Out = *Lhs + (A.Accumulate ? " += " : " = ");
    for (size_t I = 0; I < A.Factors.size(); ++I) {
      auto It = HoistedValues.find(toString(A.Factors[I]));
      std::optional<std::string> F =
          It != HoistedValues.end() ? It->second : access(A.Factors[I]);
      if (!F)
        return std::nullopt;
      Out += (I ? " * " : "") + *F;
    }
    return Out + ";";
  }

  /// Before a vectorized innermost loop L: the values of a sparse input at
  /// the position of an enclosing loop ('vals[p2]'), which do not move with
  /// L, read once into a constant. gcc read them again for every vector of
  /// the loop under '#pragma omp simd': the <SpTTM, SpTTM> consumer
  /// 'A[p1 * M + m] += t[..] * vals[p2]' ran 35 ms instead of 29. The
  /// position is one the enclosing loop is at, so the read is one the nest
  /// makes (whether or not L runs), and the statement computes the same
  /// product of the same values.
  void hoistNonzeroValues(const ir::Loop &L, const ir::Assignment &A,
                          unsigned Depth) {
    for (size_t I = 0; I < K.Stmt.Factors.size(); ++I) {
      const ir::Access &F = K.Stmt.Factors[I];
      const ir::Tensor *T = K.findTensor(F.Tensor);
      bool InStatement = std::any_of(
          A.Factors.begin(), A.Factors.end(), [&](const ir::Access &X) {
            return X.Tensor == F.Tensor && X.Indices == F.Indices;
          });
      if (!InStatement || !T || !T->isSparse() || F.uses(L.Index) ||
          CName.count(F.Tensor) || HoistedValues.count(toString(F)) ||
          (I < S.FactorAliases.size() && !S.FactorAliases[I].empty()))
        continue;
      // At a position: the innermost index of the access is a loop over
      // this tensor's last level, open around L.
      bool AtPosition = std::any_of(
          Enclosing.begin(), Enclosing.end(), [&](const ir::Loop *E) {
            return E->isCompressed() && E->Driver == F.Tensor &&
                   E->DriverLevel + 1 == T->Levels.size() &&
                   !F.Indices.empty() && E->Index == F.Indices.back();
          });
      if (!AtPosition)
        continue;
      // Declared in the body of the innermost loop open: given back when
      // that loop closes.
      std::string Name = Names.pickLocal(F.Tensor + "_val");
      HoistedNames.push_back({Enclosing.size(), Name});
      line(Depth, "const " + S.FactorTypes[I] + " " + Name + " = " +
                      S.Factors[I] + ";");
      HoistedValues[toString(F)] = Name;
    }
  }
};

/// One loop nest of the rewrite, run after the previous one: the graph's
/// branches that no shared loop encloses are computed one after the other.
struct Phase {
  const ir::BranchedGraph *Root;
  std::string Fills; // the IR name of what it computes
};

void phasesOf(const ir::BranchedGraph &G, const std::string &Fills,
              std::vector<Phase> &Out) {
  if (G.Loops.empty() && !G.isLinear()) {
    phasesOf(G.producer(), G.Temp->Name, Out);
    phasesOf(G.consumer(), Fills, Out);
    return;
  }
  Out.push_back({&G, Fills});
}

/// What each phase of a nest with shared temporaries waits for: a phase
/// that reads a temporary runs only where the phase that filled it ran its
/// statement (ProducerGuard.h), as the original computes nothing elsewhere.
class PhaseGuards {
public:
  PhaseGuards(Emitter &E, const ir::Kernel &K, const NestSource &S)
      : E(E), K(K), S(S) {}

  /// Before P is written: the condition around it ("" for none); the
  /// per-element tests its loops make are handed to E, the flags its
  /// producer sets added to Declarations.
  std::string before(const Phase &P) {
    std::vector<std::string> Conditions;
    E.LoopTests.clear();
    E.TestsMade.clear();
    for (const std::string &T : readTemporaries(*P.Root)) {
      append(Conditions, FilledWhen[T]);
      for (const ProducerGuard::ElementTest &Test : Tests[T])
        E.LoopTests[Test.Index] = Test.Condition;
    }
    if (E.isGlobal(P.Fills))
      fills(P, Conditions);
    return allOf(Conditions);
  }

  /// After P is written: every per-element test was made, and a flag its
  /// producer sets is set by one thread.
  void after(const Phase &P, bool Parallel) {
    if (Parallel && FlaggedPhase == &P)
      fail(P, "the phase that fills it would set its flag from several "
              "threads:");
    for (const auto &[Index, Condition] : E.LoopTests)
      if (!E.TestsMade.count(Index))
        fail(P, "no loop over '" + Index + "' to test '" + Condition + "' in");
  }

  std::optional<Refusal> refusal() const { return Untestable; }

  /// The flags the phases' producers set (`int t_ran = 0;`), declared
  /// before any phase runs.
  std::string Declarations;

private:
  Emitter &E;
  const ir::Kernel &K;
  const NestSource &S;
  /// By shared temporary: the conditions under which its phase ran, and the
  /// tests of its elements.
  std::map<std::string, std::vector<std::string>> FilledWhen;
  std::map<std::string, std::vector<ProducerGuard::ElementTest>> Tests;
  /// Reported once the phases are written: a reason found there comes first.
  std::optional<Refusal> Untestable;
  const Phase *FlaggedPhase = nullptr; // the last whose producer sets a flag

  static void append(std::vector<std::string> &To,
                     const std::vector<std::string> &From) {
    for (const std::string &C : From)
      if (std::find(To.begin(), To.end(), C) == To.end())
        To.push_back(C);
  }

  std::vector<std::string> readTemporaries(const ir::BranchedGraph &G) {
    std::vector<std::string> Out;
    for (const ir::Assignment &A : G.statements())
      for (const ir::Access &F : A.Factors)
        if (E.isGlobal(F.Tensor))
          append(Out, {F.Tensor});
    return Out;
  }

  void fills(const Phase &P, const std::vector<std::string> &Read) {
    const ir::Temporary &T = *E.temporary(P.Fills);
    ProducerGuard Filled = producerGuard(*P.Root, T, true, K, S);
    if (Filled.Untestable)
      fail(P, *Filled.Untestable + ":");
    std::vector<std::string> &When = FilledWhen[P.Fills];
    append(When, Read);
    append(When, Filled.Conditions);
    if (Filled.FlagLoop) {
      std::string Flag = E.Names.pick(E.cName(P.Fills) + "_ran");
      Declarations += Emitter::pad(1) + "int " + Flag + " = 0;\n";
      E.RanFlags[Filled.FlagLoop].push_back(Flag);
      When.push_back(Flag);
      FlaggedPhase = &P;
    }
    std::vector<ProducerGuard::ElementTest> &Mine = Tests[P.Fills];
    if (Filled.PerElement)
      Mine.push_back(*Filled.PerElement);
    // Elements left zero where what they were computed from was skipped.
    for (const auto &[Index, Condition] : E.LoopTests) {
      if (std::find(T.Indices.begin(), T.Indices.end(), Index) ==
          T.Indices.end())
        fail(P, "'" + E.cName(P.Fills) + "' is not indexed by '" + Index +
                    "', where '" + Condition + "' is tested:");
      Mine.push_back({Index, Condition});
    }
  }

  void fail(const Phase &P, const std::string &Why) {
    if (!Untestable)
      Untestable = Refusal(
          "lnr-unsupported-schedule",
          Why + " the phase computing '" +
              (E.isGlobal(P.Fills) ? E.cName(P.Fills) : P.Fills) +
              "' cannot be skipped where the original computes nothing");
  }
};

/// Whether a loop inside Root's outer loop walks a compressed level: the
/// outer loop's iterations then walk fibers of different lengths.
bool walksFibers(const ir::BranchedGraph &G, bool Outer = true) {
  for (size_t I = Outer ? 1 : 0; I < G.Loops.size(); ++I)
    if (G.Loops[I].isCompressed())
      return true;
  for (const ir::BranchedGraph &B : G.Branches)
    if (walksFibers(B, /*Outer=*/G.Loops.empty() && Outer))
      return true;
  return false;
}

/// The note for the file's 'schedule(runtime)' kept on Root's outer loop,
/// when its iterations walk fibers; none otherwise.
void noteRuntimeSchedule(const ir::BranchedGraph &Root, const NestSource &S,
                         std::vector<std::string> &Notes) {
  if (!S.Pragma || !S.PragmaScheduleRuntime || Root.Loops.empty() ||
      !walksFibers(Root))
    return;
  Notes.push_back(
      "the kept 'schedule(runtime)' follows OMP_SCHEDULE, and runs static "
      "when it is unset (GCC's and LLVM's OpenMP runtimes); the iterations "
      "of the loop over '" +
      Root.Loops.front().Index +
      "' walk fibers of different lengths, which balance better with "
      "OMP_SCHEDULE=dynamic,64 (or guided)");
}

/// A variable declared before the nest that is neither a loop variable nor a
/// coordinate (a counter, 'jA'): the original reads its initial value; ""
/// for none.
std::string counterOf(const ir::Kernel &K, const NestSource &S) {
  for (const std::string &V : S.OuterDeclared)
    if (!K.findIndex(V) &&
        std::none_of(S.Loops.begin(), S.Loops.end(),
                     [&](const LoopSource &L) { return L.Position == V; }))
      return V;
  return "";
}

/// The output zeroing the file's assignments need: the nest assigned each
/// element once; the rewrite accumulates. The zeroing runs before the
/// temporaries are known to be allocated: when one is not, the original
/// nest runs after it and assigns every element it zeroed.
std::optional<std::string> withOutputZeroing(Emitter &E, const ir::Kernel &K,
                                             const NestSource &S, bool Parallel,
                                             const std::string &Text) {
  bool DisjointOuter =
      !K.Loops.empty() && E.workshareable(K.Loops.front()) &&
      std::find(S.DisjointOutputIndices.begin(), S.DisjointOutputIndices.end(),
                K.Loops.front().Index) != S.DisjointOutputIndices.end();
  std::string Pragma = Parallel && DisjointOuter
                           ? "#pragma omp parallel for" +
                                 S.PragmaParallelClauses + " schedule(static)" +
                                 (S.Pragma ? "" : privateClause(S))
                           : "";
  std::optional<std::string> Zero = E.outputZeroing(1, Pragma);
  if (!Zero)
    return std::nullopt;
  return "{\n" + *Zero + Text + "\n}";
}

/// A graph with shared temporaries (full ones, or at a sparse tensor's
/// positions):
///
///   {
///     T *t = (T *)calloc(size, sizeof(T));   once, shared by the threads
///     if (t) {
///       #pragma omp parallel for ...         each phase on its own, when
///       for (...) { producer of t }          its outer loop writes
///       #pragma omp parallel for ...         disjoint elements; per-thread
///       for (...) { consumer of t }          vectors in 'omp parallel {}'
///     } else {
///       allocated = 0;                       the caller runs the original
///     }
///     free(t);
///   }
///
/// (malloc instead of calloc when the producer zeroes t slice by slice.)
/// Only the last phase writes the output: a phase after one whose
/// per-thread vectors could not be allocated is skipped (the flag joins its
/// guard), and the original nest, run after, sees the output as it was.
OrRefusal<EmittedNest> emitPhases(Emitter &E, const ir::BranchedGraph &G,
                                  const ir::Kernel &K, const NestSource &S,
                                  const EmitOptions &Opts, EmittedNest &Out) {
  std::vector<Phase> Phases;
  phasesOf(G, K.Stmt.Lhs.Tensor, Phases);
  auto NameOf = [&](const Phase &P) {
    return "'" + (P.Fills == K.Stmt.Lhs.Tensor ? P.Fills : E.cName(P.Fills)) +
           "'";
  };

  // The file's directive stays on the loop it was on, where it computes the
  // output.
  std::optional<size_t> KeepAt;
  if (S.Pragma) {
    std::string Why; // why the phase over the file's loop cannot keep it
    for (size_t I = 0; I < Phases.size() && !KeepAt; ++I) {
      const Phase &P = Phases[I];
      if (P.Fills == K.Stmt.Lhs.Tensor && !P.Root->Loops.empty() &&
          !K.Loops.empty() &&
          P.Root->Loops.front().Index == K.Loops.front().Index &&
          E.writesDisjoint(*P.Root, /*TrustOutput=*/true, Why))
        KeepAt = I;
    }
    if (!KeepAt)
      return Refusal("lnr-unsupported-pragma",
                     "the schedule splits the loop that '" + *S.Pragma +
                         "' parallelizes" + (Why.empty() ? "" : ": " + Why));
  }

  std::string Clause = "schedule(" + Opts.OmpSchedule + ")";
  // A region the rewrite opens lists the variables declared before the
  // nest; the file's own directive names them already (the recovery
  // checked).
  std::string Private = privateClause(S);
  std::string Text;
  std::string Notes;
  bool AnyParallel = false;
  PhaseGuards Guards(E, K, S);
  // Whether an earlier phase's per-thread vectors may have failed to be
  // allocated: the phases after it run only when they were not.
  bool MayHaveFailed = false;
  // Whether an earlier phase set the nest's counter (declared before the
  // nest; the original reads it from its initial value) outside a parallel
  // region: there it sets the variable itself, not a private copy.
  std::string Counter = counterOf(K, S);
  bool CounterSet = false;
  for (size_t I = 0; I < Phases.size(); ++I) {
    const Phase &P = Phases[I];
    std::string Guard = Guards.before(P);
    if (MayHaveFailed)
      Guard = Guard.empty() ? E.Allocated : allOf({E.Allocated, Guard});
    std::string Note, Why;
    bool Parallel = false;
    std::string Outer =
        P.Root->Loops.empty() ? "" : "'" + P.Root->Loops.front().Index + "'";
    if (KeepAt && *KeepAt == I) {
      Parallel = true;
      Note = "kept the existing OpenMP directive on " + Outer;
      noteRuntimeSchedule(*P.Root, S, Out.Notes);
    } else if (!Opts.OpenMP) {
      Note = "OpenMP disabled by --no-openmp";
    } else if (!P.Root->Loops.empty() &&
               !E.workshareable(P.Root->Loops.front())) {
      Note = Emitter::notWorkshareable(P.Root->Loops.front().Index);
    } else if (!E.writesDisjoint(*P.Root, /*TrustOutput=*/false, Why)) {
      Note = "not parallelized: " + Why;
    } else {
      Parallel = true;
      Note = "parallel over " + Outer +
             ": each iteration writes its own elements of " + NameOf(P);
    }
    AnyParallel |= Parallel;
    Notes += Phases.size() == 1 ? Note
                                : (Notes.empty() ? "computing " : "; then ") +
                                      NameOf(P) + ": " + Note;

    bool Kept = KeepAt && *KeepAt == I;
    std::vector<ir::Temporary> Vectors = E.vectorsIn(*P.Root);
    if (!Vectors.empty() && CounterSet)
      return Refusal("lnr-unsupported-schedule",
                     "the phase computing " + NameOf(P) +
                         " allocates temporaries after a phase that sets '" +
                         Counter +
                         "' outside a parallel region: the original nest, "
                         "which reads it from its initial value, could not "
                         "run when they cannot be allocated");
    E.Text.clear();
    E.Fills = E.isGlobal(P.Fills) ? E.temporary(P.Fills) : nullptr;
    if (Parallel && !Vectors.empty()) {
      // One allocation per thread, outside the work-shared loop.
      if (auto R =
              E.allocatingRegion(*P.Root, 1,
                                 "#pragma omp parallel" +
                                     (Kept ? S.PragmaParallelClauses : Private),
                                 Vectors,
                                 Kept ? "#pragma omp for" + S.PragmaForClauses
                                      : "#pragma omp for " + Clause))
        return *R;
    } else if (!Vectors.empty()) {
      if (auto R = E.allocatingBlock(*P.Root, 1, Vectors, ""))
        return *R;
    } else {
      if (auto R = E.graph(*P.Root, 1,
                           Kept ? *S.Pragma
                           : Parallel
                               ? "#pragma omp parallel for " + Clause + Private
                               : ""))
        return *R;
    }
    Guards.after(P, Parallel);
    MayHaveFailed |= !Vectors.empty();
    CounterSet |= !Parallel && !Counter.empty() && mentions(E.Text, Counter);
    Text += Guard.empty() ? E.Text
                          : Emitter::pad(1) + "if (" + Guard + ") {\n" +
                                E.Text + Emitter::pad(1) + "}\n";
  }
  if (std::optional<Refusal> R = Guards.refusal())
    return *R;
  // After the phases: they decide which temporaries calloc zeroes.
  // The flags with the allocations, where the block starts (C89). The
  // phases run only when every shared temporary was allocated.
  Text = "{\n" + E.globalAllocations(1) + Guards.Declarations +
         Emitter::pad(1) + "if (" + E.allAllocated(E.globals()) + ") {\n" +
         Text + Emitter::pad(1) + "} else {\n" + Emitter::pad(2) + E.Allocated +
         " = 0;\n" + Emitter::pad(1) + "}\n" + E.globalReleases(1) + "}";
  Out.Parallel = AnyParallel;
  Out.ParallelNote = Notes;
  Out.Allocates = true;
  if (S.ZeroOutputFirst) {
    std::optional<std::string> Zeroed =
        withOutputZeroing(E, K, S, AnyParallel, Text);
    if (!Zeroed)
      return Refusal("lnr-internal", "no loops to zero the output over");
    Text = *Zeroed;
  }
  while (!Text.empty() && Text.back() == '\n')
    Text.pop_back();
  Out.Text = Text;
  return Out;
}

} // namespace

std::string privateClause(const NestSource &S) {
  std::string Names;
  for (const std::string &V : S.OuterDeclared)
    Names += (Names.empty() ? "" : ", ") + V;
  return Names.empty() ? "" : " private(" + Names + ")";
}

OrRefusal<EmittedNest> emitNest(const ir::BranchedGraph &G, const ir::Kernel &K,
                                const NestSource &S, const EmitOptions &Opts,
                                const NamePicker &Names) {
  EmittedNest Out;
  Emitter E(K, S, Names);
  E.Simd = Opts.OpenMP;
  E.Prefetch = Opts.Prefetch;
  E.UnrollJam = Opts.UnrollJam;
  E.SplitReductions = Opts.SplitReductions;
  E.DeclarationsFirst = Opts.DeclarationsFirst;
  E.Allocated = Opts.AllocatedFlag;
  if (auto R = E.nameTemporaries(G))
    return *R;
  if ((E.hasVectors() || E.hasGlobals()) && !S.ShadowedLibraryName.empty())
    return Refusal("lnr-shadowed-name",
                   "'" + S.ShadowedLibraryName +
                       "' means something else here, and the schedule's "
                       "temporaries are allocated with the C library's "
                       "malloc, calloc, free and size_t");
  if ((E.hasVectors() && !S.HasStdlib) ||
      (E.hasGlobals() && !(S.HasStdlib && S.HasCalloc)))
    Out.NeedsStdlib = true;
  if (E.hasGlobals())
    return emitPhases(E, G, K, S, Opts, Out);

  const ir::Loop *Outer = G.Loops.empty() ? nullptr : &G.Loops.front();
  bool KeepsOuterLoop =
      Outer && !K.Loops.empty() && Outer->Index == K.Loops.front().Index;
  std::string OuterName = Outer ? "'" + Outer->Index + "'" : "";

  if (S.Pragma && !KeepsOuterLoop)
    return Refusal("lnr-unsupported-pragma",
                   "the schedule splits the loop that '" + *S.Pragma +
                       "' parallelizes");

  bool Parallel = false;
  if (S.Pragma) {
    Parallel = true;
    Out.ParallelNote = "kept the existing OpenMP directive on " + OuterName;
    noteRuntimeSchedule(G, S, Out.Notes);
  } else if (!Opts.OpenMP) {
    Out.ParallelNote = "OpenMP disabled by --no-openmp";
  } else if (!Outer) {
    Out.ParallelNote = "not parallelized: the schedule has no shared outer "
                       "loop";
  } else if (Outer->isCompressed()) {
    Out.ParallelNote =
        "not parallelized: the outer loop over " + OuterName + " is compressed";
  } else if (!E.workshareable(*Outer)) {
    Out.ParallelNote = Emitter::notWorkshareable(Outer->Index);
  } else if (std::find(S.DisjointOutputIndices.begin(),
                       S.DisjointOutputIndices.end(),
                       Outer->Index) == S.DisjointOutputIndices.end()) {
    Out.ParallelNote = "not parallelized: different " + OuterName +
                       " may write the same elements of '" + K.Stmt.Lhs.Tensor +
                       "'";
  } else {
    Parallel = true;
    Out.ParallelNote = "parallel over " + OuterName +
                       ": each iteration writes its own elements of '" +
                       K.Stmt.Lhs.Tensor + "'";
  }
  Out.Parallel = Parallel;

  std::string Clause = "schedule(" + Opts.OmpSchedule + ")";
  // Variables declared before the nest are shared by default in a region
  // the rewrite opens: each thread needs its own (a directive already on
  // the nest names them itself; the recovery checked it).
  std::string Private = privateClause(S);
  if (Parallel && !S.Pragma && !Private.empty())
    Out.ParallelNote +=
        "; private" + Private.substr(8) + ": declared outside the nest";
  if (S.Pragma && E.hasVectors()) {
    // The file's directive, split so each thread allocates its temporaries
    // once, outside the work-shared loop.
    if (auto R = E.allocatingRegion(
            G, 0, "#pragma omp parallel" + S.PragmaParallelClauses, E.vectors(),
            "#pragma omp for" + S.PragmaForClauses))
      return *R;
    Out.Text = E.Text;
    Out.ParallelNote += ", split into 'parallel' and 'for' around the "
                        "per-thread temporaries";
  } else if (S.Pragma) {
    if (auto R = E.graph(G, 0, *S.Pragma))
      return *R;
    Out.Text = E.Text;
  } else if (Parallel && E.hasVectors()) {
    // One allocation per thread, outside the work-shared loop.
    if (auto R = E.allocatingRegion(G, 0, "#pragma omp parallel" + Private,
                                    E.vectors(), "#pragma omp for " + Clause))
      return *R;
    Out.Text = E.Text;
  } else if (E.hasVectors()) {
    if (auto R = E.allocatingBlock(G, 0, E.vectors(), ""))
      return *R;
    Out.Text = E.Text;
  } else {
    // Declarations in front of the loops need a block of their own: the
    // nest may be the body of an 'if', or share a block with another.
    bool Block = G.Loops.empty();
    unsigned Depth = Block ? 1 : 0;
    E.Text = Block ? "{\n" : "";
    if (auto R = E.graph(
            G, Depth,
            Parallel ? "#pragma omp parallel for " + Clause + Private : ""))
      return *R;
    Out.Text = E.Text + (Block ? "}" : "");
  }
  Out.Allocates = E.Allocates;
  if (S.ZeroOutputFirst) {
    std::optional<std::string> Zeroed =
        withOutputZeroing(E, K, S, Parallel, Out.Text);
    if (!Zeroed)
      return Refusal("lnr-internal", "no loops to zero the output over");
    Out.Text = *Zeroed;
  }
  // The replaced range ends after the nest's last character.
  while (!Out.Text.empty() && Out.Text.back() == '\n')
    Out.Text.pop_back();
  // A directive in front of the body of an 'if' without braces goes in a
  // block with it ('if (n > 0) { #pragma omp ... for ... }').
  if (S.Substatement && !Out.Text.empty() && Out.Text.front() == '#')
    Out.Text = "{\n" + Out.Text + "\n}";
  // A directive must start its own line ('{ for ...').
  if (!S.StartsLine && !Out.Text.empty() && Out.Text.front() == '#')
    Out.Text = "\n" + Out.Text;
  return Out;
}

} // namespace lnr::rewrite
