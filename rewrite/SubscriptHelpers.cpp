//===- SubscriptHelpers.cpp -----------------------------------------------===//

#include "rewrite/SubscriptHelpers.h"
#include "rewrite/NamePicker.h"

namespace lnr::rewrite {

SubscriptHelpers
subscriptHelpers(const std::function<bool(const std::string &)> &IsTaken) {
  NamePicker Names(IsTaken);
  SubscriptHelpers Out;
  Out.Min = Names.pick("lnr_min");
  Out.Max = Names.pick("lnr_max");
  return Out;
}

std::string definitionsOf(const SubscriptHelpers &Helpers,
                          const Dialect &Standard) {
  // C89 has no 'inline': a static function the file calls.
  std::string Head =
      (Standard.DeclarationsFirst ? "static " : "static inline ") +
      Standard.WideInt + " ";
  std::string Params =
      "(" + Standard.WideInt + " a, " + Standard.WideInt + " b) {\n";
  return "/* lnr-rewrite: the smaller and the larger of two subscripts, for "
         "the run-time\n * overlap tests below. */\n" +
         Head + Helpers.Min + Params + "  return a < b ? a : b;\n}\n" + Head +
         Helpers.Max + Params + "  return a < b ? b : a;\n}\n";
}

} // namespace lnr::rewrite
