//===- PathChecks.h - Paths to read and paths to write ---------*- C++ -*-===//
//
// Checks on the paths of a run before anything is written: each input is a
// regular file, and no output is an input or another output. Paths are
// compared as files: an existing one by device and inode, whatever its
// spelling (./k.c, a symbolic or hard link); one that does not exist yet
// by its normalized real path.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_TOOL_PATHCHECKS_H
#define LNR_TOOL_PATHCHECKS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace lnr::tool {

/// Why File cannot be an input: "no such file: 'k.c'", "'d' is a
/// directory", "'p' is not a regular file (a FIFO)". Only stat()s it: a
/// FIFO is not opened.
std::optional<std::string> inputProblem(llvm::StringRef File);

/// A path the run reads or writes, with how a message names it: "the input
/// 'k.c'", "--export-fixes 'f.yaml'".
struct NamedPath {
  std::string Path;
  std::string Name;
};

/// A file written twice, or an input written over (an output that is also
/// an input), as an error message; std::nullopt when there is none.
std::optional<std::string> pathCollision(llvm::ArrayRef<NamedPath> Outputs,
                                         llvm::ArrayRef<NamedPath> Inputs);

/// Two of the files -i rewrites that are one file ('k.c ./k.c', hard
/// links), as an error message.
std::optional<std::string> sameFileTwice(llvm::ArrayRef<std::string> Files);

/// Whether A and B name one file (or, when neither exists, one path).
bool sameFile(llvm::StringRef A, llvm::StringRef B);

} // namespace lnr::tool

#endif
