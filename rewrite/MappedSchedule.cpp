//===- MappedSchedule.cpp -------------------------------------------------===//

#include "rewrite/MappedSchedule.h"

namespace lnr::rewrite {

OrRefusal<ir::Schedule> mappedSchedule(const ir::Kernel &K, const NestSource &S,
                                       const ir::SchedulerOptions &Opts) {
  std::string Function = S.Map;
  for (size_t At = Function.find("(@)"); At != std::string::npos;
       At = Function.find("(@)", At + 1))
    Function.replace(At, 3, "x");
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
                   "the function '" + Function +
                       "' applies to each element of the temporary once its "
                       "sum is complete; fused, the temporary would not be "
                       "one element");
  G.Temp->Map = S.Map;
  return Fused;
}

} // namespace lnr::rewrite
