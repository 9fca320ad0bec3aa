//===- Printer.cpp --------------------------------------------------------===//
//
// The node layout: loops, 'if'/'else' and blocks with their braces where
// the style puts them, directives and comments, each line started with the
// leading blanks the style writes. Three steps for each line: the tokens
// are annotated and spaced as clang-format spaces C (PrintTokens.h), and
// laid out: on one line when it fits, else broken as clang-format's
// optimizer breaks the shapes the rewrite writes (LineBreaking.h); any
// other layout of a long line is left to clang-format (Exact false).
//
//===----------------------------------------------------------------------===//

#include "rewrite/lower/Printer.h"

#include "rewrite/lower/LineBreaking.h"
#include "rewrite/lower/PrintTokens.h"

#include <algorithm>
#include <cctype>
#include <optional>

namespace lnr::lower {
namespace {

using namespace detail;

/// Text without its blanks and its escaped line breaks.
std::string nonBlank(const std::string &Text) {
  std::string Out;
  for (size_t I = 0; I < Text.size(); ++I) {
    if (Text[I] == '\\' && I + 1 < Text.size() && Text[I + 1] == '\n') {
      ++I;
      continue;
    }
    if (!std::isspace(static_cast<unsigned char>(Text[I])))
      Out += Text[I];
  }
  return Out;
}

class Printer {
public:
  Printer(const PrintStyle &Style, const std::string &BaseIndent,
          const LineFormatter &Fallback)
      : Style(Style), BaseCol(columnsOf(BaseIndent)), Fallback(Fallback) {}

  void nodes(const Nodes &Tree, unsigned Col) {
    for (const Node &N : Tree)
      node(N, Col);
  }

  std::string take() {
    while (!Out.empty() && Out.back() == '\n')
      Out.pop_back();
    return std::move(Out);
  }

  bool exact() const { return Exact; }
  unsigned base() const { return BaseCol; }

private:
  const PrintStyle &Style;
  unsigned BaseCol;
  const LineFormatter &Fallback;
  std::string Out;
  bool Exact = true;

  unsigned limit() const { return columnLimit(Style); }

  unsigned columnsOf(const std::string &Blanks) const {
    unsigned Col = 0;
    for (char C : Blanks)
      if (C == '\t' && Style.TabWidth)
        Col += Style.TabWidth - Col % Style.TabWidth;
      else
        ++Col;
    return Col;
  }

  /// Appends the leading blanks up to column Col of a line whose block
  /// indentation is Level columns (Col > Level on a continuation line), as
  /// clang-format's WhitespaceManager writes them: every line of the
  /// rewrite starts with them, so they go to Out without a string of their
  /// own.
  void addBlanks(unsigned Col, unsigned Level, bool Continuation) {
    unsigned TW = Style.TabWidth;
    auto Tabbed = [&](unsigned Indentation) {
      Indentation = std::min(Indentation, Col);
      unsigned Tabs = TW ? Indentation / TW : 0;
      Out.append(Tabs, '\t');
      Out.append(Col - Tabs * TW, ' ');
    };
    switch (Style.UseTab) {
    case PrintStyle::Tabs::Never:
      Out.append(Col, ' ');
      return;
    case PrintStyle::Tabs::ForIndentation:
      return Tabbed(Level);
    case PrintStyle::Tabs::AlignWithSpaces:
      if (Continuation && TW && Col >= TW)
        Exact = false; // which lines clang-format aligns is not modelled
      return Tabbed(Continuation ? Level : Col);
    case PrintStyle::Tabs::ForContinuationAndIndentation:
    case PrintStyle::Tabs::Always:
      return Tabbed(Col);
    }
    Out.append(Col, ' ');
  }

  void emit(unsigned Col, unsigned Level, const std::string &Text,
            bool Continuation = false) {
    if (!Out.empty())
      addBlanks(Col, Level, Continuation);
    Out += Text;
    Out += '\n';
  }

