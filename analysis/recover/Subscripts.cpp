//===- Subscripts.cpp ----------------------------------------------------===//
//
// Subscripts as affine forms over the nest's indices, dense accesses read
// as their tensor's indices (largest stride first), factors of the product,
// and what is invariant in the nest.
//
//===----------------------------------------------------------------------===//

#include "analysis/recover/NestWalk.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <algorithm>

using namespace clang;

namespace lnr::recover::detail {

bool FactReader::mentionsNestVariable(const Expr *E) const {
  struct Finder : RecursiveASTVisitor<Finder> {
    const FactReader &R;
    bool Found = false;
    explicit Finder(const FactReader &R) : R(R) {}
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
        Found |= R.loopOf(V) || R.coordinateLoop(V) || R.aliasInit(V) ||
                 R.rowPointer(V) || R.substitutedValue(V) ||
                 V == R.Accumulator || V == R.Counter;
      return !Found;
    }
  } F(*this);
  F.TraverseStmt(const_cast<Expr *>(E));
  return F.Found;
}

const VarDecl *NestWalk::nestVariableInMacroBody(const Expr *E) const {
  struct Finder : RecursiveASTVisitor<Finder> {
    const NestWalk &R;
    const VarDecl *Found = nullptr;
    explicit Finder(const NestWalk &R) : R(R) {}
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      SourceLocation At = Ref->getLocation();
      const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
      if (V && At.isMacroID() && !R.SM.isMacroArgExpansion(At) &&
          R.mentionsNestVariable(Ref))
        Found = V;
      return !Found;
    }
  } F(*this);
  F.TraverseStmt(const_cast<Expr *>(E));
  return F.Found;
}

std::vector<std::string> NestWalk::aliasesIn(const Expr *E) const {
  // The dense positions E reads, with those their initializers read, in
  // order of declaration. A row pointer read in place (substitutedText)
  // is not one, but the positions its offset reads are.
  std::vector<const VarDecl *> Used, Seen;
  std::vector<const Expr *> Work{E};
  while (!Work.empty()) {
    struct Finder : RecursiveASTVisitor<Finder> {
      const NestWalk &R;
      std::vector<const VarDecl *> Found;
      explicit Finder(const NestWalk &R) : R(R) {}
      bool VisitDeclRefExpr(DeclRefExpr *Ref) {
        if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
            V && (R.aliasInit(V) || R.rowPointer(V)))
          Found.push_back(V);
        return true;
      }
    } F(*this);
    F.TraverseStmt(const_cast<Expr *>(Work.back()));
    Work.pop_back();
    for (const VarDecl *V : F.Found)
      if (std::find(Seen.begin(), Seen.end(), V) == Seen.end()) {
        Seen.push_back(V);
        if (!substitutedValue(V))
          Used.push_back(V);
        const RowPointer *Row = rowPointer(V);
        Work.push_back(Row ? Row->Offset : aliasInit(V));
      }
  }
  std::vector<std::string> Out;
  for (const VarDecl *V : Used)
    Out.push_back(V->getName().str());
  return Out;
}

const Expr *FactReader::arrayOf(const Expr *E) const {
  // A[i][l] -> A; Ai with Ai = &A[i * L] -> A.
  E = E->IgnoreParenImpCasts();
  while (const auto *Outer = dyn_cast<ArraySubscriptExpr>(E))
    E = Outer->getBase()->IgnoreParenImpCasts();
  if (const VarDecl *V = asVar(E))
    if (const RowPointer *Row = rowPointer(V))
      return Row->Base;
  return E;
}

bool FactReader::isInvariant(const Expr *E) const {
  return !mentionsNestVariable(E) && !E->HasSideEffects(Ctx) &&
         !readsVolatile(E);
}

bool readsVolatile(const Expr *E) {
  // HasSideEffects() does not see a volatile read once the lvalue-to-rvalue
  // conversion is stripped; every volatile lvalue here is read.
  struct Finder : RecursiveASTVisitor<Finder> {
    bool Found = false;
    bool VisitExpr(Expr *X) {
      Found |= X->isGLValue() && X->getType().isVolatileQualified();
      return !Found;
    }
  } F;
  F.TraverseStmt(const_cast<Expr *>(E));
  return F.Found;
}

