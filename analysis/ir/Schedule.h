//===- Schedule.h - Choosing a schedule by cost ----------------*- C++ -*-===//
//
// The paper leaves the search over schedules to future work; here it is the
// default. The search enumerates split plans (which factors form each
// producer, recursion on producer and consumer, fused or only distributed),
// reorders loops within the sparse constraints so the most is shared, and
// ranks what it finds: asymptotic cost first, then the cost under a size
// model, then fewer strided inner accesses, then smaller temporaries, then
// a parallel outer loop.
//
// A directive overrides the search, in SparseLNR's terms or as a plan the
// search prints:
//   reorder(i,j,k,l);loopfuse(2)      {C,D}{B}!
//
//===----------------------------------------------------------------------===//
#ifndef LNR_ANALYSIS_IR_SCHEDULE_H
#define LNR_ANALYSIS_IR_SCHEDULE_H

#include "analysis/ir/BranchedGraph.h"
#include "analysis/ir/Cost.h"
#include "analysis/ir/Fusion.h"
#include "analysis/ir/Kernel.h"

#include <atomic>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace lnr::ir {

struct Schedule {
  SplitPlan Plan;
  std::vector<Loop> Order; // the loop order the plan was applied to
  BranchedGraph Graph;
  Cost Estimate;
  double Value = 0;         // Estimate under the size model
  double TemporarySize = 0; // elements, under the size model
  /// Accesses in innermost loops that do not move with unit stride (a dense
  /// operand whose last index is not the loop's, or a gather through a
  /// compressed coordinate): equal costs are ranked by locality first.
  unsigned StridedAccesses = 0;
  /// Its outer loop may be shared among threads (SchedulerOptions::
  /// SharedOuter).
  bool ParallelOuter = false;

  /// "split {B,C,D}{E}, shared (i,j), temporary scalar t". With
  /// DeclaredAs, each temporary by the name the code declares it under
  /// ('t_1' in a function that has a 't'), where it says.
  std::string
  describe(const Kernel &K,
           const std::map<std::string, std::string> &DeclaredAs = {}) const;
};

struct SchedulerOptions {
  SizeModel Sizes;
  /// The indices whose loop, outermost, is shared among threads, as the
  /// rewrite decides it (rewrite/lower/passes/Parallelize.h); without
  /// them, those of dense loops over distinct coordinates that index the
  /// output.
  std::optional<std::set<std::string>> SharedOuter;
  unsigned MaxDepth = 3;        // nested splits on either side
  size_t MaxCandidates = 20000; // plans tried before the search stops
};

/// Every schedule the search reaches, best first. Schedules asymptotically
/// costlier than another are left out.
std::vector<Schedule> enumerateSchedules(const Kernel &K,
                                         const SchedulerOptions &Opts = {});

/// Why the search finds no schedule for K (enumerateSchedules is empty).
Refusal noScheduleReason(const Kernel &K);

/// enumerateSchedules, once per kernel shape. A file often holds one
/// kernel many times (generated code, one kernel per data type or size),
/// or one shape under other names (the same product of other arrays), and
/// the search is the costliest step of a nest. A kernel of a shape already
/// searched has the plans found for it applied again to its own names,
/// which is all the search would find: the search depends on its names
/// only through which are equal (shapeKey keeps the text of the names it
/// reads otherwise). Safe to share between the threads that
/// rewrite a file's nests: a found list is never moved.
class ScheduleCache {
public:
  explicit ScheduleCache(SchedulerOptions Opts) : Opts(std::move(Opts)) {}
  /// SharedOuter: as SchedulerOptions's, for K.
  const std::vector<Schedule> &
  enumerate(const Kernel &K,
            const std::optional<std::set<std::string>> &SharedOuter = {});
  /// How many kernels were searched, rather than found or re-applied.
  size_t searches() const { return Searches; }

private:
  SchedulerOptions Opts;
  std::mutex Lock;
  std::map<std::string, std::vector<Schedule>> Found; // by identityKey
  /// By shapeKey: the schedules of the first kernel of the shape searched.
  std::map<std::string, const std::vector<Schedule> *> Shapes;
  std::atomic<size_t> Searches = 0;
};

/// A text equal for two kernels exactly when one is the other with its
/// tensors, indices and extents renamed one to one (and SharedOuter with
/// them): the kernels the search schedules alike.
std::string
shapeKey(const Kernel &K,
         const std::optional<std::set<std::string>> &SharedOuter = {});

/// The best schedule, or why none is asymptotically cheaper than K itself.
OrRefusal<Schedule> chooseSchedule(const Kernel &K,
                                   const SchedulerOptions &Opts = {});

/// Applies a directive: "reorder(i,j,...)" (a legal order of all loops)
/// and/or either "loopfuse(n)" or a split plan as Schedule::describe prints
/// it ("{C,D}{B}!": the producer's factors, then the consumer's, each side
/// bracketed again where it is split, "t'" naming a consumer's temporary,
/// '!' for distribution without fusion), separated by ';'. The loops of a
/// plan's splits are reordered where that makes the schedule better, as the
/// search does. Refuses a malformed directive, a plan that does not name
/// each factor once, or an illegal order with [lnr-invalid-schedule].
OrRefusal<Schedule> applyDirective(const Kernel &K,
                                   const std::string &Directive,
                                   const SchedulerOptions &Opts = {});

/// Plan applied to K in K's loop order, evaluated as the search evaluates
/// the schedules it finds; why it cannot be applied otherwise.
OrRefusal<Schedule> scheduleOfPlan(const Kernel &K, const SplitPlan &Plan,
                                   const SchedulerOptions &Opts = {});

/// Why Directive is malformed whatever the kernel (the errors of
/// applyDirective that do not depend on the nest), or std::nullopt: for a
/// driver to reject it once, before any nest.
std::optional<Refusal> directiveSyntaxError(const std::string &Directive);

} // namespace lnr::ir

#endif
