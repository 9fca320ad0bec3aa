//===- Kernel.h - Tensors, index notation and iteration graphs -*- C++ -*-===//
//
// The Clang-free description of one loop nest: which tensors it touches, the
// index notation statement it computes, and the order of its loops (the
// iteration graph of TACO, with the tensor level that drives each loop).
//
//===----------------------------------------------------------------------===//
#ifndef LNR_ANALYSIS_IR_KERNEL_H
#define LNR_ANALYSIS_IR_KERNEL_H

#include "analysis/ir/Refusal.h"

#include <optional>
#include <string>
#include <vector>

namespace lnr::ir {

/// The level formats of TACO: a dense level holds every coordinate up to
/// its extent; a compressed level the coordinates of each fiber, distinct
/// and walked by position; COO's first level is compressed but not unique
/// (one position per nonzero, a coordinate repeated in consecutive or
/// scattered positions), and each of its other levels is a singleton: one
/// coordinate at each position of its parent, read at the same position.
enum class LevelFormat { Dense, Compressed, CompressedNonUnique, Singleton };

/// Whether a loop over the level walks positions (every format but dense).
bool walksPositions(LevelFormat F);
/// Whether the level's coordinates are distinct within a fiber, so that a
/// loop over them visits each value once: false for COO's levels.
bool isUnique(LevelFormat F);
/// "dense", "compressed", "compressed-nonunique", "singleton".
const char *levelName(LevelFormat F);

/// "The first Levels levels of this tensor hold exactly the nonzeros of the
/// first Levels levels of Tensor": a sparse output assembled with an input's
/// pattern, whose positions are that input's positions. Writes at distinct
/// input positions are then distinct, which is what lets a nest with a
/// sparse output run in parallel.
struct PatternSource {
  std::string Tensor;
  unsigned Levels = 0;
};

struct Tensor {
  std::string Name;
  std::vector<LevelFormat> Levels; // outermost first; empty for a scalar
  std::optional<PatternSource> SameNonzerosAs = std::nullopt;
  bool isSparse() const;
};

/// "dense", "CSR", "CSF", ... or the list of level formats.
std::string formatName(const Tensor &T);

struct IndexVar {
  std::string Name;
  std::string Extent; // symbolic, as written ("K"); empty when unknown
};

struct Access {
  std::string Tensor;
  std::vector<std::string> Indices; // one per level; empty for a scalar
  bool uses(const std::string &Index) const;
};

/// Lhs (+)= Factors[0] * Factors[1] * ...
struct Assignment {
  Access Lhs;
  bool Accumulate = true; // += rather than =
  std::vector<Access> Factors;
};

/// One loop of a nest. A dense loop runs over the index's extent; a
/// compressed loop runs over the nonzeros of one level of one tensor.
struct Loop {
  std::string Index;
  std::string Driver;       // tensor whose compressed level is iterated
  unsigned DriverLevel = 0; // that level, 0-based
  bool isCompressed() const { return !Driver.empty(); }
};

/// A perfectly nested loop nest: the input of the scheduler. A field added
/// here must also be added to identityKey().
struct Kernel {
  std::vector<Tensor> Tensors;
  std::vector<IndexVar> Indices;
  Assignment Stmt;
  std::vector<Loop> Loops; // outermost first

  const Tensor *findTensor(const std::string &Name) const;
  /// Whether Name is a tensor of the kernel, its output or a factor's (a
  /// scalar factor has no Tensors entry).
  bool namesTensor(const std::string &Name) const;
  const IndexVar *findIndex(const std::string &Name) const;
  /// The format of the level L walks: its driver's, Dense for a dense loop.
  LevelFormat levelOf(const Loop &L) const;
  /// Checks that every name is declared, every access matches its tensor's
  /// order, and the loop order respects the hard constraints of compressed
  /// levels (a level's coordinate comes after its parent's).
  std::optional<Refusal> validate() const;
};

/// The loops of a legal order that begins with as many of Wanted as the
/// compressed levels allow, the rest in their order in Loops. K supplies the
/// accesses that define each compressed level's parents.
std::vector<Loop> bringForward(const std::vector<Loop> &Loops,
                               const std::vector<std::string> &Wanted,
                               const Kernel &K);
/// The indices that must be iterated before L (its compressed parents).
std::vector<std::string> parentsOf(const Loop &L, const Kernel &K);
/// Why Loops, a list of loops nested one in the other, separates a
/// singleton level's loop from the loop over its parent's positions (it
/// must come right after it: both read the same position); nullopt if it
/// does not.
std::optional<std::string> singletonApart(const std::vector<Loop> &Loops,
                                          const Kernel &K);

/// A text equal for two kernels exactly when all their fields are equal
/// (names included): the key under which a kernel's schedules are kept.
std::string identityKey(const Kernel &K);

std::string toString(const Access &A);
std::string toString(const Assignment &S);
/// The same texts appended to Out (for texts built of many of them).
void appendAccess(std::string &Out, const Access &A);
void appendAssignment(std::string &Out, const Assignment &S);
/// The loop order, compressed loops marked: "i, j(vals), k, l".
std::string loopOrderString(const std::vector<Loop> &Loops);

} // namespace lnr::ir

#endif