bool NestWalk::affineCast(const ExplicitCastExpr *Cast, AffineForm &Out,
                          Side S) {
  // `(size_t)i * K`, `(long)j`: a cast that keeps every value the index
  // takes is the index itself; the rewrite writes the subscript as it is
  // written, casts included. A signed index converted to an unsigned type
  // as wide as a pointer (size_t) addresses what the signed value would,
  // negative coordinates included.
  QualType To = Cast->getType(), From = Cast->getSubExpr()->getType();
  uint64_t ToBits = Ctx.getTypeSize(To), FromBits = Ctx.getTypeSize(From);
  bool Exact =
      (From->isSignedIntegerType()
           ? ToBits >= FromBits && (To->isSignedIntegerType() ||
                                    ToBits >= Ctx.getTypeSize(Ctx.VoidPtrTy))
           : ToBits > FromBits ||
                 (ToBits == FromBits && !To->isSignedIntegerType()));
  if (!Exact)
    return refuse(rule::NonAffineSubscript,
                  "the cast '" + written(Cast) +
                      "' may change the value of the index it converts",
                  Cast->getBeginLoc());
  return affine(Cast->getSubExpr(), Out, S);
}

bool NestWalk::isAffineTerm(const VarDecl *V) const {
  return V == Counter || isIndex(V) || aliasInit(V) || substitutedValue(V) ||
         isPosition(V);
}

bool NestWalk::affineVariable(const VarDecl *V, const Expr *E, AffineForm &Out,
                              Side S) {
  if (V == Counter) {
    // TACO's jA: the position of its loop, offset by a constant.
    if (S == Side::Output) {
      Out.Terms[CounterPosition] = Coefficient();
      Out.Opaque = true;
      return true;
    }
    return refuse(rule::UnsupportedCounter,
                  "the counter '" + V->getName().str() +
                      "' indexes an input; only the output may be stored "
                      "at its positions",
                  E->getBeginLoc());
  }
  if (isIndex(V)) {
    Out.Terms[V] = Coefficient();
    return true;
  }
  if (const Expr *Init = aliasInit(V))
    return affine(Init, Out, S);
  if (const Expr *Value = substitutedValue(V))
    return affine(Value, Out, S);
  // A position.
  if (const LoopFact *L = loopOf(V); L->RelativeTo && S == Side::Input)
    return refuse(rule::NonAffineSubscript,
                  "'" + V->getName().str() +
                      "' counts positions from its fiber's start '" +
                      text(L->RelativeTo) +
                      "' and is read alone; it is a position only as '" +
                      text(L->RelativeTo) + " + " + V->getName().str() + "'",
                  E->getBeginLoc());
  // Only the output may be stored at an input's positions (a sparse
  // output with that input's pattern); resolveSparseOutput() checks it.
  if (S == Side::Output) {
    Out.Terms[V] = Coefficient();
    return true;
  }
  return refuse(rule::NonAffineSubscript,
                "the position '" + V->getName().str() +
                    "' indexes a dense array",
                E->getBeginLoc());
}

bool NestWalk::refuseCoordinateLoad(const Expr *E) {
  // I[x] with x a dense loop's variable: a coordinate stored per nonzero,
  // the nonzeros walked by a dense loop (COO, or a compressed level walked
  // from 0 instead of from its parent's position).
  const auto *Load = dyn_cast<ArraySubscriptExpr>(E);
  const VarDecl *X = Load ? asVar(Load->getIdx()) : nullptr;
  const LoopFact *Walk = X ? loopOf(X) : nullptr;
  if (!Walk || Walk->Compressed || !isInvariant(Load->getBase()) ||
      !Load->getType()->isIntegerType() || !walksNonzeros(*Walk))
    return false;
  return !refuse(rule::UnsupportedFormat,
                 "'" + written(E) +
                     "' reads a coordinate from an array indexed by the loop "
                     "over '" +
                     X->getName().str() +
                     "': a coordinate (COO) format, or a compressed level not "
                     "walked from its parent's positions, which the recovery "
                     "does not read; it reads compressed levels ('for (p = "
                     "pos[i]; p < pos[i + 1]; p++) j = crd[p];')",
                 E->getBeginLoc());
}

