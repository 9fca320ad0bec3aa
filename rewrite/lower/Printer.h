//===- Printer.h - The loop tree as C text ---------------------*- C++ -*-===//
//
// The only code of the rewrite that writes C. It prints a loop tree in the
// file's style (PrintStyle, which the tool reads from clang-format's
// configuration), so clang-format need not run on the generated text.
// Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_LOWER_PRINTER_H
#define LNR_REWRITE_LOWER_PRINTER_H

#include "rewrite/lower/LoopTree.h"

#include <string>

namespace lnr::lower {

/// The parts of a clang-format style the printer follows.
struct PrintStyle {
  unsigned IndentWidth = 2;
  bool UseTabs = false;
  unsigned TabWidth = 8;
};

/// Tree as C, for a range that starts after the blanks BaseIndent of its
/// first line: every other line starts with BaseIndent, then its depth's
/// indentation (preprocessor lines start in column 0). No newline after
/// the last line.
std::string print(const Nodes &Tree, const PrintStyle &Style = {},
                  const std::string &BaseIndent = "");

} // namespace lnr::lower

#endif
