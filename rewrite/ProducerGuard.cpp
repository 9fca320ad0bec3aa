//===- ProducerGuard.cpp --------------------------------------------------===//

#include "rewrite/ProducerGuard.h"
#include "rewrite/CText.h"
#include "rewrite/levels/Level.h"

#include <algorithm>

namespace lnr::rewrite {
namespace {

/// G's loops, but those of sums the original stores empty (which do not
/// keep a consumer from running).
void loopsIn(const ir::BranchedGraph &G, const NestSource &S,
             std::vector<const ir::Loop *> &Out) {
  for (const ir::Loop &L : G.Loops)
    if (!sumStoredEmpty(L.Index, S))
      Out.push_back(&L);
  for (const ir::BranchedGraph &B : G.Branches)
    loopsIn(B, S, Out);
}

bool holdsAny(const ir::BranchedGraph &G,
              const std::vector<const ir::Loop *> &Loops) {
  for (const ir::Loop &L : G.Loops)
    if (std::find(Loops.begin(), Loops.end(), &L) != Loops.end())
      return true;
  return std::any_of(
      G.Branches.begin(), G.Branches.end(),
      [&](const ir::BranchedGraph &B) { return holdsAny(B, Loops); });
}

/// The loop of Loops (loops of G) nested inside every other one; null when
/// two of them are in separate branches of G.
const ir::Loop *innermostOf(const ir::BranchedGraph &G,
                            const std::vector<const ir::Loop *> &Loops) {
  const ir::Loop *Last = nullptr;
  size_t Seen = 0;
  for (const ir::BranchedGraph *At = &G; At;) {
    for (const ir::Loop &L : At->Loops)
      if (std::find(Loops.begin(), Loops.end(), &L) != Loops.end()) {
        Last = &L;
        ++Seen;
      }
    const ir::BranchedGraph *Next = nullptr;
    for (const ir::BranchedGraph &B : At->Branches)
      if (holdsAny(B, Loops)) {
        if (Next)
          return nullptr;
        Next = &B;
      }
    At = Next;
  }
  return Seen == Loops.size() ? Last : nullptr;
}

const ir::Loop *originalLoop(const std::string &Index, const ir::Kernel &K) {
  for (const ir::Loop &L : K.Loops)
    if (L.Index == Index)
      return &L;
  return nullptr;
}

/// Whether the temporary, stored at the positions of a tensor, is stored
/// along the compressed loop L: the consumer then walks the same positions,
/// and an empty fiber of L is skipped by both.
bool storedAlong(const ir::Temporary &Temp, const ir::Loop &L) {
  return Temp.Positions && L.Driver == Temp.Positions->Tensor &&
         L.DriverLevel < Temp.Positions->Levels;
}

} // namespace

bool sumStoredEmpty(const std::string &Index, const NestSource &S) {
  return std::find(S.SumsStoredEmpty.begin(), S.SumsStoredEmpty.end(), Index) !=
         S.SumsStoredEmpty.end();
}

std::optional<std::string> denseLoopRuns(const std::string &Index,
                                         const NestSource &S) {
  const LoopSource *Src = S.loop(Index);
  if (!Src || levels::Level(*Src).walksPositions())
    return std::nullopt;
  return levels::Level(*Src).nonEmpty();
}

std::optional<std::string>
denseLoopsRun(const std::vector<std::string> &Indices, const NestSource &S) {
  std::vector<std::string> Runs;
  for (const std::string &Index : Indices) {
    std::optional<std::string> Condition = denseLoopRuns(Index, S);
    if (!Condition)
      return std::nullopt;
    if (std::find(Runs.begin(), Runs.end(), *Condition) == Runs.end())
      Runs.push_back(*Condition);
  }
  return allOf(Runs);
}

std::optional<std::string>
innerDenseLoopsRun(const ir::Kernel &K, const NestSource &S,
                   const std::function<bool(const ir::Loop &)> &Which) {
  std::vector<std::string> Indices;
  for (size_t I = 1; I < K.Loops.size(); ++I)
    if (!K.Loops[I].isCompressed() && !sumStoredEmpty(K.Loops[I].Index, S) &&
        Which(K.Loops[I]))
      Indices.push_back(K.Loops[I].Index);
  return denseLoopsRun(Indices, S);
}

ProducerGuard producerGuard(const ir::BranchedGraph &Producer,
                            const ir::Temporary &Temp, bool Shared,
                            const ir::Kernel &K, const NestSource &S) {
  ProducerGuard Out;
  std::vector<const ir::Loop *> Loops;
  loopsIn(Producer, S, Loops);
  std::vector<const ir::Loop *> Compressed;
  for (const ir::Loop *L : Loops) {
    const ir::Loop *Original = originalLoop(L->Index, K);
    if (L->isCompressed()) {
      if (!(Shared && storedAlong(Temp, *L)))
        Compressed.push_back(L);
      continue;
    }
    // A loop the file made over a sparse level runs wherever the level has
    // a nonzero, and the consumer, walking that level, runs nowhere else;
    // the consumer loops over the temporary's own indices as well.
    if (!Original || Original->isCompressed() ||
        std::find(Temp.Indices.begin(), Temp.Indices.end(), L->Index) !=
            Temp.Indices.end())
      continue;
    std::optional<std::string> Runs = denseLoopRuns(L->Index, S);
    if (!Runs) {
      Out.Untestable = "the bounds of the loop over '" + L->Index +
                       "' are not known where the consumer starts";
      return Out;
    }
    if (std::find(Out.Conditions.begin(), Out.Conditions.end(), *Runs) ==
        Out.Conditions.end())
      Out.Conditions.push_back(*Runs);
  }
  if (Compressed.empty())
    return Out;
  if (!Temp.isScalar() && Compressed.size() == 1) {
    const ir::Loop &Fiber = *Compressed.front();
    std::vector<std::string> Parents = ir::parentsOf(Fiber, K);
    const LoopSource *Src = S.loop(Fiber.Index);
    std::optional<std::string> Runs =
        Src ? levels::Level(*Src).nonEmpty() : std::nullopt;
    if (!Parents.empty() && Runs &&
        std::find(Temp.Indices.begin(), Temp.Indices.end(), Parents.back()) !=
            Temp.Indices.end()) {
      Out.PerElement = ProducerGuard::ElementTest{Parents.back(), *Runs};
      return Out;
    }
  }
  // Otherwise a temporary's elements are all computed or none,
  // unless one of its indices walks, or is the parent of, a compressed
  // loop: then a flag or a test before the phase cannot tell them apart.
  if (!Temp.isScalar())
    for (const ir::Loop *L : Compressed) {
      std::vector<std::string> Indices = ir::parentsOf(*L, K);
      Indices.push_back(L->Index);
      for (const std::string &I : Indices)
        if (std::find(Temp.Indices.begin(), Temp.Indices.end(), I) !=
            Temp.Indices.end()) {
          Out.Untestable =
              "the temporary '" + Temp.Name +
              "' is filled by the compressed loop over '" + L->Index +
              "', whose empty fibers leave elements that the original "
              "never computes, and no loop of the consumer can test them";
          return Out;
        }
    }
  const ir::Loop *First =
      Producer.Loops.empty() ? nullptr : &Producer.Loops.front();
  const LoopSource *Src = First ? S.loop(First->Index) : nullptr;
  std::optional<std::string> FirstRuns =
      Src ? levels::Level(*Src).nonEmpty() : std::nullopt;
  if (Compressed.size() == 1 && Compressed.front() == First && FirstRuns) {
    Out.Conditions.push_back(*FirstRuns);
    return Out;
  }
  // The flag is set in the compressed loop inside all the others (a
  // tensor's deepest level, or the last tensor's of a chain, 'j =
  // B_crd[pB]; for (pC = C_pos[j]; ...)'): an iteration of it is one of
  // every other.
  Out.FlagLoop = innermostOf(Producer, Compressed);
  if (!Out.FlagLoop)
    Out.Untestable =
        "the compressed loops of the producer of '" + Temp.Name +
        "' are in separate branches of the schedule: no one loop runs only "
        "where all of them do";
  return Out;
}

} // namespace lnr::rewrite
