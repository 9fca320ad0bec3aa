//===- Context.cpp --------------------------------------------------------===//

#include "rewrite/lower/Context.h"
#include "rewrite/CText.h"
#include "rewrite/levels/Level.h"

#include <algorithm>
#include <cctype>

namespace lnr::lower {

using rewrite::isSimple;
using rewrite::parenthesized;

std::string atLeastOne(const std::string &Count) {
  return "(" + Count + " > 0 ? " + Count + " : 1)";
}

std::string operand(const std::string &C) {
  size_t Open = C.find('[');
  if (Open == std::string::npos || Open == 0 || C.back() != ']' ||
      !isSimple(C.substr(0, Open)))
    return parenthesized(C);
  int Depth = 0;
  for (size_t I = Open; I < C.size(); ++I) {
    Depth += C[I] == '[' ? 1 : C[I] == ']' ? -1 : 0;
    if (Depth == 0 && I + 1 < C.size())
      return parenthesized(C); // 'a[i] + b[j]'
  }
  return C;
}

Context::Context(const ir::Kernel &K, const NestSource &S,
                 const LowerOptions &Opts, const NestFacts &Facts,
                 NamePicker Names)
    : K(K), S(S), Opts(Opts), Facts(Facts), Names(std::move(Names)) {
  for (const ir::IndexVar &V : K.Indices)
    Holes.insert(V.Name);
  for (const NestSource::Alias &A : S.Aliases)
    Holes.insert(A.Name);
}

const ir::Temporary *Context::temporary(const std::string &Name) const {
  for (const std::vector<ir::Temporary> *List : {&Globals, &Vectors})
    for (const ir::Temporary &T : *List)
      if (T.Name == Name)
        return &T;
  return nullptr;
}

bool Context::isGlobal(const std::string &Temp) const {
  return std::any_of(Globals.begin(), Globals.end(),
                     [&](const ir::Temporary &T) { return T.Name == Temp; });
}

bool Context::hasGlobals() const {
  return std::any_of(Globals.begin(), Globals.end(),
                     [](const ir::Temporary &T) { return !T.isScalar(); });
}

bool Context::keepsFileHeader(const std::string &Index,
                              const ir::Loop *L) const {
  const ir::Loop *Original = nullptr;
  for (const ir::Loop &O : K.Loops)
    if (O.Index == Index)
      Original = &O;
  bool Dense = L ? !L->isCompressed() : true;
  return !Original || Dense == !Original->isCompressed();
}

std::optional<LoopHeader> Context::loopHeader(const std::string &Index,
                                              const ir::Loop *L) const {
  const LoopSource *Loop = S.loop(Index);
  if (!Loop)
    return std::nullopt;
  LoopHeader H;
  if (keepsFileHeader(Index, L)) {
    H.Source = code(Loop->Header);
    return H;
  }
  const ir::IndexVar *V = K.findIndex(Index);
  // A coordinate read in place ('B2_crd[kB]') has no variable to loop over.
  if (!V || V->Extent.empty() || Loop->IndexType.empty() || !isSimple(Index))
    return std::nullopt;
  // C89: only over a variable declared before the nest.
  bool Declared = std::find(S.OuterDeclared.begin(), S.OuterDeclared.end(),
                            Index) != S.OuterDeclared.end();
  if (Facts.DeclarationsFirst && !Declared)
    return std::nullopt;
  std::string Type = Facts.DeclarationsFirst ? "" : Loop->CounterType + " ";
  H.Init = code(Type + Index + " = 0");
  H.Condition = code(Index + " < " + V->Extent);
  H.Step = code(Index + "++");
  return H;
}

bool Context::workshareable(const ir::Loop &L) const {
  const LoopSource *Src = S.loop(L.Index);
  return !Src || !keepsFileHeader(L.Index, &L) || Src->OmpCanonical;
}

bool Context::denseFromZero(const ir::Loop &L) const {
  const LoopSource *Src = S.loop(L.Index);
  const ir::IndexVar *V = K.findIndex(L.Index);
  return !L.isCompressed() && Src && levels::Level(*Src).fromZero() && V &&
         !V->Extent.empty();
}

Code Context::startAtZero(const std::string &Index) const {
  if (std::find(S.OuterDeclared.begin(), S.OuterDeclared.end(), Index) !=
      S.OuterDeclared.end())
    return code(Index + " = 0;");
  return code(S.loop(Index)->IndexType + " " + Index + " = 0;");
}

std::string Context::ahead(const std::string &Index, unsigned By) const {
  std::string Sum = Index + " + " + std::to_string(By);
  const LoopSource *Src = S.loop(Index);
  if (!Src || Src->CounterType == Src->IndexType)
    return Sum;
  return "(" + Src->CounterType + ")(" + Sum + ")";
}

std::optional<Refusal> Context::inPlace(const std::string &Index) const {
  if (isSimple(Index))
    return std::nullopt;
  return Refusal(rule::UnsupportedSchedule,
                 "the schedule loops densely over the coordinate '" + Index +
                     "', which the nest reads in place: there is no "
                     "variable to loop over");
}

std::string Context::extent(const std::string &Index) const {
  return parenthesized(K.findIndex(Index)->Extent);
}

/// An extent may be 0 or negative ('K - 1' for K = 0, or K itself), where
/// the loop runs no iteration: allocated as one element, which is never
/// read, not as a size_t that wrapped (which sanitizers abort on) nor as 0
/// bytes, for which malloc may return NULL: a NULL pointer then always
/// means that the allocation failed (and the original nest runs).
std::string Context::allocationExtent(const std::string &Index) const {
  return atLeastOne(extent(Index));
}

/// Row-major: ((i0 * E1 + i1) * E2 + i2). A temporary's indices count from
/// 0: 'k - 1' where the file's loop starts k at 1 (the extent is then
/// 'K - 1'). Wide: in size_t arithmetic (a full temporary may exceed an
/// int's range).
std::string Context::subscript(const std::vector<std::string> &Indices,
                               bool Wide) const {
  auto FromZero = [&](const std::string &Index) {
    // A dense loop's first coordinate; a coordinate of positions has none.
    const LoopSource *Loop = S.loop(Index);
    std::optional<levels::FiberRange> R =
        Loop && !levels::Level(*Loop).walksPositions()
            ? levels::Level(*Loop).fiber()
            : std::nullopt;
    if (!R || R->FromZero)
      return Index;
    return Index + " - " + parenthesized(R->Begin);
  };
  std::string Out = FromZero(Indices.front());
  bool Sum = Out != Indices.front(); // 'k - 1'
  if (Wide)
    Out = "(size_t)" + (Sum ? "(" + Out + ")" : Out), Sum = false;
  for (size_t D = 1; D < Indices.size(); ++D) {
    Out = (Sum ? "(" + Out + ")" : Out) + " * " + extent(Indices[D]) + " + " +
          FromZero(Indices[D]);
    Sum = true;
  }
  // A plain char subscript alone is -Wchar-subscripts (-Wall) where the
  // file's own subscripts are sums (C[l * J + j]).
  const LoopSource *Alone = Sum || Wide ? nullptr : S.loop(Indices.front());
  if (Alone && Alone->IndexType == "char")
    Out = "(int)" + Out;
  return Out;
}

/// rowptr[n] for CSR, pos2[pos1[n]] for CSF; a dense first level counts up
/// to its loop's bound.
std::optional<std::string>
Context::positionsCount(const ir::PatternSource &P) const {
  const ir::Tensor *T = K.findTensor(P.Tensor);
  const ir::Access *A = accessOf(P.Tensor);
  if (!T || !A || P.Levels == 0 || P.Levels > T->Levels.size())
    return std::nullopt;
  std::string Count;
  for (unsigned Level = 0; Level < P.Levels; ++Level) {
    const ir::Loop *Walk = nullptr;
    for (const ir::Loop &L : K.Loops)
      if (L.Index == A->Indices[Level])
        Walk = &L;
    const LoopSource *Src = Walk ? S.loop(Walk->Index) : nullptr;
    if (!Src)
      return std::nullopt;
    if (T->Levels[Level] == ir::LevelFormat::Dense) {
      std::optional<levels::FiberRange> Rows = levels::Level(*Src).fiber();
      if (Level > 0 || Walk->isCompressed() || !Rows)
        return std::nullopt;
      Count = Rows->End;
    } else {
      std::optional<std::string> Positions = levels::Level(*Src).positions();
      if (!Walk->isCompressed() || Walk->Driver != P.Tensor ||
          Walk->DriverLevel != Level || !Positions)
        return std::nullopt;
      Count = *Positions + "[" + (Count.empty() ? "1" : Count) + "]";
    }
  }
  return Count;
}

const ir::Access *Context::accessOf(const std::string &Tensor) const {
  for (const ir::Access &F : K.Stmt.Factors)
    if (F.Tensor == Tensor)
      return &F;
  return nullptr;
}

std::optional<Code> Context::aliasInit(const std::string &Name) const {
  for (const NestSource::Alias &Alias : S.Aliases)
    if (Alias.Name == Name)
      if (std::optional<std::string> Value =
              rewrite::initializerOf(Alias.Declaration))
        return code(*Value);
  return std::nullopt;
}

/// The source of an input factor with the dense positions it reads (TACO's
/// kD, row pointers) written out.
std::optional<Code> Context::inlinedFactor(const ir::Access &A) const {
  std::optional<size_t> I = sourceFactor(A);
  if (!I)
    return std::nullopt;
  Code Text = code(S.Factors[*I].Text);
  for (const std::string &Name : S.Factors[*I].Aliases)
    if (std::optional<Code> Init = aliasInit(Name))
      Text = Text.fill(Name, *Init);
  return Text;
}

} // namespace lnr::lower

