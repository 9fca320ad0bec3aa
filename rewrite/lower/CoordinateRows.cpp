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

/// The number of chunks a sorted list's positions are cut into, and of
/// buckets an unsorted list's rows are counted in: enough for a skewed
/// row to leave the other threads work, few enough that moving each chunk
/// to a row boundary, or walking the buckets, costs nothing.
constexpr int Chunks = 1024;

/// The positions an unsorted list needs for its rows to be split between
/// threads: two parallel regions and a pass over the rows cost a few
/// microseconds, which a shorter list (its every position a sum over K
/// and a row of L) does not repay.
constexpr int MinSplit = 4096;

/// What the split writes: the list's positions [Lo, Hi) in the position
/// variable E's Type (Begin and End as written), their number N in the
/// file's widest integer Wide, the rows' coordinates array Row, read in
/// the row's own type RowType, and the names the split picks.
struct Split {
  std::string Type, Wide, UnsignedWide, E, Row, RowType, Begin, End, Lo, Hi, N;
  std::string Sorted, Next, Chunk, From, To, Parts;
  /// A row's bucket is its distance from RowMin shifted right by Shift;
  /// Count holds each bucket's positions, a part's buckets are [First,
  /// Last], Seen counts the positions of the buckets before, Bucket walks
  /// them, and RowBucket is the bucket of the row at E.
  std::string RowMin, RowMax, Shift, Count, First, Last, Seen, Bucket,
      RowBucket;
};

Split namesOf(Context &C, const LoopSource &Src) {
  const levels::FiberRange List = *levels::Level(Src).fiber();
  Split S;
  S.Type = Src.VariableType;
  S.Wide = C.Facts.DeclarationsFirst ? "long" : "long long";
  S.UnsignedWide = "unsigned " + S.Wide;
  S.E = Src.Position;
  S.Row = parenthesized(*levels::Level(Src).coordinates());
  S.RowType = Src.IndexType.empty() ? S.Wide : Src.IndexType;
  S.Begin = parenthesized(List.Begin);
  S.End = parenthesized(List.End);
  S.Lo = "(" + S.Type + ")" + S.Begin;
  S.Hi = "(" + S.Type + ")" + S.End;
  S.N = "((" + S.Wide + ")" + S.End + " - (" + S.Wide + ")" + S.Begin + ")";
  auto Pick = [&](const std::string &Stem) { return C.Names.pick(Stem); };
  S.Sorted = Pick("rows_sorted");
  S.Next = Pick(S.E + "_next");
  S.Chunk = Pick("chunk");
  S.From = Pick(S.E + "_from");
  S.To = Pick(S.E + "_to");
  S.Parts = Pick("parts");
  S.RowMin = Pick("row_min");
  S.RowMax = Pick("row_max");
  S.Shift = Pick("row_shift");
  S.Count = Pick("bucket_count");
  S.First = Pick("bucket_first");
  S.Last = Pick("bucket_last");
  S.Seen = Pick("positions_before");
  S.Bucket = Pick("bucket");
  S.RowBucket = Pick(S.E + "_bucket");
  return S;
}

/// The bucket of the row at position X.
std::string bucketOf(const Split &S, const std::string &X) {
  const std::string &U = S.UnsignedWide;
  return "((" + U + ")(" + S.RowType + ")" + S.Row + "[" + X + "] - (" + U +
         ")" + S.RowMin + ") >> " + S.Shift;
}

/// One pass over the rows: whether they never decrease, their smallest
/// and largest; then the shift that leaves Chunks buckets.
Nodes readRows(const Split &S) {
  std::string Row = "(" + S.RowType + ")" + S.Row + "[" + S.Next + "]";
  const std::string &U = S.UnsignedWide;
  return nodes(
      countingLoop(S.Next, S.Lo + " + 1", S.Hi,
                   {statement(S.Sorted + " &= " + S.Row + "[" + S.Next +
                              " - 1] <= " + S.Row + "[" + S.Next + "];"),
                    statement("if (" + Row + " < " + S.RowMin + ") " +
                              S.RowMin + " = " + Row + ";"),
                    statement("if (" + Row + " > " + S.RowMax + ") " +
                              S.RowMax + " = " + Row + ";")}),
      Node::rangeLoop(Code(),
                      code("(((" + U + ")" + S.RowMax + " - (" + U + ")" +
                           S.RowMin + ") >> " + S.Shift +
                           ") >= " + std::to_string(Chunks)),
                      code(S.Shift + "++")));
}

/// Where the rows are not sorted: one part, or on a list long enough to
/// pay for two parallel regions (MinSplit positions), the threads of a
/// team counted (one part each; 1 without OpenMP), and with more than one,
/// the positions of each bucket (Count, zeroed where it is declared: an
/// 8 KB store that keeps every compiler sure it is set).
Node countWhereUnsorted(const Split &S) {
  Node Team = Node::block({statement(S.Parts + " += 1;")});
  Team.Directive = OmpDirective::parallel({"reduction(+ : " + S.Parts + ")"});
  Node Count =
      Node::ifThen(code(S.Parts + " > 1"),
                   {countingLoop(S.Next, S.Lo, S.Hi,
                                 {statement(S.Count + "[" +
                                            bucketOf(S, S.Next) + "]++;")})});
  return Node::ifThen(
      code("!" + S.Sorted),
      {statement(S.Parts + " = 1;"),
       Node::ifThen(
           code(S.N + " >= " + std::to_string(MinSplit)),
           {statement(S.Parts + " = 0;"), std::move(Team), std::move(Count)})});
}

/// Position of chunk C of a sorted list: Lo + N * C / Parts.
std::string chunkStart(const Split &S, const std::string &Which) {
  return "(" + S.Type + ")((" + S.Wide + ")" + S.Begin + " + " + S.N + " * " +
         Which + " / " + S.Parts + ")";
}

