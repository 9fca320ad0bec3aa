//===- LineFormat.h - Lines the printer leaves to clang-format -*- C++ -*-===//
//
// The printer breaks long lines of the shapes it knows as clang-format
// does; a line of another shape (a long call's arguments, a conditional
// expression, a long '#pragma') is laid out here by clang-format itself,
// alone: in a function whose nested blocks put it at its column, between
// two marker declarations. A line's layout depends on its text, its
// column and the style, not on the lines around it (the styles whose
// options align consecutive lines are not printed: PrintStyle.h), so this
// is the layout clang-format gives it in the file, at the cost of a few
// lines instead of the nest's whole function.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_LINEFORMAT_H
#define LNR_REWRITE_LINEFORMAT_H

#include "rewrite/lower/Printer.h"

#include "clang/Format/Format.h"

namespace lnr::rewrite {

/// A fallback for lower::print that lays lines out with clang-format in
/// Style; it remembers what it was asked (a file's nests repeat lines).
lower::LineFormatter clangFormatLines(const clang::format::FormatStyle &Style);

} // namespace lnr::rewrite

#endif
