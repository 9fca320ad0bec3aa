//===- MatrixRanges.cpp --------------------------------------------------===//
//
// The elements a multi-dimensional access reaches, for the run-time
// overlap test: 'C[i][k]' with 'double (*C)[K]' (a VLA parameter, or
// 'double C[][K]') or a local 'double C[N][K]' reads element i * K + k of
// the array's first row, '*C'. The strides come from the array's type:
// its constant extents, or a VLA's extent when it is a local or parameter
// the function never changes nor shadows (the type keeps the value it had
// on entry, and the test names it).
//
//===----------------------------------------------------------------------===//

#include "analysis/recover/NestWalk.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace lnr::recover::detail {

bool NestWalk::keptThroughout(const VarDecl *Size) const {
  // A local or a parameter (a global or a static may change in a call),
  // never changed, and the only variable of its name in the function: the
  // name the test writes means it wherever the nest is.
  if (!FunctionBody || !Size->hasLocalStorage() ||
      !Size->getType()->isIntegerType() || isChangedIn(Size, FunctionBody))
    return false;
  struct Shadows : RecursiveASTVisitor<Shadows> {
    const VarDecl *Size;
    bool Found = false;
    bool VisitVarDecl(VarDecl *V) {
      Found |= V != Size && V->getName() == Size->getName();
      return !Found;
    }
  } S;
  S.Size = Size;
  S.TraverseStmt(const_cast<Stmt *>(FunctionBody));
  return !S.Found;
}

std::optional<std::string>
NestWalk::innerExtents(QualType T, size_t Dimensions,
                       std::vector<Coefficient> &Extents) const {
  // The type of Base: a pointer to rows, or an array of them.
  if (const auto *P = T->getAs<clang::PointerType>())
    T = P->getPointeeType();
  else if (const clang::ArrayType *A = Ctx.getAsArrayType(T))
    T = A->getElementType();
  else
    return "its type holds no rows";
  for (size_t D = 1; D < Dimensions; ++D) {
    const clang::ArrayType *Row = Ctx.getAsArrayType(T);
    if (const auto *Fixed = dyn_cast_or_null<ConstantArrayType>(Row)) {
      Extents.push_back(Coefficient{
          static_cast<long long>(Fixed->getSize().getZExtValue()), {}});
    } else if (const auto *Variable =
                   dyn_cast_or_null<VariableArrayType>(Row)) {
      const VarDecl *Size = asVar(Variable->getSizeExpr());
      if (!Size || !keptThroughout(Size))
        return "the extent '" + text(Variable->getSizeExpr()) +
               "' of its rows is not a variable the function keeps";
      Extents.push_back(Coefficient{1, {Size->getName().str()}});
    } else {
      return "its rows have no extent in its type";
    }
    T = Row->getElementType();
  }
  return std::nullopt;
}

std::optional<AffineForm>
NestWalk::elementForm(const Expr *Base, const std::vector<AffineForm> &Dims,
                      std::string &Why) const {
  std::vector<Coefficient> Extents;
  if (std::optional<std::string> No =
          innerExtents(Base->getType(), Dims.size(), Extents)) {
    Why = *No;
    return std::nullopt;
  }
  AffineForm Out;
  // Dimension D's stride: the product of the extents inside it.
  Coefficient Stride;
  for (size_t D = Dims.size(); D-- > 0;) {
    for (const auto &[V, C] : Dims[D].Terms) {
      if (Out.Terms.count(V)) {
        Why = "'" + V->getName().str() + "' indexes two of its dimensions";
        return std::nullopt;
      }
      Out.Terms[V] = C.times(Stride);
    }
    if (!Dims[D].Offset.empty()) {
      std::string StrideText = std::to_string(Stride.Scale);
      for (const std::string &S : Stride.Symbols)
        StrideText += " * " + S;
      Out.addOffset("(" + Dims[D].Offset + ") * " + StrideText, false);
    }
    Out.Opaque |= Dims[D].Opaque;
    if (D > 0)
      Stride = Stride.times(Extents[D - 1]);
  }
  return Out;
}

std::optional<ir::Access> NestWalk::readMatrixAccess(
    const Expr *Base, const std::vector<const Expr *> &Subscripts,
    AffineForm &Form, std::optional<ElementRange> *Elements, Side S) {
  ir::Access A;
  A.Tensor = tensorName(Base);
  std::vector<std::string> Rows;
  std::vector<AffineForm> Dims;
  for (const Expr *Sub : Subscripts) {
    AffineForm Dim;
    if (!affine(Sub, Dim, S))
      return std::nullopt;
    Dims.push_back(Dim);
    std::optional<ir::Access> Level = orderByStride(Dim, A.Tensor);
    A.Indices.insert(A.Indices.end(), Level->Indices.begin(),
                     Level->Indices.end());
    const Coefficient *One =
        Dim.Terms.size() == 1 ? &Dim.Terms.begin()->second : nullptr;
    if (One && One->Symbols.empty() && std::abs(One->Scale) == 1)
      Rows.push_back(Level->Indices.front());
    for (auto &[V, C] : Dim.Terms)
      Form.Terms[V] = C;
  }
  std::string Why;
  if (std::optional<AffineForm> Flat = elementForm(Base, Dims, Why);
      Flat && Elements)
    *Elements = ElementRange{*Flat, unsigned(Dims.size() - 1)};
  else if (Source.Overlap.Unbounded.empty())
    Source.Overlap.Unbounded = "'" + written(Base) +
                               "' is read as a matrix whose elements the "
                               "test cannot bound: " +
                               (Why.empty() ? "no element subscript" : Why);
  if (S == Side::Output) {
    OutputMultiDim = true;
    if (Rows.size() == Subscripts.size())
      OutputRows = Rows;
  }
  return A;
}

} // namespace lnr::recover::detail
