//===- NestPairs.cpp ------------------------------------------------------===//

#include "analysis/recover/NestPairs.h"
#include "analysis/recover/Allocations.h"
#include "analysis/recover/AstQueries.h"
#include "analysis/recover/StmtPath.h"
#include "analysis/recover/StoredArrays.h"

#include "clang/Basic/SourceManager.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <variant>

using namespace clang;

namespace lnr::recover {
namespace {

/// Whether T's elements are read or written only inside Keep (the two
/// nests): everywhere else T is declared, allocated, freed, or its pointer
/// compared with null ('if (!T)', 'T == NULL').
bool onlyUsedIn(const Stmt *Body, const VarDecl *T,
                const std::vector<const Stmt *> &Keep, ASTContext &Ctx) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *T;
    const std::vector<const Stmt *> *Keep;
    ASTContext *Ctx;
    bool Escapes = false;
    bool isNull(const Expr *E) const {
      return E->isNullPointerConstant(*Ctx, Expr::NPC_ValueDependentIsNotNull);
    }
    bool TraverseStmt(Stmt *S, DataRecursionQueue * = nullptr) {
      if (!S || Escapes)
        return !Escapes;
      for (const Stmt *K : *Keep)
        if (S == K)
          return true;
      if (allocates(S, T) || frees(S, T) || zeroes(S, T))
        return true;
      // An OpenMP region's capture of T is not a use: what the region's
      // statement does with it is.
      if (const auto *Captured = dyn_cast<CapturedStmt>(S))
        return TraverseStmt(const_cast<Stmt *>(Captured->getCapturedStmt()));
      if (const auto *E = dyn_cast<Expr>(S)) {
        const Expr *Bare = E->IgnoreParenImpCasts();
        if (const auto *Not = dyn_cast<UnaryOperator>(Bare);
            Not && Not->getOpcode() == UO_LNot &&
            namedVariable(Not->getSubExpr()) == T)
          return true;
        if (const auto *Cmp = dyn_cast<BinaryOperator>(Bare);
            Cmp && Cmp->isEqualityOp() &&
            ((namedVariable(Cmp->getLHS()) == T && isNull(Cmp->getRHS())) ||
             (namedVariable(Cmp->getRHS()) == T && isNull(Cmp->getLHS()))))
          return true;
      }
      if (const auto *If = dyn_cast<IfStmt>(S);
          If && namedVariable(If->getCond()) == T) {
        return TraverseStmt(const_cast<Stmt *>(If->getThen())) &&
               TraverseStmt(const_cast<Stmt *>(If->getElse()));
      }
      return RecursiveASTVisitor::TraverseStmt(S);
    }
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      Escapes |= Ref->getDecl() == T;
      return !Escapes;
    }
  } F;
  F.T = T;
  F.Keep = &Keep;
  F.Ctx = &Ctx;
  F.TraverseStmt(const_cast<Stmt *>(Body));
  return !F.Escapes;
}

/// Whether S reads A other than as the array it stores into (the output
/// of 'V[e] += ...', or of TACO's 'V[e] = V[e] + ...', is no factor read).
bool readsBesidesStoring(const Stmt *S, const StoredArray &A,
                         const ASTContext &Ctx) {
  struct Finder : RecursiveASTVisitor<Finder> {
    StoredArray A;
    const ASTContext *Ctx;
    std::set<const Expr *> Stored;
    bool Read = false;
    bool VisitBinaryOperator(BinaryOperator *B) {
      const auto *Sub =
          dyn_cast<ArraySubscriptExpr>(B->getLHS()->IgnoreParens());
      if (!B->isAssignmentOp() || !Sub || !(namedArray(Sub->getBase()) == A))
        return true;
      Stored.insert(Sub->getBase()->IgnoreParenCasts());
      const auto *Sum =
          B->getOpcode() == BO_Assign
              ? dyn_cast<BinaryOperator>(B->getRHS()->IgnoreParenImpCasts())
              : nullptr;
      const auto *Again = Sum && Sum->getOpcode() == BO_Add
                              ? dyn_cast<ArraySubscriptExpr>(
                                    Sum->getLHS()->IgnoreParenImpCasts())
                              : nullptr;
      if (Again && detail::sameExpression(Again, Sub, *Ctx))
        Stored.insert(Again->getBase()->IgnoreParenCasts());
      return true;
    }
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      Read |= !A.Member && Ref->getDecl() == A.Base && !Stored.count(Ref);
      return !Read;
    }
    bool VisitMemberExpr(MemberExpr *M) {
      Read |= A.Member && namedArray(M) == A && !Stored.count(M);
      return !Read;
    }
  } F;
  F.A = A;
  F.Ctx = &Ctx;
  F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Read;
}