  /// A block comment of Words, filled to the column limit as
  /// clang-format reflows one: ' * ' in front of each continuation line,
  /// ' */' at the end of the last.
  void comment(const std::string &Words, unsigned Col) {
    std::vector<std::string> List;
    for (size_t At = 0; At < Words.size();) {
      size_t End = Words.find_first_of(" \n", At);
      End = End == std::string::npos ? Words.size() : End;
      if (End > At)
        List.push_back(Words.substr(At, End - At));
      At = End + 1;
    }
    std::string Text = "/*";
    for (size_t I = 0; I < List.size(); ++I) {
      unsigned Closing = I + 1 == List.size() ? 3 : 0; // ' */'
      bool First = Text == "/*" || Text == " *";
      if (!First && limit() &&
          Col + columns(Text) + 1 + columns(List[I]) + Closing > limit()) {
        emit(Col, Col, Text, /*Continuation=*/Text.rfind(" *", 0) == 0);
        Text = " *";
      }
      Text += " " + List[I];
    }
    // A last line too long with its ' */' (a word longer than the line,
    // nothing else to break at) is broken before the '*/', which then
    // closes the comment on a line of its own.
    if (limit() && Col + columns(Text) + 3 > limit() && Text != "/*") {
      emit(Col, Col, Text, /*Continuation=*/Text.rfind(" *", 0) == 0);
      Text = "";
    }
    Text += " */";
    emit(Col, Col, Text, /*Continuation=*/Text.rfind(" *", 0) == 0);
  }

  void emit(const Layout &L, unsigned Level) {
    for (size_t I = 0; I < L.Lines.size(); ++I)
      emit(L.Lines[I].first, Level, L.Lines[I].second, I > 0);
  }

  // ---- Lines: annotate, space, lay out.

  enum class Shape { Statement, Header, Directive };

  /// L annotated and spaced; Exact cleared when the printer cannot space
  /// it as clang-format does.
  void prepare(Line &L, bool Directive) {
    if (!annotate(L, Directive))
      Exact = false;
    space(L, Style, Directive);
  }

  /// Prints L at column Col (a statement or a header with Suffix after
  /// it); returns whether it was broken.
  bool line(Line L, unsigned Col, Shape S, const std::string &Suffix = "") {
    bool Directive = S == Shape::Directive;
    prepare(L, Directive);
    std::string One = join(L, 0, L.size()) + Suffix;
    if (Directive) {
      // clang-format breaks a long directive with backslashes: asked of
      // the fallback.
      if (columns(One) > limit())
        return laidOutElsewhere(One, 0);
      emit(0, 0, One);
      return false;
    }
    if (Col + columns(One) <= limit()) {
      emit(Col, Col, One);
      return false;
    }
    std::optional<Layout> Laid = S == Shape::Header
                                     ? breakHeader(L, Col, Suffix, Style)
                                     : breakStatement(L, Col, Style);
    if (!Laid)
      return laidOutElsewhere(One, Col);
    emit(*Laid, Col);
    return Laid->Breaks() > 0;
  }

  /// The file's own code Raw (from its first line's indentation) at column
  /// Col: as the fallback lays it out, formatted like the lines around it,
  /// or, where there is none or it cannot say, as it is, between
  /// 'clang-format off' and 'on' comments.
  void original(const std::string &Raw, unsigned Col) {
    size_t Start = Raw.find_first_not_of(" \t");
    std::string Code = Start == std::string::npos ? "" : Raw.substr(Start);
    while (!Code.empty() &&
           (Code.back() == '\n' || Code.back() == ' ' || Code.back() == '\t'))
      Code.pop_back();
    std::optional<std::vector<std::string>> Lines;
    if (Fallback && !Code.empty())
      Lines = Fallback(Code, Col);
    // Only blanks moved (and a long directive continued on the next line):
    // a comment reflowed, or anything else, keeps the text as it is.
    std::string Laid;
    if (Lines)
      for (const std::string &Line : *Lines)
        Laid += Line + "\n";
    if (Lines && !Lines->empty() && nonBlank(Laid) == nonBlank(Code)) {
      Out += Laid;
      return;
    }
    comment("clang-format off", Col);
    Out += Raw;
    if (!Raw.empty() && Raw.back() != '\n')
      Out += "\n";
    comment("clang-format on", Col);
  }