namespace lnr::lower {

/// The position variable of the enclosing loop that walks a temporary's
/// tensor at its last level.
static std::optional<std::string> positionOf(Context &C,
                                             const ir::Temporary &T) {
  const std::string &Index = T.Indices.back();
  for (const ir::Loop *L : C.Enclosing)
    if (L->Index == Index) {
      const LoopSource *Src = C.S.loop(Index);
      if (L->isCompressed() && L->Driver == T.Positions->Tensor &&
          L->DriverLevel + 1 == T.Positions->Levels && Src &&
          !Src->Position.empty())
        return Src->Position;
      break;
    }
  if (!C.Problem)
    C.Problem = Refusal(rule::UnsupportedTemporary,
                        "the schedule reads " +
                            toString(ir::Access{T.Name, T.Indices}) +
                            ", stored at the positions of '" +
                            T.Positions->Tensor + "', in a loop over '" +
                            Index + "' that does not walk those positions");
  return std::nullopt;
}

std::optional<Code> Context::access(const ir::Access &A) {
  if (auto It = CName.find(A.Tensor); It != CName.end()) {
    if (A.Indices.empty())
      return code(It->second);
    const ir::Temporary *T = temporary(A.Tensor);
    if (T && T->Positions) {
      std::optional<std::string> P = positionOf(*this, *T);
      if (!P)
        return std::nullopt;
      return code(It->second + "[" + *P + "]");
    }
    return code(It->second + "[" +
                subscript(A.Indices, /*Wide=*/isGlobal(A.Tensor)) + "]");
  }
  if (A.Tensor == K.Stmt.Lhs.Tensor && A.Indices == K.Stmt.Lhs.Indices)
    return code(S.Output);
  if (std::optional<size_t> I = sourceFactor(A))
    return code(S.Factors[*I].Text);
  return std::nullopt;
}

std::optional<size_t> Context::sourceFactor(const ir::Access &A) const {
  if (CName.count(A.Tensor))
    return std::nullopt;
  for (size_t I = 0; I < K.Stmt.Factors.size(); ++I)
    if (K.Stmt.Factors[I].Tensor == A.Tensor &&
        K.Stmt.Factors[I].Indices == A.Indices)
      return I;
  return std::nullopt;
}

Code Context::asOperand(size_t I, Code Text) const {
  if (I >= S.Factors.size() || !S.Factors[I].Converted)
    return Text;
  std::string Spelled = Text.str();
  Code Cast = code("(" + S.ValueType + ")");
  // A name, a number ('alpha', '2', '0.5') or an element ('vals[p]').
  bool Plain = std::all_of(Spelled.begin(), Spelled.end(), [](char Ch) {
    return std::isalnum(static_cast<unsigned char>(Ch)) || Ch == '_' ||
           Ch == '.';
  });
  if (Plain || operand(Spelled) == Spelled)
    return Cast + Text;
  return Cast + code("(") + Text + code(")");
}

bool Context::isPattern(const ir::Access &A) const {
  std::optional<size_t> I = sourceFactor(A);
  return I && *I < S.Factors.size() && S.Factors[*I].Pattern;
}

bool Context::leftOut(const ir::Assignment &A, const ir::Access &F) const {
  return isPattern(F) &&
         std::any_of(A.Factors.begin(), A.Factors.end(),
                     [&](const ir::Access &X) { return !isPattern(X); });
}

std::optional<Code>
Context::statementText(const ir::Assignment &A,
                       const std::map<std::string, std::string> &Read) {
  std::optional<Code> Text = access(A.Lhs);
  bool First = true;
  for (size_t I = 0; Text && I < A.Factors.size(); ++I) {
    if (leftOut(A, A.Factors[I]))
      continue;
    auto It = Read.find(toString(A.Factors[I]));
    std::optional<Code> F = It != Read.end()
                                ? std::optional<Code>(lower::code(It->second))
                                : access(A.Factors[I]);
    if (F && It == Read.end())
      if (std::optional<size_t> Source = sourceFactor(A.Factors[I]))
        F = asOperand(*Source, std::move(*F));
    if (!F) {
      Text.reset();
    } else {
      *Text += lower::code(!First ? " * " : A.Accumulate ? " += " : " = ");
      *Text += std::move(*F);
      First = false;
    }
  }
  return Text;
}

std::optional<Code> Context::factorText(const ir::Access &X) {
  if (CName.count(X.Tensor))
    return access(X);
  std::optional<Code> Text = inlinedFactor(X);
  if (std::optional<size_t> Source = sourceFactor(X); Text && Source)
    return asOperand(*Source, std::move(*Text));
  return Text;
}

std::optional<Code> Context::jamText(const ir::Access &X) {
  if (X.Tensor == K.Stmt.Lhs.Tensor && X.Indices == K.Stmt.Lhs.Indices &&
      !CName.count(X.Tensor)) {
    Code Out = code(S.Output);
    for (const std::string &Name : S.OutputAliases)
      if (std::optional<Code> Init = aliasInit(Name))
        Out = Out.fill(Name, *Init);
    return Out;
  }
  return factorText(X);
}

/// The sum of the products for KIdx + Offsets[0], KIdx + Offsets[1], ...,
/// every dense position written out. With Hoisted, the factors that do not
/// read LIndex are replaced by Hoisted[n] for Offsets[n] (their product,
/// computed before the loop over LIndex).
std::optional<Code> Context::jamSum(const ir::Assignment &A,
                                    const std::string &KIdx,
                                    const std::vector<unsigned> &Offsets,
                                    const std::vector<std::string> *Hoisted,
                                    const std::string &LIndex) {
  Code Sum;
  for (size_t N = 0; N < Offsets.size(); ++N) {
    unsigned Offset = Offsets[N];
    Code Product = Hoisted ? code((*Hoisted)[N]) : Code();
    for (const ir::Access &F : A.Factors) {
      if ((Hoisted && !F.uses(LIndex)) || leftOut(A, F))
        continue;
      std::optional<Code> X = jamText(F);
      if (!X)
        return std::nullopt;
      if (Offset)
        *X = X->fill(KIdx, code(KIdx + " + " + std::to_string(Offset)));
      if (!Product.empty())
        Product += code(" * ");
      Product += std::move(*X);
    }
    if (!Sum.empty())
      Sum += code(" + ");
    Sum += std::move(Product);
  }
  return Sum;
}

std::optional<Code>
Context::jamStatement(const ir::Assignment &A, const std::string &KIdx,
                      const std::vector<unsigned> &Offsets,
                      const std::vector<std::string> *Hoisted,
                      const std::string &LIndex) {
  std::optional<Code> Lhs = jamText(A.Lhs);
  std::optional<Code> Sum = jamSum(A, KIdx, Offsets, Hoisted, LIndex);
  if (!Lhs || !Sum)
    return std::nullopt;
  Code Statement = std::move(*Lhs);
  Statement += code(" += ");
  Statement += std::move(*Sum);
  Statement += code(";");
  return Statement;
}

} // namespace lnr::lower