bool NestWalk::affineSum(const BinaryOperator *B, AffineForm &Out, Side S) {
  AffineForm L, R;
  if (!affine(B->getLHS(), L, S) || !affine(B->getRHS(), R, S))
    return false;
  for (auto &[V, C] : R.Terms) {
    if (L.Terms.count(V))
      return refuse(rule::NonAffineSubscript,
                    "'" + V->getName().str() +
                        "' appears twice in the subscript",
                    B->getBeginLoc());
    if (B->getOpcode() == BO_Sub)
      C.Scale = -C.Scale;
    L.Terms[V] = C;
  }
  L.addOffset(R.Offset, B->getOpcode() == BO_Sub);
  L.Opaque |= R.Opaque;
  Out = std::move(L);
  return true;
}

bool NestWalk::affineScaled(const Expr *Var, const Expr *Factor,
                            AffineForm &Out, Side S) {
  AffineForm Inner;
  if (!affine(Var, Inner, S))
    return false;
  Expr::EvalResult Value;
  bool Constant = Factor->EvaluateAsInt(Value, Ctx);
  for (auto &[V, C] : Inner.Terms) {
    if (Constant)
      C.Scale *= Value.Val.getInt().getExtValue();
    else {
      C.Symbols.push_back(symbolOf(Factor));
      std::sort(C.Symbols.begin(), C.Symbols.end());
    }
  }
  // Parenthesized again here: the parentheses of an accessor macro's body
  // (`(i) * (ld)`) have no text in the file, while the argument inside
  // them has.
  std::string Stride = spelled(Factor);
  if (!Inner.Offset.empty())
    Inner.Offset = "(" + Inner.Offset + ") * (" + Stride + ")";
  Inner.Opaque |= Stride.empty();
  Out = std::move(Inner);
  return true;
}

bool NestWalk::affine(const Expr *E, AffineForm &Out, Side S) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Cast = dyn_cast<ExplicitCastExpr>(E);
      Cast && !isInvariant(E) && Cast->getType()->isIntegerType() &&
      Cast->getSubExpr()->getType()->isIntegerType())
    return affineCast(Cast, Out, S);
  if (const VarDecl *V = asVar(E); V && isAffineTerm(V))
    return affineVariable(V, E, Out, S);
  // The output stored at positions counted from the fiber's start, read
  // as 'pos[i] + p': the position p (resolveSparseOutput() checks it).
  if (const VarDecl *P = S == Side::Output ? positionVar(E) : nullptr;
      P && isPosition(P) && !asVar(E)) {
    Out.Terms[P] = Coefficient();
    return true;
  }
  if (isInvariant(E)) {
    // An invariant offset does not change which index it is.
    Out.addOffset(text(E), false);
    Out.Opaque |= text(E).empty();
    return true;
  }
  if (const VarDecl *Coordinate = inlineCoordinate(E)) {
    Out.Terms[Coordinate] = Coefficient();
    return true;
  }
  if (refuseCoordinateLoad(E))
    return false;
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub)
      return affineSum(B, Out, S);
    const Expr *Var = B->getLHS(), *Factor = B->getRHS();
    if (isInvariant(Var))
      std::swap(Var, Factor);
    if (B->getOpcode() == BO_Mul && isInvariant(Factor))
      return affineScaled(Var, Factor, Out, S);
  }
  return refuse(rule::NonAffineSubscript,
                "'" + written(E) + "' is not an affine function of the indices",
                E->getBeginLoc());
}

