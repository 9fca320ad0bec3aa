//===- OverlapTest.cpp ----------------------------------------------------===//

#include "rewrite/OverlapTest.h"
#include "rewrite/CText.h"
#include "rewrite/OrderedPositions.h"
#include "rewrite/TreeBuilders.h"
#include "rewrite/levels/Level.h"

#include <optional>

namespace lnr::rewrite {
namespace {

/// A variable's values: [Lo, Hi], C expressions of the test's index type.
struct Range {
  std::string Lo, Hi;
};

/// The types the test computes in: the file's widest integer and the
/// unsigned type addresses are compared in (Dialect.h: `long long` and
/// `uintptr_t`, or `long` and `unsigned long` in C89).
struct Types {
  std::string Index, Suffix, Address;
};
Types typesFor(const Dialect &D) {
  return {D.WideInt, D.WideSuffix, D.AddressInt};
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

/// The smallest (Max false) or largest element of an array's subscript.
std::string bound(const Types &Ty, const OverlapFacts::Array &A,
                  const std::map<std::string, Range> &Ranges, bool Max) {
  std::string Out = A.Offset.empty() ? "" : asLong(Ty, A.Offset);
  for (const OverlapFacts::Term &T : A.Terms) {
    const Range &R = Ranges.at(T.Variable);
    std::string Term;
    if (std::optional<long long> Value = constant(T.Coefficient)) {
      Term = (*Value >= 0) == Max ? R.Hi : R.Lo;
      if (*Value != 1)
        Term = std::to_string(*Value) + Ty.Suffix + " * " + Term;
    } else {
      // The smaller (larger) of the products with the range's ends,
      // compared as such: 'C >= 0' of an unsigned C widened is always
      // true, which gcc's -Wextra says (-Wtype-limits).
      // A product with 0 is written 0: 'C * 0 <= C * n' is a comparison
      // gcc says is always true (-Wtautological-compare).
      std::string C = asLong(Ty, T.Coefficient);
      auto Times = [&](const std::string &End) {
        return End == "0" ? std::string("0") : C + " * " + End;
      };
      std::string AtLo = Times(R.Lo), AtHi = Times(R.Hi);
      Term = R.Lo == R.Hi
                 ? AtLo
                 : "(" + AtLo + " <= " + AtHi + " ? " + (Max ? AtHi : AtLo) +
                       " : " + (Max ? AtLo : AtHi) + ")";
    }
    Out += (Out.empty() ? "" : " + ") + Term;
  }
  if (A.Positions && Max)
    Out += " + 1"; // pos[q + 1]
  return Out.empty() ? "0" + Ty.Suffix : "(" + Out + ")";
}

/// The address of element Index of Base, or one past it.
std::string address(const Types &Ty, const std::string &Base,
                    const std::string &Index, bool PastIt) {
  std::string B = parenthesized(Base);
  return "(" + Ty.Address + ")" + B + " + ((" + Ty.Address + ")" + Index +
         (PastIt ? " + 1" : "") + ") * sizeof *" + B;
}

/// What the loops of a nest range over, outermost first.
struct LoopRanges {
  std::vector<std::string> Run;        // each loop runs at least once
  std::map<std::string, Range> Ranges; // by variable
};

/// The ranges of K's loop variables, positions and scanned coordinates,
/// or why one cannot be bounded.
std::optional<std::string>
rangeLoops(const ir::Kernel &K, const NestSource &S, const Types &Ty,
           const std::map<std::string, ScannedRange> &Scanned,
           LoopRanges &Out) {
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
      Ranges[L.Index] = {Lo, "(" + asLong(Ty, R->End) + " - 1)"};
      continue;
    }
    const OverlapFacts::Position *P = nullptr;
    for (const OverlapFacts::Position &Q : S.Overlap.PositionRanges)
      if (Q.Variable == Src->Position)
        P = &Q;
    std::string Lo, End;
    if (P && P->Positions.empty() && !P->End.empty()) {
      // A coordinate (COO) loop's positions: its bounds as written.
      Lo = asLong(Ty, P->Begin);
      End = asLong(Ty, P->End);
    } else {
      auto Parent = P ? Ranges.find(P->Parent) : Ranges.end();
      // A first level's positions (its parent the root, "") run over
      // [pos[0], pos[1]).
      bool Root = P && P->Parent.empty();
      if (!P || (!Root && Parent == Ranges.end()) || P->Positions.empty())
        return "the positions of the loop over '" + L.Index +
               "' do not follow a loop around it";
      std::string Pos = parenthesized(P->Positions);
      Lo = asLong(Ty, Pos + (Root ? "[0]" : "[" + Parent->second.Lo + "]"));
      End =
          asLong(Ty, Pos + (Root ? "[1]" : "[" + Parent->second.Hi + " + 1]"));
    }
    // The levels of a COO list share one position, ranged once.
    if (!Ranges.count(P->Variable)) {
      Out.Run.push_back(Lo + " < " + End);
      Ranges[P->Variable] = {Lo, "(" + End + " - 1)"};
    }
    auto Scan = Scanned.find(L.Index);
    if (Scan != Scanned.end())
      Ranges[L.Index] = {asLong(Ty, Scan->second.Minimum),
                         "(" + asLong(Ty, Scan->second.Extent) + " - 1)"};
  }
  return std::nullopt;
}

/// The bytes an array written covers, [Begin, End), as named variables.
struct WrittenBytes {
  const OverlapFacts::Array *Array;
  std::string Begin, End;
};

/// Flag's declaration, nonzero when every loop runs, and, when it is,
/// the bytes of each array Written compared with those of each array read
/// and of each other one written.
lower::Nodes disjointBytes(const NestSource &S, const Types &Ty,
                           const LoopRanges &Loops,
                           const std::vector<WrittenBytes> &Written,
                           const std::string &Flag) {
  const std::map<std::string, Range> &Ranges = Loops.Ranges;
  lower::Nodes Disjoint;
  for (const WrittenBytes &W : Written) {
    const OverlapFacts::Array &A = *W.Array;
    Disjoint.push_back(
        declare(Ty.Address, W.Begin,
                address(Ty, A.Base, bound(Ty, A, Ranges, false), false)));
    Disjoint.push_back(
        declare(Ty.Address, W.End,
                address(Ty, A.Base, bound(Ty, A, Ranges, true), true)));
  }
  std::string Tests;
  std::set<std::string> Compared;
  // [b, e) and [c, d) are disjoint iff e <= c || d <= b.
  auto Apart = [&](const std::string &Begin, const std::string &End,
                   const std::string &C, const std::string &D) {
    std::string Test =
        "(" + End + " <= " + C + " || " + D + " <= " + Begin + ")";
    if (Compared.insert(Test).second)
      Tests += (Tests.empty() ? "" : " && ") + Test;
  };
  auto First = [&](const OverlapFacts::Array &A) {
    return address(Ty, A.Base, bound(Ty, A, Ranges, false), false);
  };
  auto Last = [&](const OverlapFacts::Array &A) {
    return address(Ty, A.Base, bound(Ty, A, Ranges, true), true);
  };
  for (size_t I = 0; I < Written.size(); ++I) {
    for (const OverlapFacts::Array &A : S.Overlap.Arrays)
      if (!A.Written)
        Apart(Written[I].Begin, Written[I].End, First(A), Last(A));
    for (size_t J = I + 1; J < Written.size(); ++J)
      Apart(Written[I].Begin, Written[I].End, Written[J].Begin, Written[J].End);
  }
  // What a nest run first writes, apart from all the nest touches but the
  // output it zeroes (ZeroingNest.h).
  for (const OverlapFacts::Array &F : S.Overlap.WrittenFirst)
    for (const OverlapFacts::Array &A : S.Overlap.Arrays)
      if (!A.Written || A.Base != F.Base)
        Apart(First(F), Last(F), First(A), Last(A));
  Disjoint.push_back(
      statement(Flag + " = " + (Tests.empty() ? "1" : Tests) + ";"));
  return {declare("int", Flag, Loops.Run.empty() ? "1" : allOf(Loops.Run)),
          lower::Node::ifThen(lower::code(Flag), std::move(Disjoint))};
}

} // namespace

