//===- FileSnapshot.cpp ---------------------------------------------------===//

#include "tool/FileSnapshot.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SHA1.h"

using namespace llvm;

namespace lnr::tool {

FileSnapshot::Hash FileSnapshot::hash(StringRef Text) {
  return SHA1::hash(arrayRefFromStringRef(Text));
}

std::optional<FileSnapshot> FileSnapshot::take(StringRef Path, StringRef Text) {
  sys::fs::file_status Status;
  if (sys::fs::status(Path, Status))
    return std::nullopt;
  return FileSnapshot(Status.getUniqueID(), Status.getSize(),
                      Status.getLastModificationTime(), hash(Text));
}

std::optional<std::string> FileSnapshot::changeAt(StringRef Path) const {
  sys::fs::file_status Status;
  if (std::error_code EC = sys::fs::status(Path, Status))
    return "it cannot be read any more: " + EC.message();
  if (Status.getUniqueID() != ID)
    return std::string("it was replaced by another file");
  if (Status.getSize() != Size)
    return std::string("its size differs");
  if (Status.getLastModificationTime() != Modified)
    return std::string("its modification time differs");
  // Read, not mapped: the file may change under a mapping.
  ErrorOr<std::unique_ptr<MemoryBuffer>> Now =
      MemoryBuffer::getFile(Path, /*IsText=*/false,
                            /*RequiresNullTerminator=*/false,
                            /*IsVolatile=*/true);
  if (!Now)
    return "it cannot be read any more: " + Now.getError().message();
  if (hash((*Now)->getBuffer()) != Content)
    return std::string("its content differs");
  return std::nullopt;
}

} // namespace lnr::tool
