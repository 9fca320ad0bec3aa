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

/// The file's leading lines: the directives, comments and blank lines before
/// its first line of code.
struct Leading {
  /// Where its feature-test macros end ('#define _GNU_SOURCE', '#define
  /// _XOPEN_SOURCE 700': a reserved name defined): an include must come
  /// after them, or the C library's headers are read without them. 0 when
  /// there are none.
  unsigned FeatureMacrosEnd = 0;
  /// Where its last directive outside any '#if' ends: the file's headers
  /// and macros come before it. 0 when there is none.
  unsigned DirectivesEnd = 0;
};
/// Line without its comments, each a blank; InComment, whether a block
/// comment is open before it, then after it. Quotes are read as literals.
std::string withoutComments(llvm::StringRef Line, bool &InComment) {
  std::string Out;
  char Quote = 0;
  for (size_t I = 0; I < Line.size(); ++I) {
    char C = Line[I], Next = I + 1 < Line.size() ? Line[I + 1] : 0;
    if (InComment) {
      if (C == '*' && Next == '/') {
        InComment = false;
        ++I;
        Out += ' ';
      }
    } else if (Quote) {
      Out += C;
      if (C == '\\' && Next)
        Out += Line[++I];
      else if (C == Quote)
        Quote = 0;
    } else if (C == '/' && Next == '/') {
      break;
    } else if (C == '/' && Next == '*') {
      InComment = true;
      ++I;
      Out += ' ';
    } else {
      if (C == '"' || C == '\'')
        Quote = C;
      Out += C;
    }
  }
  return Out;
}

/// Whether Directive (after its '#') defines a reserved name, as a
/// feature-test macro is ('_GNU_SOURCE', '_XOPEN_SOURCE').
bool definesFeatureMacro(llvm::StringRef Directive) {
  if (!Directive.consume_front("define") || Directive.empty() ||
      (Directive.front() != ' ' && Directive.front() != '\t'))
    return false;
  Directive = Directive.ltrim();
  return Directive.size() > 1 && Directive[0] == '_' &&
         (std::isupper(static_cast<unsigned char>(Directive[1])) ||
          Directive[1] == '_');
}

Leading leadingLines(llvm::StringRef Code) {
  Leading Out;
  // A byte-order mark stays first.
  size_t Start = Code.startswith("\xEF\xBB\xBF") ? 3 : 0;
  Out.DirectivesEnd = unsigned(Start);
  bool InComment = false, Continued = false;
  // A directive not ended yet (continued, or a comment it opened), and
  // whether it defines a feature-test macro; one under '#if' ends with the
  // '#endif' that closes its block.
  bool Open = false, Feature = false, FeatureInBlock = false;
  int Depth = 0;
  for (size_t At = Start; At < Code.size();) {
    size_t End = Code.find('\n', At);
    End = End == llvm::StringRef::npos ? Code.size() : End + 1;
    llvm::StringRef Raw = Code.slice(At, End);
    At = End;
    std::string Text = withoutComments(Raw, InComment);
    llvm::StringRef Line = llvm::StringRef(Text).trim();
    bool Continues = Raw.rtrim().endswith("\\");
    if (!Continued && !Line.empty() && !Line.startswith("#"))
      break; // code: the directives in front of it are over
    if (!Continued && Line.startswith("#")) {
      llvm::StringRef Directive = Line.drop_front(1).ltrim();
      if (Directive.startswith("if"))
        ++Depth;
      else if (Directive.startswith("endif") && --Depth == 0 &&
               FeatureInBlock) {
        Out.FeatureMacrosEnd = unsigned(End);
        FeatureInBlock = false;
      }
      Open = true;
      Feature = definesFeatureMacro(Directive);
      if (Feature && Depth > 0) {
        FeatureInBlock = true;
        Feature = false;
      }
    }
    Continued = Continues;
    if (Open && !Continues && !InComment) {
      Open = false;
      if (Depth == 0)
        Out.DirectivesEnd = unsigned(End);
      if (Feature)
        Out.FeatureMacrosEnd = unsigned(End);
    }
  }
  return Out;
}

