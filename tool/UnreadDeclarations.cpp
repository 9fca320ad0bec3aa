//===- UnreadDeclarations.cpp ---------------------------------------------===//

#include "tool/UnreadDeclarations.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <cctype>
#include <tuple>

using llvm::SmallVector;
using llvm::StringRef;

namespace lnr::tool {
namespace {

/// Where the list of the OpenMP clause 'private(' that begins at or after
/// From opens and closes in Text; npos when there is none.
std::pair<size_t, size_t> privateList(StringRef Text, size_t From) {
  for (size_t At = Text.find("private(", From); At != StringRef::npos;
       At = Text.find("private(", At + 1))
    if (At == 0 || !(isalnum(Text[At - 1]) || Text[At - 1] == '_')) {
      size_t Open = At + 8, Close = Text.find(')', Open);
      if (Close != StringRef::npos)
        return {Open, Close};
    }
  return {StringRef::npos, StringRef::npos};
}

/// How many times Text spells the identifier Name as code reads it: not
/// in comments, string or character literals, nor in the lists of OpenMP
/// 'private' clauses (which the compiler does not count as a use: a
/// variable named there alone is unused); its other clauses
/// ('schedule(dynamic, chunk)') read it.
size_t spellings(StringRef Text, StringRef Name) {
  std::string Plain = Text.str();
  for (auto [Open, Close] = privateList(Plain, 0); Open != StringRef::npos;
       std::tie(Open, Close) = privateList(Plain, Close))
    std::fill(Plain.begin() + Open, Plain.begin() + Close, ' ');
  StringRef Code = Plain;
  size_t Count = 0;
  for (size_t I = 0; I < Code.size();) {
    char C = Code[I];
    if (Code.substr(I).startswith("/*")) {
      size_t End = Code.find("*/", I + 2);
      I = End == StringRef::npos ? Code.size() : End + 2;
    } else if (Code.substr(I).startswith("//")) {
      I = Code.find('\n', I);
    } else if (C == '"' || C == '\'') {
      for (++I; I < Code.size() && Code[I] != C; ++I)
        I += Code[I] == '\\';
      ++I;
    } else if (isalnum(C) || C == '_') {
      size_t End = I;
      while (End < Code.size() && (isalnum(Code[End]) || Code[End] == '_'))
        ++End;
      Count += Code.slice(I, End) == Name;
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
  for (auto [Open, Close] = privateList(Text, 0); Open != StringRef::npos;
       std::tie(Open, Close) = privateList(Text, Open)) {
    // The list may run over escaped line breaks.
    SmallVector<StringRef, 8> Names;
    StringRef(Text).slice(Open, Close).split(Names, ',');
    std::string Kept;
    for (StringRef Each : Names) {
      StringRef Spelled = Each.trim(" \t\r\n\\");
      if (Spelled != Name)
        Kept += (Kept.empty() ? "" : ", ") + Spelled.str();
    }
    size_t Begin = Open - 8; // 'private('
    while (Begin > 0 && Text[Begin - 1] == ' ')
      --Begin;
    std::string Clause = Kept.empty() ? "" : " private(" + Kept + ")";
    Text.replace(Begin, Close + 1 - Begin, Clause);
    Open = Begin + Clause.size();
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
      if (V.InMacro || spellings(Block, V.Name) > spellings(D.Text, V.Name))
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
