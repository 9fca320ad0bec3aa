//===- Emit.cpp -----------------------------------------------------------===//
//
// Layout of the emitted nest:
//
//   [#pragma omp parallel            ] when parallel with vector temporaries
//   [{ T *t = malloc(...) per thread ] vector temporaries: once per thread
//   #pragma omp [parallel] for ...     when the outer loop is parallel
//   for (shared loops) {
//     T t = 0; | for (dims) t[..] = 0;   where the producer starts
//     producer branch
//     consumer branch
//   }
//   [free(t); }]
//
//===----------------------------------------------------------------------===//

#include "rewrite/Emit.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

namespace lnr::rewrite {
namespace {

bool isSimple(const std::string &Text) {
  return std::all_of(Text.begin(), Text.end(), [](char C) {
    return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
  });
}

std::string parenthesized(const std::string &Text) {
  return isSimple(Text) ? Text : "(" + Text + ")";
}

class Emitter {
public:
  Emitter(const ir::Kernel &K, const NestSource &S) : K(K), S(S) {}

  std::optional<Refusal> nameTemporaries(const ir::BranchedGraph &G) {
    std::set<std::string> Chosen;
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
                  "dense level below a compressed one, or a loop the "
                  "recovery did not read)");
      } else if (!Full.count(T.Name)) {
        for (const std::string &I : T.Indices)
          if (!loopHeader(I))
            return Refusal("lnr-internal",
                           "no loop to zero the temporary over '" + I + "'");
      }
      std::string Name = T.Name;
      for (unsigned N = 1; S.IsNameTaken(Name) || Chosen.count(Name); ++N)
        Name = T.Name + "_" + std::to_string(N);
      Chosen.insert(Name);
      CName[T.Name] = Name;
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
  /// once, before the nest, zeroed by calloc, shared by the threads (each
  /// writes its own elements), released after it.
  std::string globalAllocations(unsigned Depth) const {
    std::string Out;
    for (const ir::Temporary &T : Globals)
      Out += pad(Depth) + S.ElementType +
             (T.isScalar() ? " " + CName.at(T.Name) + " = 0;\n"
                           : " *" + CName.at(T.Name) + " = (" + S.ElementType +
                                 " *)calloc(" + globalSize(T) + ", sizeof(" +
                                 S.ElementType + "));\n");
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
    for (const ir::Loop &L : K.Loops) {
      if (!K.Stmt.Lhs.uses(L.Index))
        continue;
      std::optional<std::string> Header = loopHeader(L.Index);
      if (L.isCompressed() || !Header)
        return std::nullopt;
      Out += pad(Depth + Opened++) + *Header + " {\n";
    }
    std::set<std::string> Read(S.OutputAliases.begin(),
                               S.OutputAliases.end());
    for (const NestSource::Alias &Alias : S.Aliases)
      if (Read.count(Alias.Name))
        Out += pad(Depth + Opened) + Alias.Declaration + "\n";
    Out += pad(Depth + Opened) + S.Output + " = 0;\n";
    while (Opened--)
      Out += pad(Depth + Opened) + "}\n";
    return Out;
  }

  /// Declarations of the vector temporaries, and their release.
  std::string allocations(unsigned Depth) const {
    return allocations(Depth, Vectors);
  }
  std::string allocations(unsigned Depth,
                          const std::vector<ir::Temporary> &List) const {
    std::string Out;
    for (const ir::Temporary &T : List)
      Out += pad(Depth) + S.ElementType + " *" + CName.at(T.Name) + " = (" +
             S.ElementType + " *)malloc(sizeof(" + S.ElementType + ") * " +
             size(T) + ");\n";
    return Out;
  }
  std::string releases(unsigned Depth) const {
    return releases(Depth, Vectors);
  }
  std::string releases(unsigned Depth,
                       const std::vector<ir::Temporary> &List) const {
    std::string Out;
    for (const ir::Temporary &T : List)
      Out += pad(Depth) + "free(" + CName.at(T.Name) + ");\n";
    return Out;
  }

