//===- RunWrites.h - The files a run writes --------------------*- C++ -*-===//
//
// The files -i, --export-fixes and --emit-graph-dir write, checked against
// the files the run read and against each other, then staged in one
// transaction.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_TOOL_RUNWRITES_H
#define LNR_TOOL_RUNWRITES_H

#include "tool/FileTransaction.h"
#include "tool/RewriteAction.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace lnr::tool {

/// The options that say what is written.
struct RunWrites {
  bool InPlace = false;
  bool Check = false;       // the fixes are errors, not remarks
  std::string ExportFixes;  // --export-fixes, or empty
  std::string EmitGraphDir; // --emit-graph-dir, or empty
};

/// An output that is one of the files the run read (the command line's,
/// their headers), or a file written twice (two outputs, or -i given one
/// file under two names), as a message; std::nullopt when there is none.
/// NewCode[I] is the new text of Results.Files[I].
std::optional<std::string> outputCollision(const RunWrites &What,
                                           const RunResults &Results,
                                           llvm::ArrayRef<std::string> NewCode,
                                           llvm::ArrayRef<std::string> Sources);

/// Stages every file the run writes in Writes: the files -i changes (each
/// only if it is still the file that was read), the fixes (MainSourceFile
/// names the first file), the graphs.
llvm::Error stageWrites(FileTransaction &Writes, const RunWrites &What,
                        const RunResults &Results,
                        llvm::ArrayRef<std::string> NewCode,
                        const std::string &MainSourceFile);

} // namespace lnr::tool

#endif
