//===- NamePickerTest.cpp - The names a rewrite declares ------------------===//
//
// Stems built by hand: the spellings of struct-member tensors, keywords of
// C and C++, names the file uses, and names picked before.
//
//===----------------------------------------------------------------------===//

#include "rewrite/NamePicker.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

using lnr::rewrite::NamePicker;

namespace {

TEST(NamePickerTest, MemberSpellingsBecomeIdentifiers) {
  EXPECT_EQ(NamePicker::identifier("B->val"), "B_val");
  EXPECT_EQ(NamePicker::identifier("A.vals"), "A_vals");
  EXPECT_EQ(NamePicker::identifier("M->data"), "M_data");
  EXPECT_EQ(NamePicker::identifier("s->mat.val"), "s_mat_val");
  EXPECT_EQ(NamePicker::identifier("s.mat.val"), "s_mat_val");
  EXPECT_EQ(NamePicker::identifier("(*B).val"), "B_val");
  EXPECT_EQ(NamePicker::identifier("B2_crd[kB]"), "B2_crd_kB");
  EXPECT_EQ(NamePicker::identifier("B->val_val"), "B_val_val");
}

TEST(NamePickerTest, PlainNamesAreKept) {
  for (const char *Name : {"t", "t1", "vals_val", "k_w0", "t_part", "pf",
                           "j_extent", "no_overlap", "written_begin"})
    EXPECT_EQ(NamePicker::identifier(Name), Name);
}

TEST(NamePickerTest, ReservedSpellingsAreAvoided) {
  // No leading or double underscore (reserved in C and C++), no trailing
  // one, no leading digit, never empty.
  EXPECT_EQ(NamePicker::identifier("__x"), "x");
  EXPECT_EQ(NamePicker::identifier("_Val"), "Val");
  EXPECT_EQ(NamePicker::identifier("a__b"), "a_b");
  EXPECT_EQ(NamePicker::identifier("vals_"), "vals");
  EXPECT_EQ(NamePicker::identifier("2d"), "v2d");
  EXPECT_EQ(NamePicker::identifier("->[]"), "v");
  EXPECT_EQ(NamePicker::identifier(""), "v");
  // UTF-8 identifiers (C99 extended characters) stay as they are.
  EXPECT_EQ(NamePicker::identifier("s->\xc3\x89"), "s_\xc3\x89");
}

TEST(NamePickerTest, KeywordsOfCAndCxxAreReserved) {
  for (const char *Word : {"int",    "for",  "restrict", "inline",    "class",
                           "new",    "this", "delete",   "template",  "and",
                           "not",    "bool", "true",     "nullptr",   "typeof",
                           "malloc", "free", "size_t",   "uintptr_t", "NULL"})
    EXPECT_TRUE(NamePicker::isReserved(Word)) << Word;
  for (const char *Name : {"t", "vals_val", "newer", "classes", "in", ""})
    EXPECT_FALSE(NamePicker::isReserved(Name)) << Name;
  NamePicker Names;
  EXPECT_EQ(Names.pick("class"), "class_1");
  EXPECT_EQ(Names.pick("new"), "new_1");
  EXPECT_EQ(Names.pick("int"), "int_1");
  EXPECT_EQ(Names.pick("class"), "class_2");
}

TEST(NamePickerTest, AvoidsTheFilesNames) {
  std::set<std::string> File = {"t", "t_1", "B_val_val", "pf"};
  NamePicker Names(
      [&](const std::string &Name) { return File.count(Name) != 0; });
  EXPECT_EQ(Names.pick("t"), "t_2");
  EXPECT_EQ(Names.pick("B->val_val"), "B_val_val_1");
  EXPECT_EQ(Names.pickLocal("pf"), "pf_1");
  EXPECT_EQ(Names.pick("u"), "u");
}

TEST(NamePickerTest, NamesPickedBeforeAreAvoided) {
  NamePicker Names;
  EXPECT_EQ(Names.pick("t"), "t");
  EXPECT_EQ(Names.pick("t"), "t_1");
  // Distinct spellings may make the same identifier.
  EXPECT_EQ(Names.pick("B->val"), "B_val");
  EXPECT_EQ(Names.pick("B.val"), "B_val_1");
  EXPECT_EQ(Names.pick("B_val"), "B_val_2");
  // A suffixed stem that a suffix made already.
  EXPECT_EQ(Names.pick("t_1"), "t_1_1");
}

TEST(NamePickerTest, LocalNamesAreReusedOnceReleased) {
  NamePicker Names;
  std::string Global = Names.pick("t_part");
  EXPECT_EQ(Global, "t_part");
  std::string Pf = Names.pickLocal("pf");
  EXPECT_EQ(Pf, "pf");
  // Nested in the first block: another name.
  EXPECT_EQ(Names.pickLocal("pf"), "pf_1");
  Names.release("pf_1");
  Names.release(Pf);
  // A block after it: the same name again.
  EXPECT_EQ(Names.pickLocal("pf"), "pf");
  Names.release("pf");
  // A local name never takes a name of pick().
  EXPECT_EQ(Names.pickLocal("t_part"), "t_part_1");
  Names.release("t_part_1");
  // pick() never takes a local name, released or not: the name is for the
  // rest of the rewrite, blocks already written included.
  EXPECT_EQ(Names.pick("pf"), "pf_2");
}

TEST(NamePickerTest, CopiesPickIndependently) {
  // Two schedules of a run-time choice, each written from the names the
  // rewrite picked before either.
  NamePicker Names;
  EXPECT_EQ(Names.pick("j_extent"), "j_extent");
  NamePicker Chosen = Names, Other = Names;
  EXPECT_EQ(Chosen.pick("t"), "t");
  EXPECT_EQ(Other.pick("t"), "t");
  EXPECT_EQ(Other.pick("j_extent"), "j_extent_1");
}

} // namespace
