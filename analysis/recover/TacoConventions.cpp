//===- TacoConventions.cpp -----------------------------------------------===//
//
// What TACO's generated code says by convention: the tensor struct a values
// array comes from (`double *B_vals = (double *)(B->vals);`), the
// dimensions its preamble names, and the counter of a sparse output's
// positions (`jA++`).
//
//===----------------------------------------------------------------------===//

#include "analysis/recover/MemberPaths.h"
#include "analysis/recover/NestCompletion.h"
#include "analysis/recover/NestWalk.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace lnr::recover::detail {

std::string FactReader::tensorName(const Expr *Base) const {
  Base = arrayOf(Base);
  // TACO's preamble: double* restrict B_vals = (double*)(B->vals);
  if (const VarDecl *V = asVar(Base); V && V->getInit())
    if (const auto *M = dyn_cast<MemberExpr>(V->getInit()->IgnoreParenCasts()))
      if (M->getMemberDecl()->getName() == "vals")
        if (const auto *Ref =
                dyn_cast<DeclRefExpr>(M->getBase()->IgnoreParenImpCasts()))
          return Ref->getDecl()->getName().str();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Base->IgnoreParenImpCasts()))
    return Ref->getDecl()->getName().str();
  // A member ('B->val'), as written; inside a macro's body, which has no
  // text in the file, as its path reads, else as the AST prints it.
  if (std::string Written = text(Base->IgnoreParenImpCasts()); !Written.empty())
    return Written;
  if (std::string Path = memberPathText(Base); !Path.empty())
    return Path;
  std::string Printed;
  llvm::raw_string_ostream OS(Printed);
  Base->IgnoreParenImpCasts()->printPretty(OS, nullptr,
                                           Ctx.getPrintingPolicy());
  return OS.str();
}

const VarDecl *FactReader::tacoStruct(const Expr *Base) const {
  Base = arrayOf(Base);
  const VarDecl *V = asVar(Base);
  if (!V || !V->getInit())
    return nullptr;
  const auto *M = dyn_cast<MemberExpr>(V->getInit()->IgnoreParenCasts());
  if (!M || M->getMemberDecl()->getName() != "vals")
    return nullptr;
  const VarDecl *Struct = asVar(M->getBase());
  if (!Struct || !Struct->getType()->isPointerType())
    return nullptr;
  const RecordDecl *R = Struct->getType()->getPointeeType()->getAsRecordDecl();
  if (!R)
    return nullptr;
  for (const FieldDecl *F : R->fields())
    if (F->getName() == "dimensions")
      return Struct;
  return nullptr;
}

std::string NestCompletion::tacoExtent(const std::string &Index,
                                       const Stmt *Function,
                                       SourceLocation Before) const {
  // The tensors read at Index, dense ones first: a dense producer reads
  // them over the whole extent.
  std::vector<std::pair<const VarDecl *, unsigned>> Dimensions;
  for (bool Dense : {true, false})
    for (const InputArray &In : InputArrays) {
      const VarDecl *Struct = tacoStruct(In.Base);
      if (!Struct || isChangedIn(Struct, Function))
        continue;
      std::string Name = tensorName(In.Base);
      const ir::Tensor *T = Kernel.findTensor(Name);
      if (Dense == (T && T->isSparse()))
        continue;
      for (const ir::Access &A : Kernel.Stmt.Factors)
        if (A.Tensor == Name)
          for (unsigned D = 0; D < A.Indices.size(); ++D)
            if (A.Indices[D] == Index)
              Dimensions.push_back({Struct, D});
    }
  // The preamble's name for one of them, else one read from a parameter.
  for (bool Named : {true, false})
    for (const auto &[Struct, D] : Dimensions)
      if (std::string Name = tacoDimension(Struct, D, Function, Before);
          !Name.empty() && Named != StringRef(Name).contains("->"))
        return Name;
  return "";
}

