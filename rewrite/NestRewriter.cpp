//===- NestRewriter.cpp ---------------------------------------------------===//

#include "rewrite/NestRewriter.h"

#include "analysis/ir/Cost.h"
#include "analysis/ir/Fusion.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"

namespace lnr::rewrite {
namespace {

std::string formatsLine(const ir::Kernel &K) {
  std::string Out;
  for (const ir::Tensor &T : K.Tensors) {
    if (T.Levels.empty())
      continue;
    Out += (Out.empty() ? "" : ", ") + T.Name + " " + ir::formatName(T);
    if (T.isSparse()) {
      const ir::Access *A = nullptr;
      for (const ir::Access &F : K.Stmt.Factors)
        if (F.Tensor == T.Name)
          A = &F;
      Out += " (";
      for (size_t L = 0; L < T.Levels.size(); ++L)
        Out += std::string(L ? ", " : "") +
               (T.Levels[L] == ir::LevelFormat::Dense ? "dense " : "compressed ") +
               (A ? A->Indices[L] : "?");
      Out += ")";
    }
  }
  return Out;
}

std::string scheduleLine(const ir::BranchedGraph &G, unsigned Depth) {
  std::string Shared;
  for (const ir::Loop &L : G.Loops)
    Shared += (Shared.empty() ? "" : ",") + L.Index;
  std::string Temp = G.Temp->isScalar()
                         ? "scalar " + G.Temp->Name
                         : "vector " + toString(ir::Access{G.Temp->Name,
                                                           G.Temp->Indices});
  return "loopfuse(" + std::to_string(Depth) + "): shared (" + Shared +
         "), temporary " + Temp;
}

NestOutcome rewriteNest(const clang::Stmt *Nest, clang::ASTContext &Ctx,
                        const Options &Opts) {
  NestOutcome Out;
  Out.Nest = Nest;
  Out.Where = Nest->getBeginLoc();
  auto Recovered = recover::recoverNest(Nest, Ctx, Opts.Recovery);
  if (auto *F = std::get_if<recover::Failure>(&Recovered)) {
    Out.Name = F->Reason.Name;
    Out.Message = "nest left unchanged: " + F->Reason.Message;
    if (F->Where.isValid())
      Out.Where = F->Where;
    return Out;
  }
  const auto &[Kernel, Source] = std::get<recover::RecoveredNest>(Recovered);
  Out.Kernel = Kernel;
  Out.Offset = Source.Offset;
  Out.Length = Source.Length;
  Out.Facts.push_back({"notation", toString(Kernel.Stmt)});
  Out.Facts.push_back({"formats", formatsLine(Kernel)});
  Out.Facts.push_back({"loop order", ir::loopOrderString(Kernel.Loops)});
  ir::Cost Before = ir::costOf(Kernel);

  auto Refused = [&](const Refusal &R) {
    Out.Name = R.Name;
    Out.Message = "nest left unchanged: " + R.Message;
    Out.Facts.push_back({"cost", Before.toString()});
    return Out;
  };
  OrRefusal<ir::BranchedGraph> Graph =
      ir::fuseAfterDistribution(Kernel, Opts.FusionDepth);
  if (!Graph)
    return Refused(Graph.refusal());
  ir::Cost After = ir::costOf(*Graph, Kernel);
  if (!ir::asymptoticallyCheaper(After, Before))
    return Refused(Refusal("lnr-no-gain",
                           "the fused nest would cost " + After.toString() +
                               ", not less than " + Before.toString()));
  OrRefusal<EmittedNest> Emitted =
      emitNest(*Graph, Kernel, Source, Opts.Emission);
  if (!Emitted)
    return Refused(Emitted.refusal());

  Out.Facts.push_back({"schedule", scheduleLine(*Graph, Opts.FusionDepth)});
  Out.Facts.push_back({"cost", Before.toString() + " -> " + After.toString()});
  Out.Facts.push_back({"openmp", Emitted->ParallelNote});
  Out.FusedTree = toString(*Graph);
  Out.Graph = *Graph;
  Out.Fix = clang::tooling::Replacement(Source.FilePath, Source.Offset,
                                        Source.Length, Emitted->Text);
  Out.Name = "lnr-fuse";
  Out.Message = "fused '" + toString(Kernel.Stmt) + "': " +
                Before.toString() + " -> " + After.toString();
  return Out;
}

} // namespace

std::vector<NestOutcome> rewriteMainFile(clang::ASTContext &Ctx,
                                         const Options &Opts) {
  std::vector<NestOutcome> Outcomes;
  const clang::SourceManager &SM = Ctx.getSourceManager();
  for (const clang::Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    const auto *FD = llvm::dyn_cast<clang::FunctionDecl>(D);
    if (!FD || !FD->doesThisDeclarationHaveABody() ||
        !SM.isWrittenInMainFile(SM.getExpansionLoc(FD->getLocation())))
      continue;
    for (const clang::Stmt *Nest : recover::findLoopNests(FD->getBody())) {
      NestOutcome O = rewriteNest(Nest, Ctx, Opts);
      O.Function = FD->getNameAsString();
      Outcomes.push_back(std::move(O));
    }
  }
  return Outcomes;
}

} // namespace lnr::rewrite
