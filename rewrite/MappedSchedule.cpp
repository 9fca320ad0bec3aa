//===- MappedSchedule.cpp -------------------------------------------------===//

#include "rewrite/MappedSchedule.h"

#include <algorithm>

namespace lnr::rewrite {

OrRefusal<ir::Schedule> mappedSchedule(const ir::Kernel &K, const NestSource &S,
                                       const ir::SchedulerOptions &Opts) {
  std::string Function = ir::applyMap(S.Map, "x");
  // What is applied to each element once its sum is complete.
  std::string What = S.TemporaryStore.empty()
                         ? "the function '" + Function + "'"
                         : "the store into '" + S.TemporaryStore +
                               "', still read after the two nests,";
  if (S.MappedFactors.empty())
    return Refusal(rule::UnsupportedExpression,
                   "the sum is stored through the function '" + Function +
                       "' of it (x): a nest alone is rewritten only when it "
                       "stores a product, and this one is fused only with "
                       "the nest right after it that reads what it stores");
  ir::SplitPlan Plan;
  for (size_t F : S.MappedFactors)
    Plan.Producer.push_back(static_cast<unsigned>(F));
  OrRefusal<ir::Schedule> Fused = ir::scheduleOfPlan(K, Plan, Opts);
  if (!Fused)
    return Fused.refusal();
  ir::BranchedGraph &G = Fused->Graph;
  if (G.isLinear() || !G.Temp->isScalar() || !G.producer().isLinear() ||
      !G.consumer().isLinear())
    return Refusal(rule::UnsupportedSchedule,
                   What + " applies to each element of the temporary once its "
                          "sum is complete; fused, the temporary would not be "
                          "one element");
  for (const std::string &I : S.MappedIndices)
    if (std::none_of(G.Loops.begin(), G.Loops.end(),
                     [&](const ir::Loop &L) { return L.Index == I; }))
      return Refusal(rule::UnsupportedSchedule,
                     What +
                         " applies to each element of the temporary, and the "
                         "sum it would apply to runs over '" +
                         I + "' too");
  // The scales, applied by the function after the sum as written.
  std::vector<ir::Access> &Terms = G.Branches[0].Statement->Factors;
  for (size_t F : S.MappedScales) {
    const ir::Access &Scale = K.Stmt.Factors[F];
    auto It =
        std::find_if(Terms.begin(), Terms.end(), [&](const ir::Access &A) {
          return A.Tensor == Scale.Tensor && A.Indices == Scale.Indices;
        });
    if (It != Terms.end())
      Terms.erase(It);
  }
  G.Temp->Map = S.Map;
  G.Temp->Store = S.TemporaryStore;
  G.Temp->StoreAdds = S.TemporaryStoreAdds;
  return Fused;
}

} // namespace lnr::rewrite