std::string FactReader::tacoDimension(const VarDecl *Struct, unsigned D,
                                      const Stmt *Function,
                                      SourceLocation Before) const {
  auto IsDimension = [&](const Expr *E) {
    const auto *ASE = dyn_cast<ArraySubscriptExpr>(E->IgnoreParenCasts());
    if (!ASE)
      return false;
    const auto *M = dyn_cast<MemberExpr>(ASE->getBase()->IgnoreParenImpCasts());
    Expr::EvalResult R;
    return M && M->getMemberDecl()->getName() == "dimensions" &&
           asVar(M->getBase()) == Struct &&
           ASE->getIdx()->EvaluateAsInt(R, Ctx) && R.Val.getInt() == D;
  };
  // The preamble's name for it: a local of the function's outermost block,
  // declared before the nest and never changed.
  if (const auto *Body = dyn_cast_or_null<CompoundStmt>(Function))
    for (const Stmt *S : Body->body()) {
      const auto *DS = dyn_cast<DeclStmt>(S);
      if (!DS || !SM.isBeforeInTranslationUnit(DS->getEndLoc(), Before))
        continue;
      for (const Decl *Dcl : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(Dcl);
            V && V->getInit() && V->getType()->isIntegerType() &&
            IsDimension(V->getInit()) && !isChangedIn(V, Function))
          return V->getName().str();
    }
  // Else read from a parameter's struct, which every statement sees.
  if (isa<ParmVarDecl>(Struct))
    return Struct->getName().str() + "->dimensions[" + std::to_string(D) + "]";
  return "";
}

const VarDecl *NestWalk::incremented(const Stmt *S) const {
  // v++, ++v or v += 1.
  const auto *E = dyn_cast<Expr>(S);
  if (!E)
    return nullptr;
  E = E->IgnoreParens();
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return U->isIncrementOp() &&
                   isa<DeclRefExpr>(U->getSubExpr()->IgnoreParens())
               ? asVar(U->getSubExpr())
               : nullptr;
  Expr::EvalResult One;
  if (const auto *C = dyn_cast<CompoundAssignOperator>(E))
    return C->getOpcode() == BO_AddAssign &&
                   isa<DeclRefExpr>(C->getLHS()->IgnoreParens()) &&
                   C->getRHS()->EvaluateAsInt(One, Ctx) && One.Val.getInt() == 1
               ? asVar(C->getLHS())
               : nullptr;
  return nullptr;
}

namespace {
/// " + 2", " - 2" or "" for an offset of 2, -2 or 0.
std::string withOffset(long long Offset) {
  return Offset > 0   ? " + " + std::to_string(Offset)
         : Offset < 0 ? " - " + std::to_string(-Offset)
                      : "";
}

/// The statements of a body that write a variable (assign, increment or
/// decrement it), and whether the body has a label a jump may reach.
struct VariableWrites {
  std::vector<const Stmt *> Found;
  bool Labels = false;
};
VariableWrites writesOf(const VarDecl *V, const Stmt *Body) {
  struct Writes : RecursiveASTVisitor<Writes> {
    const VarDecl *V;
    VariableWrites Out;
    void write(Stmt *S, Expr *Target) {
      if (const auto *Ref = dyn_cast<DeclRefExpr>(Target->IgnoreParens());
          Ref && Ref->getDecl() == V)
        Out.Found.push_back(S);
    }
    bool VisitBinaryOperator(BinaryOperator *B) {
      if (B->isAssignmentOp())
        write(B, B->getLHS());
      return true;
    }
    bool VisitUnaryOperator(UnaryOperator *U) {
      if (U->isIncrementDecrementOp())
        write(U, U->getSubExpr());
      return true;
    }
    bool VisitLabelStmt(LabelStmt *) { return !(Out.Labels = true); }
    bool VisitSwitchCase(SwitchCase *) { return !(Out.Labels = true); }
  } W;
  W.V = V;
  W.TraverseStmt(const_cast<Stmt *>(Body));
  return W.Out;
}
} // namespace

