//===- StoredTemporary.cpp ------------------------------------------------===//

#include "rewrite/StoredTemporary.h"
#include "rewrite/ProducerGuard.h"
#include "rewrite/TreeBuilders.h"

namespace lnr::rewrite {

OrRefusal<std::optional<OverlapTest>>
withStoredTemporaryRuns(const ir::Kernel &K, const NestSource &S,
                        std::optional<OverlapTest> Test, NamePicker &Names) {
  if (S.TemporaryStore.empty())
    return Test;
  std::optional<std::string> Runs =
      innerDenseLoopsRun(K, S, [](const ir::Loop &) { return true; });
  if (!Runs)
    return Refusal(rule::UnsupportedSchedule,
                   "the temporary '" + S.TemporaryStore +
                       "' is still read after the nests, and the bounds of "
                       "a loop were not read: the rewrite could not test "
                       "that the fused nest stores every element");
  if (Runs->empty())
    return Test;
  if (!Test)
    Test = OverlapTest{{}, Names.pick("checked")};
  if (Test->Statements.empty())
    Test->Statements.push_back(declare("int", Test->Flag, *Runs));
  else
    Test->Statements.push_back(statement(Test->Flag + " &= " + *Runs + ";"));
  return Test;
}

} // namespace lnr::rewrite