/// Helpers, the file's SubscriptHelpers, in the clang-format style of the
/// file at Path.
std::string styled(const std::string &Helpers, llvm::StringRef Path,
                   llvm::StringRef Code) {
  llvm::Expected<clang::format::FormatStyle> Style =
      clang::format::getStyle("file", Path, "LLVM", Code);
  if (!Style) {
    llvm::consumeError(Style.takeError());
    return Helpers;
  }
  clang::tooling::Replacements Changes = clang::format::reformat(
      *Style, Helpers, {clang::tooling::Range(0, Helpers.size())});
  llvm::Expected<std::string> Out =
      clang::tooling::applyAllReplacements(Helpers, Changes);
  if (!Out) {
    llvm::consumeError(Out.takeError());
    return Helpers;
  }
  return *Out;
}

/// What a file's rewrites need in front of them: headers, and the
/// definitions of the helpers their overlap tests call.
struct Preamble {
  std::vector<std::string> Headers;
  std::string Helpers;
};

/// The preamble's insertion into O's file: the headers where HeaderIncludes
/// puts a new one (in front of the nest's function when the file includes
/// one after it), the helpers after the file's leading directives (or
/// after those headers, when they come later).
clang::tooling::Replacement preambleFix(const NestOutcome &O, const Preamble &P,
                                        const clang::SourceManager &SM) {
  llvm::StringRef Code = SM.getBufferData(O.File);
  llvm::StringRef Path = SM.getFileEntryForID(O.File)->getName();
  Leading Lines = leadingLines(Code);
  clang::tooling::HeaderIncludes Includes(
      Path, Code, clang::format::getLLVMStyle().IncludeStyle);
  std::optional<unsigned> At;
  std::string Headers;
  for (const std::string &Header : P.Headers) {
    if (auto Insert = Includes.insert(Header, /*IsAngled=*/true)) {
      if (!At)
        At = Insert->getOffset();
      Headers += Insert->getReplacementText().str();
    } else {
      // Included, but after the nest's function: again in front of it.
      if (!At)
        At = O.WindowEnd > O.WindowBegin ? O.WindowBegin : 0;
      Headers += "#include <" + Header + ">\n";
    }
  }
  // Never above the file's feature-test macros (HeaderIncludes puts a
  // header of a category the file has none of first).
  unsigned HeadersAt = std::max(At.value_or(0), Lines.FeatureMacrosEnd);
  if (P.Helpers.empty())
    return clang::tooling::Replacement(Path, HeadersAt, 0, Headers);
  // The helpers after the file's directives, or after the headers inserted
  // in front of the nest's function. One replacement: from the headers to
  // the helpers, the file's text between them kept as it is.
  unsigned HelpersAt = Lines.DirectivesEnd;
  if (!Headers.empty())
    HelpersAt = std::max(HelpersAt, HeadersAt);
  unsigned Begin = Headers.empty() ? HelpersAt : HeadersAt;
  std::string Text = Headers + Code.slice(Begin, HelpersAt).str();
  if (HelpersAt > 0 || !Text.empty())
    Text += "\n"; // a blank line after what comes before
  Text += styled(P.Helpers, Path, Code);
  if (HelpersAt < Code.size() && Code[HelpersAt] != '\n')
    Text += "\n"; // and before the code that follows
  return clang::tooling::Replacement(Path, Begin, HelpersAt - Begin, Text);
}

} // namespace

void insertIncludes(std::vector<NestOutcome> &Outcomes,
                    const clang::SourceManager &SM) {
  // One insertion per file, with its first nest that needs one: the
  // #include <stdlib.h> of the temporaries, the <stdint.h> of the overlap
  // tests (every header any nest of the file needs), and the helpers the
  // tests call.
  std::map<clang::FileID, Preamble> Needed;
  for (NestOutcome &O : Outcomes) {
    Preamble &P = Needed[O.File];
    std::vector<std::string> &H = P.Headers;
    if (O.NeedsStdint && !std::count(H.begin(), H.end(), "stdint.h"))
      H.insert(H.begin(), "stdint.h");
    if (O.NeedsStdlib && !std::count(H.begin(), H.end(), "stdlib.h"))
      H.push_back("stdlib.h");
    if (P.Helpers.empty())
      P.Helpers = O.Helpers;
    O.NeedsPreamble = O.NeedsStdlib || O.NeedsStdint || !O.Helpers.empty();
    O.IncludeFix.reset();
    O.IncludedHeaders.clear();
  }
  std::set<clang::FileID> Inserted;
  for (NestOutcome &O : Outcomes) {
    if (!O.NeedsPreamble || !Inserted.insert(O.File).second)
      continue;
    O.IncludeFix = preambleFix(O, Needed[O.File], SM);
    O.IncludedHeaders = Needed[O.File].Headers;
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
