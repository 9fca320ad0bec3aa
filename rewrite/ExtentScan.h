//===- ExtentScan.h - Extents the source never states, scanned -*- C++ -*-===//
//
// An extent the source never states (the column count of a hand-written
// CSR matrix) is found before the nest, from the coordinates the nest
// itself reads: one past the largest. The run-time choice (RuntimeChoice.h)
// needs it to evaluate a cost, a schedule with a dense temporary over the
// index to apply at all, and the overlap test (OverlapTest.h) the range of
// the coordinates. Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_EXTENTSCAN_H
#define LNR_REWRITE_EXTENTSCAN_H

#include "analysis/ir/Kernel.h"
#include "analysis/source/NestSource.h"
#include "rewrite/NamePicker.h"
#include "rewrite/lower/LoopTree.h"

#include <set>
#include <string>
#include <vector>

namespace lnr::rewrite {

/// The extent of an index the source does not state, computed before the
/// nest as one past the largest coordinate its compressed loop reads.
struct ExtentScan {
  std::string Index;
  std::string Variable; // declared by the scan, the index's extent after it
  /// Declared by the scan: the smallest coordinate, or 1 when every one is
  /// above 0. A coordinate may be negative (an operand addressed from a
  /// base pointer past its start), and a temporary indexed by it counts
  /// from 0: a schedule that needs the extent, which runs the index
  /// densely from 0, runs only when this is 0. It then reaches every
  /// array between elements the nest reaches (the smallest and the
  /// largest coordinate's), whatever the subscripts and pointers, and no
  /// row before the smallest coordinate's (a block of columns, an operand
  /// passed as 'base - K' for coordinates from 1).
  std::string Minimum;
  /// Declared by the scan in the coordinate's Type: the smallest
  /// coordinate or 1 (as Minimum), the largest or 0, and whether any
  /// coordinate was read. Min and max in the coordinate's own type
  /// vectorize; the extent, one past the largest, is a long (one past an
  /// unsigned char's largest is 256).
  std::string Low, Maximum, Seen, Type;
  /// The headers of the loops from the outermost down to the index's own
  /// (a singleton level, which has none, down to its parent's), and the
  /// statement that loads its coordinate in the last one ("" for a
  /// coordinate read in place, "crd[p]": Index is then that read).
  std::vector<std::string> Headers;
  std::string Load;
  /// A coordinate read in place is read by the nest only where every loop
  /// runs: the test that they do ("K > 0 && L > 0"), which the scan's pass
  /// makes first; "" for a loaded coordinate.
  std::string Runs;
  /// Low and Maximum are the smallest and largest coordinate read, not
  /// widened to hold 1 and 0 (a chain's parent, read as a positions
  /// array's subscript: OverlapTest.h chainParents). Each update then
  /// reads Seen, so the scan is never parallel (a reduction's private
  /// copies would start from its identity, not from the first coordinate).
  bool Exact = false;
  /// The OpenMP clauses of a parallel scan (its outer loop shared by the
  /// threads, a private clause for the file's loop variables), or nothing.
  bool Parallel = false;
  std::string PrivateClause;
  /// The flat form, when the loops are a dense loop from 0 to RootBound
  /// and compressed levels below it, each walked from its parent's
  /// positions: for the levels under the root, the positions array and the
  /// loop's position variable; Ordered names the flag of the check that
  /// every positions array in the walked range never decreases. Then the
  /// fibers of a level are contiguous and the scan reads each level's
  /// coordinates in one flat loop. RootBound is empty without it.
  std::string RootBound, Ordered;
  /// Per loop from the root: the loop variable's type; per level under it:
  /// the positions array and the position variable.
  std::vector<std::string> VariableTypes, LevelPositions, LevelVariables;
};

/// The statements that declare the variables of Scans and fill them in,
/// declarations first (valid in C89). Scans whose loops lie on one path
/// share a pass over the positions: the scan of 'k' in 'i, k, l' is done in
/// the pass of 'l'. The passes run only where Guard holds, when there is
/// one: two nests' arrays one at run time (EqualAtRunTime.h), without
/// which the loops would read one's levels at the other's positions.
lower::Nodes scanNodes(const std::vector<ExtentScan> &Scans,
                       const std::string &Guard = "");

/// Scans for the extent of every compressed index of K without one, when
/// its loop's parents are the loops around it (so the scan reads exactly
/// the coordinates the nest reads) and the coordinate is loaded into a
/// variable or read in place. Fills in the extents of K; the others stay
/// unknown. Parallel: the scan's dense outer loop is shared by the threads (a
/// `max` reduction), as the nest after it is. The indices of AlsoScan are
/// scanned even when their extent is known (the overlap test needs their
/// range; OverlapTest.h), and keep their extent. The scans' variables are
/// picked from Names.
std::vector<ExtentScan>
scanUnknownExtents(ir::Kernel &K, const NestSource &S, bool Parallel,
                   NamePicker &Names,
                   const std::set<std::string> &AlsoScan = {});

} // namespace lnr::rewrite

#endif