bool NestWalk::walksNonzeros(const LoopFact &Walk) const {
  // Up to pos[1]: the positions of a compressed first level.
  const auto *Cond = dyn_cast<BinaryOperator>(Walk.For->getCond());
  if (const auto *Bound = Cond ? dyn_cast<ArraySubscriptExpr>(
                                     Cond->getRHS()->IgnoreParenImpCasts())
                               : nullptr) {
    Expr::EvalResult One;
    if (Bound->getIdx()->EvaluateAsInt(One, Ctx) && One.Val.getInt() == 1)
      return true;
  }
  // Values read at the loop's variable itself (COO's vals[x]).
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *X;
    bool Found = false;
    bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
      Found |= E->getType()->isRealFloatingType() && asVar(E->getIdx()) == X;
      return !Found;
    }
  } F;
  F.X = Walk.Var;
  F.TraverseStmt(const_cast<ForStmt *>(Walk.For));
  return F.Found;
}

std::optional<ir::Access>
NestWalk::readDenseAccess(const ArraySubscriptExpr *ASE, AffineForm &Form,
                          std::optional<ElementRange> *Elements, Side S) {
  // C[i][k]: the subscripts, outermost first; each dimension is a level.
  std::vector<const Expr *> Subscripts{ASE->getIdx()};
  const Expr *Base = ASE->getBase()->IgnoreParenImpCasts();
  while (const auto *Outer = dyn_cast<ArraySubscriptExpr>(Base)) {
    // Rows behind pointers (double **) may be the same row twice, or an
    // input's: only arrays of arrays are read as several dimensions.
    if (!Outer->getType()->isArrayType())
      return refuseNone(
          rule::UnsupportedAccess,
          "'" + written(Outer->getBase()->IgnoreParenImpCasts()) +
              "' holds pointers to rows, which may overlap; only arrays of "
              "arrays ('double C[][K]') are read as matrices",
          ASE->getBeginLoc());
    Subscripts.insert(Subscripts.begin(), Outer->getIdx());
    Base = Outer->getBase()->IgnoreParenImpCasts();
  }
  // Ci[k] with Ci = C + i * K reads C[i * K + k].
  const Expr *RowOffset = nullptr;
  if (const VarDecl *V = asVar(Base))
    if (const RowPointer *Row = rowPointer(V)) {
      if (Subscripts.size() != 1)
        return refuseNone(rule::UnsupportedAccess,
                          "a row pointer is subscripted more than once",
                          ASE->getBeginLoc());
      Base = Row->Base;
      RowOffset = Row->Offset;
    }
  if (!isInvariant(Base))
    return refuseNone(rule::UnsupportedAccess,
                      "the array base depends on the nest", ASE->getBeginLoc());
  if (Subscripts.size() > 1)
    return readMatrixAccess(Base, Subscripts, Form, Elements, S);
  if (RowOffset) {
    AffineForm Offset;
    if (!affine(RowOffset, Offset, S))
      return std::nullopt;
    Form = Offset;
  }
  AffineForm Last;
  if (!affine(ASE->getIdx(), Last, S))
    return std::nullopt;
  for (auto &[V, C] : Last.Terms) {
    if (Form.Terms.count(V))
      return refuseNone(rule::NonAffineSubscript,
                        "'" + V->getName().str() +
                            "' appears twice in the subscript",
                        ASE->getBeginLoc());
    Form.Terms[V] = C;
  }
  Form.addOffset(Last.Offset, false);
  Form.Opaque |= Last.Opaque;
  return orderByStride(Form, tensorName(Base));
}

std::optional<ir::Access> NestWalk::orderByStride(const AffineForm &Form,
                                                  const std::string &Tensor) {
  // Row-major: the index with the largest stride is the outermost level.
  // Form.Terms is keyed by address: in the order the variables are
  // declared first, so that equal strides ('j + i * NJ' with NJ 1) are
  // ordered the same way on every run (the one declared first outermost).
  std::vector<std::pair<Coefficient, const VarDecl *>> ByStride;
  for (const auto &[V, C] : Form.Terms)
    ByStride.push_back({C, V});
  std::sort(ByStride.begin(), ByStride.end(), [](const auto &A, const auto &B) {
    return A.second->getLocation().getRawEncoding() <
           B.second->getLocation().getRawEncoding();
  });
  std::stable_sort(ByStride.begin(), ByStride.end(),
                   [](const auto &A, const auto &B) {
                     if (A.first.Symbols.size() != B.first.Symbols.size())
                       return A.first.Symbols.size() > B.first.Symbols.size();
                     return std::abs(A.first.Scale) > std::abs(B.first.Scale);
                   });
  ir::Access A;
  A.Tensor = Tensor;
  for (const auto &[C, V] : ByStride)
    A.Indices.push_back(indexName(V));
  return A;
}