/// The array P stores and Q reads, with the expression naming it in P, if
/// one; none otherwise.
std::optional<std::pair<StoredArray, const Expr *>>
sharedArray(const Stmt *P, const Stmt *Q, const ASTContext &Ctx) {
  std::optional<std::pair<StoredArray, const Expr *>> Shared;
  for (const auto &[A, Spelled] : storedArrays(P)) {
    if (!readsBesidesStoring(Q, A, Ctx))
      continue;
    if (Shared)
      return std::nullopt; // two: not a pair this reads
    Shared = {A, Spelled};
  }
  return Shared;
}

/// Whether V is a local pointer set by its initializer alone: nothing in
/// Function assigns it or takes its address.
bool setOnce(const VarDecl *V, const Stmt *Function, ASTContext &Ctx) {
  return V->hasLocalStorage() && !isa<ParmVarDecl>(V) &&
         V->getType()->isPointerType() && V->getInit() &&
         !V->getInit()->HasSideEffects(Ctx) &&
         !detail::isChangedIn(V, Function);
}

/// The array P stores through a local pointer and Q reads through another
/// declared alike: each of two inlined functions names the caller's array
/// through a local of its own ('double *w = g->w;' and 'const double *w =
/// g->w;', TACO's 'double *restrict T_vals = (double *)(T->vals);' in
/// both), a pointer to the same type set by that initializer alone, which
/// P does not name nor Q store. Whether the two hold one pointer, the rewrite
/// checks at run time (NestPair::ReadAs); none unless there is exactly one.
std::optional<std::tuple<StoredArray, const Expr *, const VarDecl *>>
arrayReadAs(const Stmt *P, const Stmt *Q, const Stmt *Function,
            ASTContext &Ctx) {
  struct Reads : RecursiveASTVisitor<Reads> {
    std::set<const VarDecl *> Bases;
    bool VisitArraySubscriptExpr(ArraySubscriptExpr *Sub) {
      if (const VarDecl *V = namedVariable(Sub->getBase()))
        Bases.insert(V);
      return true;
    }
  } Read;
  Read.TraverseStmt(const_cast<Stmt *>(Q));
  std::map<StoredArray, const Expr *> StoredByQ = storedArrays(Q);
  std::optional<std::tuple<StoredArray, const Expr *, const VarDecl *>> Found;
  for (const auto &[A, Spelled] : storedArrays(P)) {
    if (A.Member || !setOnce(A.Base, Function, Ctx))
      continue;
    for (const VarDecl *W : Read.Bases) {
      if (W == A.Base || StoredByQ.count({W, nullptr}) ||
          !setOnce(W, Function, Ctx) || detail::references(P, W) ||
          !Ctx.hasSameUnqualifiedType(
              W->getType()->getPointeeType().getUnqualifiedType(),
              A.Base->getType()->getPointeeType().getUnqualifiedType()))
        continue;
      if (!detail::sameExpression(W->getInit(), A.Base->getInit(), Ctx))
        continue;
      if (Found)
        return std::nullopt;
      Found = {A, Spelled, W};
    }
  }
  return Found;
}

/// Why T's values, stored by P and read by Q, may be read after them, or
/// its memory be another array's: "" when it is a local array, or a local
/// pointer to memory allocated in the function, that nothing but the two
/// nests reads.
std::string liveAfter(const Stmt *Body, const VarDecl *T, const Stmt *P,
                      const Stmt *Q, ASTContext &Ctx) {
  std::string Name = "'" + T->getName().str() + "'";
  if (isa<ParmVarDecl>(T))
    return Name + " is a parameter";
  if (!T->hasLocalStorage())
    return Name + " outlives the function";
  QualType Ty = T->getType();
  bool OwnMemory =
      Ty->isArrayType() ||
      (Ty->isPointerType() && (!T->getInit() || isAllocation(T->getInit())));
  if (!OwnMemory)
    return Name + " points to memory the function did not allocate";
  if (!onlyUsedIn(Body, T, {P, Q}, Ctx))
    return Name + " is used elsewhere than in the two nests, its "
                  "allocation and its free";
  return "";
}

