//===- FileTransaction.cpp ------------------------------------------------===//

#include "tool/FileTransaction.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace lnr::tool {

FileTransaction::~FileTransaction() {
  if (Committed)
    return;
  for (const Staged &S : Files)
    sys::fs::remove(S.Temp);
  for (auto It = CreatedDirs.rbegin(); It != CreatedDirs.rend(); ++It)
    sys::fs::remove(*It);
}

Error FileTransaction::stage(StringRef Path, StringRef Contents) {
  auto Failure = [&](const Twine &Why) {
    return make_error<StringError>("cannot write '" + Path + "': " + Why,
                                   inconvertibleErrorCode());
  };
  sys::fs::perms Mode = sys::fs::all_read | sys::fs::all_write;
  bool Exists = sys::fs::exists(Path);
  if (Exists) {
    if (!sys::fs::is_regular_file(Path))
      return Failure("not a regular file");
    ErrorOr<sys::fs::perms> Perms = sys::fs::getPermissions(Path);
    if (!Perms || !(*Perms & sys::fs::owner_write) ||
        sys::fs::access(Path, sys::fs::AccessMode::Write))
      return Failure("permission denied");
    Mode = *Perms;
  }
  Staged S{Path.str(), {}};
  int FD;
  if (std::error_code EC = sys::fs::createUniqueFile(
          Path + "-lnr-%%%%%%.tmp", FD, S.Temp, sys::fs::OF_None, Mode))
    return Failure(EC.message());
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Contents;
    OS.close();
    if (OS.has_error()) {
      std::error_code EC = OS.error();
      OS.clear_error();
      sys::fs::remove(S.Temp);
      return Failure(EC.message());
    }
  }
  // The umask applies to a new file, not to the mode of the one replaced.
  if (Exists)
    if (std::error_code EC = sys::fs::setPermissions(S.Temp, Mode)) {
      sys::fs::remove(S.Temp);
      return Failure(EC.message());
    }
  Files.push_back(std::move(S));
  return Error::success();
}

Error FileTransaction::stageDirectory(StringRef Dir) {
  if (sys::fs::is_directory(Dir))
    return Error::success();
  if (std::error_code EC =
          sys::fs::create_directory(Dir, /*IgnoreExisting=*/false))
    return make_error<StringError>("cannot create directory '" + Dir +
                                       "': " + EC.message(),
                                   inconvertibleErrorCode());
  CreatedDirs.push_back(Dir.str());
  return Error::success();
}

Error FileTransaction::commit() {
  // Each existing target stays reachable under a second name (a hard link,
  // or a copy) until every rename succeeded: a failure part-way puts the
  // originals back, so exit status 2 still means no file was written.
  std::vector<SmallString<256>> Backups(Files.size());
  auto Undo = [&](size_t Replaced, const Twine &Message) {
    for (size_t J = 0; J < Files.size(); ++J) {
      if (J < Replaced) {
        if (Backups[J].empty())
          sys::fs::remove(Files[J].Path); // it did not exist before
        else
          sys::fs::rename(Backups[J], Files[J].Path);
      } else if (!Backups[J].empty()) {
        sys::fs::remove(Backups[J]);
      }
      sys::fs::remove(Files[J].Temp);
    }
    return make_error<StringError>(Message, inconvertibleErrorCode());
  };
  for (size_t I = 0; I < Files.size(); ++I) {
    if (!sys::fs::exists(Files[I].Path))
      continue;
    sys::fs::createUniquePath(Files[I].Path + ".lnr-backup-%%%%%%",
                              Backups[I], false);
    std::error_code EC = sys::fs::create_hard_link(Files[I].Path, Backups[I]);
    if (EC)
      EC = sys::fs::copy_file(Files[I].Path, Backups[I]);
    if (EC) {
      Backups[I].clear();
      return Undo(0, "cannot keep a copy of '" + Files[I].Path +
                         "' while writing: " + EC.message() +
                         "; nothing was written");
    }
  }
  for (size_t I = 0; I < Files.size(); ++I)
    if (std::error_code EC = sys::fs::rename(Files[I].Temp, Files[I].Path))
      return Undo(I, "cannot write '" + Files[I].Path + "': " + EC.message() +
                         "; nothing was written");
  Committed = true;
  for (const SmallString<256> &Backup : Backups)
    if (!Backup.empty())
      sys::fs::remove(Backup);
  return Error::success();
}

} // namespace lnr::tool
