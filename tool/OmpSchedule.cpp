//===- OmpSchedule.cpp ----------------------------------------------------===//

#include "tool/OmpSchedule.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

#include <climits>

using namespace llvm;

namespace lnr::tool {
namespace {

constexpr const char *Blanks = " \t";

std::optional<std::string> chunkError(StringRef Kind, StringRef Chunk) {
  if (Kind == "auto" || Kind == "runtime")
    return "schedule kind '" + Kind.str() + "' takes no chunk size";
  unsigned long long Value;
  if (Chunk.empty() ||
      !llvm::all_of(Chunk, [](char C) { return isDigit(C); }) ||
      getAsUnsignedInteger(Chunk, 10, Value) || Value == 0 || Value > INT_MAX)
    return "the chunk size must be a positive integer, not '" + Chunk.str() +
           "'";
  return std::nullopt;
}

} // namespace

std::optional<std::string> ompScheduleError(StringRef Clause) {
  StringRef Rest = Clause.trim(Blanks);
  StringRef Modifier;
  if (size_t Colon = Rest.find(':'); Colon != StringRef::npos) {
    Modifier = Rest.take_front(Colon).rtrim(Blanks);
    Rest = Rest.drop_front(Colon + 1).ltrim(Blanks);
    if (Modifier != "monotonic" && Modifier != "nonmonotonic")
      return "unknown modifier '" + Modifier.str() +
             "' (monotonic or nonmonotonic)";
  }
  auto [Kind, Chunk] = Rest.split(',');
  bool HasChunk = Rest.contains(',');
  Kind = Kind.rtrim(Blanks);
  bool Known =
      StringSwitch<bool>(Kind)
          .Cases("static", "dynamic", "guided", "auto", "runtime", true)
          .Default(false);
  if (!Known) {
    std::string Why = "expected a schedule kind (static, dynamic, guided, "
                      "auto or runtime)";
    if (!Kind.empty())
      Why += ", not '" + Kind.str() + "'";
    if (Kind.startswith("schedule"))
      Why += "; the option is the clause's argument, e.g. 'dynamic, 64'";
    return Why;
  }
  if (HasChunk)
    if (std::optional<std::string> Why = chunkError(Kind, Chunk.trim(Blanks)))
      return Why;
  if (Modifier == "nonmonotonic" && Kind != "dynamic" && Kind != "guided")
    return std::string(
        "the nonmonotonic modifier goes only with dynamic and guided");
  return std::nullopt;
}

} // namespace lnr::tool
