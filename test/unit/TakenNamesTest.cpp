//===- TakenNamesTest.cpp - Each nest's view of the identifiers ---------===//
//
// The identifiers a nest's names must avoid are those its recovery left:
// a name added to the AST's table after it (by the next nests' recovery)
// is not taken for it, and one added before it is.
//
//===----------------------------------------------------------------------===//

#include "rewrite/TakenNames.h"

#include "clang/Basic/LangOptions.h"

#include <gtest/gtest.h>
#include <thread>

using lnr::rewrite::TakenNames;

TEST(TakenNamesTest, EachAnswerIsTheTableWhenItWasTaken) {
  clang::IdentifierTable Idents{clang::LangOptions()};
  Idents.get("rowptr");
  TakenNames Taken(Idents);
  auto First = Taken.now();
  Idents.get("jB_index"); // invented by a later nest's recovery
  auto Second = Taken.now();
  Idents.get("kC_index");
  auto Third = Taken.now();

  EXPECT_TRUE(First("rowptr"));
  EXPECT_TRUE(First("for")); // keywords are in the table from the start
  EXPECT_FALSE(First("jB_index"));
  EXPECT_FALSE(First("kC_index"));
  EXPECT_TRUE(Second("jB_index"));
  EXPECT_FALSE(Second("kC_index"));
  EXPECT_TRUE(Third("jB_index"));
  EXPECT_TRUE(Third("kC_index"));
  EXPECT_FALSE(Third("unused_name"));
}

TEST(TakenNamesTest, TheMainFilesSkippedBranchesToo) {
  clang::IdentifierTable Idents{clang::LangOptions()};
  Idents.get("rowptr");
  // What another configuration of the build compiles: not in the table.
  TakenNames Taken(Idents, clang::LangOptions());
  Taken.alsoFile("#ifdef NO_COSTS\n#define then_cost 0.0\n#endif\n"
                 "/* else_cost in a comment */ int rowptr;");
  auto Now = Taken.now();
  EXPECT_TRUE(Now("then_cost"));
  EXPECT_TRUE(Now("NO_COSTS"));
  EXPECT_TRUE(Now("rowptr"));
  EXPECT_FALSE(Now("else_cost")); // a comment declares nothing
}

TEST(TakenNamesTest, AHeadersSkippedBranchesFromWhenItIsRead) {
  clang::IdentifierTable Idents{clang::LangOptions()};
  TakenNames Taken(Idents, clang::LangOptions());
  Taken.alsoFile("int main_only;");
  auto Before = Taken.now();
  Taken.alsoFile("#if 0\n#define t_part 1\n#endif\n");
  auto After = Taken.now();
  EXPECT_TRUE(Before("main_only"));
  EXPECT_FALSE(Before("t_part")); // an answer keeps what it read
  EXPECT_TRUE(After("t_part"));
  EXPECT_TRUE(After("main_only"));
}

TEST(TakenNamesTest, AnswersWhileTheTableGrowsOnAnotherThread) {
  clang::IdentifierTable Idents{clang::LangOptions()};
  TakenNames Taken(Idents);
  auto Before = Taken.now();
  // The table rehashes many times while the answer is read elsewhere.
  std::thread Reader([&] {
    for (int I = 0; I < 20000; ++I)
      ASSERT_FALSE(Before("name_" + std::to_string(I % 500)));
  });
  for (int I = 0; I < 5000; ++I)
    Idents.get("name_" + std::to_string(I));
  Reader.join();
  EXPECT_TRUE(Taken.now()("name_4999"));
  EXPECT_FALSE(Before("name_4999"));
}

namespace {
/// A lookup the table had before (a precompiled header's reader): it
/// answers for one name.
struct OneNameLookup : clang::IdentifierInfoLookup {
  clang::IdentifierTable Own{clang::LangOptions()};
  std::vector<std::string> Asked;
  clang::IdentifierInfo *get(llvm::StringRef Name) override {
    Asked.push_back(Name.str());
    return Name == "from_pch" ? &Own.get(Name) : nullptr;
  }
};
} // namespace

TEST(TakenNamesTest, TheTablesOwnLookupIsStillAskedAndGivenBack) {
  OneNameLookup Before;
  clang::IdentifierTable Idents{clang::LangOptions()};
  Idents.setExternalIdentifierLookup(&Before);
  {
    TakenNames Taken(Idents);
    Idents.get("from_pch");
    Idents.get("fresh");
    auto Now = Taken.now();
    EXPECT_TRUE(Now("from_pch"));
    EXPECT_TRUE(Now("fresh"));
    EXPECT_EQ(Before.Asked, (std::vector<std::string>{"from_pch", "fresh"}));
  }
  EXPECT_EQ(Idents.getExternalIdentifierLookup(), &Before);
}

TEST(TakenNamesTest, NamesMadeAroundTheLookupAreFoundByAScan) {
  clang::IdentifierTable Idents{clang::LangOptions()};
  TakenNames Taken(Idents);
  Idents.get("heard_of");
  Idents.getOwn("made_around"); // asks no external lookup
  auto Now = Taken.now();
  EXPECT_TRUE(Now("heard_of"));
  EXPECT_TRUE(Now("made_around"));
  Idents.get("later");
  EXPECT_FALSE(Now("later"));
  EXPECT_TRUE(Taken.now()("later"));
}
