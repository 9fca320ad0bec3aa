//===- SubscriptHelpers.cpp -----------------------------------------------===//

#include "rewrite/SubscriptHelpers.h"
#include "rewrite/NamePicker.h"

namespace lnr::rewrite {

FileHelpers
subscriptHelpers(const std::function<bool(const std::string &)> &IsTaken,
                 const std::string &OwnMin, const std::string &OwnMax) {
  if (!OwnMin.empty() && !OwnMax.empty())
    return {{OwnMin, OwnMax, "lhs", "rhs"}, true};
  NamePicker Names(IsTaken);
  FileHelpers Out;
  Out.Names.Min = Names.pick("lnr_min");
  Out.Names.Max = Names.pick("lnr_max");
  Out.Names.A = Names.pick("lhs");
  Out.Names.B = Names.pick("rhs");
  return Out;
}

std::string definitionsOf(const SubscriptHelpers &Helpers,
                          const Dialect &Standard) {
  const std::string &A = Helpers.A, &B = Helpers.B;
  std::string Head = "static inline " + Standard.WideInt + " ";
  std::string Params = "(" + Standard.WideInt + " " + A + ", " +
                       Standard.WideInt + " " + B + ") {\n";
  std::string Less = "  return " + A + " < " + B + " ? ";
  return "/* lnr-rewrite: the smaller and the larger of two subscripts, for "
         "the run-time\n * overlap tests below. */\n" +
         Head + Helpers.Min + Params + Less + A + " : " + B + ";\n}\n" + Head +
         Helpers.Max + Params + Less + B + " : " + A + ";\n}\n";
}

} // namespace lnr::rewrite