/// 'if (!T) ...' or 'if (T == NULL) ...', T named nowhere else in it.
bool testsForNull(const Stmt *S, const VarDecl *T, ASTContext &Ctx) {
  const auto *If = dyn_cast<IfStmt>(S);
  if (!If || If->getInit() || If->getConditionVariable())
    return false;
  const Expr *Cond = If->getCond()->IgnoreParenImpCasts();
  bool Null = false;
  if (const auto *Not = dyn_cast<UnaryOperator>(Cond))
    Null = Not->getOpcode() == UO_LNot && namedVariable(Not->getSubExpr()) == T;
  else if (const auto *Cmp = dyn_cast<BinaryOperator>(Cond);
           Cmp && Cmp->getOpcode() == BO_EQ)
    Null = (namedVariable(Cmp->getLHS()) == T &&
            Cmp->getRHS()->isNullPointerConstant(
                Ctx, Expr::NPC_ValueDependentIsNotNull)) ||
           (namedVariable(Cmp->getRHS()) == T &&
            Cmp->getLHS()->isNullPointerConstant(
                Ctx, Expr::NPC_ValueDependentIsNotNull));
  if (!Null)
    return false;
  return !(If->getThen() && detail::references(If->getThen(), T)) &&
         !(If->getElse() && detail::references(If->getElse(), T));
}

/// The statement after S in Block, null statements skipped; null if none.
const Stmt *nextIn(const CompoundStmt *Block, const Stmt *S, int Step) {
  std::vector<const Stmt *> Body(Block->body_begin(), Block->body_end());
  auto It = std::find(Body.begin(), Body.end(), S);
  if (It == Body.end())
    return nullptr;
  for (long I = (It - Body.begin()) + Step; I >= 0 && I < (long)Body.size();
       I += Step)
    if (!isa<NullStmt>(Body[I]))
      return Body[I];
  return nullptr;
}

/// The local variable a statement between the nests sets: 'x = ...',
/// 'x += ...', '++x'; null for anything else.
const VarDecl *assignedLocal(const Expr *E) {
  E = E->IgnoreParens();
  const Expr *Target = nullptr;
  if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->isAssignmentOp())
    Target = B->getLHS();
  else if (const auto *U = dyn_cast<UnaryOperator>(E);
           U && U->isIncrementDecrementOp())
    Target = U->getSubExpr();
  const auto *Ref =
      Target ? dyn_cast<DeclRefExpr>(Target->IgnoreParens()) : nullptr;
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return V && V->hasLocalStorage() && !V->isStaticLocal() ? V : nullptr;
}

/// The variables S sets (declares, or assigns as a whole statement), or
/// why S is not a statement that sets local scalars only.
std::variant<std::vector<const VarDecl *>, std::string>
setScalars(const Stmt *S) {
  std::vector<const VarDecl *> Set;
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls()) {
      const auto *V = dyn_cast<VarDecl>(D);
      if (!V || V->isStaticLocal() || !V->hasLocalStorage())
        return std::string("declares other than local variables");
      Set.push_back(V);
    }
  } else if (const auto *E = dyn_cast<Expr>(S); E && assignedLocal(E)) {
    Set.push_back(assignedLocal(E));
  } else {
    return std::string("does more than declare or assign a local scalar");
  }
  for (const VarDecl *V : Set)
    if (V->getType().isVolatileQualified() || !V->getType()->isScalarType())
      return "sets '" + V->getName().str() + "', which is not a scalar";
  return Set;
}

