//===- OverlapTest.cpp ----------------------------------------------------===//

#include "rewrite/OverlapTest.h"
#include "rewrite/CText.h"
#include "rewrite/OrderedPositions.h"
#include "rewrite/TreeBuilders.h"
#include "rewrite/levels/Level.h"

#include <optional>

namespace lnr::rewrite {
namespace {

/// A variable's values: [Lo, Hi], C expressions of the test's index type,
/// Hi one less than End.
struct Range {
  std::string Lo, Hi, End;
};
Range span(const std::string &Lo, const std::string &End) {
  return {Lo, "(" + End + " - 1)", End};
}

/// The types the test computes in: the file's widest integer and the
/// unsigned type addresses are compared in (Dialect.h: `long long` and
/// `uintptr_t`, or `long` and `unsigned long` in C89); the file's helpers
/// that take the smaller and the larger of two subscripts.
struct Types {
  std::string Index, Suffix, Address;
  SubscriptHelpers Helpers;
};
Types typesFor(const Dialect &D, SubscriptHelpers Helpers = {}) {
  return {D.WideInt, D.WideSuffix, D.AddressInt, std::move(Helpers)};
}
std::string asLong(const Types &Ty, const std::string &C) {
  return "(" + Ty.Index + ")" + parenthesized(C);
}

/// An integer literal's value.
std::optional<long long> constant(const std::string &C) {
  if (C.empty() || C.find_first_not_of("-0123456789") != std::string::npos)
    return std::nullopt;
  return std::stoll(C);
}

/// The first element of an array's subscript, or (Past) one past its last.
std::string bound(const Types &Ty, const OverlapFacts::Array &A,
                  const std::map<std::string, Range> &Ranges, bool Past) {
  // A positions array is read at pos[q + 1] too: one more element.
  std::string More = A.Positions && Past ? " + 1" : "";
  if (A.Offset.empty() && A.Terms.size() == 1 &&
      constant(A.Terms[0].Coefficient) == 1) {
    // [Lo, End) of the variable itself.
    const Range &R = Ranges.at(A.Terms[0].Variable);
    return Past ? R.End + More : R.Lo;
  }
  std::string Out =
      A.Offset.empty() || A.Offset == "0" ? "" : asLong(Ty, A.Offset);
  for (const OverlapFacts::Term &T : A.Terms) {
    const Range &R = Ranges.at(T.Variable);
    std::string Term;
    if (std::optional<long long> Value = constant(T.Coefficient)) {
      Term = (*Value >= 0) == Past ? R.Hi : R.Lo;
      if (*Value != 1 && Term != "0")
        Term = std::to_string(*Value) + Ty.Suffix + " * " + Term;
    } else {
      // The smaller (larger) of the products with the range's ends, by
      // the file's helpers (SubscriptHelpers.h), or compared inline where
      // it has none: the sign of C is not known. A product with 0 is
      // written 0: 'C * 0 <= C * n' is a comparison gcc says is always
      // true (-Wtautological-compare).
      std::string C = asLong(Ty, T.Coefficient);
      auto Times = [&](const std::string &End) {
        return End == "0" ? std::string("0") : C + " * " + End;
      };
      std::string AtLo = Times(R.Lo), AtHi = Times(R.Hi);
      if (R.Lo == R.Hi)
        Term = AtLo;
      else if (!Ty.Helpers.Min.empty())
        Term = (Past ? Ty.Helpers.Max : Ty.Helpers.Min) + "(" + AtLo + ", " +
               AtHi + ")";
      else
        Term = "(" + AtLo + " <= " + AtHi + " ? " + (Past ? AtHi : AtLo) +
               " : " + (Past ? AtLo : AtHi) + ")";
    }
    if (Term != "0")
      Out += (Out.empty() ? "" : " + ") + Term;
  }
  if (Past)
    Out = Out.empty() ? (More.empty() ? "1" : "2") : Out + " + 1" + More;
  return Out.empty() ? "0" : Out;
}

/// The address of element Index of Base.
std::string address(const Types &Ty, const std::string &Base,
                    const std::string &Index) {
  std::string B = parenthesized(Base);
  if (Index == "0")
    return "(" + Ty.Address + ")" + B;
  if (Index == "1")
    return "(" + Ty.Address + ")" + B + " + sizeof *" + B;
  return "(" + Ty.Address + ")" + B + " + (" + Ty.Address + ")" +
         parenthesized(Index) + " * sizeof *" + B;
}

/// Text without the parentheses around all of it.
std::string unparenthesized(std::string Text) {
  while (Text.size() > 2 && Text.front() == '(' && Text.back() == ')') {
    int Depth = 0;
    size_t Closes = 0;
    for (size_t I = 0; I < Text.size() && !Closes; ++I)
      if (Text[I] == '(')
        ++Depth;
      else if (Text[I] == ')' && --Depth == 0)
        Closes = I;
    if (Closes != Text.size() - 1)
      break;
    Text = Text.substr(1, Text.size() - 2);
  }
  return Text;
}

/// A local the test declares: the end of a range that reads memory, named
/// once (`long long p_first = rowptr[0];`) rather than spelled out in every
/// bound that uses it.
struct Local {
  std::string Type, Name, Value;
};

/// What the loops of a nest range over, outermost first.
struct LoopRanges {
  std::vector<std::string> Run; // each loop runs at least once
  /// By variable: in full, as the conditions of Run read them before any
  /// range is known to be readable.
  std::map<std::string, Range> Ranges;
  /// The same through Locals, for the test once Run holds.
  std::map<std::string, Range> Named;
  std::vector<Local> Locals;
};

/// Names a range's end: Value itself, or with Names, a local holding it
/// when it reads an array.
std::string rangeEnd(const Types &Ty, NamePicker *Names,
                     const std::string &Stem, const std::string &Value,
                     LoopRanges &Out) {
  if (!Names || Value.find('[') == std::string::npos)
    return Value;
  std::string Name = Names->pick(Stem);
  std::string Plain = Value;
  if (Plain.rfind("(" + Ty.Index + ")", 0) == 0)
    Plain = Plain.substr(Ty.Index.size() + 2);
  Out.Locals.push_back({Ty.Index, Name, unparenthesized(Plain)});
  return Name;
}

/// The ranges of K's loop variables, positions and scanned coordinates,
/// or why one cannot be bounded; with Names, the ranges that read memory
/// named as locals (LoopRanges::Named).
std::optional<std::string>
rangeLoops(const ir::Kernel &K, const NestSource &S, const Types &Ty,
           const std::map<std::string, ScannedRange> &Scanned,
           NamePicker *Names, LoopRanges &Out) {
  std::map<std::string, Range> &Ranges = Out.Ranges;
  // The ranges below read positions arrays at pos[0]: where the reading
  // took it to be 0 (a first level walked from 0), only once it is.
  if (std::string First = zeroFirstCondition(S); !First.empty())
    Out.Run.push_back(First);
  for (const ir::Loop &L : K.Loops) {
    const LoopSource *Src = S.loop(L.Index);
    if (!Src)
      return "the loop over '" + L.Index + "' was not read";
    if (!L.isCompressed()) {
      std::optional<levels::FiberRange> R = levels::Level(*Src).fiber();
      if (!R)
        return "the bounds of the loop over '" + L.Index + "' were not read";
      std::string Lo = R->FromZero ? "0" : asLong(Ty, R->Begin);
      Out.Run.push_back(Lo + " < " + asLong(Ty, R->End));
      Ranges[L.Index] = Out.Named[L.Index] = span(Lo, asLong(Ty, R->End));
      continue;
    }
    const OverlapFacts::Position *P = nullptr;
    for (const OverlapFacts::Position &Q : S.Overlap.PositionRanges)
      if (Q.Variable == Src->Position)
        P = &Q;
    // A first level's positions (its parent the root, "") run over
    // [pos[0], pos[1]); a coordinate (COO) loop's, which has no positions
    // array, over its bounds as written.
    bool Coordinates = P && P->Positions.empty() && !P->End.empty();
    bool Root = P && P->Parent.empty();
    if (!Coordinates &&
        (!P || (!Root && !Ranges.count(P->Parent)) || P->Positions.empty()))
      return "the positions of the loop over '" + L.Index +
             "' do not follow a loop around it";
    auto At = [&](const std::map<std::string, Range> &From, bool First) {
      if (Coordinates)
        return asLong(Ty, First ? P->Begin : P->End);
      std::string Pos = parenthesized(P->Positions);
      if (Root)
        return asLong(Ty, Pos + (First ? "[0]" : "[1]"));
      const Range &Parent = From.at(P->Parent);
      return asLong(Ty, Pos + "[" + (First ? Parent.Lo : Parent.End) + "]");
    };
    // The levels of a COO list share one position, ranged once.
    if (!Ranges.count(P->Variable)) {
      std::string Lo = At(Ranges, true), End = At(Ranges, false);
      Out.Run.push_back(Lo + " < " + End);
      Ranges[P->Variable] = span(Lo, End);
      std::string First =
          rangeEnd(Ty, Names, P->Variable + "_first", At(Out.Named, true), Out);
      Out.Named[P->Variable] =
          span(First, rangeEnd(Ty, Names, P->Variable + "_end",
                               At(Out.Named, false), Out));
    }
    auto Scan = Scanned.find(L.Index);
    if (Scan != Scanned.end())
      Ranges[L.Index] = Out.Named[L.Index] = span(
          asLong(Ty, Scan->second.Minimum), asLong(Ty, Scan->second.Extent));
  }
  return std::nullopt;
}

/// The bytes an array covers, [Begin, End), as locals of the test.
struct Bytes {
  std::string Begin, End;
};

/// The test's locals: each array's bytes named once, from the ranges of
/// its variables.
class ByteRanges {
public:
  ByteRanges(const Types &Ty, const LoopRanges &Loops, NamePicker &Names)
      : Ty(Ty), Loops(Loops), Names(Names) {}