bool NestWalk::readableFactor(const Expr *E) {
  if (isa<CallExpr>(E))
    return refuse(rule::UnsupportedCall, "the nest calls a function",
                  E->getBeginLoc());
  if (E->HasSideEffects(Ctx))
    return refuse(rule::SideEffect, "a factor has a side effect",
                  E->getBeginLoc());
  if (readsVolatile(E))
    return refuse(rule::SideEffect,
                  "'" + written(E) +
                      "' reads a volatile object, which must be read once "
                      "per term",
                  E->getBeginLoc());
  return true;
}

bool NestWalk::isScalarFactor(const Expr *E) const {
  const VarDecl *V = asVar(E);
  return isa<FloatingLiteral>(E) || isa<IntegerLiteral>(E) ||
         (V && !mentionsNestVariable(E) && !V->getType()->isPointerType() &&
          !V->getType()->isArrayType());
}

bool NestWalk::readScalarFactor(const Expr *E, const std::string &Text) {
  // A scalar factor is read once per term: it must not change in the nest.
  if (const VarDecl *V = asVar(E); V && isChangedIn(V, Loops.front().For))
    return refuse(rule::UnsupportedStatement,
                  "the factor '" + Text + "' changes in the nest",
                  E->getBeginLoc());
  Kernel.Stmt.Factors.push_back(ir::Access{Text, {}});
  recordFactor(E, Text, {});
  return true;
}

bool NestWalk::readArrayFactor(const ArraySubscriptExpr *ASE,
                               const std::string &Text) {
  InputArrays.push_back({arrayOf(ASE), ASE->getBeginLoc()});
  // The values of a sparse tensor: vals[p], p a compressed position.
  if (const VarDecl *P = positionVar(ASE->getIdx()); P && isPosition(P)) {
    ValueReads.push_back(
        {ASE->getBase()->IgnoreParenImpCasts(), P, nullptr, SourceLocation()});
    AffineForm AtPosition;
    AtPosition.Terms[P] = Coefficient();
    recordRange(ASE->getBase(), AtPosition, false);
    Kernel.Stmt.Factors.push_back(ir::Access{"", {}}); // named in assignTensors
    recordFactor(ASE, Text, aliasesIn(ASE));
    return true;
  }
  if (readPositionBlock(ASE, Text))
    return true;
  AffineForm Form;
  std::optional<ElementRange> Elements;
  std::optional<ir::Access> A = readDenseAccess(ASE, Form, &Elements);
  if (!A)
    return false;
  if (Elements)
    recordRange(arrayOf(ASE), Elements->Form, false, Elements->Rows);
  else
    recordRange(arrayOf(ASE), Form, false);
  Kernel.Stmt.Factors.push_back(*A);
  recordFactor(ASE, Text, aliasesIn(ASE));
  return true;
}

bool NestWalk::readPositionBlock(const ArraySubscriptExpr *ASE,
                                 const std::string &Text) {
  const Expr *Base = ASE->getBase()->IgnoreParenImpCasts();
  if (isa<ArraySubscriptExpr>(Base) || !isInvariant(Base))
    return false;
  // Read as the output's subscript is, positions allowed; whatever it
  // refuses is for readDenseAccess to say.
  std::optional<Failure> Before = Fail;
  AffineForm Form;
  bool Affine = affine(ASE->getIdx(), Form, Side::Output);
  Fail = Before;
  if (!Affine || Form.Opaque || !Form.Offset.empty() || Form.Terms.size() != 2)
    return false;
  const VarDecl *P = nullptr, *Block = nullptr;
  for (const auto &[V, C] : Form.Terms)
    (isPosition(V) ? P : Block) = V;
  const LoopFact *PL = P ? loopOf(P) : nullptr;
  const LoopFact *BL = Block ? loopOf(Block) : nullptr;
  if (!PL || !BL || !PL->Compressed || PL->RelativeTo || BL->Compressed ||
      !BL->FromZero || BL->Descending)
    return false;
  const Coefficient &Stride = Form.Terms.at(P), &Unit = Form.Terms.at(Block);
  if (Stride.Scale != 1 || Stride.Symbols.size() != 1 || Unit.Scale != 1 ||
      !Unit.Symbols.empty())
    return false;
  ValueReads.push_back({Base, P, Block, ASE->getIdx()->getBeginLoc()});
  recordRange(Base, Form, false);
  Kernel.Stmt.Factors.push_back(ir::Access{"", {}}); // named in assignTensors
  recordFactor(ASE, Text, aliasesIn(ASE));
  return true;
}

