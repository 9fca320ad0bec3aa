//===- Includes.cpp -------------------------------------------------------===//

#include "rewrite/Includes.h"

#include "clang/Format/Format.h"
#include "clang/Tooling/Inclusions/HeaderIncludes.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>

namespace lnr::rewrite {

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
    O.IncludeFix = clang::tooling::Replacement(
        SM.getFileEntryForID(O.File)->getName(), *At, 0, Text);
  }
}

} // namespace lnr::rewrite
