//===- CoordinateRows.cpp -------------------------------------------------===//

#include "rewrite/lower/CoordinateRows.h"
#include "rewrite/CText.h"
#include "rewrite/TreeBuilders.h"
#include "rewrite/levels/Level.h"

#include <algorithm>

namespace lnr::lower {

using rewrite::countingLoop;
using rewrite::parenthesized;
using rewrite::statement;

namespace {

/// The number of chunks the positions are cut into: enough for a skewed
/// row to leave the other threads work, few enough that moving each to a
/// row boundary costs nothing.
constexpr int Chunks = 1024;

} // namespace

bool rowsSplit(const Context &C, const ir::BranchedGraph &G) {
  if (G.Loops.empty() ||
      C.K.levelOf(G.Loops.front()) != ir::LevelFormat::CompressedNonUnique)
    return false;
  const std::vector<std::string> &Apart = C.S.DisjointRepeatedIndices;
  const LoopSource *Src = C.S.loop(G.Loops.front().Index);
  return std::find(Apart.begin(), Apart.end(), G.Loops.front().Index) !=
             Apart.end() &&
         C.Opts.OpenMP && !C.hasVectors() && !C.hasGlobals() && !C.S.Pragma &&
         // Loaded at every position: the check reads what the nest reads
         // (read in place, only where the loops inside run).
         Src && !Src->Prologue.empty() && levels::Level(*Src).coordinates() &&
         levels::Level(*Src).fiber() && !Src->VariableType.empty() &&
         !Src->Position.empty();
}

Nodes splitAtRows(Context &C, const ir::BranchedGraph &G, Nodes Tree) {
  const LoopSource &Src = *C.S.loop(G.Loops.front().Index);
  const levels::FiberRange List = *levels::Level(Src).fiber();
  const std::string &Type = Src.VariableType, &E = Src.Position;
  const std::string Row = parenthesized(*levels::Level(Src).coordinates());
  const std::string Lo = "(" + Type + ")" + parenthesized(List.Begin),
                    Hi = "(" + Type + ")" + parenthesized(List.End);
  std::string Sorted = C.Names.pick("rows_sorted"),
              Check = C.Names.pick(E + "_next"), Chunk = C.Names.pick("chunk"),
              From = C.Names.pick(E + "_from"), To = C.Names.pick(E + "_to");
  // Chunk c starts at Lo + N * c / Chunks, moved past the positions that
  // continue the row before it (N = Hi - Lo, in long long).
  std::string N = "((long long)" + parenthesized(List.End) + " - (long long)" +
                  parenthesized(List.Begin) + ")";
  auto Start = [&](const std::string &Which) {
    return "(" + Type + ")((long long)" + parenthesized(List.Begin) + " + " +
           N + " * " + Which + " / " + std::to_string(Chunks) + ")";
  };
  auto ToBoundary = [&](const std::string &V) {
    return Node::rangeLoop(Code(),
                           code(V + " > " + Lo + " && " + V + " < " + Hi +
                                " && " + Row + "[" + V + "] == " + Row + "[" +
                                V + " - 1]"),
                           code(V + "++"));
  };
  // The loop over the chunk's positions: the file's header's variable.
  Node &Positions = Tree.front();
  bool Declared = std::find(C.S.OuterDeclared.begin(), C.S.OuterDeclared.end(),
                            E) == C.S.OuterDeclared.end();
  Positions.Header = LoopHeader();
  Positions.Header.Init = code((Declared ? Type + " " : "") + E + " = " + From);
  Positions.Header.Condition = code(E + " < " + To);
  Positions.Header.Step = code(E + "++");
  Node ChunkLoop =
      countingLoop(Chunk, "0", std::to_string(Chunks),
                   {declare(Type, From, Start(Chunk)),
                    declare(Type, To, Start("(" + Chunk + " + 1)")),
                    ToBoundary(From), ToBoundary(To), std::move(Positions)});
  // No schedule clause: the runtime's default (static in GCC's and
  // LLVM's) gives each thread one run of consecutive positions, and the
  // directive stays within a line.
  rewrite::parallelFor(ChunkLoop, {"if(" + Sorted + ")", privateClause(C.S)});
  Node Sort = countingLoop(Check, Lo + " + 1", Hi,
                           {statement(Sorted + " &= " + Row + "[" + Check +
                                      " - 1] <= " + Row + "[" + Check + "];")});
  // Only where the original's first test holds, in its own types: the
  // bounds cast to the position's type are the list's only then ('e < m'
  // with an 'unsigned short e' and m == -1 runs no position; cast, m
  // would be 65535).
  return nodes(
      Node::ifThen(code(Lo + " < " + parenthesized(List.End)),
                   {Node::block({declare("int", Sorted, "1"),
                                 declare(Type, Check), declare("long", Chunk),
                                 std::move(Sort), std::move(ChunkLoop)})}));
}

} // namespace lnr::lower
