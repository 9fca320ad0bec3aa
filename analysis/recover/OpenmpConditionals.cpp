//===- OpenmpConditionals.cpp ---------------------------------------------===//

#include "analysis/recover/OpenmpConditionals.h"

#include "llvm/ADT/SmallVector.h"

#include <cctype>

namespace lnr::recover {
namespace {

using llvm::StringRef;

enum class Line { Blank, Code, If, Else, Endif, PragmaOmp, Pragma, Other };

/// Whether the clauses of an OpenMP directive's text evaluate anything
/// with an effect: an increment, an assignment, a call (but for the
/// runtime's omp_get_ queries), which the configuration that reads the
/// directive runs and a rewrite dropping it would not.
bool clausesHaveEffects(StringRef Directive) {
  if (Directive.contains("++") || Directive.contains("--"))
    return true;
  for (size_t I = 0; I < Directive.size(); ++I) {
    char C = Directive[I];
    if (C == '=' && (I + 1 >= Directive.size() || Directive[I + 1] != '=') &&
        (I == 0 || !StringRef("=!<>").contains(Directive[I - 1])))
      return true;
  }
  // A call: a name followed by '(' inside a clause's parentheses.
  unsigned Depth = 0;
  for (size_t I = 0; I < Directive.size(); ++I) {
    char C = Directive[I];
    if (C == '(')
      ++Depth;
    else if (C == ')' && Depth)
      --Depth;
    if (!Depth || !(std::isalpha(static_cast<unsigned char>(C)) || C == '_') ||
        (I && (std::isalnum(static_cast<unsigned char>(Directive[I - 1])) ||
               Directive[I - 1] == '_')))
      continue;
    size_t End = I;
    while (End < Directive.size() &&
           (std::isalnum(static_cast<unsigned char>(Directive[End])) ||
            Directive[End] == '_'))
      ++End;
    StringRef Name = Directive.slice(I, End);
    if (Directive.drop_front(End).ltrim().startswith("(") &&
        !Name.startswith("omp_get_"))
      return true;
  }
  return false;
}

/// What a logical line (its continuations joined or not) is: a comment
/// alone on it is blank ('/* a */ x = 1; // */' is code).
Line classify(StringRef Text) {
  StringRef T = Text.trim();
  if (T.empty() || T.startswith("//") ||
      (T.startswith("/*") && T.find("*/") == T.size() - 2 && T.size() >= 4))
    return Line::Blank;
  if (!T.consume_front("#"))
    return Line::Code;
  T = T.ltrim();
  StringRef Word = T.take_while(
      [](char C) { return std::isalpha(static_cast<unsigned char>(C)); });
  if (Word == "if" || Word == "ifdef" || Word == "ifndef")
    return Line::If;
  if (Word == "elif" || Word == "else")
    return Line::Else;
  if (Word == "endif")
    return Line::Endif;
  if (Word == "pragma") {
    StringRef Rest = T.drop_front(Word.size()).ltrim();
    if (!Rest.startswith("omp"))
      return Line::Pragma;
    return clausesHaveEffects(Rest) ? Line::Other : Line::PragmaOmp;
  }
  return Line::Other;
}

/// The start of the logical line that ends right before Pos (the start of
/// a line), its continuation lines ('\' at the end) taken in; npos at the
/// file's start.
size_t logicalLineBefore(StringRef File, size_t Pos) {
  if (Pos == 0)
    return StringRef::npos;
  // Pos - 1 is the line break that ends the line before (rfind looks
  // below its second argument).
  size_t Start = File.rfind('\n', Pos - 1);
  Start = Start == StringRef::npos ? 0 : Start + 1;
  while (Start > 0) {
    StringRef Above = File.substr(0, Start - 1).rtrim("\r");
    if (!Above.endswith("\\"))
      break;
    size_t Prev = File.rfind('\n', Start - 1);
    Start = Prev == StringRef::npos ? 0 : Prev + 1;
  }
  return Start;
}

/// The logical lines of Text.
llvm::SmallVector<StringRef, 32> logicalLines(StringRef Text) {
  llvm::SmallVector<StringRef, 32> Out;
  size_t Start = 0;
  for (size_t I = 0; I <= Text.size(); ++I) {
    if (I < Text.size() && Text[I] != '\n')
      continue;
    if (I < Text.size() &&
        Text.substr(Start, I - Start).rtrim("\r").endswith("\\"))
      continue;
    Out.push_back(Text.substr(Start, I - Start));
    Start = I + 1;
  }
  return Out;
}

/// How many '#endif' lines of Text close a conditional opened before it.
unsigned closedFromBefore(StringRef Text) {
  unsigned Depth = 0, Excess = 0;
  for (StringRef L : logicalLines(Text)) {
    Line Kind = classify(L);
    if (Kind == Line::If)
      ++Depth;
    else if (Kind == Line::Endif)
      (Depth ? --Depth : ++Excess);
  }
  return Excess;
}

} // namespace

const std::string &commentsBlanked(StringRef File) {
  thread_local const char *Data = nullptr;
  thread_local size_t Size = 0;
  thread_local std::string Blanked;
  if (Data == File.data() && Size == File.size() && Data)
    return Blanked;
  Data = File.data();
  Size = File.size();
  Blanked = File.str();
  enum { Code, LineComment, BlockComment, String, Character } State = Code;
  auto Continued = [&](size_t I) { // the line break at I follows a '\'
    size_t B = I;
    if (B > 0 && File[B - 1] == '\r')
      --B;
    return B > 0 && File[B - 1] == '\\';
  };
  for (size_t I = 0; I < File.size(); ++I) {
    char C = File[I], Next = I + 1 < File.size() ? File[I + 1] : 0;
    switch (State) {
    case Code:
      if (C == '/' && (Next == '/' || Next == '*')) {
        State = Next == '/' ? LineComment : BlockComment;
        Blanked[I] = Blanked[I + 1] = ' ';
        ++I;
      } else if (C == '"' || C == '\'') {
        State = C == '"' ? String : Character;
      }
      break;
    case LineComment:
      if (C == '\n' && !Continued(I))
        State = Code;
      else if (C != '\n' && C != '\r')
        Blanked[I] = ' ';
      break;
    case BlockComment:
      if (C == '*' && Next == '/') {
        Blanked[I] = Blanked[I + 1] = ' ';
        ++I;
        State = Code;
      } else if (C != '\n' && C != '\r') {
        Blanked[I] = ' ';
      }
      break;
    case String:
    case Character:
      if (C == '\\')
        ++I;
      else if (C == (State == String ? '"' : '\'') || C == '\n')
        State = Code;
      break;
    }
  }
  return Blanked;
}

std::string directiveLeftBefore(StringRef File, size_t Begin) {
  size_t LineStart = File.rfind('\n', Begin);
  LineStart = LineStart == StringRef::npos ? 0 : LineStart + 1;
  // Depth: how many conditionals the lines read so far close (an '#else'
  // right before: the nest is in its branch).
  unsigned Depth = 0;
  for (size_t At = logicalLineBefore(File, LineStart); At != StringRef::npos;
       At = logicalLineBefore(File, At)) {
    StringRef Text = File.slice(At, File.find('\n', At)).trim();
    Line Kind = classify(Text);
    bool Pragma = (Text.startswith("#") &&
                   Text.drop_front().ltrim().startswith("pragma")) ||
                  Text.contains("_Pragma");
    if (Pragma)
      return Text.str();
    switch (Kind) {
    case Line::Blank:
    case Line::Other: // a definition is no statement
      break;
    case Line::Endif:
      ++Depth;
      break;
    case Line::Else:
      Depth += Depth == 0;
      break;
    case Line::If:
      // Opened above the nest: what is above it is not right before.
      if (Depth == 0)
        return "";
      --Depth;
      break;
    default:
      // Code: right before the nest, a directive above applies to it; in
      // a conditional, it may be one (a macro expanding to _Pragma).
      return Depth ? Text.str() : "";
    }
  }
  return "";
}

size_t beginWithOpenmpConditionals(StringRef File, size_t Begin, size_t End) {
  size_t LineStart = File.rfind('\n', Begin);
  LineStart = LineStart == StringRef::npos ? 0 : LineStart + 1;
  if (!File.slice(LineStart, Begin).trim().empty())
    return Begin;
  unsigned Depth = closedFromBefore(File.slice(Begin, End));
  size_t Found = Depth ? StringRef::npos : Begin;
  for (size_t At = logicalLineBefore(File, LineStart); At != StringRef::npos;
       At = logicalLineBefore(File, At)) {
    StringRef Text = File.slice(At, File.find('\n', At));
    Line Kind = classify(Text);
    if (Kind == Line::Blank)
      continue;
    if (Kind == Line::Endif) {
      ++Depth;
      continue;
    }
    if (Depth == 0 ||
        (Kind != Line::If && Kind != Line::Else && Kind != Line::PragmaOmp))
      break;
    if (Kind == Line::If && --Depth == 0)
      Found = At + (Text.size() - Text.ltrim().size());
  }
  return Found == StringRef::npos ? Begin : Found;
}

std::string firstOtherDirective(StringRef Text) {
  unsigned Depth = 0;
  StringRef Opened; // the outermost open conditional's '#if'
  for (StringRef L : logicalLines(Text)) {
    Line Kind = classify(L);
    if (Kind == Line::Other ||
        (!Depth && (Kind == Line::Else || Kind == Line::Endif)))
      return L.trim().str();
    if ((Kind == Line::Code || Kind == Line::Pragma) && Depth)
      return Opened.trim().str();
    if (Kind == Line::If && Depth++ == 0)
      Opened = L;
    if (Kind == Line::Endif)
      --Depth;
  }
  return Depth ? Opened.trim().str() : "";
}

} // namespace lnr::recover
