//===- EqualAtRunTime.cpp -------------------------------------------------===//

#include "rewrite/EqualAtRunTime.h"
#include "rewrite/CText.h"
#include "rewrite/TreeBuilders.h"

namespace lnr::rewrite {

std::string equalAtRunTime(const NestSource &S, const Dialect &Standard) {
  std::vector<std::string> Equal;
  for (const NestSource::Equality &E : S.EqualAtRunTime) {
    std::string Cast =
        E.Pointers ? "(const void *)" : "(" + Standard.WideInt + ")";
    Equal.push_back(Cast + parenthesized(E.Producer) + " == " + Cast +
                    parenthesized(E.Consumer));
  }
  return allOf(Equal);
}

std::optional<OverlapTest> withEqualAtRunTime(const NestSource &S,
                                              std::optional<OverlapTest> Test,
                                              const Dialect &Standard,
                                              NamePicker &Names) {
  if (S.EqualAtRunTime.empty())
    return Test;
  std::string Equal = equalAtRunTime(S, Standard);
  if (!Test)
    Test = OverlapTest{{}, Names.pick("checked")};
  // First, in the flag's declaration: the checks after it read the
  // producer's arrays at the consumer's positions only once it holds
  // (each reads under the flag).
  for (lower::Node &N : Test->Statements)
    if (N.K == lower::Node::Kind::Declaration && N.Decl.Name == Test->Flag) {
      std::string Init = N.Decl.Init.str();
      N.Decl.Init = lower::code(Init.empty() || Init == "1"
                                    ? Equal
                                    : Equal + " && " + parenthesized(Init));
      return Test;
    }
  Test->Statements.insert(Test->Statements.begin(),
                          declare("int", Test->Flag, Equal));
  return Test;
}

} // namespace lnr::rewrite
