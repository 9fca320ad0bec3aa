//===- PrintStyle.cpp -----------------------------------------------------===//
//
// Each option of clang::format::FormatStyle that can change how clang-format
// writes a loop nest of C is either mapped to the printer's PrintStyle or,
// for values the printer does not follow, makes printStyleFor give up. The
// options that cannot change a nest (those of classes, namespaces, function
// declarations, includes, comments at the end of lines, other languages)
// are not looked at.
//
//===----------------------------------------------------------------------===//

#include "rewrite/PrintStyle.h"

#include <cctype>

namespace lnr::rewrite {

using clang::format::FormatStyle;
using lower::PrintStyle;

namespace {

/// BraceWrapping as clang-format expands BreakBeforeBraces (its
/// expandPresetsBraceWrapping), for the fields a nest uses; false for a
/// preset the printer does not follow (Whitesmiths indents the braces but
/// not the body within them).
bool braces(const FormatStyle &Style, PrintStyle &P) {
  using W = PrintStyle::Wrap;
  P.BraceAfterControlStatement = W::Never;
  P.BraceBeforeElse = false;
  P.IndentBraces = false;
  switch (Style.BreakBeforeBraces) {
  case FormatStyle::BS_Attach:
  case FormatStyle::BS_Linux:
  case FormatStyle::BS_Mozilla:
  case FormatStyle::BS_WebKit:
    return true; // they wrap after functions, classes and the like only
  case FormatStyle::BS_Stroustrup:
    P.BraceBeforeElse = true;
    return true;
  case FormatStyle::BS_Allman:
    P.BraceAfterControlStatement = W::Always;
    P.BraceBeforeElse = true;
    return true;
  case FormatStyle::BS_GNU:
    P.BraceAfterControlStatement = W::Always;
    P.BraceBeforeElse = true;
    P.IndentBraces = true;
    return true;
  case FormatStyle::BS_Whitesmiths:
    return false;
  case FormatStyle::BS_Custom:
    break;
  }
  const FormatStyle::BraceWrappingFlags &B = Style.BraceWrapping;
  switch (B.AfterControlStatement) {
  case FormatStyle::BWACS_Never:
    P.BraceAfterControlStatement = W::Never;
    break;
  case FormatStyle::BWACS_MultiLine:
    P.BraceAfterControlStatement = W::MultiLine;
    break;
  case FormatStyle::BWACS_Always:
    P.BraceAfterControlStatement = W::Always;
    break;
  }
  P.BraceBeforeElse = B.BeforeElse;
  P.IndentBraces = B.IndentBraces;
  // clang-format writes '} else\n{ x; }' there: not followed.
  return !(P.BraceAfterControlStatement == W::Always && !P.BraceBeforeElse);
}

bool spaceBeforeParens(const FormatStyle &Style, PrintStyle &P) {
  P.SpaceBeforeControlParens = true;
  P.SpaceBeforeCallParens = false;
  P.SpaceBeforeNonEmptyCallParens = false;
  switch (Style.SpaceBeforeParens) {
  case FormatStyle::SBPO_Never:
    P.SpaceBeforeControlParens = false;
    return true;
  case FormatStyle::SBPO_ControlStatements:
  // The control macros (IfMacros, ForEachMacros) are not in a nest.
  case FormatStyle::SBPO_ControlStatementsExceptControlMacros:
    return true;
  case FormatStyle::SBPO_NonEmptyParentheses:
    P.SpaceBeforeNonEmptyCallParens = true;
    return true;
  case FormatStyle::SBPO_Always:
    P.SpaceBeforeCallParens = true;
    return true;
  case FormatStyle::SBPO_Custom:
    break;
  }
  // After function names in declarations and definitions, after
  // overloaded operators: not in a nest.
  const FormatStyle::SpaceBeforeParensCustom &O =
      Style.SpaceBeforeParensOptions;
  P.SpaceBeforeControlParens = O.AfterControlStatements;
  P.SpaceBeforeNonEmptyCallParens = O.BeforeNonEmptyParentheses;
  return true;
}

bool isTypeWord(llvm::StringRef W) {
  static const char *const Types[] = {
      "void",     "char",     "short",    "int",      "long",     "float",
      "double",   "signed",   "unsigned", "_Bool",    "bool",     "const",
      "volatile", "size_t",   "int8_t",   "int16_t",  "int32_t",  "int64_t",
      "uint8_t",  "uint16_t", "uint32_t", "uint64_t", "ptrdiff_t"};
  for (const char *T : Types)
    if (W == T)
      return true;
  return false;
}

bool isKeyword(llvm::StringRef W) {
  static const char *const Words[] = {"return", "sizeof",  "case",   "else",
                                      "do",     "goto",    "if",     "for",
                                      "while",  "switch",  "struct", "union",
                                      "enum",   "typedef", "static", "extern"};
  for (const char *K : Words)
    if (W == K)
      return true;
  return isTypeWord(W);
}

/// clang-format's derived pointer alignment (the '*' and '&' of
/// declarations and casts with blanks on one side only: before it, Right;
/// after it, Left; a tie, Left), read from Code with a simple lexer. A
/// star after a type keyword ('double *t', '(double *)') surely declares;
/// after another name ('real *t', 'n *m') it may, and the derivation is
/// given up when such stars could change the outcome.
std::optional<PrintStyle::Alignment>
derivePointerAlignment(llvm::StringRef Code) {
  struct Tok {
    llvm::StringRef Text;
    bool Word;
    bool SpaceBefore;
  };
  std::vector<Tok> Toks;
  bool Space = true;
  for (size_t I = 0; I < Code.size();) {
    char C = Code[I];
    if (std::isspace(static_cast<unsigned char>(C)) || C == '\\') {
      Space = true;
      ++I;
      continue;
    }
    if (Code.substr(I).startswith("//")) {
      I = Code.find('\n', I);
      Space = true;
      continue;
    }
    if (Code.substr(I).startswith("/*")) {
      size_t End = Code.find("*/", I + 2);
      I = End == llvm::StringRef::npos ? Code.size() : End + 2;
      Space = true;
      continue;
    }
    size_t End = I + 1;
    bool Word = false;
    if (std::isalnum(static_cast<unsigned char>(C)) || C == '_') {
      while (End < Code.size() &&
             (std::isalnum(static_cast<unsigned char>(Code[End])) ||
              Code[End] == '_'))
        ++End;
      Word = !std::isdigit(static_cast<unsigned char>(C));
    } else if (C == '"' || C == '\'') {
      while (End < Code.size() && Code[End] != C && Code[End] != '\n')
        End += Code[End] == '\\' ? 2 : 1;
      End = std::min(End + 1, Code.size());
    } else if ((C == '&' || C == '*') && End < Code.size() &&
               (Code[End] == '=' || (C == '&' && Code[End] == '&'))) {
      ++End; // '&&', '&=', '*=': no declarator
    }
    Toks.push_back({Code.slice(I, End), Word, Space});
    Space = false;
    I = End;
  }
  int Sure = 0, MaybeRight = 0, MaybeLeft = 0;
  for (size_t I = 1; I + 1 < Toks.size(); ++I) {
    const Tok &T = Toks[I];
    if (T.Text != "*" && T.Text != "&")
      continue;
    bool Before = T.SpaceBefore, After = Toks[I + 1].SpaceBefore;
    if (Before == After)
      continue;
    const Tok &P = Toks[I - 1];
    const Tok &N = Toks[I + 1];
    bool NextFits = N.Word || N.Text == ")" || N.Text == "*" || N.Text == "&" ||
                    N.Text == ",";
    if (!NextFits)
      continue;
    bool TypeBefore =
        (P.Word && isTypeWord(P.Text)) ||
        (P.Word && I >= 2 &&
         (Toks[I - 2].Text == "struct" || Toks[I - 2].Text == "union" ||
          Toks[I - 2].Text == "enum"));
    if (TypeBefore) {
      Sure += Before ? 1 : -1;
      continue;
    }
    if ((P.Word && !isKeyword(P.Text)) || P.Text == "*")
      ++(Before ? MaybeRight : MaybeLeft);
  }
  if (Sure - MaybeLeft > 0)
    return PrintStyle::Alignment::Right;
  if (Sure + MaybeRight <= 0)
    return PrintStyle::Alignment::Left;
  return std::nullopt;
}

/// Whether the printer follows Style. Options it does not follow that
/// change how a nest is written: aligned '=' or names of consecutive
/// lines, preprocessor lines indented by their nesting, braces removed
/// around single statements, 'const' moved, short blocks joined to their
/// header ('if (c) { x; }'), blanks in an empty block ('{ }'), a space
/// before '[', CRLF line endings the style asks for whatever the file has,
/// and penalties low enough that clang-format would rather overflow a line
/// than break it.
bool followed(const FormatStyle &Style) {
  return !(Style.AlignConsecutiveAssignments != FormatStyle::ACS_None ||
           Style.AlignConsecutiveDeclarations != FormatStyle::ACS_None ||
           Style.IndentPPDirectives != FormatStyle::PPDIS_None ||
           Style.RemoveBracesLLVM ||
           Style.QualifierAlignment != FormatStyle::QAS_Leave ||
           Style.AllowShortBlocksOnASingleLine == FormatStyle::SBS_Always ||
           Style.SpaceInEmptyBlock || Style.SpaceBeforeSquareBrackets ||
           (Style.UseCRLF && !Style.DeriveLineEnding) ||
           Style.PenaltyExcessCharacter < 10000 || Style.IndentWidth == 0);
}

PrintStyle::Tabs tabsOf(const FormatStyle &Style) {
  switch (Style.UseTab) {
  case FormatStyle::UT_Never:
    return PrintStyle::Tabs::Never;
  case FormatStyle::UT_ForIndentation:
    return PrintStyle::Tabs::ForIndentation;
  case FormatStyle::UT_ForContinuationAndIndentation:
    return PrintStyle::Tabs::ForContinuationAndIndentation;
  case FormatStyle::UT_AlignWithSpaces:
    return PrintStyle::Tabs::AlignWithSpaces;
  case FormatStyle::UT_Always:
    return PrintStyle::Tabs::Always;
  }
  return PrintStyle::Tabs::Never;
}

/// How blocks that are no control statement's, and empty blocks, are
/// joined.
void plainBlocks(const FormatStyle &Style, PrintStyle &P) {
  // A block that is no control statement's is joined as a function body
  // ('{ s += 1; }' in LLVM style, not in GNU's or Mozilla's), and so is
  // the wrapped brace after 'else' (UnwrappedLineFormatter's
  // tryFitMultipleLinesInOne).
  const FormatStyle::BraceWrappingFlags Expanded = [&] {
    FormatStyle::BraceWrappingFlags B = Style.BraceWrapping;
    if (Style.BreakBeforeBraces != FormatStyle::BS_Custom) {
      // The presets that wrap after a function's name (Linux, Mozilla,
      // Stroustrup, Allman, GNU, WebKit) and split its empty body.
      B.AfterFunction = Style.BreakBeforeBraces != FormatStyle::BS_Attach;
      B.SplitEmptyFunction = true;
    }
    return B;
  }();
  P.ShortPlainBlockOnASingleLine =
      !Expanded.AfterFunction &&
      P.BraceAfterControlStatement != PrintStyle::Wrap::MultiLine;
  P.EmptyPlainBlockOnASingleLine =
      !Expanded.AfterFunction || !Expanded.SplitEmptyFunction;
  P.EmptyBlockOnASingleLine =
      Style.AllowShortBlocksOnASingleLine == FormatStyle::SBS_Empty;
  // The printer's unbraced 'if' has no 'else': WithoutElse, OnlyFirstIf
  // and AllIfsAndElse all join it to its statement. The printer's loops
  // always have braces, so AllowShortLoopsOnASingleLine does not matter.
  P.ShortIfOnASingleLine =
      Style.AllowShortIfStatementsOnASingleLine != FormatStyle::SIS_Never;
}

PrintStyle::Alignment pointerAlignmentOf(const FormatStyle &Style) {
  switch (Style.PointerAlignment) {
  case FormatStyle::PAS_Left:
    return PrintStyle::Alignment::Left;
  case FormatStyle::PAS_Right:
    return PrintStyle::Alignment::Right;
  case FormatStyle::PAS_Middle:
    return PrintStyle::Alignment::Middle;
  }
  return PrintStyle::Alignment::Right;
}

void spaces(const FormatStyle &Style, PrintStyle &P) {
  P.SpaceAfterCStyleCast = Style.SpaceAfterCStyleCast;
  P.SpacesInParentheses = Style.SpacesInParentheses;
  P.SpacesInCStyleCastParentheses = Style.SpacesInCStyleCastParentheses;
  P.SpaceInEmptyParentheses = Style.SpaceInEmptyParentheses;
  P.SpacesInSquareBrackets = Style.SpacesInSquareBrackets;
  P.SpacesInConditionalStatement = Style.SpacesInConditionalStatement;
  P.Cpp11BracedListStyle = Style.Cpp11BracedListStyle;
  P.SpaceBeforeAssignmentOperators = Style.SpaceBeforeAssignmentOperators;
  P.SpaceAfterLogicalNot = Style.SpaceAfterLogicalNot;
}

/// Where long expressions break, and how their operands align.
void operators(const FormatStyle &Style, PrintStyle &P) {
  switch (Style.BreakBeforeBinaryOperators) {
  case FormatStyle::BOS_None:
    P.BreakBeforeBinaryOperators = PrintStyle::BinaryBreak::None;
    break;
  case FormatStyle::BOS_NonAssignment:
    P.BreakBeforeBinaryOperators = PrintStyle::BinaryBreak::NonAssignment;
    break;
  case FormatStyle::BOS_All:
    P.BreakBeforeBinaryOperators = PrintStyle::BinaryBreak::All;
    break;
  }
  switch (Style.AlignOperands) {
  case FormatStyle::OAS_DontAlign:
    P.AlignOperands = PrintStyle::Operands::DontAlign;
    break;
  case FormatStyle::OAS_Align:
    P.AlignOperands = PrintStyle::Operands::Align;
    break;
  case FormatStyle::OAS_AlignAfterOperator:
    P.AlignOperands = PrintStyle::Operands::AlignAfterOperator;
    break;
  }
  // Other values break a long header differently: the printer leaves such
  // headers to clang-format (print's Exact).
  P.AlignAfterOpenBracket =
      Style.AlignAfterOpenBracket == FormatStyle::BAS_Align;
  P.BinPackArguments = Style.BinPackArguments;
  P.PenaltyBreakAssignment = Style.PenaltyBreakAssignment;
}

} // namespace

std::optional<PrintStyle> printStyleFor(const FormatStyle &Style) {
  // clang-format 14 formats C as C++; the printer writes C only. The
  // pointer alignment clang-format derives from the file: see the overload
  // with the file's text.
  if (Style.Language != FormatStyle::LK_Cpp || Style.DerivePointerAlignment ||
      !followed(Style))
    return std::nullopt;
  PrintStyle P;
  P.IndentWidth = Style.IndentWidth;
  P.TabWidth = Style.TabWidth;
  P.UseTab = tabsOf(Style);
  // ColumnLimit 0 keeps the line breaks it finds: the printer's lines are
  // never broken then, which clang-format keeps.
  P.ColumnLimit = Style.ColumnLimit;
  P.ContinuationIndentWidth = Style.ContinuationIndentWidth;
  if (!braces(Style, P) || !spaceBeforeParens(Style, P))
    return std::nullopt;
  plainBlocks(Style, P);
  P.PointerAlignment = pointerAlignmentOf(Style);
  spaces(Style, P);
  operators(Style, P);
  return P;
}

std::optional<PrintStyle> printStyleFor(const FormatStyle &Style,
                                        llvm::StringRef Code) {
  std::optional<PrintStyle> P = printStyleFor([&] {
    FormatStyle S = Style;
    S.DerivePointerAlignment = false;
    return S;
  }());
  if (!P || !Style.DerivePointerAlignment)
    return P;
  std::optional<PrintStyle::Alignment> A = derivePointerAlignment(Code);
  if (!A)
    return std::nullopt;
  P->PointerAlignment = *A;
  return P;
}

} // namespace lnr::rewrite
