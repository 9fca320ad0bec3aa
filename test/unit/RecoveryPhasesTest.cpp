//===- RecoveryPhasesTest.cpp - each phase of a recovery, alone
//------------===//
//
// The recovery of a nest runs three phases, each returning the value the
// next takes (analysis/recover/NestFacts.h): DirectiveReader, NestWalk and
// NestCompletion. Each test parses a snippet with clang and runs one phase
// on what the phases before it returned, checking the value it returns or
// the refusal it names.
//
//===----------------------------------------------------------------------===//

#include "analysis/recover/Directives.h"
#include "analysis/recover/NestCompletion.h"
#include "analysis/recover/NestWalk.h"

#include "clang/AST/Decl.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

using namespace lnr;
using namespace lnr::recover;
using namespace lnr::recover::detail;

namespace {

/// A snippet parsed, and the first nest of its function `kernel`.
struct Parsed {
  std::unique_ptr<clang::ASTUnit> AST;
  NestSite Site;
  Options Opts;
  UnitFacts Unit;

  explicit Parsed(const std::string &Code) {
    AST = clang::tooling::buildASTFromCodeWithArgs(
        Code, {"-std=c99", "-fopenmp"}, "kernel.c");
    if (!AST || AST->getDiagnostics().hasErrorOccurred())
      return;
    for (const clang::Decl *D :
         AST->getASTContext().getTranslationUnitDecl()->decls())
      if (const auto *F = llvm::dyn_cast<clang::FunctionDecl>(D);
          F && F->getName() == "kernel" && F->hasBody()) {
        std::vector<NestSite> Nests = findLoopNests(*F);
        if (!Nests.empty())
          Site = Nests.front();
      }
  }
  bool found() const { return Site.Nest != nullptr; }
  SourceReader reader() {
    return SourceReader(AST->getASTContext(), Opts, Unit, Site.Declaration,
                        Site.Function);
  }
  std::optional<DirectiveFacts> directive(std::optional<Failure> &Fail) {
    DirectiveReader Reader(reader());
    std::optional<DirectiveFacts> Out =
        Reader.read(Site.Nest, Site.Region, Site.InExpression);
    Fail = Reader.Fail;
    return Out;
  }
  std::optional<NestFacts> walk(const DirectiveFacts &D,
                                std::optional<Failure> &Fail) {
    NestWalk Walk(reader());
    std::optional<NestFacts> Out = Walk.read(D.Outer);
    Fail = Walk.Fail;
    return Out;
  }
  /// The three phases in turn: the nest, or the phase that refused it
  /// ("directive", "walk", "completion") and its refusal in Fail.
  std::optional<RecoveredNest> all(std::string &RefusedBy,
                                   std::optional<Failure> &Fail) {
    std::optional<DirectiveFacts> D = directive(Fail);
    if (!D) {
      RefusedBy = "directive";
      return std::nullopt;
    }
    std::optional<NestFacts> F = walk(*D, Fail);
    if (!F) {
      RefusedBy = "walk";
      return std::nullopt;
    }
    NestCompletion Completion(reader(), std::move(*F), *D);
    std::optional<RecoveredNest> Out = Completion.complete(Site.Nest);
    Fail = Completion.Fail;
    RefusedBy = Out ? "" : "completion";
    return Out;
  }
};

std::string nameOf(const clang::VarDecl *V) {
  return V ? V->getName().str() : "(none)";
}

const char *const CsrSpmm = R"(
void kernel(int N, int L, const int *restrict pos, const int *restrict crd,
            const double *restrict B, const double *restrict E,
            double *restrict A) {
  int j;
#pragma omp parallel for schedule(dynamic, 4) private(j) num_threads(2)
  for (int i = 0; i < N; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += B[p] * E[j * L + l];
    }
}
)";

TEST(RecoveryPhasesTest, TheDirectiveKeepsTheClausesThatHoldOnTheFusedNest) {
  Parsed P(CsrSpmm);
  ASSERT_TRUE(P.found());
  std::optional<Failure> Fail;
  std::optional<DirectiveFacts> D = P.directive(Fail);
  ASSERT_TRUE(D) << Fail->Reason.Message;
  // The walk starts from the loop under the directive.
  ASSERT_NE(D->Outer, nullptr);
  EXPECT_NE(D->Outer, P.Site.Nest);
  ASSERT_TRUE(D->Pragma.has_value());
  EXPECT_EQ(D->Pragma->Text, "#pragma omp parallel for schedule(dynamic, 4) "
                             "private(j) num_threads(2)");
  EXPECT_EQ(D->Pragma->ForClauses, " schedule(dynamic, 4)");
  EXPECT_EQ(D->Pragma->ParallelClauses, " private(j) num_threads(2)");
  ASSERT_EQ(D->PrivateVars.size(), 1u);
  EXPECT_EQ(nameOf(D->PrivateVars.front().first), "j");
  EXPECT_FALSE(D->Pragma->FromRegion);
}

TEST(RecoveryPhasesTest, TheDirectiveRefusesAClauseOfTheOriginalNest) {
  std::string Code = CsrSpmm;
  Code.replace(Code.find("private(j)"), 10, "reduction(+ : A[:N])");
  Parsed P(Code);
  ASSERT_TRUE(P.found());
  std::string RefusedBy;
  std::optional<Failure> Fail;
  EXPECT_FALSE(P.all(RefusedBy, Fail));
  EXPECT_EQ(RefusedBy, "directive");
  ASSERT_TRUE(Fail);
  EXPECT_EQ(Fail->Reason.Name, "lnr-unsupported-pragma");
  EXPECT_NE(Fail->Reason.Message.find("'reduction'"), std::string::npos);
}

