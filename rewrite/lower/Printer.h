//===- Printer.h - The loop tree as C text ---------------------*- C++ -*-===//
//
// The only code of the rewrite that writes C. It prints a loop tree in the
// file's style (PrintStyle, which the tool reads from clang-format's
// configuration: rewrite/PrintStyle.h), so clang-format need not run on the
// generated text. The leaves keep the file's spelling and its spacing,
// which may be irregular ('B[i*K+k]', 'x  +=y'): the printer spaces every
// token as clang-format does in C expressions, whatever the leaf had.
// Lines longer than the column limit are broken where clang-format breaks
// them in the shapes the rewrite writes (a long sum after '=' or '+=', a
// long 'for' header or 'if' condition); for any other long line the
// printer says it is not sure (print's Exact), and the caller runs
// clang-format on that text. Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_LOWER_PRINTER_H
#define LNR_REWRITE_LOWER_PRINTER_H

#include "rewrite/lower/LoopTree.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace lnr::lower {

/// The parts of a clang-format style the printer follows; each field is
/// named after the clang-format option it stands for. The defaults are
/// LLVM's.
struct PrintStyle {
  // ---- Indentation and tabs.
  unsigned IndentWidth = 2;
  /// clang-format's UseTab: which leading blanks are tabs.
  enum class Tabs {
    Never,
    ForIndentation,                // the block levels' indentation only
    ForContinuationAndIndentation, // all leading blanks
    AlignWithSpaces,               // as ForIndentation for aligned lines
    Always,                        // all leading blanks
  };
  Tabs UseTab = Tabs::Never;
  unsigned TabWidth = 8;
  /// 0: no limit (lines are never broken).
  unsigned ColumnLimit = 80;
  unsigned ContinuationIndentWidth = 4;

  // ---- Braces (BreakBeforeBraces / BraceWrapping, expanded).
  /// BraceWrapping.AfterControlStatement: Never, MultiLine (the brace goes
  /// on its own line when the header was broken), Always.
  enum class Wrap { Never, MultiLine, Always };
  Wrap BraceAfterControlStatement = Wrap::Never;
  /// BraceWrapping.BeforeElse: '}' and 'else' on separate lines.
  bool BraceBeforeElse = false;
  /// BraceWrapping.IndentBraces: wrapped braces one level in (GNU).
  bool IndentBraces = false;
  /// AllowShortBlocksOnASingleLine: Empty (a loop or an if without else
  /// whose body is empty prints '{}'); Always is not followed.
  bool EmptyBlockOnASingleLine = false;
  /// A block that is no control statement's ('{' on its own line) with
  /// one short statement on one line, '{ s += 1; }': clang-format joins it
  /// as it joins a function's body, when BraceWrapping.AfterFunction is
  /// false (and AfterControlStatement is not MultiLine).
  bool ShortPlainBlockOnASingleLine = true;
  /// Such a block empty, as '{}' (AfterFunction false, or
  /// SplitEmptyFunction false).
  bool EmptyPlainBlockOnASingleLine = true;
  /// AllowShortIfStatementsOnASingleLine other than Never: an unbraced
  /// 'if (c) continue;' on one line when it fits.
  bool ShortIfOnASingleLine = false;

