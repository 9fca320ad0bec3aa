//===- TakenNames.h - The file's identifiers, for the workers --*- C++ -*-===//
//
// The lowering picks fresh names (NamePicker) by asking whether the file
// uses one: the AST's identifier table answers. The recovery of a nest may
// add to that table (the coordinate variables it invents), so a worker that
// lowers one nest cannot read it while the main thread recovers the next.
// This gives each nest an answer fixed when its recovery ends: a copy of
// the table taken once, and the names added since, copied again only when
// the table has grown. Each nest thus sees the identifiers it would see
// with no threads, whatever the threads do.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_TAKENNAMES_H
#define LNR_REWRITE_TAKENNAMES_H

#include "clang/Basic/IdentifierTable.h"
#include "clang/Basic/LangOptions.h"
#include "llvm/ADT/StringSet.h"

#include <functional>
#include <memory>
#include <string>

namespace lnr::rewrite {

class TakenNames {
public:
  /// Copies the identifiers Idents holds now; Lang lexes alsoFile's texts.
  explicit TakenNames(const clang::IdentifierTable &Idents,
                      const clang::LangOptions &Lang = {});

  /// Also the identifiers of Text (a file whose nests are rewritten) lexed
  /// raw, from the next now() on: the preprocessor's table lacks the
  /// branches of '#if' it skipped, which another configuration of the
  /// build compiles ('#ifdef NO_BLAS' ... '#define then_cost 0').
  void alsoFile(llvm::StringRef Text);

  /// Whether a name is taken, as the table is now; safe to call from any
  /// thread after this returns, while the table changes.
  std::function<bool(const std::string &)> now();

private:
  const clang::IdentifierTable &Idents;
  clang::LangOptions Lang;
  std::shared_ptr<const llvm::StringSet<>> First;
  std::shared_ptr<const llvm::StringSet<>> Raw;   // of alsoFile's texts
  std::shared_ptr<const llvm::StringSet<>> Added; // since First
  unsigned Seen;                                  // the table's size then
};

} // namespace lnr::rewrite

#endif
