//===- Emit.cpp -----------------------------------------------------------===//

#include "rewrite/Emit.h"

#include <algorithm>
#include <map>
#include <set>

namespace lnr::rewrite {
namespace {

class Emitter {
public:
  Emitter(const ir::Kernel &K, const NestSource &S) : K(K), S(S) {}

  std::optional<Refusal> nameTemporaries(const ir::BranchedGraph &G) {
    std::set<std::string> Chosen;
    for (const ir::Temporary &T : G.temporaries()) {
      if (!T.isScalar())
        return Refusal("lnr-unsupported-temporary",
                       "the schedule needs the vector temporary " +
                           toString(ir::Access{T.Name, T.Indices}) +
                           ", which the code generator does not write yet");
      std::string Name = T.Name;
      for (unsigned N = 1; S.IsNameTaken(Name) || Chosen.count(Name); ++N)
        Name = T.Name + "_" + std::to_string(N);
      Chosen.insert(Name);
      CName[T.Name] = Name;
    }
    return std::nullopt;
  }

  std::optional<Refusal> graph(const ir::BranchedGraph &G, unsigned Depth) {
    unsigned Opened = 0;
    for (const ir::Loop &L : G.Loops) {
      const LoopSource *Loop = S.loop(L.Index);
      if (!Loop)
        return Refusal("lnr-internal", "no source for the loop over '" +
                                           L.Index + "'");
      line(Depth + Opened, Loop->Header + " {");
      for (const std::string &P : Loop->Prologue)
        line(Depth + Opened + 1, P);
      ++Opened;
    }
    unsigned Inner = Depth + Opened;
    if (G.Statement) {
      std::optional<std::string> Text = statement(*G.Statement);
      if (!Text)
        return Refusal("lnr-internal", "no source for an access of " +
                                           toString(*G.Statement));
      line(Inner, *Text);
    } else {
      line(Inner, S.ElementType + " " + CName.at(G.Temp->Name) + " = 0;");
      for (const ir::BranchedGraph &B : G.Branches)
        if (auto R = graph(B, Inner))
          return R;
    }
    while (Opened--)
      line(Depth + Opened, "}");
    return std::nullopt;
  }

  std::string Text;

private:
  const ir::Kernel &K;
  const NestSource &S;
  std::map<std::string, std::string> CName; // IR temporary -> C identifier

  void line(unsigned Depth, const std::string &Code) {
    Text += std::string(2 * Depth, ' ') + Code + "\n";
  }

  std::optional<std::string> access(const ir::Access &A) const {
    if (auto It = CName.find(A.Tensor); It != CName.end())
      return It->second;
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

OrRefusal<EmittedNest> emitNest(const ir::BranchedGraph &G,
                                const ir::Kernel &K, const NestSource &S,
                                const EmitOptions &Opts) {
  EmittedNest Out;
  const ir::Loop *Outer = G.Loops.empty() ? nullptr : &G.Loops.front();
  bool KeepsOuterLoop =
      Outer && !K.Loops.empty() && Outer->Index == K.Loops.front().Index;
  std::string OuterName = KeepsOuterLoop ? "'" + Outer->Index + "'" : "";

  if (S.Pragma && !KeepsOuterLoop)
    return Refusal("lnr-unsupported-pragma",
                   "the schedule splits the loop that '" + *S.Pragma +
                       "' parallelizes");
  if (S.Pragma) {
    Out.Text += *S.Pragma + "\n";
    Out.Parallel = true;
    Out.ParallelNote = "kept the existing OpenMP directive on " + OuterName;
  } else if (!Opts.OpenMP) {
    Out.ParallelNote = "OpenMP disabled by --no-openmp";
  } else if (!KeepsOuterLoop) {
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
    Out.Text += "#pragma omp parallel for schedule(" + Opts.OmpSchedule +
                ")\n";
    Out.Parallel = true;
    Out.ParallelNote = "parallel over " + OuterName +
                       ": each iteration writes its own elements of '" +
                       K.Stmt.Lhs.Tensor + "'";
  }

  Emitter E(K, S);
  if (auto R = E.nameTemporaries(G))
    return *R;
  if (auto R = E.graph(G, 0))
    return *R;
  Out.Text += E.Text;
  // The replaced range starts at the nest and ends after its last brace.
  if (!Out.Text.empty() && Out.Text.back() == '\n')
    Out.Text.pop_back();
  return Out;
}

} // namespace lnr::rewrite
