//===- FileTransaction.cpp ------------------------------------------------===//

#include "tool/FileTransaction.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <climits>

using namespace llvm;

namespace lnr::tool {
namespace {

/// A name beside Path: its directory, its file name cut (never inside a
/// UTF-8 character) so that the name with Tag, six random characters and
/// Extension fits in NAME_MAX bytes.
std::string siblingName(StringRef Path, StringRef Tag, StringRef Extension) {
  const char Digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
  std::string Random;
  for (int I = 0; I < 6; ++I)
    Random += Digits[sys::Process::GetRandomNumber() % 36];
  StringRef Name = sys::path::filename(Path);
  size_t Room = NAME_MAX - Tag.size() - Random.size() - Extension.size();
  if (Name.size() > Room) {
    while (Room > 0 && (Name[Room] & 0xC0) == 0x80)
      --Room;
    Name = Name.take_front(Room);
  }
  SmallString<256> Result(sys::path::parent_path(Path));
  sys::path::append(Result, Name + Tag + Random + Extension);
  return std::string(Result);
}

/// Calls Create with new sibling names of Path until one does not exist
/// yet; the name it created, or the error.
Expected<std::string>
createSibling(StringRef Path, StringRef Tag, StringRef Extension,
              function_ref<std::error_code(const std::string &)> Create) {
  std::error_code EC;
  for (int Try = 0; Try < 128; ++Try) {
    std::string Name = siblingName(Path, Tag, Extension);
    EC = Create(Name);
    if (!EC)
      return Name;
    if (EC != std::errc::file_exists)
      break;
  }
  return errorCodeToError(EC);
}

Error writeError(StringRef Path, const Twine &Why) {
  return make_error<StringError>("cannot write '" + Path + "': " + Why,
                                 inconvertibleErrorCode());
}

/// Gives the temporary FD the owner and group of Original unless it has
/// them already (root replacing another user's file).
Error keepOwner(int FD, StringRef Path, const sys::fs::file_status &Original) {
  sys::fs::file_status Temp;
  if (std::error_code EC = sys::fs::status(FD, Temp))
    return writeError(Path, EC.message());
  if (Temp.getUser() == Original.getUser() &&
      Temp.getGroup() == Original.getGroup())
    return Error::success();
  if (std::error_code EC = sys::fs::changeFileOwnership(FD, Original.getUser(),
                                                        Original.getGroup()))
    return writeError(Path, "cannot give the temporary the file's owner and "
                            "group (" +
                                Twine(Original.getUser()) + ":" +
                                Twine(Original.getGroup()) +
                                "): " + EC.message());
  return Error::success();
}

/// Writes Contents to FD (which it closes).
std::error_code writeAll(int FD, StringRef Contents) {
  raw_fd_ostream OS(FD, /*shouldClose=*/true);
  OS << Contents;
  OS.close();
  std::error_code EC = OS.error();
  OS.clear_error();
  return EC;
}

} // namespace

FileTransaction::~FileTransaction() {
  if (Committed)
    return;
  for (const Staged &S : Files)
    sys::fs::remove(S.Temp);
  for (auto It = CreatedDirs.rbegin(); It != CreatedDirs.rend(); ++It)
    sys::fs::remove(*It);
}

Error FileTransaction::stage(StringRef Path, StringRef Contents,
                             std::optional<FileSnapshot> Read) {
  sys::fs::perms Mode = sys::fs::all_read | sys::fs::all_write;
  sys::fs::file_status Original;
  bool Exists = !sys::fs::status(Path, Original) && sys::fs::exists(Original);
  if (Exists) {
    if (!sys::fs::is_regular_file(Original))
      return writeError(Path, "not a regular file");
    Mode = Original.permissions();
    if (!(Mode & sys::fs::owner_write) ||
        sys::fs::access(Path, sys::fs::AccessMode::Write))
      return writeError(Path, "permission denied");
  }
  int FD = -1;
  Expected<std::string> Temp =
      createSibling(Path, "-lnr-", ".tmp", [&](const std::string &Name) {
        return sys::fs::openFileForWrite(Name, FD, sys::fs::CD_CreateNew,
                                         sys::fs::OF_None, Mode);
      });
  if (!Temp)
    return writeError(Path, toString(Temp.takeError()));
  Error Failed = Exists ? keepOwner(FD, Path, Original) : Error::success();
  if (Failed) {
    sys::Process::SafelyCloseFileDescriptor(FD);
  } else if (std::error_code EC = writeAll(FD, Contents)) {
    Failed = writeError(Path, EC.message());
  } else if (Exists) {
    // The umask applies to a new file, not to the mode of the one
    // replaced; and a change of owner clears the set-user-ID bit.
    if (std::error_code EC = sys::fs::setPermissions(*Temp, Mode))
      Failed = writeError(Path, EC.message());
  }
  if (Failed) {
    sys::fs::remove(*Temp);
    return Failed;
  }
  Files.push_back({Path.str(), std::move(*Temp), std::move(Read)});
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

Error FileTransaction::unchangedSinceRead() const {
  for (const Staged &S : Files)
    if (S.Read)
      if (std::optional<std::string> Change = S.Read->changeAt(S.Path))
        return make_error<StringError>(
            "'" + S.Path + "' changed on disk while it was being rewritten (" +
                *Change + "); nothing was written",
            inconvertibleErrorCode());
  return Error::success();
}

Error FileTransaction::commit() {
  if (Error E = unchangedSinceRead())
    return E;
  // Each existing target stays reachable under a second name (a hard link,
  // or a copy) until every rename succeeded: a failure part-way puts the
  // originals back, so exit status 2 still means no file was written.
  std::vector<std::string> Backups(Files.size());
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
    const std::string &Path = Files[I].Path;
    if (!sys::fs::exists(Path))
      continue;
    auto Keep = [&](function_ref<std::error_code(const std::string &)> Make) {
      return createSibling(Path, ".lnr-backup-", "", Make);
    };
    Expected<std::string> Backup = Keep([&](const std::string &Name) {
      return sys::fs::create_hard_link(Path, Name);
    });
    if (!Backup) {
      consumeError(Backup.takeError());
      Backup = Keep([&](const std::string &Name) {
        return sys::fs::exists(Name) ? make_error_code(std::errc::file_exists)
                                     : sys::fs::copy_file(Path, Name);
      });
    }
    if (!Backup)
      return Undo(0, "cannot keep a copy of '" + Path +
                         "' while writing: " + toString(Backup.takeError()) +
                         "; nothing was written");
    Backups[I] = std::move(*Backup);
  }
  for (size_t I = 0; I < Files.size(); ++I)
    if (std::error_code EC = sys::fs::rename(Files[I].Temp, Files[I].Path))
      return Undo(I, "cannot write '" + Files[I].Path + "': " + EC.message() +
                         "; nothing was written");
  Committed = true;
  for (const std::string &Backup : Backups)
    if (!Backup.empty())
      sys::fs::remove(Backup);
  return Error::success();
}

} // namespace lnr::tool