/// V moved past the positions that continue the row before it.
Node toBoundary(const Split &S, const std::string &V) {
  return Node::rangeLoop(Code(),
                         code(V + " > " + S.Lo + " && " + V + " < " + S.Hi +
                              " && " + S.Row + "[" + V + "] == " + S.Row + "[" +
                              V + " - 1]"),
                         code(V + "++"));
}

/// Part Chunk's buckets of an unsorted list: those whose positions before
/// lie in [N * Chunk / Parts, N * (Chunk + 1) / Parts); none, First past
/// Last, where no bucket's do.
Nodes partBuckets(const Split &S) {
  auto Share = [&](const std::string &Of) {
    return S.N + " * " + Of + " / " + S.Parts;
  };
  std::string In = S.Seen + " >= " + Share(S.Chunk) + " && " + S.Seen + " < " +
                   Share("(" + S.Chunk + " + 1)");
  return nodes(
      declare(S.Wide, S.Seen, "0"), declare(S.UnsignedWide, S.Bucket),
      statement(S.First + " = " + std::to_string(Chunks) + ";"),
      statement(S.Last + " = 0;"),
      countingLoop(
          S.Bucket, "0", std::to_string(Chunks),
          {Node::ifThen(code(In),
                        {statement("if (" + S.First + " > " + S.Bucket + ") " +
                                   S.First + " = " + S.Bucket + ";"),
                         statement(S.Last + " = " + S.Bucket + ";")}),
           statement(S.Seen + " += " + S.Count + "[" + S.Bucket + "];")}));
}

/// A part: a sorted list's chunk of positions cut at row boundaries, or
/// an unsorted list's positions whose rows are in the part's buckets;
/// Positions walks them (the file's header's variable).
Node partLoop(const Context &C, const Split &S, Node Positions) {
  bool Declared = std::find(C.S.OuterDeclared.begin(), C.S.OuterDeclared.end(),
                            S.E) == C.S.OuterDeclared.end();
  Positions.Header = LoopHeader();
  Positions.Header.Init =
      code((Declared ? S.Type + " " : "") + S.E + " = " + S.From);
  Positions.Header.Condition = code(S.E + " < " + S.To);
  Positions.Header.Step = code(S.E + "++");
  Positions.Body = {declare(S.UnsignedWide, S.RowBucket, bucketOf(S, S.E)),
                    Node::ifThen(code(S.RowBucket + " >= " + S.First + " && " +
                                      S.RowBucket + " <= " + S.Last),
                                 std::move(Positions.Body))};
  Node Cut = Node::ifThen(
      code(S.Sorted),
      {statement(S.From + " = " + chunkStart(S, S.Chunk) + ";"),
       statement(S.To + " = " + chunkStart(S, "(" + S.Chunk + " + 1)") + ";"),
       toBoundary(S, S.From), toBoundary(S, S.To)});
  Node Share = Node::ifThen(code("!" + S.Sorted + " && " + S.Parts + " > 1"),
                            partBuckets(S));
  return countingLoop(
      S.Chunk, "0", S.Parts,
      {declare(S.Type, S.From, S.Lo), declare(S.Type, S.To, S.Hi),
       declare(S.UnsignedWide, S.First, "0"),
       declare(S.UnsignedWide, S.Last, std::to_string(Chunks - 1)),
       std::move(Cut), std::move(Share), std::move(Positions)});
}

/// Whether a type as written can be spelled away from its declaration:
/// no '__typeof__(...)' of an expression.
bool spelledAlone(const std::string &Type) {
  return Type.find('(') == std::string::npos;
}

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
         !Src->Position.empty() &&
         // The parts count in the position's type up to the list's end,
         // and keep rows in the row's type, both spelled as written: an
         // end past the type ('e <= hi', counting down) or a type that
         // names the loop's variables ('__typeof__(dst[e])') keep the loop
         // as written, sequential.
         Src->BoundWritten && spelledAlone(Src->VariableType) &&
         spelledAlone(Src->IndexType);
}

Nodes splitAtRows(Context &C, const ir::BranchedGraph &G, Nodes Tree) {
  const Split S = namesOf(C, *C.S.loop(G.Loops.front().Index));
  Node Parts = partLoop(C, S, std::move(Tree.front()));
  // No schedule clause: the runtime's default (static in GCC's and
  // LLVM's) gives each thread one run of consecutive chunks, or its one
  // part, and the directive stays within a line.
  rewrite::parallelFor(Parts, {"if(" + S.Parts + " > 1)", privateClause(C.S)});
  Nodes Block = {
      declare("int", S.Sorted, "1"),
      declare(S.Type, S.Next),
      declare("long", S.Chunk),
      declare("long", S.Parts, std::to_string(Chunks)),
      declare(S.RowType, S.RowMin,
              "(" + S.RowType + ")" + S.Row + "[" + S.Lo + "]"),
      declare(S.RowType, S.RowMax, S.RowMin),
      declare("int", S.Shift, "0"),
      declare(S.Wide, S.Count + "[" + std::to_string(Chunks) + "]", "{0}"),
  };
  append(Block, readRows(S));
  Block.push_back(countWhereUnsorted(S));
  Block.push_back(std::move(Parts));
  // Only where the original's first test holds, in its own types: the
  // bounds cast to the position's type are the list's only then ('e < m'
  // with an 'unsigned short e' and m == -1 runs no position; cast, m
  // would be 65535).
  return nodes(Node::ifThen(code(S.Lo + " < " + S.End),
                            {Node::block(std::move(Block))}));
}

} // namespace lnr::lower
