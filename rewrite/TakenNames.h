//===- TakenNames.h - The file's identifiers, for the workers --*- C++ -*-===//
//
// The lowering picks fresh names (NamePicker) by asking whether the file
// uses one: the AST's identifier table answers. The parser and the
// recovery add to that table (the next functions' names, the coordinate
// variables a recovery invents) while workers lower the nests read
// before, so a worker cannot read it. This gives each nest an answer
// fixed when its recovery ends: a copy of the table taken once, and each
// name added since with the answer it was first seen by. The names added
// are told by the table itself (an IdentifierInfoLookup it asks about
// each new name), so an answer costs the names added since the last one,
// not a scan of the table; when the table grew otherwise, a scan finds
// them. Each nest thus sees the identifiers it would see with no threads,
// whatever the threads do.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_TAKENNAMES_H
#define LNR_REWRITE_TAKENNAMES_H

#include "clang/Basic/IdentifierTable.h"
#include "clang/Basic/LangOptions.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace lnr::rewrite {

class TakenNames {
public:
  /// Copies the identifiers Idents holds now and follows the names added
  /// to it; Lang lexes alsoFile's texts.
  explicit TakenNames(clang::IdentifierTable &Idents,
                      const clang::LangOptions &Lang = {});
  /// Gives the table back the lookup it had.
  ~TakenNames();
  TakenNames(const TakenNames &) = delete;
  TakenNames &operator=(const TakenNames &) = delete;

  /// Also the identifiers of Text (a file whose nests are rewritten) lexed
  /// raw, from the next now() on: the preprocessor's table lacks the
  /// branches of '#if' it skipped, which another configuration of the
  /// build compiles ('#ifdef NO_BLAS' ... '#define then_cost 0').
  void alsoFile(llvm::StringRef Text);

  /// Whether a name is taken, as the table is now; safe to call from any
  /// thread after this returns, while the table changes.
  std::function<bool(const std::string &)> now();

private:
  /// Hears of each name the table adds (IdentifierTable::get asks its
  /// external lookup before it makes a new identifier), then asks the
  /// lookup the table had, if any.
  struct Recorder : clang::IdentifierInfoLookup {
    clang::IdentifierInfoLookup *Next = nullptr;
    std::vector<std::string> Names; // since the last answer
    clang::IdentifierInfo *get(llvm::StringRef Name) override;
  };
  /// The names added after the copy, each with the first answer that sees
  /// it; answers on other threads read it while now() adds to it.
  struct Added {
    std::mutex Lock;
    llvm::StringMap<unsigned> Since;
    bool has(llvm::StringRef Name, unsigned Answer);
  };
  void addNew(unsigned Answer);

  clang::IdentifierTable &Idents;
  clang::LangOptions Lang;
  Recorder Heard;
  std::shared_ptr<const llvm::StringSet<>> First;
  std::shared_ptr<const llvm::StringSet<>> Raw; // of alsoFile's texts
  std::shared_ptr<Added> Later;
  unsigned Seen; // the table's size at the last answer
  unsigned Answers = 0;
};

} // namespace lnr::rewrite

#endif
