//===- TakenNames.cpp -----------------------------------------------------===//

#include "rewrite/TakenNames.h"

#include "clang/Lex/Lexer.h"

namespace lnr::rewrite {
namespace {

/// Every identifier of Text, lexed raw: in every branch of '#if'.
void addRawIdentifiers(llvm::StringSet<> &To, llvm::StringRef Text,
                       const clang::LangOptions &Lang) {
  if (Text.empty())
    return;
  clang::Lexer Raw(clang::SourceLocation(), Lang, Text.begin(), Text.begin(),
                   Text.end());
  clang::Token T;
  do {
    Raw.LexFromRawLexer(T);
    if (T.is(clang::tok::raw_identifier))
      To.insert(T.getRawIdentifier());
  } while (T.isNot(clang::tok::eof));
}

} // namespace

TakenNames::TakenNames(const clang::IdentifierTable &Idents,
                       const clang::LangOptions &Lang)
    : Idents(Idents), Lang(Lang), Raw(std::make_shared<llvm::StringSet<>>()),
      Added(std::make_shared<llvm::StringSet<>>()), Seen(Idents.size()) {
  auto All = std::make_shared<llvm::StringSet<>>();
  for (const auto &Entry : Idents)
    All->insert(Entry.getKey());
  First = std::move(All);
}

void TakenNames::alsoFile(llvm::StringRef Text) {
  // A new set: the answers handed out keep the one they read.
  auto More = std::make_shared<llvm::StringSet<>>();
  for (const auto &Entry : *Raw)
    More->insert(Entry.getKey());
  addRawIdentifiers(*More, Text, Lang);
  Raw = std::move(More);
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
  return [First = First, Raw = Raw, Added = Added](const std::string &Name) {
    return First->contains(Name) || Raw->contains(Name) ||
           Added->contains(Name);
  };
}

} // namespace lnr::rewrite