/// The variables a statement names and those it sets, and whether it calls
/// a function, writes anything else (memory, an address taken), or reads
/// memory (an element, through a pointer or an arrow, an array).
struct Mentions : RecursiveASTVisitor<Mentions> {
  std::vector<const VarDecl *> Named, Assigned, Addressed;
  bool Calls = false, Effects = false, ReadsMemory = false;
  /// The types of the memory read ('int' for 'A->dimensions[1]').
  std::vector<QualType> MemoryTypes;
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl())) {
      Named.push_back(V);
      if (V->getType()->isArrayType()) {
        ReadsMemory = true;
        MemoryTypes.push_back(V->getType());
      }
    }
    return true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *Sub) {
    ReadsMemory = true;
    MemoryTypes.push_back(Sub->getType());
    return true;
  }
  bool VisitMemberExpr(MemberExpr *M) {
    if (M->isArrow()) {
      ReadsMemory = true;
      // A union's member: a store of another member changes it (no type).
      QualType Base = M->getBase()->getType();
      bool Union =
          Base->isPointerType() && Base->getPointeeType()->isUnionType();
      MemoryTypes.push_back(Union ? QualType() : M->getType());
    }
    return true;
  }
  bool VisitCallExpr(CallExpr *) {
    Calls = true;
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      (assignedLocal(B) ? Assigned.push_back(assignedLocal(B))
                        : void(Effects = true));
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      (assignedLocal(U) ? Assigned.push_back(assignedLocal(U))
                        : void(Effects = true));
    if (U->getOpcode() == UO_Deref) {
      ReadsMemory = true;
      MemoryTypes.push_back(U->getType());
    }
    if (U->getOpcode() == UO_AddrOf) {
      Effects = true;
      if (const VarDecl *V = rootVariable(U->getSubExpr()))
        Addressed.push_back(V);
    }
    return true;
  }
  /// 'u.d' of a local union or struct used as a pointer: u's address.
  bool VisitImplicitCastExpr(ImplicitCastExpr *Cast) {
    if (Cast->getCastKind() == CK_ArrayToPointerDecay)
      if (const VarDecl *V = rootVariable(Cast->getSubExpr()))
        Addressed.push_back(V);
    return true;
  }
};

/// Why S must stay after the producer P: "" when S only sets local
/// scalars, calls nothing, reads nothing volatile and no variable P sets,
/// and P names no variable S sets (nor one of their names, which S would
/// hide from it once before it). Live: the temporary P stores is memory
/// others may name (NestPair::Live), so that S must not read memory (nor
/// a global, nor a variable whose address is taken) either: P may store
/// into it; memory of a type that stores of the temporary's elements
/// (Stored) cannot change is read as well before P (storesCannotReach:
/// TACO's 'int A2_dimension = (int)(A->dimensions[1]);').
std::string notMovableBefore(const Stmt *S, const Stmt *P, const Stmt *Function,
                             bool Live, QualType Stored,
                             const ASTContext &Ctx) {
  auto Set = setScalars(S);
  if (auto *Why = std::get_if<std::string>(&Set))
    return *Why;
  Mentions InS, InP;
  InS.TraverseStmt(const_cast<Stmt *>(S));
  InP.TraverseStmt(const_cast<Stmt *>(P));
  if (InS.Calls)
    return "calls a function";
  if (InS.Effects || InS.Assigned.size() > 1)
    return "writes memory or several variables";
  Mentions InFunction;
  InFunction.TraverseStmt(const_cast<Stmt *>(Function));
  if (Live && InS.ReadsMemory &&
      !detail::storesCannotReach(Stored, InS.MemoryTypes, Ctx))
    return "reads memory, which the producer may store into: its "
           "temporary is still read after the nests";
  for (const VarDecl *V : InS.Named) {
    if (V->getType().isVolatileQualified())
      return "reads '" + V->getName().str() + "', which is volatile";
    if (std::count(InP.Assigned.begin(), InP.Assigned.end(), V))
      return "reads '" + V->getName().str() + "', which the producer sets";
    if (Live &&
        (!V->hasLocalStorage() || std::count(InFunction.Addressed.begin(),
                                             InFunction.Addressed.end(), V)))
      return "reads '" + V->getName().str() +
             "', which the producer may store into: its temporary is still "
             "read after the nests";
  }
  for (const VarDecl *V : std::get<std::vector<const VarDecl *>>(Set)) {
    for (const VarDecl *Named : InP.Named)
      if (Named == V || Named->getName() == V->getName())
        return "sets '" + V->getName().str() + "', which the producer names";
    // Read through a pointer, by the producer or anyone.
    if (std::count(InFunction.Addressed.begin(), InFunction.Addressed.end(), V))
      return "sets '" + V->getName().str() + "', whose address is taken";
  }
  return "";
}

