//===- Includes.cpp -------------------------------------------------------===//

#include "rewrite/Includes.h"

#include "clang/Format/Format.h"
#include "clang/Tooling/Inclusions/HeaderIncludes.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>
#include <string>

namespace lnr::rewrite {
namespace {

/// Where the file's leading feature-test macros end ('#define _GNU_SOURCE',
/// '#define _XOPEN_SOURCE 700': a reserved name defined before the first
/// line that is not a directive, a comment or blank): an include must come
/// after them, or the C library's headers are read without them. 0 when
/// there are none.
unsigned afterFeatureMacros(llvm::StringRef Code) {
  unsigned After = 0;
  bool InComment = false;
  for (size_t At = 0; At < Code.size();) {
    size_t End = Code.find('\n', At);
    End = End == llvm::StringRef::npos ? Code.size() : End + 1;
    llvm::StringRef Line = Code.slice(At, End).trim();
    At = End;
    if (InComment) {
      InComment = !Line.contains("*/");
      continue;
    }
    if (Line.empty() || Line.startswith("//"))
      continue;
    if (Line.startswith("/*")) {
      InComment = !Line.contains("*/");
      continue;
    }
    if (!Line.startswith("#"))
      break; // code: the directives in front of it are over
    llvm::StringRef Directive = Line.drop_front(1).ltrim();
    if (Directive.consume_front("define") && !Directive.empty() &&
        (Directive.front() == ' ' || Directive.front() == '\t')) {
      Directive = Directive.ltrim();
      if (Directive.size() > 1 && Directive[0] == '_' &&
          (std::isupper(static_cast<unsigned char>(Directive[1])) ||
           Directive[1] == '_'))
        After = unsigned(End);
    }
  }
  return After;
}

} // namespace

void insertIncludes(std::vector<NestOutcome> &Outcomes,
                    const clang::SourceManager &SM) {
  // One insertion per file, with its first nest that needs one: the
  // #include <stdlib.h> of the temporaries, the <stdint.h> of the overlap
  // tests (every header any nest of the file needs).
  std::map<clang::FileID, std::vector<std::string>> Headers;
  for (NestOutcome &O : Outcomes) {
    std::vector<std::string> &H = Headers[O.File];
    if (O.NeedsStdint && !std::count(H.begin(), H.end(), "stdint.h"))
      H.insert(H.begin(), "stdint.h");
    if (O.NeedsStdlib && !std::count(H.begin(), H.end(), "stdlib.h"))
      H.push_back("stdlib.h");
    O.NeedsStdlib |= O.NeedsStdint;
  }
  std::set<clang::FileID> Included;
  for (NestOutcome &O : Outcomes) {
    if (!O.NeedsStdlib || !Included.insert(O.File).second)
      continue;
    llvm::StringRef Code = SM.getBufferData(O.File);
    clang::tooling::HeaderIncludes Includes(
        SM.getFileEntryForID(O.File)->getName(), Code,
        clang::format::getLLVMStyle().IncludeStyle);
    std::optional<unsigned> At;
    std::string Text;
    for (const std::string &Header : Headers[O.File]) {
      if (auto Insert = Includes.insert(Header, /*IsAngled=*/true)) {
        if (!At)
          At = Insert->getOffset();
        Text += Insert->getReplacementText().str();
      } else {
        // Included, but after the nest's function: again in front of it.
        if (!At)
          At = O.WindowEnd > O.WindowBegin ? O.WindowBegin : 0;
        Text += "#include <" + Header + ">\n";
      }
    }
    // Never above the file's feature-test macros (HeaderIncludes puts a
    // header of a category the file has none of first).
    At = std::max(*At, afterFeatureMacros(Code));
    O.IncludeFix = clang::tooling::Replacement(
        SM.getFileEntryForID(O.File)->getName(), *At, 0, Text);
    O.IncludedHeaders = Headers[O.File];
  }
}

std::map<std::string, std::string>
includeConflicts(const std::vector<NestOutcome> &Outcomes,
                 const decltype(FileHooks::IncludeConflict) &Conflict) {
  std::map<std::string, std::string> Found;
  for (const NestOutcome &O : Outcomes) {
    if (!O.IncludeFix)
      continue;
    for (const std::string &Header : O.IncludedHeaders)
      if (!Found.count(Header))
        if (std::optional<std::string> Error =
                Conflict(O.File, O.IncludeFix->getOffset(), Header))
          Found[Header] = *Error;
  }
  return Found;
}

} // namespace lnr::rewrite
