//===- Suppressions.h - clang-tidy's NOLINT comments -----------*- C++ -*-===//
//
// A nest is left alone, without a remark, an error or a rewrite, where
// clang-tidy would drop a diagnostic: `// NOLINT` on its line, `//
// NOLINTNEXTLINE` on the line before, or between `// NOLINTBEGIN` and `//
// NOLINTEND`, each optionally with a list of names and globs in parentheses
// (`NOLINT(lnr-fuse)`, `NOLINTNEXTLINE(lnr-*)`). The spelling and matching
// are clang-tidy's (clang-tools-extra's NoLintDirectiveHandler): the tokens
// are found anywhere in the text, a list is split on commas and matched as
// globs, negative globs are ignored, and a NOLINTEND closes the innermost
// open NOLINTBEGIN only when their lists are spelled the same.
//
// Clang-free: the text of one file in, answers out, so that an editor's
// language server can ask the same questions of an unsaved buffer.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_TOOL_SUPPRESSIONS_H
#define LNR_TOOL_SUPPRESSIONS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace lnr::tool {

/// clang-tidy's list of names: "lnr-fuse, lnr-no-*" (globs, comma-separated).
/// As in clang-tidy's Checks, an entry starting with '-' excludes what it
/// matches and the last entry that matches a name decides; a NOLINT list
/// ignores such entries (KeepNegative false), as clang-tidy does.
class NameGlobs {
public:
  explicit NameGlobs(llvm::StringRef List, bool KeepNegative = false);
  bool matches(llvm::StringRef Name) const;

private:
  struct Glob {
    std::string Pattern;
    bool Positive;
  };
  std::vector<Glob> Globs;
};

class Suppressions {
public:
  enum class Kind { NoLint, NextLine, Begin, End };

  /// One NOLINT token of the text.
  struct Token {
    Kind Type;
    unsigned Offset; // of the 'N' of NOLINT
    /// The text between the parentheses; none without them (every name).
    std::optional<std::string> Names;
  };

  /// The NOLINT tokens of Code and the blocks they form.
  explicit Suppressions(llvm::StringRef Code);

  /// Whether a report named Name, whose lines are those of the given byte
  /// offsets (a nest's first character, the remark's location), is
  /// suppressed.
  bool suppresses(llvm::StringRef Name, llvm::ArrayRef<unsigned> Offsets) const;

  /// NOLINTBEGIN without its NOLINTEND and NOLINTEND without its
  /// NOLINTBEGIN: clang-tidy reports them, and so does the driver.
  llvm::ArrayRef<Token> unmatched() const { return Unmatched; }

private:
  struct Block {
    unsigned Begin, End; // offsets of the two tokens
    NameGlobs Names;
  };

  /// The 0-based line of a byte offset.
  unsigned lineOf(unsigned Offset) const;
  static bool names(const Token &T, llvm::StringRef Name);

  std::vector<unsigned> LineStarts;
  std::vector<Token> Lines; // NOLINT and NOLINTNEXTLINE
  std::vector<Block> Blocks;
  std::vector<Token> Unmatched;
};

} // namespace lnr::tool

#endif
