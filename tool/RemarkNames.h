//===- RemarkNames.h - Every remark name and what it means -----*- C++ -*-===//
//
// The names the tool reports ([lnr-fuse], the refusals, the driver's own
// lnr-nolint, the language server's lnr-not-analysed) with one line each,
// as analysis/ir/RemarkNames.def lists them: --list-remarks prints them,
// and SARIF's rules table describes each ruleId with them.
// docs/refusals.md gives each an example.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_TOOL_REMARKNAMES_H
#define LNR_TOOL_REMARKNAMES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace lnr::tool {

struct RemarkName {
  llvm::StringRef Name;
  llvm::StringRef Meaning; // one sentence, no trailing period
};

/// Every name, lnr-fuse first, then the refusals in docs/refusals.md's
/// order.
llvm::ArrayRef<RemarkName> remarkNames();

/// The meaning of Name; empty for a name not in the table.
llvm::StringRef remarkMeaning(llvm::StringRef Name);

} // namespace lnr::tool

#endif