  /// The line One at column Col as the fallback lays it out, or on one
  /// line and not exact; returns whether it was broken.
  bool laidOutElsewhere(const std::string &One, unsigned Col) {
    std::optional<std::vector<std::string>> Lines;
    if (Fallback)
      Lines = Fallback(One, Col);
    if (!Lines || Lines->empty()) {
      Exact = false;
      emit(Col, Col, One);
      return false;
    }
    for (size_t I = 0; I < Lines->size(); ++I) {
      // The first line's blanks are the caller's (or a directive's none).
      std::string Text = (*Lines)[I];
      if (I == 0 && !Out.empty())
        addBlanks(Col, Col, false);
      Out += I == 0 ? Text.substr(Text.find_first_not_of(" \t")) : Text;
      Out += '\n';
    }
    return Lines->size() > 1;
  }

  // ---- Nodes.

  static Line declaration(const Declaration &D) {
    Line L;
    append(L, D.Type);
    if (D.Pointer) {
      PTok Star = make("*");
      Star.Declarator = true;
      L.push_back(Star);
    }
    L.push_back(make(D.Name, Token::Word));
    if (!D.ArraySize.empty()) {
      L.push_back(make("["));
      append(L, D.ArraySize);
      L.push_back(make("]"));
    }
    if (!D.Init.empty()) {
      L.push_back(make("="));
      append(L, D.Init);
    }
    L.push_back(make(";"));
    return L;
  }

  static Line loopHeader(const LoopHeader &H) {
    Line L;
    if (H.fromSource()) {
      append(L, H.Source);
      return L;
    }
    L.push_back(make("for", Token::Word));
    L.push_back(make("("));
    append(L, H.Init);
    L.push_back(make(";"));
    append(L, H.Condition);
    L.push_back(make(";"));
    append(L, H.Step);
    L.push_back(make(")"));
    return L;
  }

  static Line condition(const Code &C) {
    Line L;
    L.push_back(make("if", Token::Word));
    L.push_back(make("("));
    append(L, C);
    L.push_back(make(")"));
    return L;
  }

  /// Where the braces of a control statement's body go.
  unsigned braceColumn(unsigned Col) const {
    return Col + (Style.IndentBraces ? Style.IndentWidth : 0);
  }

  /// A control statement's header and its braced body: the closing brace
  /// is left for the caller (an 'else' may follow it). Returns the
  /// closing brace's column.
  unsigned controlled(const Line &Header, const Nodes &Body, unsigned Col,
                      bool AllowEmpty) {
    using W = PrintStyle::Wrap;
    W Wrap = Style.BraceAfterControlStatement;
    if (Wrap != W::Always) {
      size_t Mark = Out.size();
      bool WasExact = Exact;
      if (AllowEmpty && Body.empty() && Style.EmptyBlockOnASingleLine) {
        if (!line(Header, Col, Shape::Header, " {}"))
          return ~0u; // '{}' closed it: no '}' to print
        // A broken header before '{}': not followed.
        Out.resize(Mark);
        WasExact = false;
      }
      Exact = WasExact;
      bool Broken = line(Header, Col, Shape::Header, " {");
      if (!(Broken && Wrap == W::MultiLine)) {
        nodes(Body, Col + Style.IndentWidth);
        return Col;
      }
      // MultiLine: the brace goes on its own line after a broken header.
      Out.resize(Mark);
      Exact = WasExact;
      if (!line(Header, Col, Shape::Header))
        Exact = false; // it fits without ' {': which layout wins is unknown
    } else {
      line(Header, Col, Shape::Header);
    }
    unsigned Brace = braceColumn(Col);
    if (AllowEmpty && Body.empty() && Style.EmptyBlockOnASingleLine)
      Exact = false; // 'for (...)\n{}' is not followed
    emit(Brace, Brace, "{");
    nodes(Body, Brace + Style.IndentWidth);
    return Brace;
  }

  void close(unsigned Brace) {
    if (Brace != ~0u)
      emit(Brace, Brace, "}");
  }

  void node(const Node &N, unsigned Col) {
    switch (N.K) {
    case Node::Kind::Statement: {
      Line L;
      append(L, N.Text);
      line(L, Col, Shape::Statement);
      return;
    }
    case Node::Kind::Declaration:
      line(declaration(N.Decl), Col, Shape::Statement);
      return;
    case Node::Kind::Loop:
      if (!N.Directive.empty())
        directive(N.Directive);
      close(controlled(loopHeader(N.Header), N.Body, Col, true));
      return;
    case Node::Kind::If:
      if (!N.Braces) {
        unbracedIf(N, Col);
        return;
      }
      ifElse(N, Col);
      return;
    case Node::Kind::Block:
      // A parallel region's '#pragma omp parallel' line before its brace.
      if (!N.Directive.empty())
        directive(N.Directive);
      block(N.Body, Col);
      return;
    case Node::Kind::Directive:
      if (N.Directive.empty())
        directive(N.Text);
      else
        directive(N.Directive);
      return;
    case Node::Kind::Comment:
      comment(N.Raw, Col);
      return;
    case Node::Kind::Verbatim:
      original(N.Raw, Col);
      return;
    }
  }

