//===- Temporaries.cpp ----------------------------------------------------===//

#include "rewrite/lower/Temporaries.h"
#include "rewrite/CText.h"
#include "rewrite/levels/Level.h"

#include <algorithm>

namespace lnr::lower {
namespace {

/// The temporaries of the branches that no loop encloses.
void collectFull(const ir::BranchedGraph &G, std::set<std::string> &Out) {
  if (!G.Loops.empty() || G.isLinear())
    return;
  Out.insert(G.Temp->Name);
  collectFull(G.producer(), Out);
  collectFull(G.consumer(), Out);
}

/// An index of T whose level is walked by position only, which has no
/// value to index a temporary by.
std::optional<std::string> positionOnlyIndex(const Context &C,
                                             const ir::Temporary &T) {
  for (const std::string &I : T.Indices)
    if (const LoopSource *L = C.S.loop(I);
        L && !levels::Level(*L).coordinateReadable())
      return I;
  return std::nullopt;
}

/// Why T cannot be written; none when it can.
std::optional<Refusal> unwritable(const Context &C, const ir::Temporary &T,
                                  bool Full) {
  if (T.Positions) {
    if (!C.positionsCount(*T.Positions))
      return Refusal(
          rule::UnsupportedTemporary,
          "the schedule stores " + toString(ir::Access{T.Name, T.Indices}) +
              " at the positions of '" + T.Positions->Tensor +
              "', and the number of those positions is not known (a "
              "dense level below a compressed one, a level read from "
              "separate begin and end arrays or counted from its "
              "fiber's start, or a loop the recovery did not read)");
  } else if (std::optional<std::string> I = positionOnlyIndex(C, T)) {
    return Refusal(rule::UnsupportedTemporary,
                   "the schedule indexes " +
                       toString(ir::Access{T.Name, T.Indices}) + " by '" + *I +
                       "', whose level the nest walks by position only: "
                       "it never loads the coordinate");
  } else if (!Full) {
    for (const std::string &I : T.Indices)
      if (!C.loopHeader(I))
        return C.inPlace(I)
                   ? *C.inPlace(I)
                   : Refusal(rule::Internal,
                             "no loop to zero the temporary over '" + I + "'");
  }
  return std::nullopt;
}

/// Elements of a shared temporary, in size_t arithmetic (a product of
/// extents may not fit in an int); at least one.
std::string globalSize(const Context &C, const ir::Temporary &T) {
  if (T.Positions)
    return "(size_t)" + atLeastOne(operand(*C.positionsCount(*T.Positions)));
  std::string Out;
  for (const std::string &I : T.Indices)
    Out += (Out.empty() ? "" : " * ") + std::string("(size_t)") +
           C.allocationExtent(I);
  return Out.empty() ? "1" : Out;
}

std::string size(const Context &C, const ir::Temporary &T) {
  std::string Out;
  for (const std::string &I : T.Indices)
    Out += (Out.empty() ? "" : " * ") + C.allocationExtent(I);
  return Out;
}

Node pointer(const Context &C, const std::string &Name,
             const std::string &Init) {
  Declaration D;
  D.Type = C.code(C.S.ElementType);
  D.Pointer = true;
  D.Name = Name;
  D.Init = C.code(Init);
  return Node::declaration(std::move(D));
}

Node scalar(const Context &C, const std::string &Name) {
  Declaration D;
  D.Type = C.code(C.S.ElementType);
  D.Name = Name;
  D.Init = code("0");
  return Node::declaration(std::move(D));
}

Node freeOf(const std::string &Name) {
  return Node::statement(code("free(" + Name + ");"));
}

} // namespace

std::optional<Refusal> nameTemporaries(Context &C, const ir::BranchedGraph &G) {
  std::set<std::string> Full;
  collectFull(G, Full);
  for (const ir::Temporary &T : G.temporaries()) {
    if (std::optional<Refusal> R = unwritable(C, T, Full.count(T.Name)))
      return R;
    C.CName[T.Name] = C.Names.pick(T.Name);
    if (T.Positions || Full.count(T.Name))
      C.Globals.push_back(T); // a full scalar too: one, shared
    else if (!T.isScalar())
      C.Vectors.push_back(T);
  }
  return std::nullopt;
}

Nodes globalAllocations(const Context &C) {
  Nodes Out;
  const std::string &Type = C.S.ElementType;
  for (const ir::Temporary &T : C.Globals) {
    const std::string &Name = C.cName(T.Name);
    if (T.isScalar())
      Out.push_back(scalar(C, Name));
    else if (C.ZeroedInFill.count(T.Name))
      Out.push_back(pointer(C, Name,
                            "(" + Type + " *)malloc(sizeof(" + Type + ") * " +
                                globalSize(C, T) + ")"));
    else
      Out.push_back(pointer(C, Name,
                            "(" + Type + " *)calloc(" + globalSize(C, T) +
                                ", sizeof(" + Type + "))"));
  }
  return Out;
}

Nodes globalReleases(const Context &C) {
  Nodes Out;
  for (const ir::Temporary &T : C.Globals)
    if (!T.isScalar())
      Out.push_back(freeOf(C.cName(T.Name)));
  return Out;
}

Nodes allocations(const Context &C, const std::vector<ir::Temporary> &List) {
  Nodes Out;
  const std::string &Type = C.S.ElementType;
  for (const ir::Temporary &T : List)
    Out.push_back(pointer(C, C.cName(T.Name),
                          "(" + Type + " *)malloc(sizeof(" + Type + ") * " +
                              size(C, T) + ")"));
  return Out;
}

Nodes releases(const Context &C, const std::vector<ir::Temporary> &List) {
  Nodes Out;
  for (const ir::Temporary &T : List)
    Out.push_back(freeOf(C.cName(T.Name)));
  return Out;
}

/// Sizes count at least one element, so a NULL pointer is a failure,
/// never malloc(0)'s legitimate answer.
std::string allAllocated(const Context &C,
                         const std::vector<ir::Temporary> &List) {
  std::vector<std::string> Pointers;
  for (const ir::Temporary &T : List)
    if (!T.isScalar())
      Pointers.push_back(C.cName(T.Name));
  return rewrite::allOf(Pointers);
}

Nodes zeroInLoops(const std::vector<LoopHeader> &Headers, Code Element) {
  Nodes Inner = nodes(Node::statement(Element + code(" = 0;")));
  for (size_t D = Headers.size(); D-- > 0;) {
    Nodes Outer;
    Outer.push_back(Node::loop(Headers[D], std::move(Inner)));
    Inner = std::move(Outer);
  }
  return Inner;
}

Nodes zero(Context &C, const ir::Temporary &T) {
  const std::string &Name = C.cName(T.Name);
  if (T.isScalar())
    return {scalar(C, Name)};
  std::vector<LoopHeader> Headers;
  for (const std::string &I : T.Indices) {
    // The positions the enclosing loops own, walked as the file walks them
    // (the coordinates are not needed).
    if (T.Positions) {
      LoopHeader H;
      H.Source = C.code(C.S.loop(I)->Header);
      Headers.push_back(H);
    } else {
      Headers.push_back(*C.loopHeader(I));
    }
  }
  std::string Element = T.Positions ? C.S.loop(T.Indices.back())->Position
                                    : C.subscript(T.Indices);
  return zeroInLoops(Headers, C.code(Name + "[" + Element + "]"));
}

/// The slice is zeroed in parallel when the loop is, and while it is in
/// cache, instead of calloc's sequential pass over it all before the nest
/// (docs/schedules.md, "Run-time choice").
Nodes zeroSliceFirst(Context &C, const ir::Temporary &T, const ir::Loop &L) {
  if (T.Positions || T.isScalar() || L.isCompressed() ||
      L.Index != T.Indices.front())
    return {};
  std::vector<LoopHeader> Headers;
  for (size_t D = 1; D < T.Indices.size(); ++D) {
    std::optional<LoopHeader> Header = C.loopHeader(T.Indices[D]);
    if (!Header)
      return {};
    Headers.push_back(*Header);
  }
  C.ZeroedInFill.insert(T.Name);
  return zeroInLoops(Headers,
                     C.code(C.cName(T.Name) + "[" +
                            C.subscript(T.Indices, /*Wide=*/true) + "]"));
}

} // namespace lnr::lower