TEST(RecoveryPhasesTest, ANestWithoutADirectiveStartsAtItsLoop) {
  std::string Code = CsrSpmm;
  Code.erase(Code.find("#pragma"),
             Code.find("  for (int i") - Code.find("#pragma"));
  Parsed P(Code);
  ASSERT_TRUE(P.found());
  std::optional<Failure> Fail;
  std::optional<DirectiveFacts> D = P.directive(Fail);
  ASSERT_TRUE(D);
  EXPECT_EQ(D->Outer, P.Site.Nest);
  EXPECT_FALSE(D->Pragma.has_value());
  EXPECT_TRUE(D->PrivateVars.empty());
}

TEST(RecoveryPhasesTest, TheWalkReturnsTheLoopsAccessesAndOutput) {
  Parsed P(CsrSpmm);
  ASSERT_TRUE(P.found());
  std::optional<Failure> Fail;
  std::optional<DirectiveFacts> D = P.directive(Fail);
  ASSERT_TRUE(D);
  std::optional<NestFacts> F = P.walk(*D, Fail);
  ASSERT_TRUE(F) << Fail->Reason.Message;
  ASSERT_EQ(F->Loops.size(), 3u);
  EXPECT_EQ(nameOf(F->Loops[0].Var), "i");
  EXPECT_FALSE(F->Loops[0].Compressed);
  EXPECT_EQ(F->Loops[0].Extent, "N");
  // The compressed level: its position, the coordinate it loads (declared
  // before the nest: an outer variable) and the tensor it walks.
  EXPECT_TRUE(F->Loops[1].Compressed);
  EXPECT_EQ(nameOf(F->Loops[1].Var), "p");
  EXPECT_EQ(nameOf(F->Loops[1].Coordinate), "j");
  EXPECT_EQ(nameOf(F->Loops[1].ParentVar), "i");
  EXPECT_EQ(F->Loops[1].Tensor, "B");
  EXPECT_EQ(F->Loops[2].Extent, "L");
  ASSERT_EQ(F->OuterVariables.size(), 1u);
  EXPECT_EQ(nameOf(F->OuterVariables.front().Var), "j");
  // The statement: its output, and the factors in order.
  EXPECT_EQ(nameOf(asVar(F->outputBase)), "A");
  ASSERT_EQ(F->Kernel.Stmt.Factors.size(), 2u);
  EXPECT_EQ(F->Kernel.Stmt.Factors[0].Tensor, "B");
  EXPECT_EQ(F->Kernel.Stmt.Factors[1].Tensor, "E");
  // The kernel's loops are the completion's to build.
  EXPECT_TRUE(F->Kernel.Loops.empty());
  EXPECT_TRUE(F->Source.Loops.empty());
}

TEST(RecoveryPhasesTest, TheWalkRefusesWhatItCannotRead) {
  // B read at p + 1: a position is no dense subscript.
  std::string Code = CsrSpmm;
  Code.replace(Code.find("B[p] *"), 6, "B[p] * B[p + 1] *");
  Parsed P(Code);
  ASSERT_TRUE(P.found());
  std::string RefusedBy;
  std::optional<Failure> Fail;
  EXPECT_FALSE(P.all(RefusedBy, Fail));
  EXPECT_EQ(RefusedBy, "walk");
  ASSERT_TRUE(Fail);
  EXPECT_EQ(Fail->Reason.Name, "lnr-non-affine-subscript");
  EXPECT_NE(Fail->Reason.Message.find("the position 'p' indexes a dense"),
            std::string::npos)
      << Fail->Reason.Message;
}

TEST(RecoveryPhasesTest, TheCompletionBuildsTheKernelAndChecksTheOutput) {
  Parsed P(CsrSpmm);
  ASSERT_TRUE(P.found());
  std::string RefusedBy;
  std::optional<Failure> Fail;
  std::optional<RecoveredNest> R = P.all(RefusedBy, Fail);
  ASSERT_TRUE(R) << RefusedBy << ": " << Fail->Reason.Message;
  EXPECT_EQ(ir::toString(R->Kernel.Stmt), "A(i,l) += B(i,j) * E(j,l)");
  EXPECT_EQ(ir::loopOrderString(R->Kernel.Loops), "i, j(B), l");
  // The directive the walk never saw is the source's.
  ASSERT_TRUE(R->Source.Pragma.has_value());
  EXPECT_EQ(R->Source.Pragma->ForClauses, " schedule(dynamic, 4)");
  // j, declared before the nest, is private to each thread as the clause
  // says, and read in place after the rewrite.
  EXPECT_EQ(R->Source.OuterDeclared, std::vector<std::string>{"j"});
}

TEST(RecoveryPhasesTest, TheCompletionRefusesWhatTheWalkCouldRead) {
  // Without 'private(j)', the threads of the original race on j: the walk
  // reads the nest, the completion refuses it.
  std::string Code = CsrSpmm;
  Code.replace(Code.find(" private(j)"), 11, "");
  Parsed P(Code);
  ASSERT_TRUE(P.found());
  std::string RefusedBy;
  std::optional<Failure> Fail;
  EXPECT_FALSE(P.all(RefusedBy, Fail));
  EXPECT_EQ(RefusedBy, "completion");
  ASSERT_TRUE(Fail);
  EXPECT_EQ(Fail->Reason.Name, "lnr-unsupported-pragma");
  EXPECT_NE(Fail->Reason.Message.find("'j'"), std::string::npos);
}

} // namespace