  /// '{ Body }' with the braces on lines of their own at column Col, or on
  /// one line as clang-format joins a block that is no control
  /// statement's.
  void block(const Nodes &Body, unsigned Col) {
    if (Body.empty() && Style.EmptyPlainBlockOnASingleLine) {
      emit(Col, Col, "{}");
      return;
    }
    if (Body.size() == 1 && Style.ShortPlainBlockOnASingleLine) {
      const Node &Only = Body[0];
      if (Only.K == Node::Kind::Statement ||
          Only.K == Node::Kind::Declaration) {
        Line L;
        if (Only.K == Node::Kind::Statement)
          append(L, Only.Text);
        else
          L = declaration(Only.Decl);
        prepare(L, false);
        std::string Text = "{ " + join(L, 0, L.size()) + " }";
        if (Col + columns(Text) <= limit()) {
          emit(Col, Col, Text);
          return;
        }
      } else if (Only.K != Node::Kind::Loop && Only.K != Node::Kind::Block &&
                 Only.K != Node::Kind::Directive &&
                 !(Only.K == Node::Kind::If && Only.Braces)) {
        Exact = false; // a comment, verbatim text, 'if (c) x;': not followed
      }
    }
    emit(Col, Col, "{");
    nodes(Body, Col + Style.IndentWidth);
    emit(Col, Col, "}");
  }

  void directive(const OmpDirective &D) { directive(code(D.line())); }
  void directive(const Code &Text) {
    Line L;
    append(L, Text);
    line(L, 0, Shape::Directive);
  }

  void unbracedIf(const Node &N, unsigned Col) {
    Line Header = condition(N.Text);
    if (Style.ShortIfOnASingleLine && N.Body.size() == 1 &&
        N.Body[0].K == Node::Kind::Statement) {
      Line One = Header;
      append(One, N.Body[0].Text);
      prepare(One, false);
      std::string Text = join(One, 0, One.size());
      if (Col + columns(Text) <= limit()) {
        emit(Col, Col, Text);
        return;
      }
    }
    line(Header, Col, Shape::Header);
    nodes(N.Body, Col + Style.IndentWidth);
  }

  void ifElse(const Node &N, unsigned Col) {
    unsigned Brace = controlled(condition(N.Text), N.Body, Col, !N.HasElse);
    if (!N.HasElse) {
      close(Brace);
      return;
    }
    using W = PrintStyle::Wrap;
    bool Wrapped = Style.BraceAfterControlStatement == W::Always;
    if (!Style.BraceBeforeElse) {
      if (Wrapped)
        Exact = false; // clang-format's '} else\n{' is not followed
      // '} else {' on the closing brace's line.
      emit(Brace, Brace, Wrapped ? "} else" : "} else {");
    } else {
      emit(Brace, Brace, "}");
      emit(Col, Col, Wrapped ? "else" : "else {");
    }
    if (Wrapped) {
      // The brace on its own line after 'else' is joined as a plain block's.
      block(N.Else, braceColumn(Col));
      return;
    }
    nodes(N.Else, Col + Style.IndentWidth);
    emit(Col, Col, "}");
  }
};

} // namespace

std::string print(const Nodes &Tree, const PrintStyle &Style,
                  const std::string &BaseIndent, bool &Exact,
                  const LineFormatter &Fallback) {
  Printer P(Style, BaseIndent, Fallback);
  P.nodes(Tree, P.base());
  Exact = P.exact();
  return P.take();
}

std::string print(const Nodes &Tree, const PrintStyle &Style,
                  const std::string &BaseIndent, bool &Exact) {
  return print(Tree, Style, BaseIndent, Exact, nullptr);
}

std::string print(const Nodes &Tree, const PrintStyle &Style,
                  const std::string &BaseIndent) {
  bool Exact;
  return print(Tree, Style, BaseIndent, Exact);
}

} // namespace lnr::lower
