//===- LineBreaking.h - Long lines broken as clang-format does -*- C++ -*-===//
//
// Internal to the printer. A line longer than the column limit is broken
// as clang-format's optimizer breaks it, in the shapes the rewrite writes:
// a statement with a long right-hand side after '=' or '+=', and a long
// 'for' header or 'if' condition. Any other shape is not broken: the
// printer then says it is not sure (print's Exact). Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_LOWER_LINEBREAKING_H
#define LNR_REWRITE_LOWER_LINEBREAKING_H

#include "rewrite/lower/PrintTokens.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace lnr::lower::detail {

/// A laid out line: its pieces and the column each starts at (the first
/// at the line's own column).
struct Layout {
  std::vector<std::pair<unsigned, std::string>> Lines;
  unsigned Breaks() const { return unsigned(Lines.size()) - 1; }
};

/// Style's column limit, with no limit as the largest column.
unsigned columnLimit(const PrintStyle &Style);

/// A statement or declaration (L, annotated and spaced, ends with its ';')
/// at column Col broken in Style, or nullopt when it is too long in a shape
/// the printer does not break.
std::optional<Layout> breakStatement(const Line &L, unsigned Col,
                                     const PrintStyle &Style);

/// A control statement's header ('for (...)', 'if (...)') at column Col
/// with Suffix (' {') after it, broken after the 'for' header's ';' or at
/// the condition's lowest operators, continuing after the '('; nullopt
/// when the printer does not break it.
std::optional<Layout> breakHeader(const Line &L, unsigned Col,
                                  const std::string &Suffix,
                                  const PrintStyle &Style);

} // namespace lnr::lower::detail

#endif
