//===- Phases.h - A nest with shared temporaries, phase by phase -*- C++
//-*-===//
//
// A graph with shared temporaries (full ones, or at a sparse tensor's
// positions) is computed in phases: its branches that no shared loop
// encloses, one after the other, each parallel on its own:
//
//   {
//     T *t = (T *)calloc(size, sizeof(T));   once, shared by the threads
//     if (t) {
//       #pragma omp parallel for ...         each phase on its own, when
//       for (...) { producer of t }          its outer loop writes
//       #pragma omp parallel for ...         disjoint elements; per-thread
//       for (...) { consumer of t }          vectors in 'omp parallel {}'
//     } else {
//       allocated = 0;                       the caller runs the original
//     }
//     free(t);
//   }
//
// (malloc instead of calloc when the producer zeroes t slice by slice.)
// Only the last phase writes the output: a phase after one whose per-thread
// vectors could not be allocated is skipped (the flag joins its guard), and
// the original nest, run after, sees the output as it was. Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_LOWER_PHASES_H
#define LNR_REWRITE_LOWER_PHASES_H

#include "rewrite/lower/GraphLowering.h"

namespace lnr::lower {

/// The phases of G, and the tree around them, in Out.
std::optional<Refusal> lowerPhases(Context &C, GraphLowering &L,
                                   const ir::BranchedGraph &G,
                                   LoweredNest &Out);

} // namespace lnr::lower

#endif