std::optional<std::string> everyLoopRuns(const ir::Kernel &K,
                                         const NestSource &S,
                                         const Dialect &Standard) {
  LoopRanges Loops;
  if (rangeLoops(K, S, typesFor(Standard), {}, Loops))
    return std::nullopt;
  return allOf(Loops.Run);
}

std::set<std::string> overlapCoordinates(const ir::Kernel &K,
                                         const NestSource &S) {
  std::set<std::string> Out;
  for (const ir::Loop &L : K.Loops)
    if (L.isCompressed())
      for (const OverlapFacts::Array &A : S.Overlap.Arrays)
        for (const OverlapFacts::Term &T : A.Terms)
          if (T.Variable == L.Index)
            Out.insert(L.Index);
  return Out;
}

OrRefusal<OverlapTest>
overlapTest(const ir::Kernel &K, const NestSource &S,
            const std::map<std::string, ScannedRange> &Scanned,
            const Dialect &Standard, NamePicker &Names) {
  const Types Ty = typesFor(Standard);
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
  if (std::optional<std::string> Why = rangeLoops(K, S, Ty, Scanned, Loops))
    return Refuse(*Why);
  // A nest run first ranges over its own bounds, whether or not it runs:
  // when it does not, it writes nothing, and any answer is safe.
  for (const OverlapFacts::Range &R : S.Overlap.FirstRanges)
    Loops.Ranges[R.Variable] = {R.Begin == "0" ? "0" : asLong(Ty, R.Begin),
                                "(" + asLong(Ty, R.End) + " - 1)"};
  std::vector<const OverlapFacts::Array *> Written;
  for (const OverlapFacts::Array &A : S.Overlap.Arrays) {
    for (const OverlapFacts::Term &T : A.Terms)
      if (!Loops.Ranges.count(T.Variable))
        return Refuse("the range of '" + T.Variable + "', which indexes '" +
                      A.Base +
                      "', is not known before the nest (a coordinate is "
                      "scanned only where its own loop reads it)");
    if (A.Written)
      Written.push_back(&A);
  }
  if (Written.empty())
    return Refuse("the output's subscript was not read");
  OverlapTest Out;
  Out.Flag = Names.pick("no_overlap");
  std::vector<WrittenBytes> Bytes;
  for (const OverlapFacts::Array *A : Written)
    Bytes.push_back(
        {A, Names.pick("written_begin"), Names.pick("written_end")});
  Out.Statements = disjointBytes(S, Ty, Loops, Bytes, Out.Flag);
  return Out;
}

} // namespace lnr::rewrite