/// The statements between P and Q in Block, or why the producer could not
/// run after them.
std::variant<std::vector<const Stmt *>, std::string>
between(const CompoundStmt *Block, const Stmt *P, const Stmt *Q,
        const Stmt *Function, bool Live, QualType Stored, ASTContext &Ctx) {
  std::vector<const Stmt *> Out;
  for (const Stmt *S = nextIn(Block, P, 1); S && S != Q;
       S = nextIn(Block, S, 1)) {
    std::string Why = notMovableBefore(S, P, Function, Live, Stored, Ctx);
    if (!Why.empty())
      return "the statement at line " +
             std::to_string(Ctx.getSourceManager().getSpellingLineNumber(
                 S->getBeginLoc())) +
             " between the two nests " + Why;
    Out.push_back(S);
  }
  return Out;
}

} // namespace

namespace {
/// Whether T is memory of Function's own, which holds no values before it
/// stores them: a local array, or a local pointer only ever set by an
/// allocation, whose address is not taken.
bool freshMemory(const Stmt *Function, const VarDecl *T) {
  if (!T->hasLocalStorage() || isa<ParmVarDecl>(T))
    return false;
  if (T->getType()->isArrayType())
    return true;
  struct Sets : RecursiveASTVisitor<Sets> {
    const VarDecl *T;
    bool Fresh = true;
    bool VisitBinaryOperator(BinaryOperator *B) {
      if (B->isAssignmentOp() && namedVariable(B->getLHS()) == T)
        Fresh &= B->getOpcode() == BO_Assign && isAllocation(B->getRHS());
      return Fresh;
    }
    bool VisitUnaryOperator(UnaryOperator *U) {
      if (namedVariable(U->getSubExpr()) == T)
        Fresh &= U->getOpcode() != UO_AddrOf && !U->isIncrementDecrementOp();
      return Fresh;
    }
  } Check;
  Check.T = T;
  Check.TraverseStmt(const_cast<Stmt *>(Function));
  return Check.Fresh && (!T->getInit() || isAllocation(T->getInit()));
}
} // namespace

bool zeroedBefore(const CompoundStmt *Block, const Stmt *S, const VarDecl *T,
                  const Stmt *Function, ASTContext &Ctx) {
  const Stmt *Before = nextIn(Block, S, -1);
  // 'if (!T) return;' after the allocation tests the pointer only.
  while (Before && testsForNull(Before, T, Ctx))
    Before = nextIn(Block, Before, -1);
  if (!Before) {
    // The first statement of a '#pragma omp parallel' region: what comes
    // before the region.
    std::vector<const Stmt *> Path = pathTo(Function, Block);
    size_t N = Path.size();
    if (N >= 4 && isa<CapturedStmt>(Path[N - 2]) &&
        isa<OMPParallelDirective>(Path[N - 3]))
      if (const auto *Outer = dyn_cast<CompoundStmt>(Path[N - 4]))
        return zeroedBefore(Outer, Path[N - 3], T, Function, Ctx);
    return false;
  }
  if (allocates(Before, T, /*Zeroed=*/true))
    return !T->getType()->isArrayType();
  // A memset or a loop may zero part of it only (its size is not read):
  // only memory that held no value before may be left unzeroed, where the
  // original would read memory never written.
  return zeroes(Before, T) && freshMemory(Function, T);
}

namespace {
/// The loop a site's nest begins with, a directive on it aside.
const Stmt *loopOf(const Stmt *Nest) {
  if (const auto *D = dyn_cast<OMPLoopDirective>(Nest))
    return D->getInnermostCapturedStmt()->getCapturedStmt();
  return Nest;
}

/// Whether Sites[I + 1] is a nest that only sets an array of a variable to
/// 0, which Sites[I + 2] stores and Sites[I] does not name, the three
/// statements of Block, the last two consecutive (NestPair::ZeroesOutput).
bool zeroesConsumerOutput(const std::vector<NestSite> &Sites, size_t I,
                          const CompoundStmt *Block) {
  if (I + 2 >= Sites.size())
    return false;
  const NestSite &P = Sites[I], &Z = Sites[I + 1], &Q = Sites[I + 2];
  if (Z.Region || Q.Region || Z.InExpression || Q.InExpression ||
      Z.Function != P.Function || Q.Function != P.Function ||
      parentWithin(P.Function, Z.Nest) != Block ||
      nextIn(Block, Z.Nest, 1) != Q.Nest)
    return false;
  std::map<StoredArray, const Expr *> Zeroed = storedArrays(Z.Nest);
  if (Zeroed.size() != 1 || Zeroed.begin()->first.Member)
    return false;
  const VarDecl *V = Zeroed.begin()->first.Base;
  Mentions InP;
  InP.TraverseStmt(const_cast<Stmt *>(P.Nest));
  return zeroes(loopOf(Z.Nest), V) &&
         storedArrays(Q.Nest).count(Zeroed.begin()->first) &&
         !std::count(InP.Named.begin(), InP.Named.end(), V);
}
} // namespace

