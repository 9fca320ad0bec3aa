//===- TensorLevels.cpp ---------------------------------------------------===//
//
// The compressed loops matched with the tensors whose values they walk:
// each chain of compressed loops belongs to the tensor whose values are
// read at its deepest position; a chain whose values are never read (an
// unweighted graph's positions) is the pattern of a tensor of ones.
//
//===----------------------------------------------------------------------===//

#include "analysis/recover/NestWalk.h"

#include <algorithm>
#include <cctype>
#include <string>

using namespace clang;

namespace lnr::recover::detail {

void NestWalk::namePositionOnlyLevel(LoopFact &L) {
  // A level walked by position only (TACO's 'for (jB = B2_pos[i]; ...)'
  // with no 'j = B2_crd[jB]' when no subscript reads j): its index needs a
  // name, and no value. TACO names the position after the index and the
  // tensor ('jB': 'j'); any other name the file does not use will do. The
  // rewrite never reads the coordinate (LoopSource::PositionOnly).
  std::string Position = L.Var->getName().str();
  std::string Name = Position;
  while (Name.size() > 1 &&
         std::isupper(static_cast<unsigned char>(Name.back())))
    Name.pop_back();
  auto Taken = [&](const std::string &N) {
    return Ctx.Idents.find(N) != Ctx.Idents.end() ||
           std::any_of(Loops.begin(), Loops.end(), [&](const LoopFact &F) {
             return F.Coordinate && F.Coordinate->getName() == N;
           });
  };
  if (Name == Position || Taken(Name))
    Name = Position + "_index";
  for (unsigned Suffix = 2; Taken(Name); ++Suffix)
    Name = Position + "_index" + std::to_string(Suffix);
  L.Coordinate = VarDecl::Create(
      Ctx, Ctx.getTranslationUnitDecl(), SourceLocation(), SourceLocation(),
      &Ctx.Idents.get(Name), L.Var->getType(), nullptr, SC_None);
  L.Source.Index = Name;
  L.Source.PositionOnly = true;
}

NestWalk::LevelChain NestWalk::levelsAbove(const VarDecl *Pos) {
  // Walk up the chain of compressed levels to the root: a dense loop, a
  // compressed first level (no parent), or another tensor's coordinate.
  LevelChain Out;
  for (const VarDecl *At = Pos; At;) {
    auto It = std::find_if(Loops.begin(), Loops.end(),
                           [&](const LoopFact &L) { return L.Var == At; });
    if (It == Loops.end()) {
      Out.DenseRoot = At;
      break;
    }
    Out.Loops.push_back(&*It);
    At = It->Compressed ? It->ParentVar : nullptr;
  }
  std::reverse(Out.Loops.begin(), Out.Loops.end());
  // A COO loop: its singleton levels, read at the same position, below.
  if (Out.Loops.back()->NonUnique)
    for (LoopFact &L : Loops)
      if (L.Singleton && L.For == Out.Loops.back()->For)
        Out.Loops.push_back(&L);
  return Out;
}

bool NestWalk::chainLevels(const std::string &Name, const VarDecl *Pos,
                           const VarDecl *Block, ir::Access &F,
                           SourceLocation Where) {
  auto [Chain, DenseRoot] = levelsAbove(Pos);
  ir::Tensor T{Name, {}};
  if (DenseRoot) {
    T.Levels.push_back(ir::LevelFormat::Dense);
    F.Indices.push_back(DenseRoot->getName().str());
  }
  for (LoopFact *L : Chain) {
    const unsigned Level = T.Levels.size();
    if (!L->Compressed) {
      T.Levels.push_back(ir::LevelFormat::Dense);
      F.Indices.push_back(L->Var->getName().str());
      continue;
    }
    if (!L->Tensor.empty())
      return refuse(rule::UnsupportedAccess,
                    "two value arrays share the positions of '" +
                        L->Var->getName().str() + "'",
                    Where);
    L->Tensor = Name;
    L->Level = Level;
    T.Levels.push_back(L->NonUnique   ? ir::LevelFormat::CompressedNonUnique
                       : L->Singleton ? ir::LevelFormat::Singleton
                                      : ir::LevelFormat::Compressed);
    F.Indices.push_back(L->Coordinate->getName().str());
  }
  if (Block) {
    T.Levels.push_back(ir::LevelFormat::Dense);
    F.Indices.push_back(Block->getName().str());
  }
  F.Tensor = Name;
  Kernel.Tensors.push_back(std::move(T));
  return true;
}

bool NestWalk::assignTensors() {
  for (LoopFact &L : Loops)
    if (L.Compressed && !L.Coordinate)
      namePositionOnlyLevel(L);
  // A block per position read where another array's values are: a dense
  // array indexed by the position, which no format reads.
  for (const ValueRead &B : ValueReads)
    for (const ValueRead &Other : ValueReads)
      if (B.Block && &Other != &B && Other.Position == B.Position)
        return refuse(rule::NonAffineSubscript,
                      "the position '" + B.Position->getName().str() +
                          "' indexes a dense array",
                      B.Where);
  // Value reads were recorded in factor order, one per unnamed factor.
  auto Read = ValueReads.begin();
  for (ir::Access &F : Kernel.Stmt.Factors) {
    if (!F.Tensor.empty())
      continue;
    if (Read == ValueReads.end())
      return refuse(rule::Internal,
                    "a factor has no tensor name and is not a values array",
                    Loops.front().For->getBeginLoc());
    const ValueRead &R = *Read++;
    std::string Name = tensorName(R.Base);
    if (Kernel.findTensor(Name))
      return refuse(rule::UnsupportedAccess,
                    "the values '" + Name + "' are read twice",
                    R.Base->getBeginLoc());
    if (!chainLevels(Name, R.Position, R.Block, F, R.Base->getBeginLoc()))
      return false;
  }
  return addPatterns();
}

bool NestWalk::addPatterns() {
  // A compressed loop whose chain no value array is read at (an
  // unweighted graph: 'for (p = indptr[i]; ...) { j = indices[p]; ... }'):
  // a tensor of ones at the chain's nonzeros, a factor the rewrite never
  // multiplies by (NestSource::Factor::Pattern). Only the deepest such
  // loop of a chain names it, and a chain with values at some level is not
  // one.
  for (LoopFact &L : Loops) {
    if (!L.Compressed || !L.Tensor.empty() ||
        std::any_of(Loops.begin(), Loops.end(), [&](const LoopFact &Child) {
          return Child.Compressed && Child.ParentVar == L.Var;
        }))
      continue;
    LevelChain Chain = levelsAbove(L.Var);
    if (std::any_of(Chain.Loops.begin(), Chain.Loops.end(),
                    [](const LoopFact *C) { return !C->Tensor.empty(); }))
      continue;
    ir::Access F;
    if (!chainLevels(patternName(L), L.Var, nullptr, F, L.For->getBeginLoc()))
      return false;
    Kernel.Stmt.Factors.push_back(std::move(F));
    QualType One = ProductType.isNull() ? Ctx.IntTy : ProductType;
    NestSource::Factor Source1{"1", typeName(One), {}};
    Source1.Pattern = true;
    Source.Factors.push_back(std::move(Source1));
    FactorQualTypes.push_back(One);
  }
  for (const LoopFact &L : Loops)
    if (L.Compressed && L.Tensor.empty())
      return refuse(rule::UnsupportedPattern,
                    "the nest iterates the nonzeros at '" +
                        L.Var->getName().str() +
                        "' without reading their values at every level",
                    L.For->getBeginLoc());
  return true;
}

std::string NestWalk::patternName(const LoopFact &L) const {
  // After the array the level's positions (a COO list's coordinates) are
  // read from: 'indptr' gives 'indptr_pattern', 'g->rowptr'
  // 'g_rowptr_pattern'.
  std::string From =
      L.Source.Positions.empty() ? L.Source.Coordinates : L.Source.Positions;
  std::string Name;
  for (char Ch : From)
    if (std::isalnum(static_cast<unsigned char>(Ch)) || Ch == '_')
      Name += Ch;
    else if (!Name.empty() && Name.back() != '_')
      Name += '_';
  while (!Name.empty() && Name.back() == '_')
    Name.pop_back();
  if (Name.empty() || std::isdigit(static_cast<unsigned char>(Name[0])))
    Name = "nonzeros";
  Name += "_pattern";
  std::string Out = Name;
  for (unsigned Suffix = 2; Kernel.namesTensor(Out); ++Suffix)
    Out = Name + std::to_string(Suffix);
  return Out;
}

} // namespace lnr::recover::detail
