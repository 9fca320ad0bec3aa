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

clang::IdentifierInfo *TakenNames::Recorder::get(llvm::StringRef Name) {
  Names.push_back(Name.str());
  return Next ? Next->get(Name) : nullptr;
}

bool TakenNames::Added::has(llvm::StringRef Name, unsigned Answer) {
  std::lock_guard<std::mutex> Guard(Lock);
  auto It = Since.find(Name);
  return It != Since.end() && It->second <= Answer;
}

TakenNames::TakenNames(clang::IdentifierTable &Idents,
                       const clang::LangOptions &Lang)
    : Idents(Idents), Lang(Lang), Raw(std::make_shared<llvm::StringSet<>>()),
      Later(std::make_shared<Added>()), Seen(Idents.size()) {
  auto All = std::make_shared<llvm::StringSet<>>();
  for (const auto &Entry : Idents)
    All->insert(Entry.getKey());
  First = std::move(All);
  Heard.Next = Idents.getExternalIdentifierLookup();
  Idents.setExternalIdentifierLookup(&Heard);
}

TakenNames::~TakenNames() {
  if (Idents.getExternalIdentifierLookup() == &Heard)
    Idents.setExternalIdentifierLookup(Heard.Next);
}

void TakenNames::alsoFile(llvm::StringRef Text) {
  // A new set: the answers handed out keep the one they read.
  auto More = std::make_shared<llvm::StringSet<>>();
  for (const auto &Entry : *Raw)
    More->insert(Entry.getKey());
  addRawIdentifiers(*More, Text, Lang);
  Raw = std::move(More);
}

void TakenNames::addNew(unsigned Answer) {
  std::lock_guard<std::mutex> Guard(Later->Lock);
  // The table only grows, each new entry heard of unless it was made
  // around the lookup (IdentifierTable::getOwn) or another took its place.
  if (Idents.size() == Seen + Heard.Names.size()) {
    for (const std::string &Name : Heard.Names)
      Later->Since.try_emplace(Name, Answer);
  } else {
    for (const auto &Entry : Idents)
      if (!First->contains(Entry.getKey()))
        Later->Since.try_emplace(Entry.getKey(), Answer);
  }
  Heard.Names.clear();
  Seen = Idents.size();
}

std::function<bool(const std::string &)> TakenNames::now() {
  if (Idents.size() != Seen)
    addNew(++Answers);
  return [First = First, Raw = Raw, Later = Later,
          Answer = Answers](const std::string &Name) {
    return First->contains(Name) || Raw->contains(Name) ||
           Later->has(Name, Answer);
  };
}

} // namespace lnr::rewrite
