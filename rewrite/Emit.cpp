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
    for (const ir::Temporary &T : G.temporaries()) {
      if (T.Positions)
        return Refusal("lnr-unsupported-temporary",
                       "the schedule stores " +
                           toString(ir::Access{T.Name, T.Indices}) +
                           " at the positions of '" + T.Positions->Tensor +
                           "', which the code generator does not write yet");
      for (const std::string &I : T.Indices)
        if (!loopHeader(I))
          return Refusal("lnr-internal",
                         "no loop to zero the temporary over '" + I + "'");
      std::string Name = T.Name;
      for (unsigned N = 1; S.IsNameTaken(Name) || Chosen.count(Name); ++N)
        Name = T.Name + "_" + std::to_string(N);
      Chosen.insert(Name);
      CName[T.Name] = Name;
      if (!T.isScalar())
        Vectors.push_back(T);
    }
    return std::nullopt;
  }

  bool hasVectors() const { return !Vectors.empty(); }

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
    std::set<std::string> Read(S.OutputAliases.begin(), S.OutputAliases.end());
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
    std::string Out;
    for (const ir::Temporary &T : Vectors)
      Out += pad(Depth) + S.ElementType + " *" + CName.at(T.Name) + " = (" +
             S.ElementType + " *)malloc(sizeof(" + S.ElementType + ") * " +
             size(T) + ");\n";
    return Out;
  }
  std::string releases(unsigned Depth) const {
    std::string Out;
    for (const ir::Temporary &T : Vectors)
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
      if (L.isCompressed())
        for (const std::string &P : S.loop(L.Index)->Prologue)
          line(Depth + Opened + 1, P);
      ++Opened;
    }
    unsigned Inner = Depth + Opened;
    if (G.Statement) {
      std::optional<std::string> Code = statement(*G.Statement);
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
    while (Opened--)
      line(Depth + Opened, "}");
    return std::nullopt;
  }

  std::string Text;
  bool Simd = true;

private:
  const ir::Kernel &K;
  const NestSource &S;
  std::map<std::string, std::string> CName; // IR temporary -> C identifier
  std::vector<ir::Temporary> Vectors;

  static std::string pad(unsigned Depth) { return std::string(2 * Depth, ' '); }
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
    for (size_t D = 0; D < T.Indices.size(); ++D)
      line(Depth + D, *loopHeader(T.Indices[D]) + " {");
    line(Depth + T.Indices.size(),
         Name + "[" + subscript(T.Indices) + "] = 0;");
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

  std::optional<std::string> access(const ir::Access &A) const {
    if (auto It = CName.find(A.Tensor); It != CName.end())
      return A.Indices.empty() ? It->second
                               : It->second + "[" + subscript(A.Indices) + "]";
    if (A.Tensor == K.Stmt.Lhs.Tensor && A.Indices == K.Stmt.Lhs.Indices)
      return S.Output;
    for (size_t I = 0; I < K.Stmt.Factors.size(); ++I)
      if (K.Stmt.Factors[I].Tensor == A.Tensor &&
          K.Stmt.Factors[I].Indices == A.Indices)
        return S.Factors[I];
    return std::nullopt;
  }

  std::optional<std::string> statement(const ir::Assignment &A) const {
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

} // namespace

OrRefusal<EmittedNest> emitNest(const ir::BranchedGraph &G, const ir::Kernel &K,
                                const NestSource &S, const EmitOptions &Opts) {
  EmittedNest Out;
  Emitter E(K, S);
  E.Simd = Opts.OpenMP;
  if (auto R = E.nameTemporaries(G))
    return *R;
  if (E.hasVectors() && !S.HasStdlib)
    Out.NeedsStdlib = true;

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
    Out.ParallelNote =
        "not parallelized: the outer loop over " + OuterName + " is compressed";
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
  std::string Private;
  for (const std::string &V : S.OuterDeclared)
    Private += (Private.empty() ? "" : ", ") + V;
  if (!Private.empty())
    Private = " private(" + Private + ")";
  if (Parallel && !S.Pragma && !Private.empty())
    Out.ParallelNote +=
        "; private" + Private.substr(8) + ": declared outside the nest";
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
    E.Text = "#pragma omp parallel" + Private + "\n{\n" + E.allocations(1);
    if (auto R = E.graph(G, 1, "#pragma omp for " + Clause))
      return *R;
    Out.Text = E.Text + E.releases(1) + "}";
  } else {
    // Declarations in front of the loops need a block of their own: the
    // nest may be the body of an 'if', or share a block with another.
    bool Block = G.Loops.empty() || E.hasVectors();
    unsigned Depth = Block ? 1 : 0;
    E.Text = (Block ? "{\n" : "") + E.allocations(Depth);
    if (auto R = E.graph(
            G, Depth,
            Parallel ? "#pragma omp parallel for " + Clause + Private : ""))
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
                  " schedule(static)" + (S.Pragma ? "" : Private)
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
