//===- Schedule.cpp -------------------------------------------------------===//

#include "analysis/ir/Schedule.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <memory>
#include <optional>
#include <set>

namespace lnr::ir {
namespace {

double temporarySize(const BranchedGraph &G, const Kernel &K,
                     const SizeModel &Sizes) {
  double Total = 0;
  for (const Temporary &T : G.temporaries()) {
    double Size = 1;
    if (T.Positions) {
      const Access *A = nullptr;
      for (const Access &F : K.Stmt.Factors)
        if (F.Tensor == T.Positions->Tensor)
          A = &F;
      std::string Prefix;
      bool Short = true;
      for (unsigned L = 0; A && L < T.Positions->Levels; ++L)
        Short = Short && A->Indices[L].size() == 1;
      for (unsigned L = 0; A && L < T.Positions->Levels; ++L)
        Prefix += (L && !Short ? "," : "") + A->Indices[L];
      Size = Sizes.valueOf("nnz(" + T.Positions->Tensor +
                           (Short ? "_" + Prefix + ")" : "_{" + Prefix + "})"));
    } else {
      for (const std::string &I : T.Indices)
        Size *= Sizes.valueOf(K.findIndex(I)->Extent);
    }
    Total += Size;
  }
  return Total;
}

void countStrided(const BranchedGraph &G, const Kernel &K,
                  std::vector<Loop> Enclosing, unsigned &Count) {
  Enclosing.insert(Enclosing.end(), G.Loops.begin(), G.Loops.end());
  if (!G.Statement) {
    for (const BranchedGraph &B : G.Branches)
      countStrided(B, K, Enclosing, Count);
    return;
  }
  if (Enclosing.empty())
    return;
  const Loop &Inner = Enclosing.back();
  std::vector<Temporary> Temps = G.temporaries();
  std::vector<Access> Accesses{G.Statement->Lhs};
  Accesses.insert(Accesses.end(), G.Statement->Factors.begin(),
                  G.Statement->Factors.end());
  for (const Access &A : Accesses) {
    if (!A.uses(Inner.Index))
      continue;
    const Tensor *T = K.findTensor(A.Tensor);
    bool Sparse = T && T->isSparse();
    // Accessed at the positions the inner loop walks: contiguous.
    if (Inner.isCompressed() &&
        (A.Tensor == Inner.Driver ||
         (T && T->SameNonzerosAs && T->SameNonzerosAs->Tensor == Inner.Driver)))
      continue;
    if (Sparse || Inner.isCompressed() || A.Indices.back() != Inner.Index)
      ++Count;
  }
}

unsigned splits(const SplitPlan &P) {
  return 1 + (P.ProducerPlan ? splits(*P.ProducerPlan) : 0) +
         (P.ConsumerPlan ? splits(*P.ConsumerPlan) : 0);
}

/// Whether G's outer loop may be shared among threads.
bool sharedOuter(const BranchedGraph &G, const Kernel &K,
                 const SchedulerOptions &Opts) {
  if (G.Loops.empty())
    return false;
  const Loop &Outer = G.Loops.front();
  if (Opts.SharedOuter)
    return Opts.SharedOuter->count(Outer.Index) > 0;
  return !Outer.isCompressed() && isUnique(K.levelOf(Outer)) &&
         K.Stmt.Lhs.uses(Outer.Index);
}

Schedule evaluate(const Kernel &K, const SymbolOrder &Order, SplitPlan Plan,
                  BranchedGraph G, const SchedulerOptions &Opts) {
  const SizeModel &Sizes = Opts.Sizes;
  Schedule S;
  S.Plan = std::move(Plan);
  S.Order = K.Loops;
  S.Estimate = costOf(G, K, Order);
  S.Value = Sizes.valueOf(S.Estimate);
  S.TemporarySize = temporarySize(G, K, Sizes);
  countStrided(G, K, {}, S.StridedAccesses);
  S.ParallelOuter = sharedOuter(G, K, Opts);
  S.Graph = std::move(G);
  return S;
}

/// Ranks schedules of the same asymptotic class.
bool better(const Schedule &A, const Schedule &B) {
  auto Key = [](const Schedule &S) {
    return std::make_tuple(S.Value, S.StridedAccesses, S.TemporarySize,
                           !S.ParallelOuter, splits(S.Plan));
  };
  return Key(A) < Key(B);
}

std::string trim(std::string S) {
  while (!S.empty() && std::isspace(static_cast<unsigned char>(S.back())))
    S.pop_back();
  size_t Start = 0;
  while (Start < S.size() && std::isspace(static_cast<unsigned char>(S[Start])))
    ++Start;
  return S.substr(Start);
}

/// A split plan as SplitPlan::toString prints it ("{C,D}{B}!", sides
/// bracketed again where they are split), before its names are matched to
/// factors.
struct PlanText {
  struct Side {
    std::vector<std::string> Names;  // the side's factors, when not split
    std::shared_ptr<PlanText> Split; // or how it is split
  };
  Side Producer, Consumer;
  bool Fuse = true;
};

/// The name a consumer statement gives its first factor, the temporary.
const char *const TPrimeName = "t'";

class PlanParser {
public:
  explicit PlanParser(const std::string &Text) : Text(Text) {}

