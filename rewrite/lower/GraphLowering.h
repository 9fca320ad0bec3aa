//===- GraphLowering.h - The loops and branches of a graph -----*- C++ -*-===//
//
// Lowers a branched graph's loops, in the file's headers, around its
// statement or its two branches: a temporary, its producer, then its
// consumer, skipped where the producer computed nothing (ProducerGuard.h).
// What one phase of the nest leaves for the next (the flags a producer
// sets, the per-element tests a consumer makes) is kept here, for
// Phases.cpp. Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_LOWER_GRAPHLOWERING_H
#define LNR_REWRITE_LOWER_GRAPHLOWERING_H

#include "rewrite/ProducerGuard.h"
#include "rewrite/lower/Context.h"

#include <map>
#include <set>

namespace lnr::lower {

using rewrite::ProducerGuard;

class GraphLowering {
public:
  explicit GraphLowering(Context &C) : C(C) {}

  /// G's loops, Directive ('#pragma omp ...') on the outer one, appended to
  /// Out; why it cannot be written, if it cannot.
  std::optional<Refusal> graph(const ir::BranchedGraph &G,
                               const OmpDirective &Directive, Nodes &Out);

  /// G in a block that allocates List's vectors first, and runs G only
  /// when every one was allocated (else clears the allocated flag).
  std::optional<Refusal> allocatingBlock(const ir::BranchedGraph &G,
                                         const std::vector<ir::Temporary> &List,
                                         Nodes &Out);
  /// G, whose outer loop is work-shared by For, in the parallel region
  /// Parallel whose threads each allocate List's vectors.
  std::optional<Refusal>
  allocatingRegion(const ir::BranchedGraph &G, OmpDirective Parallel,
                   const std::vector<ir::Temporary> &List,
                   const OmpDirective &For, Nodes &Out);

  /// Whether any tree written so far allocates on the heap.
  bool Allocates = false;
  /// Flags that a producer ran (ProducerGuard.h), by the loop whose body
  /// sets them.
  std::map<const ir::Loop *, std::vector<std::string>> RanFlags;
  /// Per-element tests (ProducerGuard::ElementTest) the loops over an index
  /// make first, and the indices whose loop made them.
  std::map<std::string, std::string> LoopTests;
  std::set<std::string> TestsMade;
  /// The full temporary the next graph() fills, for zeroSliceFirst.
  const ir::Temporary *Fills = nullptr;

private:
  Context &C;

  std::optional<Refusal> loops(const ir::BranchedGraph &G, size_t I,
                               const ir::Temporary *Filled,
                               const OmpDirective &Directive, Nodes &Out);
  std::optional<Refusal> loopBody(const ir::BranchedGraph &G, size_t I,
                                  const ir::Temporary *Filled, Nodes &Body);
  void closeLoop(const ir::Loop &L, Nodes &Body);
  std::optional<Refusal> statement(const ir::Assignment &A, Nodes &Out);
  std::optional<Refusal> branches(const ir::BranchedGraph &G, Nodes &Out);
  Nodes mapped(const ir::Temporary &T);
  std::optional<std::string>
  producerRuns(const ir::BranchedGraph &G, Nodes &Out,
               std::optional<ProducerGuard::ElementTest> &PerElement);
  bool consumerOnlyScales(const ir::BranchedGraph &G) const;
  std::optional<std::string> producerSkipsUntested(const ir::BranchedGraph &G);
  bool originalReads(const std::string &Index) const;
  std::vector<std::string> positionsRead(const ir::Assignment &A) const;
};

} // namespace lnr::lower

#endif