  // ---- Spaces.
  enum class Alignment { Right, Left, Middle };
  /// Where the '*' of a declaration or a cast goes: 'double *t',
  /// 'double* t', 'double * t' ('(double *)', '(double*)').
  Alignment PointerAlignment = Alignment::Right;
  /// SpaceBeforeParens: a space before '(' after 'if', 'for', 'while',
  /// 'switch' (all but Never) ...
  bool SpaceBeforeControlParens = true;
  /// ... after a function or macro name, 'sizeof' or ')' (Always: GNU's
  /// 'malloc (n)', 'sizeof (double)', 'C_AT (i, k)') ...
  bool SpaceBeforeCallParens = false;
  /// ... and there when the parentheses are not empty (NonEmptyParentheses).
  bool SpaceBeforeNonEmptyCallParens = false;
  /// '(double *) malloc(n)'.
  bool SpaceAfterCStyleCast = false;
  /// '( a + b )', 'f( x )', 'if ( c )' (and in '#pragma' clauses).
  bool SpacesInParentheses = false;
  /// '( double * )x'.
  bool SpacesInCStyleCastParentheses = false;
  /// 'f( )'.
  bool SpaceInEmptyParentheses = false;
  /// 'A[ i ]'.
  bool SpacesInSquareBrackets = false;
  /// 'if ( c )', 'for ( ...; ...; ... )' only.
  bool SpacesInConditionalStatement = false;
  /// '{0, 0}' (true) or '{ 0, 0 }' (false).
  bool Cpp11BracedListStyle = true;
  /// 'x = y' (true) or 'x= y'.
  bool SpaceBeforeAssignmentOperators = true;
  /// '! a'.
  bool SpaceAfterLogicalNot = false;

  // ---- Breaking long lines.
  /// BreakBeforeBinaryOperators: None (the operator ends the line),
  /// NonAssignment (it starts the next, but '=' ends its line), All.
  enum class BinaryBreak { None, NonAssignment, All };
  BinaryBreak BreakBeforeBinaryOperators = BinaryBreak::None;
  /// AlignOperands: continuation lines under the first operand (Align),
  /// their operand there with the operator before it (AlignAfterOperator),
  /// or ContinuationIndentWidth in (DontAlign).
  enum class Operands { DontAlign, Align, AlignAfterOperator };
  Operands AlignOperands = Operands::Align;
  /// AlignAfterOpenBracket: Align (a broken 'if (' condition or 'for ('
  /// header continues after the parenthesis). Otherwise such lines are
  /// left to clang-format.
  bool AlignAfterOpenBracket = true;
  /// BinPackArguments false: a broken 'for' header has one part a line.
  bool BinPackArguments = true;
  /// PenaltyBreakAssignment: what breaking after '=' costs against
  /// breaking the right-hand side (clang-format's penalties).
  unsigned PenaltyBreakAssignment = 2;
};

/// Tree as C, for a range that starts after the blanks BaseIndent of its
/// first line: every other line starts with BaseIndent's column and then
/// its depth's indentation, written as the style writes leading blanks
/// (with UseTab Never: BaseIndent, then spaces); preprocessor lines start
/// in column 0 and Verbatim nodes (the file's own code, from its first
/// line's indentation) are printed as they are, between 'clang-format off'
/// and 'on' comments. No newline after the last line.
std::string print(const Nodes &Tree, const PrintStyle &Style = {},
                  const std::string &BaseIndent = "");

/// As above; Exact tells whether clang-format would leave the text as it
/// is, as far as the printer knows. It is false when a line is longer
/// than the column limit in a shape the printer does not break as
/// clang-format does (a long call, a long '#pragma' or comment, a sum
/// whose operand does not fit on a line), or when a leaf has C++ the
/// printer does not space ('::', templates): then the caller should run
/// clang-format on the text. Verbatim nodes are taken as formatted.
std::string print(const Nodes &Tree, const PrintStyle &Style,
                  const std::string &BaseIndent, bool &Exact);

/// Lays out a line the printer does not break as clang-format does: Text
/// (a statement, a directive, or a control statement's header ending with
/// ' {'; spaced as the style spaces it) starting at column Col. Returns
/// the lines as they are to be written, leading blanks included, or
/// nullopt when it cannot say.
using LineFormatter = std::function<std::optional<std::vector<std::string>>(
    const std::string &Text, unsigned Col)>;

/// As above, with Fallback asked for the lines the printer does not break,
/// and for the layout of each Verbatim node's code (several lines) at its
/// column: Exact is then false only where Fallback cannot say either.
std::string print(const Nodes &Tree, const PrintStyle &Style,
                  const std::string &BaseIndent, bool &Exact,
                  const LineFormatter &Fallback);

} // namespace lnr::lower

#endif