bool NestWalk::readCounter(const VarDecl *V, const Stmt *Increment,
                           size_t Owner, bool First) {
  // `T jA = c;` before the nest, `jA++` once per iteration of the loop over
  // the positions jB of a compressed level right under the outer loop
  // (from 0): the loops visit jB = pos[0], pos[0] + 1, ... in order (pos
  // of a valid CSR/CSF level never decreases), so inside the loop, jA is
  // jB - pos[0] + c (+ 1 when the increment comes first). The rewrite
  // assigns it so at the top of each iteration.
  std::string Name = "'" + V->getName().str() + "'";
  const LoopFact &L = Loops[Owner];
  if (Counter)
    return refuse(rule::UnsupportedCounter,
                  "the nest increments two counters ('" +
                      Counter->getName().str() + "' and " + Name + ")",
                  Increment->getBeginLoc());
  if (Owner != 1 || Loops[0].Compressed || !Loops[0].FromZero ||
      Loops[0].Descending || L.ParentVar != Loops[0].Var)
    return refuse(rule::UnsupportedCounter,
                  Name + " counts the iterations of the loop over '" +
                      L.Var->getName().str() +
                      "', which is not the compressed level right under the "
                      "nest's outer loop from 0; its value is not proved to "
                      "be a position",
                  Increment->getBeginLoc());
  Expr::EvalResult Start;
  if (!V->getType()->isIntegerType() || isa<ParmVarDecl>(V) || !V->getInit() ||
      !V->getInit()->EvaluateAsInt(Start, Ctx) ||
      !SM.isBeforeInTranslationUnit(V->getLocation(),
                                    Loops[0].For->getBeginLoc()))
    return refuse(rule::UnsupportedCounter,
                  Name + " is not declared before the nest with a constant "
                         "initial value ('int32_t jA = 0;')",
                  Increment->getBeginLoc());
  // Nothing else writes it, and nothing jumps past its initialization.
  const VariableWrites W = writesOf(V, FunctionBody);
  if (W.Labels || W.Found.size() != 1 ||
      W.Found.front() != cast<Expr>(Increment)->IgnoreParens())
    return refuse(rule::UnsupportedCounter,
                  Name + " is written elsewhere in the function, or a label "
                         "may jump past its initialization; it is not proved "
                         "to count the positions",
                  W.Labels || W.Found.empty() ? Increment->getBeginLoc()
                  : W.Found.front() != Increment
                      ? W.Found.front()->getBeginLoc()
                      : W.Found.back()->getBeginLoc());
  if (!addOuterVariable(V, L.For, L.For->getBeginLoc(),
                        Increment->getBeginLoc()))
    return false;
  Counter = V;
  CounterPosition = L.Var;
  long long Offset = Start.Val.getInt().getExtValue() + (First ? 1 : 0);
  std::string Pos = text(L.PosBase);
  if (L.RelativeTo)
    return refuse(rule::UnsupportedCounter,
                  V->getName().str() +
                      " counts the positions of a loop "
                      "relative to its fiber's start '" +
                      text(L.RelativeTo) +
                      "'; only a counter of absolute positions is read",
                  Increment->getBeginLoc());
  if (!L.Source.PositionEnds.empty())
    return refuse(
        rule::UnsupportedCounter,
        V->getName().str() + " counts the positions of a loop from '" +
            L.Source.LoopBegin + "' to '" + L.Source.LoopEnd +
            "' (separate begin and end arrays): the fibers need not be "
            "contiguous, so the counter is not the position minus "
            "the first one",
        Increment->getBeginLoc());
  if (Pos.empty())
    return refuse(rule::Macro, "the position array is written in a macro",
                  L.For->getBeginLoc());
  CounterAssignment = V->getName().str() + " = " + L.Var->getName().str() +
                      " - " + Pos + "[0]" + withOffset(Offset) + ";";
  CounterLoop = Owner;
  return true;
}

bool NestWalk::positionsTimesExtent(const VarDecl *Position,
                                    const LoopFact &L) {
  // The position must be the largest stride, every other index dense and
  // inner. Fibers are disjoint when the inner loop's extent is the stride
  // (`A[p * M + m]`, 0 <= m < M); with another extent written (TACO's
  // `jA * A3_dimension + m` with m < D2_dimension) when it is at most the
  // stride, which the rewrite checks at run time (NestSource::
  // OutputInnerExtent), the original nest running otherwise.
  const Coefficient &Stride = OutputForm.Terms.at(Position);
  for (const auto &[V, C] : OutputForm.Terms) {
    if (V == Position)
      continue;
    const LoopFact *Inner = loopOf(V);
    if (Inner && Stride.Symbols.size() == 1 &&
        Inner->Extent != Stride.Symbols.front()) {
      Source.OutputInnerExtent = Inner->Extent;
      Source.OutputStride = Stride.Symbols.front();
    }
    if (!Inner || Inner->Compressed || C.Scale != 1 || !C.Symbols.empty() ||
        Stride.Scale != 1 || Stride.Symbols.size() != 1 ||
        OutputForm.Terms.size() != 2)
      return refuse(rule::UnsupportedAccess,
                    "the output is stored at the positions of '" + L.Tensor +
                        "' but is not laid out as positions x one dense "
                        "extent ('A[p * M + m]', 0 <= m < M)",
                    outputBase->getBeginLoc());
  }
  return true;
}

