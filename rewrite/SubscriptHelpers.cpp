//===- SubscriptHelpers.cpp -----------------------------------------------===//

#include "rewrite/SubscriptHelpers.h"
#include "rewrite/NamePicker.h"

namespace lnr::rewrite {

SubscriptHelpers
subscriptHelpers(const std::function<bool(const std::string &)> &IsTaken) {
  NamePicker Names(IsTaken);
  SubscriptHelpers Out;
  Out.Min = Names.pick("LNR_MIN");
  Out.Max = Names.pick("LNR_MAX");
  return Out;
}

std::string definitionsOf(const SubscriptHelpers &Helpers) {
  return "/* lnr-rewrite: the smaller and the larger of two subscripts, for "
         "the run-time\n * overlap tests below. */\n#define " +
         Helpers.Min + "(a, b) ((a) < (b) ? (a) : (b))\n#define " +
         Helpers.Max + "(a, b) ((a) < (b) ? (b) : (a))\n";
}

} // namespace lnr::rewrite
