//===- EqualAtRunTime.cpp -------------------------------------------------===//

#include "rewrite/EqualAtRunTime.h"
#include "rewrite/CText.h"
#include "rewrite/TreeBuilders.h"

namespace lnr::rewrite {

std::optional<OverlapTest> withEqualAtRunTime(const NestSource &S,
                                              std::optional<OverlapTest> Test,
                                              const Dialect &Standard,
                                              NamePicker &Names) {
  if (S.EqualAtRunTime.empty())
    return Test;
  std::vector<std::string> Equal;
  for (const NestSource::Equality &E : S.EqualAtRunTime) {
    std::string Cast =
        E.Pointers ? "(const void *)" : "(" + Standard.WideInt + ")";
    Equal.push_back(Cast + parenthesized(E.Producer) + " == " + Cast +
                    parenthesized(E.Consumer));
  }
  if (!Test)
    Test = OverlapTest{{}, Names.pick("checked")};
  if (Test->Statements.empty())
    Test->Statements.push_back(declare("int", Test->Flag, allOf(Equal)));
  else
    Test->Statements.push_back(
        statement(Test->Flag + " &= " + allOf(Equal) + ";"));
  return Test;
}

} // namespace lnr::rewrite
