//===- EqualAtRunTime.h - Invariants two nests must share ------*- C++ -*-===//
//
// Two nests fused whose loops are written alike but for the names of their
// arrays and bounds (LoopsAlike.h, NestSource::EqualAtRunTime) are one
// loop only when each pair holds the same address or the same value: the
// rewrite tests it with its other run-time checks, and the two nests as
// written run when it fails. Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_EQUALATRUNTIME_H
#define LNR_REWRITE_EQUALATRUNTIME_H

#include "analysis/source/NestSource.h"
#include "rewrite/Dialect.h"
#include "rewrite/NamePicker.h"
#include "rewrite/OverlapTest.h"

#include <optional>

namespace lnr::rewrite {

/// That each pair S must have equal is ("S.ii == C.ii && ..."): arrays
/// compared as addresses (`(const void *)`), bounds as values in the
/// widest integer type; "" for none.
std::string equalAtRunTime(const NestSource &S, const Dialect &Standard);

/// Test (the checks so far, or none) with the flag's declaration testing
/// equalAtRunTime first, so that no check after it reads an array at
/// positions of another until they are one.
std::optional<OverlapTest> withEqualAtRunTime(const NestSource &S,
                                              std::optional<OverlapTest> Test,
                                              const Dialect &Standard,
                                              NamePicker &Names);

} // namespace lnr::rewrite

#endif