bool NestWalk::resolveSparseOutput() {
  // A[p * M + m]: the output's leading levels are stored at the positions p
  // of an input's compressed level, so it has that input's nonzeros there,
  // and its remaining levels are dense.
  const VarDecl *Position = nullptr;
  for (const auto &[V, C] : OutputForm.Terms)
    if (isPosition(V)) {
      if (Position)
        return refuse(rule::UnsupportedAccess,
                      "the output is indexed by two positions",
                      outputBase->getBeginLoc());
      Position = V;
    }
  if (!Position)
    return true;
  // Relative to its fiber's start ('A[(pos[i] + p) * M + m]'), the
  // position is read as written: the rewrite keeps the subscript's text.
  const LoopFact *L = loopOf(Position);
  const ir::Tensor *Input = Kernel.findTensor(L->Tensor);
  const ir::Access *InputAccess = nullptr;
  for (const ir::Access &F : Kernel.Stmt.Factors)
    if (F.Tensor == L->Tensor)
      InputAccess = &F;
  // The position must be the largest stride, every other index dense and
  // inner. Fibers are disjoint when the inner loop's extent is the stride
  // (`A[p * M + m]`, 0 <= m < M); with another extent written (TACO's
  // `jA * A3_dimension + m` with m < D2_dimension) when it is at most the
  // stride, which the rewrite checks at run time (NestSource::
  // OutputInnerExtent), the original nest running otherwise.
  if (!positionsTimesExtent(Position, *L))
    return false;
  if (!Input || !InputAccess)
    return refuse(rule::UnsupportedAccess,
                  "the output is stored at positions of a tensor whose "
                  "values the nest does not read",
                  outputBase->getBeginLoc());
  ir::Access &Lhs = Kernel.Stmt.Lhs;
  std::string PositionName = Position->getName().str();
  Source.OutputPosition = PositionName;
  // A COO list's position also holds the coordinates of its singleton
  // levels below.
  unsigned Stored = L->Level + 1;
  while (Stored < Input->Levels.size() &&
         Input->Levels[Stored] == ir::LevelFormat::Singleton)
    ++Stored;
  std::vector<std::string> Indices(InputAccess->Indices.begin(),
                                   InputAccess->Indices.begin() + Stored);
  std::vector<ir::LevelFormat> Levels(Input->Levels.begin(),
                                      Input->Levels.begin() + Stored);
  for (const std::string &I : Lhs.Indices)
    if (I != PositionName) {
      Indices.push_back(I);
      Levels.push_back(ir::LevelFormat::Dense);
    }
  Lhs.Indices = Indices;
  ir::Tensor Output{Lhs.Tensor, Levels, ir::PatternSource{L->Tensor, Stored}};
  Kernel.Tensors.push_back(Output);
  // Distinct fibers have distinct positions (the pos arrays of a
  // well-formed tensor increase), so each index of the pattern writes its
  // own elements; not proved of begin and end arrays (MKL's four-array
  // CSR), whose fibers may share positions.
  bool FibersDisjoint = true;
  for (const LoopFact &F : Loops)
    if (F.Compressed && F.Tensor == L->Tensor && F.Level <= L->Level &&
        !F.Source.PositionEnds.empty())
      FibersDisjoint = false;
  for (unsigned Level = 0; FibersDisjoint && Level < Stored; ++Level)
    SparseOutputIndices.push_back(InputAccess->Indices[Level]);
  return true;
}

} // namespace lnr::recover::detail