  std::optional<Refusal> graph(const ir::BranchedGraph &G, unsigned Depth,
                               const std::string &OuterPragma) {
    unsigned Opened = 0;
    for (const ir::Loop &L : G.Loops) {
      std::optional<std::string> Header = loopHeader(L.Index, &L);
      if (!Header)
        return Refusal("lnr-internal",
                       "no source for the loop over '" + L.Index + "'");
      if (Opened == 0 && !OuterPragma.empty())
        Text += OuterPragma + "\n";
      else if (G.Statement && &L == &G.Loops.back())
        if (std::optional<std::string> Simd = simd(L, *G.Statement))
          Text += *Simd + "\n";
      line(Depth + Opened, *Header + " {");
      // The coordinate load goes here once the body is known to read it.
      BodyStarts.push_back(Text.size());
      Enclosing.push_back(&L);
      ++Opened;
    }
    unsigned Inner = Depth + Opened;
    if (G.Statement) {
      std::optional<std::string> Code = statement(*G.Statement);
      if (!Code && Problem)
        return *Problem;
      if (!Code)
        return Refusal("lnr-internal",
                       "no source for an access of " + toString(*G.Statement));
      for (const std::string &Declaration : positionsRead(*G.Statement))
        line(Inner, Declaration);
      line(Inner, *Code);
    } else {
      zero(*G.Temp, Inner);
      for (const ir::BranchedGraph &B : G.Branches)
        if (auto R = graph(B, Inner, ""))
          return R;
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
      }
      line(Depth + Opened, "}");
      Enclosing.pop_back();
      BodyStarts.pop_back();
    }
    return std::nullopt;
  }

  std::string Text;
  bool Simd = true;

  static std::string pad(unsigned Depth) { return std::string(2 * Depth, ' '); }
  const std::string &cName(const std::string &Temp) const {
    return CName.at(Temp);
  }

private:
  const ir::Kernel &K;
  const NestSource &S;
  std::map<std::string, std::string> CName; // IR temporary -> C identifier
  std::vector<ir::Temporary> Vectors;       // per thread
  std::vector<ir::Temporary> Globals;       // once, shared
  std::vector<const ir::Loop *> Enclosing;  // while emitting
  std::optional<Refusal> Problem;           // found while emitting

