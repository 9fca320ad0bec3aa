//===- OmpSchedule.h - The argument of --omp-schedule ----------*- C++ -*-===//
#ifndef LNR_TOOL_OMPSCHEDULE_H
#define LNR_TOOL_OMPSCHEDULE_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace lnr::tool {

/// Why Clause is not the argument of an OpenMP schedule clause:
/// [monotonic: | nonmonotonic:] kind [, chunk], the kind one of static,
/// dynamic, guided, auto and runtime, the chunk a positive int (not for
/// auto or runtime), nonmonotonic only with dynamic and guided; spaces and
/// tabs around each part. std::nullopt when it is one.
std::optional<std::string> ompScheduleError(llvm::StringRef Clause);

} // namespace lnr::tool

#endif
