//===- TakenNames.cpp -----------------------------------------------------===//

#include "rewrite/TakenNames.h"

namespace lnr::rewrite {

TakenNames::TakenNames(const clang::IdentifierTable &Idents)
    : Idents(Idents), Added(std::make_shared<llvm::StringSet<>>()),
      Seen(Idents.size()) {
  auto All = std::make_shared<llvm::StringSet<>>();
  for (const auto &Entry : Idents)
    All->insert(Entry.getKey());
  First = std::move(All);
}

std::function<bool(const std::string &)> TakenNames::now() {
  // The table only grows: a new size means new names.
  if (Idents.size() != Seen) {
    auto Since = std::make_shared<llvm::StringSet<>>();
    for (const auto &Entry : Idents)
      if (!First->contains(Entry.getKey()))
        Since->insert(Entry.getKey());
    Added = std::move(Since);
    Seen = Idents.size();
  }
  return [First = First, Added = Added](const std::string &Name) {
    return First->contains(Name) || Added->contains(Name);
  };
}

} // namespace lnr::rewrite
