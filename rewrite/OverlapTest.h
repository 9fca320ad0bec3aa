//===- OverlapTest.h - A rewrite versioned on addresses -------*- C++ -*-===//
//
// Without `restrict`, C lets the output share memory with any input, and a
// fused nest reads the inputs at other times than the original does. As
// compilers version loops before vectorizing (and Polly with its run-time
// alias checks), the rewrite then runs only when the byte range the nest
// writes is disjoint from the byte range of every array it reads (and,
// where it writes two, a temporary of separate kernels still stored, from
// each other); the original nest, kept verbatim, runs otherwise. The ranges
// come from the recovered subscripts (OverlapFacts): an affine subscript's
// smallest and largest element over its variables' ranges, from the signs of
// the coefficients. Loop variables range over their bounds, positions over
// [pos[lo], pos[hi + 1]) of their parent's range (positions never decrease
// in a valid CSR/CSF level), those of a compressed first level (DCSR's)
// over [pos[0], pos[1]), coordinates over what a scan of them found
// (ExtentScan.h, scanUnknownExtents). Addresses are compared as
// uintptr_t: relational comparison of pointers into different objects is
// undefined in C. Clang-free: the test is composed from the facts alone.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_OVERLAPTEST_H
#define LNR_REWRITE_OVERLAPTEST_H

#include "analysis/ir/Kernel.h"
#include "analysis/ir/Refusal.h"
#include "analysis/source/NestSource.h"
#include "rewrite/Dialect.h"
#include "rewrite/NamePicker.h"
#include "rewrite/SubscriptHelpers.h"
#include "rewrite/lower/LoopTree.h"

#include <map>
#include <set>
#include <string>

namespace lnr::rewrite {

/// The coordinates (compressed indices) whose range the test needs.
std::set<std::string> overlapCoordinates(const ir::Kernel &K,
                                         const NestSource &S);

/// The coordinates through which a compressed level of another tensor is
/// reached (a chain of matrices: `j = Bcrd[pB]; for (pC = Cpos[j]; ...)`):
/// the overlap test ranges that level's positions from Cpos[min j] to
/// Cpos[max j + 1], so their scan must be exact (ExtentScan::Exact): it
/// reads Cpos only where the nest does, at a j it visits.
std::set<std::string> chainParents(const ir::Kernel &K, const NestSource &S);

/// A coordinate's range as a scan declares it: [Minimum, Extent). Exact:
/// the smallest and one past the largest coordinate read (ExtentScan::Exact),
/// not widened to hold 0 or 1.
struct ScannedRange {
  std::string Minimum, Extent;
  bool Exact = false;
};

/// That every loop of K runs at least once ("0 < n && pos[0] < pos[n]"),
/// outermost first, each test reading only what the nest reads once those
/// before it hold: the nest's body then runs, and reads every operand over
/// its dense loops' whole ranges. "" for none to test; none where a loop's
/// range cannot be written.
std::optional<std::string> everyLoopRuns(const ir::Kernel &K,
                                         const NestSource &S,
                                         const Dialect &Standard);

/// Statements that declare Flag, an int that is nonzero when the rewrite
/// may run: the first positions the reading took to be 0 are
/// (NestSource::ZeroFirstPositions, tested first: the ranges read positions
/// at them), every loop of the nest runs at least once (then every
/// variable's range is non-empty, and the ranges read only what the nest
/// reads) and the bytes of each array the nest writes are disjoint from
/// the bytes of every array it reads and of every other it writes.
/// lnr-possible-alias when a range cannot be bounded. The checks of
/// OrderedPositions.h add their statements to it.
struct OverlapTest {
  lower::Nodes Statements; // declarations first, then statements
  std::string Flag;
  /// The statements call the file's SubscriptHelpers.
  bool CallsHelpers = false;
};
/// In the types of the file's Standard (C89 has neither `long long` nor
/// `uintptr_t`). The test's variables are picked from Names; a range's end
/// that reads memory is named once (`long long p_first = pos[0];`), and
/// each array's bytes are named once (`A_begin`, `A_end`).
OrRefusal<OverlapTest>
overlapTest(const ir::Kernel &K, const NestSource &S,
            const std::map<std::string, ScannedRange> &Scanned,
            const Dialect &Standard, NamePicker &Names,
            const SubscriptHelpers &Helpers);

} // namespace lnr::rewrite

#endif
