//===- NamePicker.h - The identifiers a rewrite declares -------*- C++ -*-===//
//
// Every name a rewrite declares (temporaries, flags, the extents the scans
// find, the overlap test's variables, hoisted values, counters) is picked
// here from a stem, never written from an expression's text: a stem spelled
// like a tensor ("B->val", "s.mat.val") becomes an identifier ("B_val",
// "s_mat_val") that is no keyword of C or C++, names nothing in the file,
// and differs from every name picked before in the same rewrite. Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_NAMEPICKER_H
#define LNR_REWRITE_NAMEPICKER_H

#include <functional>
#include <set>
#include <string>

namespace lnr::rewrite {

class NamePicker {
public:
  /// IsTaken: whether the file uses an identifier (NestSource::IsNameTaken);
  /// none for a picker that only avoids keywords and its own names.
  explicit NamePicker(std::function<bool(const std::string &)> IsTaken = {});

  /// A name for the rest of the rewrite: identifier(Stem), or that with _1,
  /// _2, ... appended, the first that is not reserved, not used by the
  /// file, and not picked before (by pick() or pickLocal()).
  std::string pick(const std::string &Stem);

  /// A name declared in one block of the rewrite, given back with release()
  /// when the block closes: blocks that do not overlap may then declare the
  /// same name (each prefetch block its `pf`). It differs from the names of
  /// pick() and from the local names not released.
  std::string pickLocal(const std::string &Stem);
  void release(const std::string &Name);

  /// The names of pick(), in order of their spelling.
  const std::set<std::string> &picked() const { return Picked; }

  /// Stem as a C identifier: every run of characters that cannot be part
  /// of one, underscores included, becomes one '_' between the parts
  /// ("B->val" -> "B_val", "x__y_" -> "x_y"): no leading underscore nor a
  /// double one (reserved), "v" in front of a leading digit, "v" for a
  /// stem with no identifier character. Bytes of UTF-8 characters are kept.
  static std::string identifier(const std::string &Stem);

  /// Whether Name is a keyword of C or C++ (any standard, alternative
  /// operator spellings included) or a name of the C library a rewrite
  /// uses (malloc, size_t, ...), which a header the rewrite includes may
  /// declare after the file's own identifiers were read.
  static bool isReserved(const std::string &Name);

private:
  /// identifier(Stem), or with the first suffix that makes it free: not
  /// reserved, not the file's, in neither set.
  std::string first(const std::string &Stem, const std::set<std::string> &Avoid,
                    const std::set<std::string> &AvoidToo) const;

  std::function<bool(const std::string &)> IsTaken;
  std::set<std::string> Picked;    // by pick()
  std::set<std::string> EverLocal; // by pickLocal(), released or not
  std::set<std::string> Live;      // by pickLocal(), not released
};

} // namespace lnr::rewrite

#endif
