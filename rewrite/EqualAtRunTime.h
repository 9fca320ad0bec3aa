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

/// Test (the checks so far, or none) with `flag &= S.ii == C.ii && ...;`
/// for each pair S must have equal: arrays compared as addresses
/// (`(const void *)`), bounds as values in the widest integer type.
std::optional<OverlapTest> withEqualAtRunTime(const NestSource &S,
                                              std::optional<OverlapTest> Test,
                                              const Dialect &Standard,
                                              NamePicker &Names);

} // namespace lnr::rewrite

#endif