  OrRefusal<PlanText> parse() {
    std::optional<PlanText> P = plan();
    skipSpace();
    if (P && Pos != Text.size())
      fail("unexpected '" + Text.substr(Pos, 1) + "' after the plan");
    if (!Error.empty())
      return Refusal(rule::InvalidSchedule, "'" + Text + "': " + Error +
                                                " (at character " +
                                                std::to_string(Pos + 1) + ")");
    return *P;
  }

private:
  const std::string &Text;
  size_t Pos = 0;
  std::string Error;

  void fail(const std::string &Why) {
    if (Error.empty())
      Error = Why;
  }
  void skipSpace() {
    while (Pos < Text.size() &&
           std::isspace(static_cast<unsigned char>(Text[Pos])))
      ++Pos;
  }
  bool take(char C) {
    skipSpace();
    if (Pos < Text.size() && Text[Pos] == C) {
      ++Pos;
      return true;
    }
    return false;
  }
  bool expect(char C) {
    if (take(C))
      return true;
    fail(std::string("expected '") + C + "'");
    return false;
  }

  std::optional<PlanText> plan() {
    PlanText P;
    if (!expect('{') || !side(P.Producer) || !expect('}') || !expect('{') ||
        !side(P.Consumer) || !expect('}'))
      return std::nullopt;
    if (take('!'))
      P.Fuse = false;
    return P;
  }

