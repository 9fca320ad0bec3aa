//===- Simd.cpp -----------------------------------------------------------===//

#include "rewrite/lower/passes/Simd.h"
#include "rewrite/lower/passes/TreeWalk.h"

#include <algorithm>

namespace lnr::lower {

std::optional<OmpDirective> simdDirective(const Context &C, const ir::Loop &L,
                                          const ir::Assignment &A) {
  // A directive needs a canonical loop: not the file's 'l-- > 0' header.
  if (!C.Opts.OpenMP || L.isCompressed() || !C.workshareable(L))
    return std::nullopt;
  auto Temp = C.CName.find(A.Lhs.Tensor);
  bool Writes = A.Lhs.uses(L.Index);
  if (Temp != C.CName.end()) {
    if (Writes)
      return OmpDirective::simd();
    // Not the sum a function with a jump is applied to: a vector
    // reduction regroups it.
    if (A.Lhs.Indices.empty() && A.Accumulate && C.S.sumRegroups())
      return OmpDirective::simd({"reduction(+ : " + Temp->second + ")"});
    return std::nullopt;
  }
  // Its lanes write distinct elements: the other indices hold their
  // values across them.
  auto Has = [&](const std::vector<std::string> &In) {
    return std::find(In.begin(), In.end(), L.Index) != In.end();
  };
  if (Writes && (Has(C.S.DisjointOutputIndices) || Has(C.S.LaneIndices)))
    return OmpDirective::simd();
  return std::nullopt;
}

void vectorize(Context &C, Nodes &Tree) {
  walkNodes(C, Tree, [&](Node &N) {
    const ir::Assignment *A = innermostStatement(N);
    if (!A || N.runs() != Execution::Serial)
      return;
    if (std::optional<OmpDirective> Simd = simdDirective(C, *N.Iterates, *A))
      N.Directive = *Simd;
  });
}

} // namespace lnr::lower