  std::vector<size_t> BodyStarts; // where each open loop's body starts

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
  static bool mentions(const std::string &Code, const std::string &Name) {
    auto IsIdent = [](char C) {
      return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
    };
    for (size_t At = Code.find(Name); At != std::string::npos;
         At = Code.find(Name, At + 1))
      if ((At == 0 || !IsIdent(Code[At - 1])) &&
          (At + Name.size() == Code.size() || !IsIdent(Code[At + Name.size()])))
        return true;
    return false;
  }

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
  /// extents may not fit in an int).
  std::string globalSize(const ir::Temporary &T) const {
    if (T.Positions)
      return "(size_t)" + parenthesized(*positionsCount(*T.Positions));
    std::string Out;
    for (const std::string &I : T.Indices)
      Out += (Out.empty() ? "" : " * ") + std::string("(size_t)") + extent(I);
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

  std::string size(const ir::Temporary &T) const {
    std::string Out;
    for (const std::string &I : T.Indices)
      Out += (Out.empty() ? "" : " * ") + extent(I);
    return Out;
  }

  /// Row-major: ((i0 * E1 + i1) * E2 + i2).
  std::string subscript(const std::vector<std::string> &Indices) const {
    std::string Out = Indices.front();
    for (size_t D = 1; D < Indices.size(); ++D)
      Out = (D > 1 ? "(" + Out + ")" : Out) + " * " + extent(Indices[D]) +
            " + " + Indices[D];
    return Out;
  }

  /// The file's own header for a loop over Index, or, where the graph
  /// iterates densely what the file iterated sparsely, one over its extent.
  std::optional<std::string> loopHeader(const std::string &Index,
                                        const ir::Loop *L = nullptr) const {
    const LoopSource *Loop = S.loop(Index);
    if (!Loop)
      return std::nullopt;
    const ir::Loop *Original = nullptr;
    for (const ir::Loop &O : K.Loops)
      if (O.Index == Index)
        Original = &O;
    bool Dense = L ? !L->isCompressed() : true;
    if (!Original || Dense == !Original->isCompressed())
      return Loop->Header;
    const ir::IndexVar *V = K.findIndex(Index);
    if (!V || V->Extent.empty() || Loop->IndexType.empty())
      return std::nullopt;
    return "for (" + Loop->IndexType + " " + Index + " = 0; " + Index + " < " +
           V->Extent + "; " + Index + "++)";
  }

  void zero(const ir::Temporary &T, unsigned Depth) {
    const std::string &Name = CName.at(T.Name);
    if (T.isScalar()) {
      line(Depth, S.ElementType + " " + Name + " = 0;");
      return;
    }
    if (T.Positions) {
      // The positions the enclosing loops own, walked as the file walks
      // them (the coordinates are not needed).
      for (size_t D = 0; D < T.Indices.size(); ++D)
        line(Depth + D, S.loop(T.Indices[D])->Header + " {");
      line(Depth + T.Indices.size(),
           Name + "[" + S.loop(T.Indices.back())->Position + "] = 0;");
      for (size_t D = T.Indices.size(); D-- > 0;)
        line(Depth + D, "}");
      return;
    }
    for (size_t D = 0; D < T.Indices.size(); ++D)
      line(Depth + D, *loopHeader(T.Indices[D]) + " {");
    line(Depth + T.Indices.size(), Name + "[" + subscript(T.Indices) + "] = 0;");
    for (size_t D = T.Indices.size(); D-- > 0;)
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
      if (isGlobal(A.Tensor)) {
        // size_t arithmetic: a full temporary may exceed an int's range.
        std::vector<std::string> Wide = A.Indices;
        Wide.front() = "(size_t)" + Wide.front();
        return It->second + "[" + subscript(Wide) + "]";
      }
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
      std::optional<std::string> F = access(A.Factors[I]);
      if (!F)
        return std::nullopt;
      Out += (I ? " * " : "") + *F;
    }
    return Out + ";";
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

/// The output zeroing the file's assignments need: the nest assigned each
/// element once; the rewrite accumulates.
std::optional<std::string> withOutputZeroing(Emitter &E, const ir::Kernel &K,
                                             const NestSource &S, bool Parallel,
                                             const std::string &Text) {
  bool DisjointOuter =
      !K.Loops.empty() &&
      std::find(S.DisjointOutputIndices.begin(), S.DisjointOutputIndices.end(),
                K.Loops.front().Index) != S.DisjointOutputIndices.end();
  std::string Pragma = Parallel && DisjointOuter
                           ? "#pragma omp parallel for" +
                                 S.PragmaParallelClauses + " schedule(static)"
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
///     #pragma omp parallel for ...           each phase on its own, when
///     for (...) { producer of t }            its outer loop writes
///     #pragma omp parallel for ...           disjoint elements; per-thread
///     for (...) { consumer of t }            vectors in 'omp parallel {}'
///     free(t);
///   }
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
    for (size_t I = 0; I < Phases.size() && !KeepAt; ++I) {
      const Phase &P = Phases[I];
      std::string Why;
      if (P.Fills == K.Stmt.Lhs.Tensor && !P.Root->Loops.empty() &&
          !K.Loops.empty() &&
          P.Root->Loops.front().Index == K.Loops.front().Index &&
          E.writesDisjoint(*P.Root, /*TrustOutput=*/true, Why))
        KeepAt = I;
    }
    if (!KeepAt)
      return Refusal("lnr-unsupported-pragma",
                     "the schedule splits the loop that '" + *S.Pragma +
                         "' parallelizes");
  }

  std::string Clause = "schedule(" + Opts.OmpSchedule + ")";
  std::string Text = "{\n" + E.globalAllocations(1);
  std::string Notes;
  bool AnyParallel = false;
  for (size_t I = 0; I < Phases.size(); ++I) {
    const Phase &P = Phases[I];
    std::string Note, Why;
    bool Parallel = false;
    std::string Outer =
        P.Root->Loops.empty() ? "" : "'" + P.Root->Loops.front().Index + "'";
    if (KeepAt && *KeepAt == I) {
      Parallel = true;
      Note = "kept the existing OpenMP directive on " + Outer;
    } else if (!Opts.OpenMP) {
      Note = "OpenMP disabled by --no-openmp";
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
    E.Text.clear();
    if (Parallel && !Vectors.empty()) {
      // One allocation per thread, outside the work-shared loop.
      E.Text = "#pragma omp parallel" +
               (Kept ? S.PragmaParallelClauses : std::string()) + "\n" +
               Emitter::pad(1) + "{\n" + E.allocations(2, Vectors);
      if (auto R = E.graph(*P.Root, 2,
                           Kept ? "#pragma omp for" + S.PragmaForClauses
                                : "#pragma omp for " + Clause))
        return *R;
      E.Text += E.releases(2, Vectors) + Emitter::pad(1) + "}\n";
    } else if (!Vectors.empty()) {
      E.Text = Emitter::pad(1) + "{\n" + E.allocations(2, Vectors);
      if (auto R = E.graph(*P.Root, 2, ""))
        return *R;
      E.Text += E.releases(2, Vectors) + Emitter::pad(1) + "}\n";
    } else {
      if (auto R = E.graph(*P.Root, 1,
                           Kept       ? *S.Pragma
                           : Parallel ? "#pragma omp parallel for " + Clause
                                      : ""))
        return *R;
    }
    Text += E.Text;
  }
  Text += E.globalReleases(1) + "}";
  Out.Parallel = AnyParallel;
  Out.ParallelNote = Notes;
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

OrRefusal<EmittedNest> emitNest(const ir::BranchedGraph &G,
                                const ir::Kernel &K, const NestSource &S,
                                const EmitOptions &Opts) {
  EmittedNest Out;
  Emitter E(K, S);
  E.Simd = Opts.OpenMP;
  if (auto R = E.nameTemporaries(G))
    return *R;
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
  } else if (!Opts.OpenMP) {
    Out.ParallelNote = "OpenMP disabled by --no-openmp";
  } else if (!Outer) {
    Out.ParallelNote = "not parallelized: the schedule has no shared outer "
                       "loop";
  } else if (Outer->isCompressed()) {
    Out.ParallelNote = "not parallelized: the outer loop over " + OuterName +
                       " is compressed";
  } else if (std::find(S.DisjointOutputIndices.begin(),
                       S.DisjointOutputIndices.end(),
                       Outer->Index) == S.DisjointOutputIndices.end()) {
    Out.ParallelNote = "not parallelized: different " + OuterName +
                       " may write the same elements of '" +
                       K.Stmt.Lhs.Tensor + "'";
  } else {
    Parallel = true;
    Out.ParallelNote = "parallel over " + OuterName +
                       ": each iteration writes its own elements of '" +
                       K.Stmt.Lhs.Tensor + "'";
  }
  Out.Parallel = Parallel;

  std::string Clause = "schedule(" + Opts.OmpSchedule + ")";
  if (S.Pragma && E.hasVectors()) {
    // The file's directive, split so each thread allocates its temporaries
    // once, outside the work-shared loop.
    E.Text = "#pragma omp parallel" + S.PragmaParallelClauses + "\n{\n" +
             E.allocations(1);
    if (auto R = E.graph(G, 1, "#pragma omp for" + S.PragmaForClauses))
      return *R;
    Out.Text = E.Text + E.releases(1) + "}";
    Out.ParallelNote += ", split into 'parallel' and 'for' around the "
                        "per-thread temporaries";
  } else if (S.Pragma) {
    if (auto R = E.graph(G, 0, *S.Pragma))
      return *R;
    Out.Text = E.Text;
  } else if (Parallel && E.hasVectors()) {
    // One allocation per thread, outside the work-shared loop.
    E.Text = "#pragma omp parallel\n{\n" + E.allocations(1);
    if (auto R = E.graph(G, 1, "#pragma omp for " + Clause))
      return *R;
    Out.Text = E.Text + E.releases(1) + "}";
  } else {
    // Declarations in front of the loops need a block of their own: the
    // nest may be the body of an 'if', or share a block with another.
    bool Block = G.Loops.empty() || E.hasVectors();
    unsigned Depth = Block ? 1 : 0;
    E.Text = (Block ? "{\n" : "") + E.allocations(Depth);
    if (auto R = E.graph(G, Depth,
                         Parallel ? "#pragma omp parallel for " + Clause : ""))
      return *R;
    Out.Text = E.Text + E.releases(Depth) + (Block ? "}" : "");
  }
  if (S.ZeroOutputFirst) {
    // The nest assigned each element once; the fused nest accumulates.
    bool DisjointOuter =
        !K.Loops.empty() &&
        std::find(S.DisjointOutputIndices.begin(),
                  S.DisjointOutputIndices.end(),
                  K.Loops.front().Index) != S.DisjointOutputIndices.end();
    std::string Pragma =
        Parallel && DisjointOuter
            ? "#pragma omp parallel for" + S.PragmaParallelClauses +
                  " schedule(static)"
            : "";
    std::optional<std::string> Zero = E.outputZeroing(1, Pragma);
    if (!Zero)
      return Refusal("lnr-internal", "no loops to zero the output over");
    Out.Text = "{\n" + *Zero + Out.Text + "\n}";
  }
  // The replaced range ends after the nest's last character.
  while (!Out.Text.empty() && Out.Text.back() == '\n')
    Out.Text.pop_back();
  // A directive must start its own line ('if (n > 0) for ...').
  if (!S.StartsLine && !Out.Text.empty() && Out.Text.front() == '#')
    Out.Text = "\n" + Out.Text;
  return Out;
}

} // namespace lnr::rewrite
