//===- CompileArgs.h - The compile commands the tool parses with -*- C++
//-*-===//
//
// What the driver adds to each compile command, and what it checks in the
// commands before any file is parsed.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_TOOL_COMPILEARGS_H
#define LNR_TOOL_COMPILEARGS_H

#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <optional>
#include <string>

namespace lnr::tool {

/// The directory of the compilation database (compile_commands.json or
/// compile_flags.txt) of File, where clangd looks for it: File's directory
/// and each parent, and the build/ of each; "" when there is none.
std::string databaseDirectoryFor(llvm::StringRef File);

/// Args with the tool's defaults: a C file (.c, .h) is parsed as GNU C99
/// (-xc -std=gnu99) unless the command sets its language (-x, --language),
/// its standard (-std=; a C++ one alone makes it C++) or runs a C++ compiler
/// (c++, g++, clang++, --driver-mode=g++); -fopenmp unless the command says
/// either way; and Clang's builtin headers.
clang::tooling::CommandLineArguments
addDefaultArguments(const clang::tooling::CommandLineArguments &Args,
                    llvm::StringRef File);

/// Args without the flags clang's driver does not know (gcc's
/// -fno-tree-vectorize, -mno-fused-madd from a compile database), as clangd
/// drops them: kept, they would fail the parse. Warn is told each dropped
/// flag and the file whose command had it.
clang::tooling::ArgumentsAdjuster dropUnknownFlags(
    std::function<void(llvm::StringRef Flag, llvm::StringRef File)> Warn);

/// Diagnostics name a file as the command line did, as clang's do: a
/// relative path in Sources stays relative in the commands that name the
/// file by its absolute path and run in the working directory (those of
/// `--`, and of a database whose entry is the absolute path and whose
/// directory is this one).
clang::tooling::ArgumentsAdjuster
spelledAsGiven(const clang::tooling::CompilationDatabase &Database,
               llvm::ArrayRef<std::string> Sources);

/// Why a compile command of one of Sources cannot run: its directory does
/// not exist or is not a directory (ClangTool would abort on the chdir).
/// The message names the file, the directory and the compilation database
/// (found from BuildPath, -p, or above the file) when there is one.
std::optional<std::string>
unusableBuildDirectory(const clang::tooling::CompilationDatabase &Database,
                       llvm::ArrayRef<std::string> Sources,
                       llvm::StringRef BuildPath);

} // namespace lnr::tool

#endif
