//===- FileTransaction.h - Write several files, or none --------*- C++ -*-===//
//
// Every file the tool writes (-i, --export-fixes, --emit-graph-dir) is first
// written to a temporary beside it; only when all of them are written are
// the temporaries renamed over their targets. A failure before that leaves
// every file as it was, which is what exit status 2 promises.
//
// The temporary, and the copy of a target kept while the renames run, are
// named after the target, cut to fit NAME_MAX: "<name>-lnr-XXXXXX.tmp" and
// "<name>.lnr-backup-XXXXXX", XXXXXX random.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_TOOL_FILETRANSACTION_H
#define LNR_TOOL_FILETRANSACTION_H

#include "tool/FileSnapshot.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace lnr::tool {

class FileTransaction {
public:
  FileTransaction() = default;
  FileTransaction(const FileTransaction &) = delete;
  FileTransaction &operator=(const FileTransaction &) = delete;
  /// Removes the temporaries (and directories) of an uncommitted
  /// transaction.
  ~FileTransaction();

  /// Writes Contents to a temporary beside Path. An existing Path must be
  /// writable (even for root, who could rename over it) and keeps its mode,
  /// owner and group; a new one gets 0666 less the umask. With Read, Path
  /// is replaced only if it is still the file that snapshot describes.
  llvm::Error stage(llvm::StringRef Path, llvm::StringRef Contents,
                    std::optional<FileSnapshot> Read = std::nullopt);
  /// Creates Dir (its parent must exist) unless it is there; removed again
  /// if the transaction is not committed.
  llvm::Error stageDirectory(llvm::StringRef Dir);
  /// Renames every temporary over its target, after checking that no
  /// target changed since it was read.
  llvm::Error commit();

private:
  struct Staged {
    std::string Path;
    std::string Temp;
    std::optional<FileSnapshot> Read;
  };
  std::vector<Staged> Files;
  std::vector<std::string> CreatedDirs;
  bool Committed = false;

  llvm::Error unchangedSinceRead() const;
};

} // namespace lnr::tool

#endif
