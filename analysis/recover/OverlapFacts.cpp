//===- OverlapFacts.cpp --------------------------------------------------===//
//
// The byte ranges the nest writes and reads, recorded for the run-time
// overlap test (NestSource::OverlapFacts).
//
//===----------------------------------------------------------------------===//

#include "analysis/recover/NestCompletion.h"
#include "analysis/recover/NestWalk.h"

#include "analysis/recover/MemberPaths.h"
#include "analysis/recover/MemoryReads.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <set>

using namespace clang;

namespace lnr::recover::detail {
namespace {

/// Text as one operand: a name as it is, anything else parenthesized.
std::string operand(const std::string &Text) {
  bool Name = llvm::all_of(Text, [](char Ch) {
    return std::isalnum(static_cast<unsigned char>(Ch)) || Ch == '_';
  });
  return Name ? Text : "(" + Text + ")";
}

/// The variables Nest declares (a position split's 'i_pos' among them).
std::set<const VarDecl *> declaredIn(const Stmt *Nest) {
  struct Finder : RecursiveASTVisitor<Finder> {
    std::set<const VarDecl *> Out;
    bool VisitVarDecl(VarDecl *V) {
      Out.insert(V);
      return true;
    }
  } F;
  F.TraverseStmt(const_cast<Stmt *>(Nest));
  return std::move(F.Out);
}

} // namespace

void NestWalk::recordRange(const Expr *Base, const AffineForm &Form,
                           bool Written, unsigned Rows) {
  OverlapFacts::Array A;
  A.Base = spelled(Base);
  // The first row's elements: '*C' for 'double (*C)[K]'.
  if (Rows > 0 && !A.Base.empty())
    A.Base = std::string(Rows, '*') + operand(A.Base);
  A.Offset = Form.Offset;
  A.Opaque = Form.Opaque || A.Base.empty();
  A.Written = Written;
  for (const auto &[V, C] : Form.Terms) {
    // "2", "-1 * (K)", "(K)" for 1 * K.
    std::string Coefficient =
        C.Scale == 1 && !C.Symbols.empty() ? "" : std::to_string(C.Scale);
    for (const std::string &Symbol : C.Symbols)
      Coefficient += (Coefficient.empty() ? "" : " * ") + operand(Symbol);
    A.Terms.push_back({Coefficient, V->getName().str()});
  }
  // By variable name: the text does not depend on the declarations' order.
  std::sort(A.Terms.begin(), A.Terms.end(),
            [](const OverlapFacts::Term &X, const OverlapFacts::Term &Y) {
              return std::tie(X.Variable, X.Coefficient) <
                     std::tie(Y.Variable, Y.Coefficient);
            });
  if ((Form.Opaque || A.Base.empty()) && Source.Overlap.Unbounded.empty())
    Source.Overlap.Unbounded = "the subscript of '" + tensorName(Base) +
                               "' is written in a macro or counts positions";
  Source.Overlap.Arrays.push_back(std::move(A));
}

void NestCompletion::recordMemoryScalars(const Stmt *Nest) {
  // Bounds, strides and pointers read from memory: one element each. A
  // read at a variable of the nest ('pos[i_pos + 1]' in a position split's
  // search) is no such element.
  std::set<const VarDecl *> Declared = declaredIn(Nest);
  auto Indexed = [&](const Expr *E) {
    return mentionsNestVariable(E) ||
           llvm::any_of(Declared,
                        [&](const VarDecl *V) { return references(E, V); });
  };
  for (const Expr *E : memoryScalars(Nest, Indexed)) {
    const auto *M = dyn_cast<MemberExpr>(E);
    const auto *F = M ? dyn_cast<FieldDecl>(M->getMemberDecl()) : nullptr;
    std::string Text = spelled(E);
    if ((Text.empty() || (F && F->isBitField())) &&
        Source.Overlap.Unbounded.empty())
      Source.Overlap.Unbounded =
          "the nest reads '" + written(E) +
          "' from memory, whose address the test cannot take";
    OverlapFacts::Array A;
    A.Base = "&(" + Text + ")";
    Source.Overlap.Arrays.push_back(A);
  }
}

void NestCompletion::recordMemberArrays(const Stmt *Nest,
                                        const std::set<std::string> &Locals) {
  for (const MemberExpr *M : memberArrays(Nest)) {
    std::string Text = text(M);
    if (Text.empty()) // in a macro's body: read where the macro reads it
      continue;
    QualType T = M->getType();
    if (T->isArrayType())
      T = Ctx.getArrayDecayedType(T);
    Source.MemberArrays.push_back({Text, spelledType(T, Locals)});
  }
  // The longest first: 's->B->val' is replaced before 'B->val' could be.
  std::stable_sort(Source.MemberArrays.begin(), Source.MemberArrays.end(),
                   [](const MemberArray &A, const MemberArray &B) {
                     return A.Text.size() > B.Text.size();
                   });
}

void NestCompletion::recordLevelRanges() {
  // The positions and coordinates the compressed loops read.
  for (const LoopFact &L : Loops) {
    if (!L.Compressed)
      continue;
    if (L.NonUnique || L.Singleton) {
      // A COO loop: its positions run over its bounds as written; each
      // level's coordinates are read at them.
      if (L.NonUnique)
        Source.Overlap.PositionRanges.push_back({L.Var->getName().str(), "", "",
                                                 L.Source.LoopBegin,
                                                 L.Source.LoopEnd});
      OverlapFacts::Array Crd;
      Crd.Base = L.CoordinateArray;
      Crd.Terms.push_back({"1", L.Var->getName().str()});
      Source.Overlap.Arrays.push_back(Crd);
      continue;
    }
    // A first level's parent is the root (""): its positions run over
    // [pos[0], pos[1]).
    std::string P = L.Var->getName().str(),
                Parent = L.ParentVar ? L.ParentVar->getName().str() : "";
    // A loop relative to its fiber ('for (p = 0; p < pos[i + 1] - pos[i];
    // p++)') is read only as 'pos[i] + p' (a bare 'p' is refused): the
    // same absolute positions as an absolute loop's, in the same range.
    Source.Overlap.PositionRanges.push_back(
        {P, L.RelativeTo ? text(L.PosBase) : L.Source.Positions, Parent});
    if (!L.Source.PositionEnds.empty()) {
      // begin[q] and end[q]: one element each per q; the positions between
      // are bounded by no element of either when the fibers are not in
      // order, and a test from begin[lo] and end[hi] could pass wrongly.
      for (const std::string &Base : {text(L.PosBase), L.Source.PositionEnds}) {
        OverlapFacts::Array Ends;
        Ends.Base = Base;
        Ends.Terms.push_back({"1", Parent});
        Source.Overlap.Arrays.push_back(Ends);
      }
      if (Source.Overlap.Unbounded.empty())
        Source.Overlap.Unbounded =
            "the positions of the loop over '" + P + "' run from '" +
            L.Source.LoopBegin + "' to '" + L.Source.LoopEnd +
            "' (separate begin and end arrays), whose fibers need not be "
            "in order: no element bounds the positions the nest reads";
    } else {
      OverlapFacts::Array Pos;
      Pos.Base = text(L.PosBase);
      if (Parent.empty())
        Pos.Offset = "0"; // pos[0] and pos[1]
      else
        Pos.Terms.push_back({"1", Parent});
      Pos.Positions = true;
      Source.Overlap.Arrays.push_back(Pos);
    }
    if (!L.CoordinateArray.empty()) {
      OverlapFacts::Array Crd;
      Crd.Base = L.CoordinateArray;
      Crd.Terms.push_back({"1", P});
      Source.Overlap.Arrays.push_back(Crd);
    }
  }
}

} // namespace lnr::recover::detail
