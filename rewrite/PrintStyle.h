//===- PrintStyle.h - clang-format's style as the printer's ----*- C++ -*-===//
//
// The tool reads the file's clang-format style; when the loop tree's
// printer (rewrite/lower/Printer.h) can write C in that style, the tool
// prints the rewrite with it and need not run clang-format on it.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_PRINTSTYLE_H
#define LNR_REWRITE_PRINTSTYLE_H

#include "rewrite/lower/Printer.h"

#include "clang/Format/Format.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace lnr::rewrite {

/// Style as the printer follows it, or nullopt when the printer cannot
/// write what clang-format would in that style (another language, an
/// option the printer does not follow set to a value that changes how a
/// loop nest is written, a pointer alignment clang-format derives from the
/// file): then the caller formats the printed text with clang-format.
std::optional<lower::PrintStyle>
printStyleFor(const clang::format::FormatStyle &Style);

/// As above; with DerivePointerAlignment the alignment is derived from
/// Code as clang-format derives it (Code: the text clang-format would
/// format, e.g. the window around the nest), or nullopt when the printer
/// cannot tell for sure which way clang-format would go.
std::optional<lower::PrintStyle>
printStyleFor(const clang::format::FormatStyle &Style, llvm::StringRef Code);

} // namespace lnr::rewrite

#endif
