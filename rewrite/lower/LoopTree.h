//===- LoopTree.h - The imperative nest the rewrite writes -----*- C++ -*-===//
//
// Between the branched iteration graph and C: blocks, loops, declarations,
// statements, conditionals and preprocessor lines, whose leaves are Code
// (tokens of the file, with holes for the IR's indices). The lowering
// builds it, each pass (rewrite/lower/passes) rewrites it, and the printer
// is the only code that turns it into text. Loops carry how they run
// (parallel, work-shared, vectorized) and the facts passes ask of them.
// Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_LOWER_LOOPTREE_H
#define LNR_REWRITE_LOWER_LOOPTREE_H

#include "analysis/ir/Kernel.h"
#include "rewrite/lower/Code.h"
#include "rewrite/lower/OmpDirective.h"

#include <functional>
#include <string>
#include <vector>

namespace lnr::lower {

struct Node;
using Nodes = std::vector<Node>;

/// 'for (Init; Condition; Step)', or the file's header as written.
struct LoopHeader {
  Code Source; // the file's 'for (p = pos[i]; p < pos[i + 1]; p++)'
  Code Init, Condition, Step;
  bool fromSource() const { return !Source.empty(); }
  bool empty() const {
    return Source.empty() && Init.empty() && Condition.empty() && Step.empty();
  }
};

/// 'Type *Name = Init;', 'Type Name[8] = {...};', 'Type Name;'.
struct Declaration {
  Code Type; // 'double', 'const double', 'int32_t'
  bool Pointer = false;
  std::string Name;
  Code ArraySize; // '8' in 'double s[8]'; empty for none
  Code Init;      // empty for none
};

/// How a loop's iterations run.
enum class Execution {
  Serial,
  ParallelFor, // '#pragma omp parallel for ...' (its own region)
  WorkShared,  // '#pragma omp for ...' in a region around it
  Simd,        // '#pragma omp simd ...'
};

struct Node {
  enum class Kind {
    Statement,   // Text: 'A[i] += t * v;' (with its ';')
    Declaration, // Decl
    Loop,        // Header, Body; Directive when not Serial
    If,          // Text: the condition; Body, and Else when HasElse
    Block,       // '{ Body }'; Directive for a parallel region
    Directive,   // one preprocessor line: Directive ('#pragma omp barrier')
                 // when it is OpenMP's, else Text ('#ifdef __GNUC__')
    Comment,     // Text: the words of a '/* ... */' comment
    Verbatim,    // Raw: the file's own code, laid out (Printer.h)
  };
  Kind K = Kind::Statement;
  Code Text;
  Declaration Decl;
  LoopHeader Header;
  /// The '#pragma omp ...' of a loop that is not Serial, of a block that is
  /// a parallel region, or of a Directive node; empty for none.
  OmpDirective Directive;
  Nodes Body, Else;
  bool HasElse = false;
  /// An If whose Body is one statement printed without braces
  /// ('if (!(c))\n  continue;').
  bool Braces = true;
  std::string Raw;

  /// What passes read. Loops: the IR index iterated, whether the loop walks
  /// a compressed level, and the graph's loop it is, as the lowering wrote
  /// it (none for a loop a pass or the zeroing writes). Statements: the
  /// assignment it computes as the graph has it, and what else the
  /// lowering wrote it for. The pointers are the lowered graph's: read by
  /// the passes, while it lives, and by nothing after.
  std::string Index;
  bool Compressed = false;
  const ir::Loop *Iterates = nullptr;
  const ir::Assignment *Computes = nullptr;
  enum class Purpose {
    Other,
    CoordinateLoad, // 'int j = colidx[p];' first in a compressed loop
    PositionRead,   // TACO's 'int kC = k * K + j;' before a statement
  };
  Purpose For = Purpose::Other;

  static Node statement(Code Text);
  static Node declaration(Declaration D);
  static Node loop(LoopHeader H, Nodes Body = {});
  static Node sourceLoop(Code Header, Nodes Body = {});
  static Node rangeLoop(Code Init, Code Condition, Code Step, Nodes Body = {});
  static Node ifThen(Code Condition, Nodes Then);
  static Node ifElse(Code Condition, Nodes Then, Nodes Else);
  static Node block(Nodes Body);
  static Node directive(Code Line);
  static Node directive(OmpDirective D);
  static Node comment(std::string Words);
  static Node verbatim(std::string Text);

  bool isLoop() const { return K == Kind::Loop; }
  /// How a loop's iterations (or a region's block) run: as its directive
  /// says.
  Execution runs() const;
};

/// More's nodes after To's.
void append(Nodes &To, Nodes More);

/// A list of the nodes given, moved: a braced list ('Nodes{N}') would copy
/// each whole subtree.
template <typename... More> Nodes nodes(Node First, More... Rest) {
  Nodes Out;
  Out.reserve(1 + sizeof...(Rest));
  Out.push_back(std::move(First));
  (Out.push_back(std::move(Rest)), ...);
  return Out;
}

/// 'Type Name = Init;', or 'Type Name;' without Init (no holes).
Node declare(const std::string &Type, const std::string &Name,
             const std::string &Init = "");

/// Every node of Tree, parents before children (Body, then Else).
void forEach(const Nodes &Tree, const std::function<void(const Node &)> &F);
void forEach(Nodes &Tree, const std::function<void(Node &)> &F);
/// Whether any leaf of Tree (text, header, declaration) names Name.
bool mentions(const Nodes &Tree, const std::string &Name);
/// Whether a node of Tree opens a parallel region or waits at a barrier:
/// what a statement of the file's own region may not do alone.
bool opensRegion(const Nodes &Tree);
bool mentions(const Node &N, const std::string &Name);

} // namespace lnr::lower

#endif