  bool side(PlanText::Side &S) {
    skipSpace();
    if (Pos < Text.size() && Text[Pos] == '{') {
      std::optional<PlanText> Inner = plan();
      if (!Inner)
        return false;
      S.Split = std::make_shared<PlanText>(std::move(*Inner));
      return true;
    }
    do {
      skipSpace();
      size_t Start = Pos;
      while (Pos < Text.size() &&
             (std::isalnum(static_cast<unsigned char>(Text[Pos])) ||
              Text[Pos] == '_' || Text[Pos] == '\''))
        ++Pos;
      if (Pos == Start) {
        fail("expected a factor's name");
        return false;
      }
      S.Names.push_back(Text.substr(Start, Pos - Start));
    } while (take(','));
    return true;
  }
};

/// The factors a plan distributes, by name: its statement's factors.
std::vector<std::string> factorsOf(const PlanText &P);
std::vector<std::string> factorsOf(const PlanText::Side &S) {
  return S.Split ? factorsOf(*S.Split) : S.Names;
}
std::vector<std::string> factorsOf(const PlanText &P) {
  std::vector<std::string> Out = factorsOf(P.Producer);
  std::vector<std::string> Rest = factorsOf(P.Consumer);
  if (P.Consumer.Split) {
    // The consumer's statement reads this split's temporary first.
    auto T = std::find(Rest.begin(), Rest.end(), TPrimeName);
    if (T != Rest.end())
      Rest.erase(T);
  }
  Out.insert(Out.end(), Rest.begin(), Rest.end());
  return Out;
}

/// Matches P's names to the factors of a statement (Names, in order: a
/// consumer statement's first factor is "t'").
OrRefusal<SplitPlan> resolvePlan(const PlanText &P,
                                 const std::vector<std::string> &Names,
                                 const std::string &Directive) {
  auto Invalid = [&](const std::string &Why) {
    return Refusal(rule::InvalidSchedule, "'" + Directive + "': " + Why);
  };
  auto List = [](const std::vector<std::string> &Of) {
    std::string Out;
    for (const std::string &N : Of)
      Out += (Out.empty() ? "" : ",") + N;
    return "{" + Out + "}";
  };
  std::vector<bool> Used(Names.size(), false);
  SplitPlan Out;
  Out.Fuse = P.Fuse;
  for (const std::string &N : factorsOf(P.Producer)) {
    size_t I = 0;
    while (I < Names.size() && (Used[I] || Names[I] != N))
      ++I;
    if (I == Names.size())
      return Invalid("'" + N + "' is not a factor of " + List(Names) +
                     " (or is named twice)");
    Used[I] = true;
    Out.Producer.push_back(static_cast<unsigned>(I));
  }
  std::sort(Out.Producer.begin(), Out.Producer.end());
  std::vector<std::string> ProducerNames, Rest;
  for (size_t I = 0; I < Names.size(); ++I)
    (Used[I] ? ProducerNames : Rest).push_back(Names[I]);
  std::vector<std::string> ConsumerNames = Rest;
  if (P.Consumer.Split)
    ConsumerNames.insert(ConsumerNames.begin(), TPrimeName);
  std::vector<std::string> Written = factorsOf(P.Consumer);
  if (P.Consumer.Split)
    Written = factorsOf(*P.Consumer.Split);
  std::vector<std::string> A = Written, B = ConsumerNames;
  std::sort(A.begin(), A.end());
  std::sort(B.begin(), B.end());
  if (A != B)
    return Invalid("the consumer side names " + List(Written) + ", but " +
                   List(Names) + " leaves " + List(ConsumerNames) +
                   " after the producer " + List(ProducerNames));
  if (P.Producer.Split) {
    OrRefusal<SplitPlan> Inner =
        resolvePlan(*P.Producer.Split, ProducerNames, Directive);
    if (!Inner)
      return Inner;
    Out.ProducerPlan = std::make_shared<SplitPlan>(std::move(*Inner));
  }
  if (P.Consumer.Split) {
    OrRefusal<SplitPlan> Inner =
        resolvePlan(*P.Consumer.Split, ConsumerNames, Directive);
    if (!Inner)
      return Inner;
    Out.ConsumerPlan = std::make_shared<SplitPlan>(std::move(*Inner));
  }
  return Out;
}

/// Every split of Plan, outermost first, so their Reorder flags can be set.
void collectSplits(SplitPlan &Plan, std::vector<SplitPlan *> &Out) {
  Out.push_back(&Plan);
  if (Plan.ProducerPlan) {
    auto Copy = std::make_shared<SplitPlan>(*Plan.ProducerPlan);
    collectSplits(*Copy, Out);
    Plan.ProducerPlan = std::move(Copy);
  }
  if (Plan.ConsumerPlan) {
    auto Copy = std::make_shared<SplitPlan>(*Plan.ConsumerPlan);
    collectSplits(*Copy, Out);
    Plan.ConsumerPlan = std::move(Copy);
  }
}

/// Applies a written plan. The printed plan does not say where the search
/// reordered the loops, so every combination of reordered and unreordered
/// splits is tried, and the best schedule among them is the one the search
/// would have chosen.
OrRefusal<Schedule> applyPlan(const Kernel &K, const PlanText &Written,
                              const std::string &Directive,
                              const SchedulerOptions &Opts) {
  if (auto Invalid = K.validate())
    return *Invalid;
  if (K.Stmt.Factors.size() < 2)
    return Refusal(rule::NoGain, "'" + toString(K.Stmt) +
                                     "' is not a product of two or more "
                                     "factors; there is nothing to "
                                     "distribute");
  std::vector<std::string> Names;
  for (const Access &F : K.Stmt.Factors)
    Names.push_back(F.Tensor);
  OrRefusal<SplitPlan> Resolved = resolvePlan(Written, Names, Directive);
  if (!Resolved)
    return Resolved.refusal();
  std::vector<SplitPlan *> Splits;
  collectSplits(*Resolved, Splits);
  if (Splits.size() > 10)
    return Refusal(rule::InvalidSchedule,
                   "'" + Directive + "': more than 10 splits");
  std::optional<Refusal> First;
  std::vector<Schedule> Found;
  const SymbolOrder Order = symbolOrderOf(K);
  for (unsigned Mask = 0; Mask < (1u << Splits.size()); ++Mask) {
    for (size_t I = 0; I < Splits.size(); ++I)
      Splits[I]->Reorder = Mask & (1u << I);
    OrRefusal<BranchedGraph> G = distribute(K, *Resolved);
    if (!G) {
      if (!First)
        First = G.refusal();
      continue;
    }
    // A copy: the next combination changes the flags.
    SplitPlan Plan = *Resolved;
    std::vector<SplitPlan *> Copies;
    collectSplits(Plan, Copies);
    Found.push_back(evaluate(K, Order, std::move(Plan), std::move(*G), Opts));
  }
  if (Found.empty())
    return *First;
  auto Best = Found.begin();
  for (auto It = Found.begin(); It != Found.end(); ++It)
    if (asymptoticallyCheaper(It->Estimate, Best->Estimate) ||
        (!asymptoticallyCheaper(Best->Estimate, It->Estimate) &&
         better(*It, *Best)))
      Best = It;
  return std::move(*Best);
}

} // namespace

std::string
Schedule::describe(const Kernel &K,
                   const std::map<std::string, std::string> &DeclaredAs) const {
  std::string Shared;
  for (const Loop &L : Graph.Loops)
    Shared += (Shared.empty() ? "" : ",") + L.Index;
  std::string Out =
      "split " + Plan.toString(K.Stmt) +
      (Shared.empty() ? ", no loop shared" : ", shared (" + Shared + ")");
  for (const Temporary &T : Graph.temporaries()) {
    auto Declared = DeclaredAs.find(T.Name);
    const std::string &Name =
        Declared == DeclaredAs.end() ? T.Name : Declared->second;
    Out += ", temporary ";
    if (T.isScalar())
      Out += "scalar " + Name;
    else if (T.Positions)
      Out += toString(Access{Name, T.Indices}) + " at the positions of " +
             T.Positions->Tensor;
    else
      Out += "dense " + toString(Access{Name, T.Indices});
  }
  return Out;
}

std::vector<Schedule> enumerateSchedules(const Kernel &K,
                                         const SchedulerOptions &Opts) {
  std::vector<Schedule> Found;
  if (K.validate() || K.Stmt.Factors.size() < 2)
    return Found;
  std::set<std::string> Seen;
  const SymbolOrder Order = symbolOrderOf(K);
  for (Alternative &A : searchSchedules(K, Opts.MaxDepth, Opts.MaxCandidates)) {
    // Different plans often build the same graph.
    if (!Seen.insert(toString(A.Graph)).second)
      continue;
    Found.push_back(evaluate(K, Order, *A.Plan, std::move(A.Graph), Opts));
  }
  std::stable_sort(Found.begin(), Found.end(), better);
  // Leave out what another schedule beats asymptotically. Thousands of
  // schedules share a few costs: each distinct cost is compared with the
  // others once (and all before any schedule is moved out).
  std::map<std::vector<Monomial>, const Cost *> Classes;
  for (const Schedule &S : Found)
    Classes.emplace(S.Estimate.Terms, &S.Estimate);
  std::set<std::vector<Monomial>> Beaten;
  for (const auto &[Terms, C] : Classes)
    for (const auto &[OtherTerms, Other] : Classes)
      if (asymptoticallyCheaper(*Other, *C)) {
        Beaten.insert(Terms);
        break;
      }
  std::vector<Schedule> Kept;
  for (Schedule &S : Found)
    if (!Beaten.count(S.Estimate.Terms))
      Kept.push_back(std::move(S));
  return Kept;
}

Refusal noScheduleReason(const Kernel &K) {
  if (auto Invalid = K.validate())
    return *Invalid;
  // Say why the paper's own schedule does not apply.
  OrRefusal<BranchedGraph> Paper = fuseAfterDistribution(K, 1);
  if (!Paper)
    return Paper.refusal();
  return Refusal(rule::NoGain, "no split of the product is legal");
}

namespace {

std::string sharedKey(const std::optional<std::set<std::string>> &Shared) {
  std::string Key;
  if (Shared) {
    Key += "|shared:";
    for (const std::string &I : *Shared)
      Key += I + ",";
  }
  return Key;
}

/// Names replaced by their kind and the order they are first met in
/// ("T0", "x1", "E0"): two kernels of one shape get the same. Extents are
/// told apart by their symbol, as the costs tell them. Kept as they are,
/// so that only the same name matches them: "", a name with a '$' (the
/// search's own temporaries are "$0", "$1", ...), and an extent the size
/// model reads as a count of nonzeros ("nnz(...)", "fiber(...)").
class ShapeNames {
public:
  std::string tensor(const std::string &Name) {
    return rename(Tensors, Name, "T");
  }
  std::string index(const std::string &Name) {
    return rename(Indices, Name, "x");
  }
  std::string extent(const std::string &Extent) {
    if (Extent.rfind("nnz(", 0) == 0 || Extent.rfind("fiber(", 0) == 0)
      return "=" + Extent;
    return Extent.empty() ? Extent : rename(Extents, extentSymbol(Extent), "E");
  }
  void access(Access &A) {
    A.Tensor = tensor(A.Tensor);
    for (std::string &I : A.Indices)
      I = index(I);
  }

private:
  static std::string rename(std::map<std::string, std::string> &Names,
                            const std::string &Name, const char *Kind) {
    if (Name.empty() || Name.find('$') != std::string::npos)
      return "=" + Name;
    auto It = Names.find(Name);
    if (It == Names.end())
      It = Names.emplace(Name, Kind + std::to_string(Names.size())).first;
    return It->second;
  }
  std::map<std::string, std::string> Tensors, Indices, Extents;
};

/// K under the names of its shape.
Kernel shaped(const Kernel &K, ShapeNames &Names) {
  Kernel Out = K;
  for (Tensor &T : Out.Tensors) {
    T.Name = Names.tensor(T.Name);
    if (T.SameNonzerosAs)
      T.SameNonzerosAs->Tensor = Names.tensor(T.SameNonzerosAs->Tensor);
  }
  for (IndexVar &I : Out.Indices) {
    I.Name = Names.index(I.Name);
    I.Extent = Names.extent(I.Extent);
  }
  Names.access(Out.Stmt.Lhs);
  for (Access &F : Out.Stmt.Factors)
    Names.access(F);
  for (Loop &L : Out.Loops) {
    L.Index = Names.index(L.Index);
    L.Driver = Names.tensor(L.Driver);
  }
  return Out;
}

/// The plans of Like, the schedules found for a kernel of K's shape,
/// applied to K and evaluated as the search evaluates what it finds: the
/// schedules the search finds for K, in its order. nullopt where a plan
/// does not apply.
std::optional<std::vector<Schedule>> reapply(const Kernel &K,
                                             const std::vector<Schedule> &Like,
                                             const SchedulerOptions &Opts) {
  const SymbolOrder Order = symbolOrderOf(K);
  std::vector<Schedule> Out;
  for (const Schedule &S : Like) {
    OrRefusal<BranchedGraph> G = distribute(K, S.Plan);
    if (!G)
      return std::nullopt;
    Out.push_back(evaluate(K, Order, S.Plan, std::move(*G), Opts));
  }
  return Out;
}

} // namespace

std::string shapeKey(const Kernel &K,
                     const std::optional<std::set<std::string>> &Shared) {
  ShapeNames Names;
  std::string Key = identityKey(shaped(K, Names));
  if (!Shared)
    return Key;
  std::set<std::string> Renamed;
  for (const std::string &I : *Shared)
    Renamed.insert(Names.index(I));
  return Key + sharedKey(Renamed);
}

const std::vector<Schedule> &
ScheduleCache::enumerate(const Kernel &K,
                         const std::optional<std::set<std::string>> &Shared) {
  std::string Key = identityKey(K) + sharedKey(Shared);
  {
    std::lock_guard<std::mutex> Hold(Lock);
    if (auto It = Found.find(Key); It != Found.end())
      return It->second;
  }
  // The size model's known sizes are by name: a kernel under other names
  // would be sized otherwise.
  std::string Shape =
      Opts.Sizes.Known.empty() ? shapeKey(K, Shared) : "=" + Key;
  const std::vector<Schedule> *Like = nullptr;
  {
    std::lock_guard<std::mutex> Hold(Lock);
    if (auto It = Shapes.find(Shape); It != Shapes.end())
      Like = It->second;
  }
  // Searched without the lock: the threads that rewrite a file's nests
  // search their kernels at once. Two that search one kernel find the same
  // schedules; the first kept is the one every caller reads (a map's
  // elements stay where they are, and a kept list is never changed).
  SchedulerOptions For = Opts;
  if (Shared)
    For.SharedOuter = Shared;
  std::optional<std::vector<Schedule>> Schedules;
  if (Like)
    Schedules = reapply(K, *Like, For);
  bool Searched = !Schedules;
  if (Searched)
    Schedules = enumerateSchedules(K, For);
  std::lock_guard<std::mutex> Hold(Lock);
  Searches += Searched;
  const std::vector<Schedule> &Kept =
      Found.emplace(std::move(Key), std::move(*Schedules)).first->second;
  Shapes.emplace(std::move(Shape), &Kept);
  return Kept;
}

OrRefusal<Schedule> chooseSchedule(const Kernel &K,
                                   const SchedulerOptions &Opts) {
  if (auto Invalid = K.validate())
    return *Invalid;
  std::vector<Schedule> Candidates = enumerateSchedules(K, Opts);
  if (Candidates.empty())
    return noScheduleReason(K);
  Cost Before = costOf(K);
  Schedule &Best = Candidates.front();
  if (!asymptoticallyCheaper(Best.Estimate, Before))
    return Refusal(rule::NoGain, "the best schedule found costs " +
                                     Best.Estimate.toString() +
                                     ", not less than " + Before.toString());
  return std::move(Best);
}

namespace {

/// A directive's parts, read without a kernel: the loop orders of its
/// reorder(...), in order, and either a loopfuse depth or a split plan.
struct DirectiveParts {
  std::vector<std::vector<std::string>> Orders;
  std::optional<unsigned> Depth;
  std::optional<PlanText> Written;
};

OrRefusal<DirectiveParts> parseDirective(const std::string &Directive) {
  auto Invalid = [&](const std::string &Why) {
    return Refusal(rule::InvalidSchedule, "'" + Directive + "': " + Why);
  };
  DirectiveParts Parts;
  std::string Rest = Directive;
  while (!trim(Rest).empty()) {
    size_t Semi = Rest.find(';');
    std::string Part = trim(Rest.substr(0, Semi));
    Rest = Semi == std::string::npos ? "" : Rest.substr(Semi + 1);
    if (!Part.empty() && Part.front() == '{') {
      if (Parts.Written)
        return Invalid("two split plans");
      OrRefusal<PlanText> P = PlanParser(Part).parse();
      if (!P)
        return P.refusal();
      Parts.Written = std::move(*P);
      continue;
    }
    size_t Open = Part.find('(');
    if (Open == std::string::npos || Part.back() != ')')
      return Invalid("expected 'name(arguments)', got '" + Part + "'");
    std::string Name = trim(Part.substr(0, Open));
    std::vector<std::string> Args;
    std::string Inner = Part.substr(Open + 1, Part.size() - Open - 2);
    for (size_t Start = 0; Start <= Inner.size();) {
      size_t Comma = Inner.find(',', Start);
      if (Comma == std::string::npos)
        Comma = Inner.size();
      Args.push_back(trim(Inner.substr(Start, Comma - Start)));
      Start = Comma + 1;
    }
    if (Name == "reorder") {
      Parts.Orders.push_back(std::move(Args));
    } else if (Name == "loopfuse") {
      if (Args.size() != 1 || Args[0].empty() ||
          !std::all_of(Args[0].begin(), Args[0].end(), ::isdigit) ||
          std::stoul(Args[0]) == 0)
        return Invalid("loopfuse takes a depth of at least 1");
      Parts.Depth = std::stoul(Args[0]);
    } else {
      return Invalid("unknown directive '" + Name +
                     "' (known: reorder, loopfuse, and split plans as "
                     "--explain prints them)");
    }
  }
  if (Parts.Written && Parts.Depth)
    return Invalid("both a split plan and loopfuse(n): give one");
  if (!Parts.Written && !Parts.Depth)
    return Invalid("no loopfuse(n) or split plan: nothing to apply");
  return Parts;
}

} // namespace

std::optional<Refusal> directiveSyntaxError(const std::string &Directive) {
  OrRefusal<DirectiveParts> Parts = parseDirective(Directive);
  if (!Parts)
    return Parts.refusal();
  return std::nullopt;
}

OrRefusal<Schedule> scheduleOfPlan(const Kernel &K, const SplitPlan &Plan,
                                   const SchedulerOptions &Opts) {
  OrRefusal<BranchedGraph> G = distribute(K, Plan);
  if (!G)
    return G.refusal();
  Schedule S = evaluate(K, symbolOrderOf(K), Plan, std::move(*G), Opts);
  S.Order = K.Loops;
  return S;
}

OrRefusal<Schedule> applyDirective(const Kernel &K,
                                   const std::string &Directive,
                                   const SchedulerOptions &Opts) {
  auto Invalid = [&](const std::string &Why) {
    return Refusal(rule::InvalidSchedule, "'" + Directive + "': " + Why);
  };
  OrRefusal<DirectiveParts> Parts = parseDirective(Directive);
  if (!Parts)
    return Parts.refusal();
  Kernel Ordered = K;
  for (const std::vector<std::string> &Args : Parts->Orders) {
    std::vector<Loop> Order;
    for (const std::string &I : Args) {
      auto It = std::find_if(K.Loops.begin(), K.Loops.end(),
                             [&](const Loop &L) { return L.Index == I; });
      if (It == K.Loops.end())
        return Invalid("'" + I + "' is not a loop of the nest");
      Order.push_back(*It);
    }
    if (Order.size() != K.Loops.size())
      return Invalid("reorder must list every loop of the nest once");
    Ordered.Loops = Order;
    if (auto Problem = Ordered.validate())
      return Invalid(Problem->Message);
  }
  if (Parts->Written)
    return applyPlan(Ordered, *Parts->Written, Directive, Opts);
  SplitPlan Plan = loopfusePlan(Ordered.Stmt.Factors.size(), *Parts->Depth);
  OrRefusal<BranchedGraph> G = distribute(Ordered, Plan);
  if (!G)
    return G.refusal();
  Schedule S =
      evaluate(Ordered, symbolOrderOf(Ordered), Plan, std::move(*G), Opts);
  S.Order = Ordered.Loops;
  return S;
}

} // namespace lnr::ir