std::vector<NestPair> findNestPairs(const std::vector<NestSite> &Sites,
                                    ASTContext &Ctx) {
  std::vector<NestPair> Pairs;
  for (size_t I = 0; I + 1 < Sites.size(); ++I) {
    const NestSite &P = Sites[I];
    if (P.InExpression)
      continue;
    const auto *Block =
        dyn_cast_or_null<CompoundStmt>(parentWithin(P.Function, P.Nest));
    bool Zeroing = Block && zeroesConsumerOutput(Sites, I, Block) &&
                   (sharedArray(P.Nest, Sites[I + 2].Nest, Ctx) ||
                    arrayReadAs(P.Nest, Sites[I + 2].Nest, P.Function, Ctx));
    const NestSite &Q = Sites[I + (Zeroing ? 2 : 1)];
    // Two statements of one OpenMP region, each under '#pragma omp for',
    // pair as two of the function do (KeptDirective::InTeam).
    if (Q.Region != P.Region || Q.InExpression || P.Function != Q.Function)
      continue;
    if (!Block || parentWithin(P.Function, Q.Nest) != Block)
      continue;
    auto Shared = sharedArray(P.Nest, Q.Nest, Ctx);
    std::string ReadAs;
    if (!Shared) {
      auto Other = arrayReadAs(P.Nest, Q.Nest, P.Function, Ctx);
      if (!Other)
        continue;
      Shared = {std::get<0>(*Other), std::get<1>(*Other)};
      ReadAs = std::get<2>(*Other)->getName().str();
    }
    const VarDecl *T = Shared->first.Base;
    NestPair Pair;
    Pair.Producer = I;
    Pair.ZeroesOutput = Zeroing;
    Pair.ReadAs = ReadAs;
    Pair.Temporary = arrayName(Shared->first, Shared->second);
    // A member: memory the struct points to, which the function may not
    // own and others may read after.
    Pair.Live = Shared->first.Member
                    ? "'" + Pair.Temporary + "' is a struct member"
                    : liveAfter(P.Function, T, P.Nest, Q.Nest, Ctx);
    // Up to the next site: the consumer, or its zeroing nest, which runs
    // with it.
    auto Between =
        between(Block, P.Nest, Sites[I + 1].Nest, P.Function,
                !Pair.Live.empty(), elementType(Shared->second), Ctx);
    if (auto *Why = std::get_if<std::string>(&Between))
      Pair.Refused = *Why;
    else
      Pair.Between = std::get<std::vector<const Stmt *>>(Between);
    Pair.ZeroBefore = !Shared->first.Member &&
                      zeroedBefore(Block, P.Nest, T, P.Function, Ctx);
    // 'double *tv = T;', set by that alone: T's memory.
    if (!Shared->first.Member && setOnce(T, P.Function, Ctx))
      if (const VarDecl *Held = namedVariable(T->getInit()))
        Pair.Holds = Held->getName().str();
    Pairs.push_back(Pair);
    if (Pair.Refused.empty())
      I = Pair.consumer(); // Q is in this pair
  }
  return Pairs;
}

} // namespace lnr::recover

namespace lnr::recover::detail {

bool storesCannotReach(QualType Stored, const std::vector<QualType> &Read,
                       const ASTContext &Ctx) {
  if (Stored.isNull() || !Stored->isRealFloatingType())
    return false;
  // Not a complex type, whose parts are the floating type's objects.
  return llvm::all_of(Read, [&](QualType R) {
    return !R.isNull() && (R->isPointerType() ||
                           (R->isIntegerType() && !R->isAnyCharacterType() &&
                            !R->isCharType()) ||
                           (R->isRealFloatingType() &&
                            !Ctx.hasSameUnqualifiedType(R, Stored)));
  });
}

} // namespace lnr::recover::detail
