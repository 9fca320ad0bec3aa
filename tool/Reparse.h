//===- Reparse.h - The unit parsed again with its file changed -*- C++ -*-===//
//
// Some questions are answered by the compiler on the file as a rewrite
// would change it: whether an include conflicts with the file's own
// declarations (IncludeCheck.h), what the nests of two inlined calls
// become (InlinedCalls.h). Each parses the unit again, with the same
// compile command, the main file read from memory.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_TOOL_REPARSE_H
#define LNR_TOOL_REPARSE_H

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"

#include <memory>
#include <optional>
#include <string>

namespace lnr::tool {

/// What a parse needs of the unit's compile, copied on the thread that
/// parses it.
struct Compile {
  std::shared_ptr<clang::CompilerInvocation> Invocation;
  std::shared_ptr<clang::PCHContainerOperations> PCH;
  clang::FileSystemOptions FileSystem;
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Files;
  std::string MainPath;
};

Compile compileOf(clang::CompilerInstance &CI);

/// Runs Action on the unit of Unit's compile command with the file Path
/// read as Text instead, Text holding a line inserted at InsertedLine (0:
/// none); the first error, if any, its line as the file without the
/// inserted one numbers it.
std::optional<std::string> runWith(const Compile &Unit, llvm::StringRef Path,
                                   llvm::StringRef Text, unsigned InsertedLine,
                                   clang::FrontendAction &Action);

} // namespace lnr::tool

#endif