  /// The locals that hold A's bytes (declared with the first array of the
  /// same bytes).
  Bytes of(const OverlapFacts::Array &A) {
    std::string Begin = address(Ty, A.Base, bound(Ty, A, Loops.Named, false));
    std::string End = address(Ty, A.Base, bound(Ty, A, Loops.Named, true));
    auto [It, New] = Known.try_emplace(Begin + "\n" + End);
    if (New) {
      std::string Stem = NamePicker::identifier(A.Base);
      It->second = {Names.pick(Stem + "_begin"), Names.pick(Stem + "_end")};
      Declared.push_back({Ty.Address, It->second.Begin, Begin});
      Declared.push_back({Ty.Address, It->second.End, End});
    }
    return It->second;
  }

  /// The declarations, the ranges' locals that any later text reads
  /// first; Tests is the text that reads them last. Read, all the text
  /// of the test.
  lower::Nodes declarations(const std::string &Tests, std::string &Read) const {
    std::vector<Local> All = Loops.Locals;
    All.insert(All.end(), Declared.begin(), Declared.end());
    std::vector<bool> Kept(All.size(), false);
    std::string Later = Tests;
    for (size_t I = All.size(); I-- > 0;)
      if (mentions(Later, All[I].Name)) {
        Kept[I] = true;
        Later += "\n" + All[I].Value;
      }
    Read = Later;
    lower::Nodes Out;
    for (size_t I = 0; I < All.size(); ++I)
      if (Kept[I])
        Out.push_back(declare(All[I].Type, All[I].Name, All[I].Value));
    return Out;
  }

private:
  const Types &Ty;
  const LoopRanges &Loops;
  NamePicker &Names;
  std::map<std::string, Bytes> Known; // by the text of the bytes
  std::vector<Local> Declared;
};

/// Flag's declaration, nonzero when every loop runs, and, when it is,
/// the bytes of each array written compared with those of each array read
/// and of each other one written; whether that calls the file's helpers in
/// CallsHelpers.
lower::Nodes disjointBytes(const NestSource &S, const Types &Ty,
                           const LoopRanges &Loops, NamePicker &Names,
                           const std::string &Flag, bool &CallsHelpers) {
  ByteRanges Arrays(Ty, Loops, Names);
  std::vector<Bytes> Written;
  for (const OverlapFacts::Array &A : S.Overlap.Arrays)
    if (A.Written)
      Written.push_back(Arrays.of(A));
  std::string Tests;
  std::set<std::string> Compared;
  // [b, e) and [c, d) are disjoint iff e <= c || d <= b.
  auto Apart = [&](const Bytes &One, const Bytes &Other) {
    std::string Test = "(" + One.End + " <= " + Other.Begin + " || " +
                       Other.End + " <= " + One.Begin + ")";
    if (Compared.insert(Test).second)
      Tests += (Tests.empty() ? "" : " && ") + Test;
  };
  for (size_t I = 0; I < Written.size(); ++I) {
    for (const OverlapFacts::Array &A : S.Overlap.Arrays)
      if (!A.Written)
        Apart(Written[I], Arrays.of(A));
    for (size_t J = I + 1; J < Written.size(); ++J)
      Apart(Written[I], Written[J]);
  }
  // What a nest run first writes, apart from all the nest touches but the
  // output it zeroes (ZeroingNest.h).
  for (const OverlapFacts::Array &F : S.Overlap.WrittenFirst)
    for (const OverlapFacts::Array &A : S.Overlap.Arrays)
      if (!A.Written || A.Base != F.Base)
        Apart(Arrays.of(F), Arrays.of(A));
  std::string Assign = Flag + " = " + (Tests.empty() ? "1" : Tests) + ";";
  std::string Read;
  lower::Nodes Disjoint = Arrays.declarations(Assign, Read);
  CallsHelpers = !Ty.Helpers.Min.empty() && (mentions(Read, Ty.Helpers.Min) ||
                                             mentions(Read, Ty.Helpers.Max));
  Disjoint.push_back(statement(Assign));
  return {declare("int", Flag, Loops.Run.empty() ? "1" : allOf(Loops.Run)),
          lower::Node::ifThen(lower::code(Flag), std::move(Disjoint))};
}

} // namespace

std::optional<std::string> everyLoopRuns(const ir::Kernel &K,
                                         const NestSource &S,
                                         const Dialect &Standard) {
  LoopRanges Loops;
  if (rangeLoops(K, S, typesFor(Standard), {}, nullptr, Loops))
    return std::nullopt;
  return allOf(Loops.Run);
}

std::set<std::string> overlapCoordinates(const ir::Kernel &K,
                                         const NestSource &S) {
  std::set<std::string> Out = chainParents(K, S);
  for (const ir::Loop &L : K.Loops)
    if (L.isCompressed())
      for (const OverlapFacts::Array &A : S.Overlap.Arrays)
        for (const OverlapFacts::Term &T : A.Terms)
          if (T.Variable == L.Index)
            Out.insert(L.Index);
  return Out;
}

std::set<std::string> chainParents(const ir::Kernel &K, const NestSource &S) {
  std::set<std::string> Out;
  for (const OverlapFacts::Position &P : S.Overlap.PositionRanges)
    for (const ir::Loop &L : K.Loops)
      if (L.isCompressed() && L.Index == P.Parent && !P.Positions.empty())
        Out.insert(L.Index);
  return Out;
}

OrRefusal<OverlapTest>
overlapTest(const ir::Kernel &K, const NestSource &S,
            const std::map<std::string, ScannedRange> &Scanned,
            const Dialect &Standard, NamePicker &Names,
            const SubscriptHelpers &Helpers) {
  const Types Ty = typesFor(Standard, Helpers);
  // A struct's member is not one of the function's restrict pointers.
  std::string Advice = S.Overlap.OutputInStruct
                           ? "pass --assume-no-alias if they never overlap"
                           : "declare the output 'restrict' or pass "
                             "--assume-no-alias";
  auto Refuse = [&](const std::string &Why) {
    return Refusal(rule::PossibleAlias,
                   "the output may share memory with an input and the fused "
                   "nest reads the inputs in a different order; no run-time "
                   "overlap test could be written: " +
                       Why + "; " + Advice);
  };
  if (!S.Overlap.Unbounded.empty())
    return Refuse(S.Overlap.Unbounded);
  // Each loop runs at least once, outermost first: a position's range
  // reads its parent's range of positions only then.
  LoopRanges Loops;
  if (std::optional<std::string> Why =
          rangeLoops(K, S, Ty, Scanned, &Names, Loops))
    return Refuse(*Why);
  // A nest run first ranges over its own bounds, whether or not it runs:
  // when it does not, it writes nothing, and any answer is safe.
  for (const OverlapFacts::Range &R : S.Overlap.FirstRanges)
    Loops.Ranges[R.Variable] = Loops.Named[R.Variable] =
        span(R.Begin == "0" ? "0" : asLong(Ty, R.Begin), asLong(Ty, R.End));
  bool Writes = false;
  for (const OverlapFacts::Array &A : S.Overlap.Arrays) {
    for (const OverlapFacts::Term &T : A.Terms)
      if (!Loops.Ranges.count(T.Variable))
        return Refuse("the range of '" + T.Variable + "', which indexes '" +
                      A.Base +
                      "', is not known before the nest (a coordinate is "
                      "scanned only where its own loop reads it)");
    Writes |= A.Written;
  }
  if (!Writes)
    return Refuse("the output's subscript was not read");
  OverlapTest Out;
  Out.Flag = Names.pick("no_overlap");
  Out.Statements =
      disjointBytes(S, Ty, Loops, Names, Out.Flag, Out.CallsHelpers);
  return Out;
}

} // namespace lnr::rewrite
