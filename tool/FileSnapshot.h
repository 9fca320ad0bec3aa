//===- FileSnapshot.h - A file as it was read ------------------*- C++ -*-===//
//
// -i replaces a file only if it is still the one that was read: an edit
// saved while the tool runs must not be lost. A snapshot keeps what
// identifies the file (device and inode), its size, its modification time
// (nanoseconds) and a hash of the text that was parsed; the transaction
// compares them with the file on disk before it renames anything.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_TOOL_FILESNAPSHOT_H
#define LNR_TOOL_FILESNAPSHOT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem/UniqueID.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace lnr::tool {

class FileSnapshot {
public:
  /// Path as it is now on disk, with Text, what was read of it (the file
  /// may already have changed since: then the hash tells). std::nullopt
  /// when Path cannot be stat()ed.
  static std::optional<FileSnapshot> take(llvm::StringRef Path,
                                          llvm::StringRef Text);

  /// How the file at Path differs from the snapshot ("its size differs",
  /// "it was replaced by another file", ...), or std::nullopt.
  std::optional<std::string> changeAt(llvm::StringRef Path) const;

private:
  using Hash = std::array<uint8_t, 20>;
  FileSnapshot(llvm::sys::fs::UniqueID ID, uint64_t Size,
               llvm::sys::TimePoint<> Modified, Hash Content)
      : ID(ID), Size(Size), Modified(Modified), Content(Content) {}
  static Hash hash(llvm::StringRef Text);

  llvm::sys::fs::UniqueID ID;
  uint64_t Size;
  llvm::sys::TimePoint<> Modified;
  Hash Content;
};

} // namespace lnr::tool

#endif