bool NestWalk::readFactor(const Expr *E, const Expr *Output) {
  const Expr *Written = E->IgnoreImpCasts();
  E = E->IgnoreParenImpCasts();
  // A value local (`double v = vals[p];`): its factors, read in its place.
  if (const VarDecl *V = asVar(E); V && !V->getType()->isPointerType())
    if (const Expr *Value = substitutedValue(V))
      return readFactor(Value, Output);
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->getOpcode() == BO_Mul)
      return checkMultiplication(B) && readFactor(B->getLHS(), Output) &&
             readFactor(B->getRHS(), Output);
    if (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub)
      return refuse(rule::UnsupportedSum,
                    "the statement adds terms; only a product of factors is "
                    "distributed",
                    B->getOperatorLoc());
    return refuse(rule::UnsupportedExpression,
                  "the operator '" + B->getOpcodeStr().str() +
                      "' is not a product of tensor factors",
                  B->getOperatorLoc());
  }
  if (!readableFactor(E))
    return false;
  // An accessor macro whose body parenthesizes the element
  // ('#define at(M, x, y) ((M).data[(x) * (M).n + (y)])'): its use.
  std::string Text = substitutedText(E);
  if (Text.empty() && Written != E)
    Text = substitutedText(Written);
  if (Text.empty())
    return refuse(rule::Macro,
                  "a factor is written inside a macro's body; the rewrite "
                  "could not write it back",
                  E->getBeginLoc());
  // The macro's use is kept as written: a variable of the nest that its
  // body names, not its arguments, would not follow a renaming.
  if (const VarDecl *V = nestVariableInMacroBody(E))
    return refuse(rule::Macro,
                  "the factor '" + Text + "' is a macro whose body names '" +
                      V->getName().str() +
                      "', a variable of the nest; the rewrite keeps only "
                      "the variables a macro is given as arguments",
                  E->getBeginLoc());
  if (isScalarFactor(E))
    return readScalarFactor(E, Text);
  const auto *ASE = dyn_cast<ArraySubscriptExpr>(E);
  if (!ASE)
    return refuse(rule::UnsupportedExpression,
                  "'" + written(E) + "' is not an array element or a scalar",
                  E->getBeginLoc());
  if (tensorName(ASE->getBase()) == tensorName(Output))
    return refuse(rule::OutputRead,
                  "the output '" + written(Output) +
                      "' is also read as a factor",
                  E->getBeginLoc());
  return readArrayFactor(ASE, Text);
}

void NestWalk::recordFactor(const Expr *E, const std::string &Text,
                            std::vector<std::string> Aliases) {
  NestSource::Factor F{Text, typeName(E->getType()), std::move(Aliases)};
  FactorQualTypes.push_back(E->getType());
  // 'E[j] * vals[p] * C[k]' with a long E multiplies the int vals[p] and
  // C[k] in long (a float local 'v = vals[p]' of a double vals[p], in
  // float): a rewrite that groups them apart must convert them too.
  QualType Own = E->getType().getUnqualifiedType();
  if (Own->isPromotableIntegerType())
    Own = Ctx.getPromotedIntegerType(Own);
  F.Converted =
      !ProductType.isNull() && !Ctx.hasSameUnqualifiedType(Own, ProductType);
  Source.Factors.push_back(std::move(F));
}

} // namespace lnr::recover::detail
