//===- IncludeCheck.h - A file parsed with a header added ---*- C++ -*-===//
//
// A rewrite whose temporaries call malloc, or whose overlap test compares
// addresses as uintptr_t, includes <stdlib.h> or <stdint.h> when the file
// does not. Legacy code declares some of those headers' names its own way
// ('typedef long long int64_t;', 'static int rand(void)', 'typedef struct
// {...} div_t;'), and the header would then break the file. Whether it
// does is found the way the compiler would: the file is parsed again,
// with the same compile command, the include inserted. That parse is only
// made when the file could conflict at all: when it declares or defines,
// outside system headers, a name the header declares or defines, spells
// a name the header defines as a macro (the header is preprocessed alone
// once for its names), or defines a macro named as the feature-test macros are
// ('_GNU_SOURCE') after the point of the include.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_TOOL_INCLUDECHECK_H
#define LNR_TOOL_INCLUDECHECK_H

#include "clang/Basic/SourceLocation.h"
#include "clang/Frontend/CompilerInstance.h"

#include <future>
#include <map>
#include <optional>
#include <set>
#include <string>

namespace lnr::tool {

class IncludeCheck {
public:
  /// Checks files of the unit CI is parsing, with its compile command.
  /// Made before the parse: the headers' names are gathered on a thread
  /// of their own while the file is parsed (a core the parse leaves idle
  /// on a small file).
  explicit IncludeCheck(clang::CompilerInstance &CI);
  ~IncludeCheck();

  /// The first error File gets with '#include <Header>' inserted at
  /// Offset ("conflicting types for 'int64_t' (line 3)"), if any. Asked
  /// once the unit is parsed.
  std::optional<std::string> conflict(clang::FileID File, unsigned Offset,
                                      const std::string &Header);

private:
  struct HeaderNames {
    /// Every identifier its tokens spell, preprocessed: what it declares
    /// (ordinary names and tags) and more.
    std::set<std::string> Spelled;
    std::set<std::string> Macros;
  };
  /// What Header ("stdlib.h" or "stdint.h") declares and defines,
  /// preprocessed alone.
  const HeaderNames &namesOf(const std::string &Header);
  /// Whether the unit declares, defines or spells a name of Names in a
  /// way the header, included at At, could conflict with, or defines a
  /// feature-test macro after At.
  bool mayConflict(const HeaderNames &Names, clang::SourceLocation At);

  clang::CompilerInstance &CI;
  std::future<std::map<std::string, HeaderNames>> Gathering;
  std::map<std::string, HeaderNames> Names;
};

} // namespace lnr::tool

#endif
