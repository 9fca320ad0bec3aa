//===- ProjectConfig.h - The .lnr-rewrite configuration file ---*- C++ -*-===//
//
// Like `.clang-tidy`: a YAML file named `.lnr-rewrite`, looked for in each
// source file's directory and then its parents, the nearest one applying
// (and, when it says `InheritParentConfig: true`, the next one above it
// under it). It holds the options that change what is written and which
// remarks are shown; an option given on the command line overrides it:
//
//   OpenMP: false
//   OmpSchedule: 'static, 16'
//   Prefetch: true
//   UnrollJam: true
//   SplitReductions: true
//   RuntimeChoice: true
//   AssumeNoAlias: false
//   AliasCheck: true
//   HeaderFilterRegex: 'include/'
//   Remarks: all
//
// Read with LLVM's YAML I/O: an unknown key or a value of the wrong type is
// an error that names the file, as clang-tidy reports its own.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_TOOL_PROJECTCONFIG_H
#define LNR_TOOL_PROJECTCONFIG_H

#include "llvm/ADT/Optional.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace lnr::tool {

/// The options of one `.lnr-rewrite` file, or of the command line: each is
/// set only where it was given.
struct ToolConfig {
  llvm::Optional<bool> InheritParentConfig;
#define LNR_BOOL_OPTION(Key, Default, Flag, Help) llvm::Optional<bool> Key;
#define LNR_STRING_OPTION(Key, Default, Flag, Value, Help)                     \
  llvm::Optional<std::string> Key;
#include "tool/Options.def"

  /// Every option with the tool's default value.
  static ToolConfig defaults();

  /// This configuration with every option Over sets taken from Over.
  ToolConfig overriddenBy(const ToolConfig &Over) const;

  /// The options as YAML (those set; for --dump-config, all of them).
  std::string yaml() const;

  /// What is wrong with a value (a schedule clause, a regular expression,
  /// a remark policy); std::nullopt when nothing is.
  llvm::Optional<std::string> invalidValue() const;
};

/// Text read as a `.lnr-rewrite` file; Path names it in errors.
llvm::Expected<ToolConfig> parseConfig(llvm::StringRef Text,
                                       llvm::StringRef Path);

/// The configuration files above each source file, read once per
/// directory.
class ConfigLookup {
public:
  /// The options in effect for File: the defaults, then the nearest
  /// `.lnr-rewrite` above it (with its parents' when it inherits), then
  /// CommandLine.
  llvm::Expected<ToolConfig> configFor(llvm::StringRef File,
                                       const ToolConfig &CommandLine);

private:
  /// The configuration of Dir and its parents, without the defaults; an
  /// empty one when no file applies.
  llvm::Expected<ToolConfig> configAbove(llvm::StringRef Dir);

  llvm::StringMap<ToolConfig> ByDirectory;
};

} // namespace lnr::tool

#endif
