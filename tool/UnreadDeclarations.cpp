//===- UnreadDeclarations.cpp ---------------------------------------------===//

#include "tool/UnreadDeclarations.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cctype>

using llvm::SmallVector;
using llvm::StringRef;

namespace lnr::tool {
namespace {

/// How many times Text spells the identifier Name outside comments and
/// preprocessor lines (an OpenMP clause naming a variable is not a use to
/// the compiler's warnings).
size_t spellings(StringRef Text, StringRef Name) {
  size_t Count = 0;
  for (size_t I = 0; I < Text.size();) {
    if (Text[I] == '#' && Text.substr(0, I).rtrim(" \t").endswith("\n")) {
      // To the end of the directive, over escaped line breaks.
      do
        I = Text.find('\n', I + 1);
      while (I != StringRef::npos && Text[I - 1] == '\\');
    } else if (Text.substr(I).startswith("/*")) {
      size_t End = Text.find("*/", I + 2);
      I = End == StringRef::npos ? Text.size() : End + 2;
    } else if (Text.substr(I).startswith("//")) {
      I = Text.find('\n', I);
    } else if (isalnum(Text[I]) || Text[I] == '_') {
      size_t End = I;
      while (End < Text.size() && (isalnum(Text[End]) || Text[End] == '_'))
        ++End;
      Count += Text.slice(I, End) == Name;
      I = End;
    } else {
      ++I;
    }
  }
  return Count;
}

/// Text with Name out of the 'private(...)' clauses of its OpenMP
/// directives, a clause left empty dropped.
std::string withoutPrivate(std::string Text, const std::string &Name) {
  const std::string Clause = " private(";
  for (size_t At = Text.find(Clause); At != std::string::npos;
       At = Text.find(Clause, At + 1)) {
    size_t Open = At + Clause.size(), Close = Text.find(')', Open);
    if (Close == std::string::npos)
      break;
    SmallVector<StringRef, 8> Names;
    StringRef(Text).slice(Open, Close).split(Names, ',');
    std::string Kept;
    for (StringRef Each : Names)
      if (Each.trim() != Name)
        Kept += (Kept.empty() ? "" : ", ") + Each.trim().str();
    Text.replace(At, Close + 1 - At, Kept.empty() ? "" : Clause + Kept + ")");
  }
  return Text;
}

} // namespace

/// Block without the variables of its declarations that the rewrite left
/// unread (a body's accumulator, a pointer to the temporary's values):
/// the calls it falls back to do not read them, and an unread variable is
/// a warning. A declaration whose variables are all unread goes when its
/// values call and set nothing; one declaring several without values is
/// written again with those read.
std::string withoutUnread(std::string Block,
                          const std::vector<recover::BlockDeclaration> &Decls) {
  size_t From = 0;
  for (const recover::BlockDeclaration &D : Decls) {
    size_t At = D.Text.empty() ? std::string::npos : Block.find(D.Text, From);
    if (At == std::string::npos)
      continue;
    std::string Kept;
    std::vector<std::string> Unread;
    bool Alone = true;
    for (const recover::BlockDeclaration::Variable &V : D.Variables) {
      Alone = Alone && !V.Alone.empty();
      if (spellings(Block, V.Name) > spellings(D.Text, V.Name))
        Kept += (Kept.empty() ? "" : " ") + V.Alone + ";";
      else
        Unread.push_back(V.Name);
    }
    bool None = Kept.empty();
    if (Unread.empty() || (None && !D.Quiet) || (!None && !Alone)) {
      From = At + D.Text.size();
      continue;
    }
    Block.replace(At, D.Text.size(), Kept);
    for (const std::string &Name : Unread)
      Block = withoutPrivate(std::move(Block), Name);
    From = At + Kept.size();
  }
  return Block;
}

} // namespace lnr::tool
