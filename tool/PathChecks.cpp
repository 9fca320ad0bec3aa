//===- PathChecks.cpp -----------------------------------------------------===//

#include "tool/PathChecks.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace lnr::tool {
namespace {

/// The file Path names: "id:<device>:<inode>" when it exists, else
/// "path:" and its absolute path with '.' and '..' removed, the nearest
/// existing parent directory resolved (symbolic links and all).
std::string fileKey(StringRef Path) {
  sys::fs::UniqueID ID;
  if (!sys::fs::getUniqueID(Path, ID))
    return "id:" + std::to_string(ID.getDevice()) + ":" +
           std::to_string(ID.getFile());
  SmallString<256> Abs(Path);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  // The longest existing prefix, resolved, then the rest as written.
  SmallString<256> Rest;
  StringRef Existing = Abs;
  while (!Existing.empty() && !sys::fs::exists(Existing)) {
    SmallString<256> Tail(sys::path::filename(Existing));
    sys::path::append(Tail, Rest);
    Rest = Tail;
    Existing = sys::path::parent_path(Existing);
  }
  SmallString<256> Real;
  if (Existing.empty() || sys::fs::real_path(Existing, Real))
    Real = Existing;
  sys::path::append(Real, Rest);
  return "path:" + std::string(Real);
}

const char *typeName(sys::fs::file_type Type) {
  switch (Type) {
  case sys::fs::file_type::fifo_file:
    return "a FIFO";
  case sys::fs::file_type::character_file:
    return "a character device";
  case sys::fs::file_type::block_file:
    return "a block device";
  case sys::fs::file_type::socket_file:
    return "a socket";
  default:
    return "of an unknown type";
  }
}

} // namespace

std::optional<std::string> inputProblem(StringRef File) {
  sys::fs::file_status Status;
  if (std::error_code EC = sys::fs::status(File, Status)) {
    if (EC == std::errc::no_such_file_or_directory)
      return "no such file: '" + File.str() + "'";
    return "cannot read '" + File.str() + "': " + EC.message();
  }
  if (sys::fs::is_regular_file(Status))
    return std::nullopt;
  if (sys::fs::is_directory(Status))
    return "'" + File.str() + "' is a directory";
  return "'" + File.str() + "' is not a regular file (" +
         typeName(Status.type()) + ")";
}

bool sameFile(StringRef A, StringRef B) { return fileKey(A) == fileKey(B); }

std::optional<std::string> pathCollision(ArrayRef<NamedPath> Outputs,
                                         ArrayRef<NamedPath> Inputs) {
  StringMap<const NamedPath *> Read;
  for (const NamedPath &In : Inputs)
    Read.try_emplace(fileKey(In.Path), &In);
  StringMap<const NamedPath *> Written;
  for (const NamedPath &Out : Outputs) {
    std::string Key = fileKey(Out.Path);
    auto Input = Read.find(Key);
    if (Input != Read.end())
      return Out.Name + " is also " + Input->second->Name;
    auto [Earlier, New] = Written.try_emplace(Key, &Out);
    if (!New)
      return Earlier->second->Name + " and " + Out.Name + " are the same file";
  }
  return std::nullopt;
}

std::optional<std::string> sameFileTwice(ArrayRef<std::string> Files) {
  StringMap<const std::string *> Seen;
  for (const std::string &F : Files) {
    auto [Earlier, New] = Seen.try_emplace(fileKey(F), &F);
    if (!New)
      return "-i would write '" + *Earlier->second + "' twice (given as '" +
             *Earlier->second + "' and '" + F + "')";
  }
  return std::nullopt;
}

} // namespace lnr::tool
