//===- Explain.cpp --------------------------------------------------------===//

#include "rewrite/Explain.h"
#include "rewrite/OrderedPositions.h"

#include "analysis/ir/Cost.h"

#include <sstream>

namespace lnr::rewrite {

std::string formatsLine(const ir::Kernel &K) {
  std::string Out;
  for (const ir::Tensor &T : K.Tensors) {
    if (T.Levels.empty())
      continue;
    Out += (Out.empty() ? "" : ", ") + T.Name + " " + ir::formatName(T);
    if (T.isSparse()) {
      const ir::Access *A = K.Stmt.Lhs.Tensor == T.Name ? &K.Stmt.Lhs : nullptr;
      for (const ir::Access &F : K.Stmt.Factors)
        if (F.Tensor == T.Name)
          A = &F;
      Out += " (";
      for (size_t L = 0; L < T.Levels.size(); ++L)
        Out +=
            std::string(L ? ", " : "") +
            (T.Levels[L] == ir::LevelFormat::Dense ? "dense " : "compressed ") +
            (A ? A->Indices[L] : "?");
      if (T.SameNonzerosAs)
        Out += ", the nonzeros of " + T.SameNonzerosAs->Tensor +
               " in its first " + std::to_string(T.SameNonzerosAs->Levels);
      Out += ")";
    }
  }
  return Out;
}

std::string runtimeChoiceFact(const RuntimeAlternative &A,
                              const ir::Kernel &K) {
  std::string Scanned;
  for (const ExtentScan &Scan : A.Scans)
    Scanned += (Scanned.empty() ? "; " : ", ") + Scan.Variable + " (" +
               Scan.Index + ") from a scan of the coordinates";
  return A.Schedule.describe(K, A.Emitted.TemporaryNames) + ", " +
         A.Schedule.Estimate.toString() +
         ", when it costs less on the actual sizes" + Scanned;
}

std::vector<std::pair<std::string, std::string>>
checkFacts(const NestSource &S) {
  std::vector<std::pair<std::string, std::string>> Out;
  if (S.Overlap.Needed)
    Out.push_back({"aliasing",
                   "versioned: the rewrite runs when the output's bytes "
                   "overlap no input's, the original nest otherwise"});
  if (!S.PositionSplit.empty())
    Out.push_back(
        {"position split",
         "read as the loops over the rows and the positions of each, and "
         "written so: the rewrite's temporaries and parallel loop are per "
         "row, so no row is shared by two threads and no update needs an "
         "atomic; valid when '" +
             S.ZeroFirstPositions.front() +
             "' is 0 and the positions never decrease, checked"});
  else if (!S.PositionBlocks.empty())
    Out.push_back(
        {"position blocks",
         "the fiber's positions, split into blocks, read as one loop over "
         "them and written so; valid when '" +
             S.ZeroFirstPositions.front() +
             "' is 0 and the positions never decrease (no block starts "
             "after a fiber's first position), checked"});
  else if (!S.ZeroFirstPositions.empty())
    Out.push_back({"first positions",
                   "'" + zeroFirstCondition(S) +
                       "', checked: the loop from 0 is read as the compressed "
                       "first level from its first position; the original "
                       "nest runs otherwise"});
  if (!S.OutputPosition.empty() || !S.PositionSplit.empty())
    Out.push_back({"positions",
                   "checked: the original nest runs when a positions "
                   "array the rewrite relies on decreases (fibers "
                   "that overlap)"});
  return Out;
}

std::string openmpFact(const NestSource &S, const std::string &ParallelNote) {
  return ParallelNote +
         (S.Pragma && S.Pragma->FromRegion
              ? "; the file's '#pragma omp parallel' region around "
                "'#pragma omp for' read as '" +
                    S.Pragma->Text + "', the whole region replaced"
          : S.inTeam()
              ? "; shared among the threads of the file's '#pragma omp "
                "parallel' region, which holds more than the nest" +
                    std::string(S.Pragma->barrierAfter()
                                    ? " ('nowait', then one barrier after "
                                      "the whole rewrite)"
                                    : "")
              : "");
}

std::string
scheduleComment(const ir::Kernel &K, const ir::Schedule &S,
                const std::map<std::string, std::string> &DeclaredAs) {
  return "Schedule: " + S.describe(K, DeclaredAs) + "; it costs " +
         S.Estimate.toString() + ".";
}

namespace {
/// A weight of the run-time choice as its test writes it ("4").
std::string weightText(double Weight) {
  std::ostringstream Out;
  Out << Weight;
  return Out.str();
}
} // namespace

std::string summaryComment(const ir::Kernel &K, const ir::Schedule &S,
                           const ir::Cost &Before,
                           const RuntimeAlternative *Alternative, bool Fallback,
                           const std::map<std::string, std::string> &DeclaredAs,
                           const std::string &Notation) {
  std::string Out =
      "lnr-rewrite: " + (Notation.empty() ? toString(K.Stmt) : Notation) +
      ", which costs " + Before.toString() + " as written.";
  if (Alternative)
    Out += " Two schedules, each cheaper for some sizes: a test of the "
           "actual sizes runs the cheaper, and each of its branches begins "
           "with its schedule. The test counts 1 per iteration of each "
           "statement, " +
           weightText(ir::GatherWeight) +
           " more per operand it reads through a coordinate (a row at "
           "random, a wait on memory), and " +
           weightText(ir::TemporaryWeight) +
           " per element of a temporary allocated whole (allocated, "
           "zeroed, written and read back).";
  else
    Out += " " + scheduleComment(K, S, DeclaredAs);
  if (Fallback)
    Out += " The original nest, kept below, runs when a run-time check or "
           "an allocation fails.";
  // The notation holds no '*/', but a comment must never end early.
  for (size_t At = Out.find("*/"); At != std::string::npos;
       At = Out.find("*/", At))
    Out.replace(At, 2, "* /");
  return Out;
}

} // namespace lnr::rewrite
