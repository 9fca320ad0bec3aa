//===- CText.h - Small predicates on C source text -------------*- C++ -*-===//
//
// The lowering and the run-time choice compose C from the recovered text;
// both ask the same questions of it.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_CTEXT_H
#define LNR_REWRITE_CTEXT_H

#include <optional>
#include <string>
#include <vector>

namespace lnr::rewrite {

bool isIdentifierChar(char C);
/// A single identifier or number: safe as an operand without parentheses.
bool isSimple(const std::string &Text);
/// Text, in parentheses unless it is simple.
std::string parenthesized(const std::string &Text);
/// Whether Code names the identifier Name (not as part of a longer one).
bool mentions(const std::string &Code, const std::string &Name);
/// What a declaration initializes its variable to, as written: the text
/// between its '=' and its last ';' ("i * K + k" of "int kC = i * K +
/// k;"), leading blanks dropped; none without both.
std::optional<std::string> initializerOf(const std::string &Declaration);
/// The conditions joined with " && ": all of them hold; "" for none.
std::string allOf(const std::vector<std::string> &Conditions);

} // namespace lnr::rewrite

#endif
