//===- Printer.cpp --------------------------------------------------------===//

#include "rewrite/lower/Printer.h"

namespace lnr::lower {
namespace {

class Printer {
public:
  Printer(const PrintStyle &Style, const std::string &BaseIndent)
      : Style(Style), BaseIndent(BaseIndent) {}

  void nodes(const Nodes &Tree, unsigned Depth) {
    for (const Node &N : Tree)
      node(N, Depth);
  }

  std::string take() {
    while (!Out.empty() && Out.back() == '\n')
      Out.pop_back();
    return std::move(Out);
  }

private:
  const PrintStyle &Style;
  const std::string &BaseIndent;
  std::string Out;

  std::string pad(unsigned Depth) const {
    std::string Levels =
        Style.UseTabs
            ? std::string(Depth * Style.IndentWidth / Style.TabWidth, '\t') +
                  std::string(Depth * Style.IndentWidth % Style.TabWidth, ' ')
            : std::string(Style.IndentWidth * Depth, ' ');
    return (Out.empty() ? "" : BaseIndent) + Levels;
  }
  void line(unsigned Depth, const std::string &Text) {
    Out += pad(Depth) + Text + "\n";
  }

  static std::string header(const LoopHeader &H) {
    if (H.fromSource())
      return H.Source.str();
    return "for (" + H.Init.str() + "; " + H.Condition.str() + "; " +
           H.Step.str() + ")";
  }

  static std::string declaration(const Declaration &D) {
    std::string Text = D.Type.str() + (D.Pointer ? " *" : " ") + D.Name;
    if (!D.ArraySize.empty())
      Text += "[" + D.ArraySize.str() + "]";
    if (!D.Init.empty())
      Text += " = " + D.Init.str();
    return Text + ";";
  }

  void node(const Node &N, unsigned Depth) {
    switch (N.K) {
    case Node::Kind::Statement:
      line(Depth, N.Text.str());
      return;
    case Node::Kind::Declaration:
      line(Depth, declaration(N.Decl));
      return;
    case Node::Kind::Loop:
      if (!N.Directive.empty())
        Out += N.Directive.str() + "\n";
      line(Depth, header(N.Header) + " {");
      nodes(N.Body, Depth + 1);
      line(Depth, "}");
      return;
    case Node::Kind::If:
      if (!N.Braces) {
        line(Depth, "if (" + N.Text.str() + ")");
        nodes(N.Body, Depth + 1);
        return;
      }
      line(Depth, "if (" + N.Text.str() + ") {");
      nodes(N.Body, Depth + 1);
      if (N.HasElse) {
        line(Depth, "} else {");
        nodes(N.Else, Depth + 1);
      }
      line(Depth, "}");
      return;
    case Node::Kind::Block:
      if (!N.Directive.empty())
        Out += N.Directive.str() + "\n";
      line(Depth, "{");
      nodes(N.Body, Depth + 1);
      line(Depth, "}");
      return;
    case Node::Kind::Directive:
      Out += N.Text.str() + "\n";
      return;
    case Node::Kind::Comment:
      line(Depth, "/* " + N.Raw + " */");
      return;
    case Node::Kind::Verbatim:
      Out += N.Raw;
      if (!N.Raw.empty() && N.Raw.back() != '\n')
        Out += "\n";
      return;
    }
  }
};

} // namespace

std::string print(const Nodes &Tree, const PrintStyle &Style,
                  const std::string &BaseIndent) {
  Printer P(Style, BaseIndent);
  P.nodes(Tree, 0);
  return P.take();
}

} // namespace lnr::lower
