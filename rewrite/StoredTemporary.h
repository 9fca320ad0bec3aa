//===- StoredTemporary.h - A fused temporary still read later --*- C++ -*-===//
//
// Two nests fused whose temporary is read after them (a parameter, a local
// used again) store it in the fused nest (NestSource::TemporaryStore). The
// original producer stores every element whether or not the consumer's
// own loops run (L == 0), where the fused nest, which skips what no loop
// of the consumer reads (lower/Nest.cpp, guardInnerLoops), would store
// nothing. Such a nest runs only where those loops all run; the original
// nests run otherwise. Clang-free.
//
//===----------------------------------------------------------------------===//

#ifndef LNR_REWRITE_STOREDTEMPORARY_H
#define LNR_REWRITE_STOREDTEMPORARY_H

#include "analysis/ir/Kernel.h"
#include "analysis/ir/Refusal.h"
#include "analysis/source/NestSource.h"
#include "rewrite/NamePicker.h"
#include "rewrite/OverlapTest.h"

#include <optional>

namespace lnr::rewrite {

/// Test (the checks so far, or none) with `flag &= L > 0 && ...;`, that
/// the inner dense loops of K run, when S stores a temporary; Test as it
/// is otherwise. lnr-unsupported-schedule when such a loop's bounds were
/// not read.
OrRefusal<std::optional<OverlapTest>>
withStoredTemporaryRuns(const ir::Kernel &K, const NestSource &S,
                        std::optional<OverlapTest> Test, NamePicker &Names);

} // namespace lnr::rewrite

#endif
