//===- Passes.cpp ---------------------------------------------------------===//

#include "rewrite/lower/passes/Passes.h"
#include "rewrite/lower/passes/HoistValues.h"
#include "rewrite/lower/passes/PartialSums.h"
#include "rewrite/lower/passes/Prefetch.h"
#include "rewrite/lower/passes/Simd.h"
#include "rewrite/lower/passes/UnrollJam.h"

namespace lnr::lower {

void runPasses(Context &C, Nodes &Tree) {
  if (C.Opts.Prefetch)
    prefetchNextRows(C, Tree);
  if (C.Opts.UnrollJam)
    unrollAndJam(C, Tree);
  if (C.Opts.SplitReductions)
    splitReductions(C, Tree);
  vectorize(C, Tree);
  // C89: a declaration before the loop would follow the body's statements.
  if (!C.Facts.DeclarationsFirst)
    hoistNonzeroValues(C, Tree);
}

} // namespace lnr::lower
