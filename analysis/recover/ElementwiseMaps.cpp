//===- ElementwiseMaps.cpp -----------------------------------------------===//
//
// A sum stored through an element-wise function (`T[p] = 1 / (1 + exp(-s));`,
// `T[p] = s > 0 ? s : 0.2 * s;`, `T[p] = leaky(s * B[p]);`): the function as
// a text with the stored product's place marked (NestSource::Map), and the
// product itself, which the recovery then reads as it reads a sum stored
// scaled. The function is pure: arithmetic, comparisons and conditionals of
// the product, of literals and of scalars the nest does not change, calls
// of the C library's pure math functions, and calls of a `static` function
// of the file whose body returns such an expression of its parameters.
//
//===----------------------------------------------------------------------===//

#include "analysis/recover/NestWalk.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace lnr::recover::detail {
namespace {

/// F's name when it is a function of the C library (a builtin, not a
/// function of the file so named), '__builtin_' aside; "" otherwise.
StringRef libraryName(const FunctionDecl *F) {
  if (!F || !F->getIdentifier() || F->getBuiltinID() == 0)
    return "";
  StringRef N = F->getName();
  N.consume_front("__builtin_");
  return N;
}

/// Whether an expression names a parameter of F (a static function).
std::function<bool(const Expr *)> parameterOf(const FunctionDecl *F) {
  return [F](const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E);
    return Ref && isa<ParmVarDecl>(Ref->getDecl()) &&
           Ref->getDecl()->getDeclContext() == F;
  };
}

/// The C library's functions of their arguments alone (math.h), by name.
bool isPureMathFunction(const FunctionDecl *F) {
  return llvm::StringSwitch<bool>(libraryName(F))
      .Cases("exp", "expf", "exp2", "exp2f", "expm1", "expm1f", true)
      .Cases("log", "logf", "log1p", "log1pf", "sqrt", "sqrtf", true)
      .Cases("tanh", "tanhf", "fabs", "fabsf", "fmax", "fmaxf", true)
      .Cases("fmin", "fminf", "pow", "powf", "erf", "erff", true)
      .Default(false);
}

/// `static T f(T x) { return <expression of x>; }`: the expression.
const Expr *returnedExpression(const FunctionDecl *F) {
  if (!F || F->getStorageClass() != SC_Static || !F->hasBody())
    return nullptr;
  const auto *Body = dyn_cast<CompoundStmt>(F->getBody());
  if (!Body || Body->size() != 1)
    return nullptr;
  const auto *Return = dyn_cast<ReturnStmt>(Body->body_front());
  return Return ? Return->getRetValue() : nullptr;
}

/// Whether E calls a function anywhere.
bool callsFunction(const Expr *E) {
  struct Finder : RecursiveASTVisitor<Finder> {
    bool Found = false;
    bool VisitCallExpr(CallExpr *) { return !(Found = true); }
  } F;
  F.TraverseStmt(const_cast<Expr *>(E));
  return F.Found;
}

/// The C library's functions continuous in their arguments wherever they
/// are defined for every value (no pole, no edge of a domain).
bool isContinuousMathFunction(const FunctionDecl *F) {
  return llvm::StringSwitch<bool>(libraryName(F))
      .Cases("exp", "expf", "exp2", "exp2f", "expm1", "expm1f", true)
      .Cases("tanh", "tanhf", "fabs", "fabsf", "fmax", "fmaxf", true)
      .Cases("fmin", "fminf", "erf", "erff", true)
      .Default(false);
}

/// What the continuity questions ask of a literal, read exactly (a long
/// double's '1e-400L' is not 0).
struct Literal {
  bool Zero = false, Negative = false, Finite = true, AtLeastOne = false;
};

std::optional<Literal> literal(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *F = dyn_cast<FloatingLiteral>(E)) {
    llvm::APFloat V = F->getValue();
    llvm::APFloat::cmpResult ToOne =
        V.compare(llvm::APFloat(V.getSemantics(), 1));
    return Literal{V.isZero(), V.isNegative(), V.isFinite(),
                   ToOne == llvm::APFloat::cmpGreaterThan ||
                       ToOne == llvm::APFloat::cmpEqual};
  }
  if (const auto *I = dyn_cast<IntegerLiteral>(E))
    return Literal{I->getValue().isZero(), false, true, I->getValue().uge(1)};
  return std::nullopt;
}

/// exp or exp2 of the C library (not a function of the file so named).
bool isLibraryExp(const Expr *E) {
  const auto *Call = dyn_cast<CallExpr>(E->IgnoreParenImpCasts());
  StringRef N = libraryName(Call ? Call->getDirectCallee() : nullptr);
  return N == "exp" || N == "expf" || N == "exp2" || N == "exp2f";
}

/// Whether E, a pure map's (NestWalk::pureMap), is at least 1 for every
/// value of its places: '1 + exp(-x)', a sigmoid's denominator.
bool atLeastOne(const Expr *E) {
  if (std::optional<Literal> L = literal(E))
    return L->AtLeastOne;
  const auto *B = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  if (!B || B->getOpcode() != BO_Add)
    return false;
  auto NonNegative = [](const Expr *X) {
    std::optional<Literal> L = literal(X);
    return L ? !L->Negative && L->Finite : isLibraryExp(X);
  };
  return (atLeastOne(B->getLHS()) && NonNegative(B->getRHS())) ||
         (NonNegative(B->getLHS()) && atLeastOne(B->getRHS()));
}

/// A factor that keeps a product that vanishes at 0: a finite literal or a
/// scalar the nest does not change (an infinite one gives NaN at 0 in one
/// grouping only, as docs/floating-point.md says of infinities), not a
/// constant expression that may overflow ('exp(1000.0)').
bool plainScale(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus) &&
           plainScale(U->getSubExpr());
  std::optional<Literal> L = literal(E);
  return L ? L->Finite : isa<DeclRefExpr>(E);
}

/// Whether E is 0 wherever Zero is: 0, Zero itself, or a multiple of such
/// an expression ('0.2 * x', '-x', 'x / 2').
bool vanishesWith(const Expr *E, const Expr *Zero, const ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  if (std::optional<Literal> L = literal(E))
    return L->Zero;
  if (sameExpression(E, Zero, Ctx))
    return true;
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus) &&
           vanishesWith(U->getSubExpr(), Zero, Ctx);
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (B && B->getOpcode() == BO_Mul)
    return (vanishesWith(B->getLHS(), Zero, Ctx) && plainScale(B->getRHS())) ||
           (vanishesWith(B->getRHS(), Zero, Ctx) && plainScale(B->getLHS()));
  std::optional<Literal> Divisor =
      B && B->getOpcode() == BO_Div ? literal(B->getRHS()) : std::nullopt;
  return Divisor && !Divisor->Zero && Divisor->Finite &&
         vanishesWith(B->getLHS(), Zero, Ctx);
}

} // namespace

bool callStoresNothing(const FunctionDecl *F, const ASTContext &Ctx) {
  if (isPureMathFunction(F))
    return true;
  const Expr *Returned = returnedExpression(F);
  return Returned && !Returned->HasSideEffects(Ctx) && !readsVolatile(Returned);
}

bool sameExpression(const Expr *A, const Expr *B, const ASTContext &Ctx) {
  llvm::FoldingSetNodeID IdA, IdB;
  A->IgnoreParenImpCasts()->Profile(IdA, Ctx, /*Canonical=*/true);
  B->IgnoreParenImpCasts()->Profile(IdB, Ctx, /*Canonical=*/true);
  return IdA == IdB;
}

/// Whether the pure map E moves with its places continuously: built of
/// sums, products, quotients by a literal or by at least 1, continuous
/// math functions and branches 'x > 0 ? f : g' where f and g are both 0 at
/// x = 0. A rounding of the sum then moves E by a rounding, where a jump
/// (a comparison's 0 or 1, a branch whose sides differ where they meet, a
/// square root at 0, an integer cast) could move it by any amount.
bool NestWalk::continuousMap(const Expr *E, const MapPlaces &Places,
                             unsigned Depth) const {
  // A conversion from a floating type to another (an integer, a bool: an
  // argument passed to an 'int' parameter) truncates.
  while (true) {
    E = E->IgnoreParens();
    const auto *Cast = dyn_cast<ImplicitCastExpr>(E);
    if (!Cast)
      break;
    if (Cast->getSubExpr()->getType()->isRealFloatingType() &&
        !Cast->getType()->isRealFloatingType())
      return false;
    E = Cast->getSubExpr();
  }
  if (Places.IsPlace(E) || literal(E) || asVar(E))
    return true;
  if (const auto *Cast = dyn_cast<CStyleCastExpr>(E))
    return Cast->getType()->isRealFloatingType() &&
           continuousMap(Cast->getSubExpr(), Places, Depth);
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus) &&
           continuousMap(U->getSubExpr(), Places, Depth);
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    bool Sides = continuousMap(B->getLHS(), Places, Depth) &&
                 continuousMap(B->getRHS(), Places, Depth);
    if (B->getOpcode() == BO_Div) {
      std::optional<Literal> Divisor = literal(B->getRHS());
      return Sides && (Divisor ? !Divisor->Zero : atLeastOne(B->getRHS()));
    }
    return Sides && (B->isAdditiveOp() || B->getOpcode() == BO_Mul);
  }
  if (const auto *C = dyn_cast<ConditionalOperator>(E))
    return continuousBranch(C, Places, Depth);
  const auto *Call = dyn_cast<CallExpr>(E);
  const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
  if (!F || !F->getIdentifier() ||
      llvm::any_of(Call->arguments(), [&](const Expr *Arg) {
        return !continuousMap(Arg, Places, Depth);
      }))
    return false;
  if (F->getBuiltinID() != 0)
    return isContinuousMathFunction(F);
  const FunctionDecl *Defined = F->getDefinition();
  const Expr *Returned = returnedExpression(Defined);
  if (!Returned || Depth == 0)
    return false;
  MapPlaces Parameters;
  Parameters.IsPlace = parameterOf(Defined);
  return continuousMap(Returned, Parameters, Depth - 1);
}

/// 'x > 0 ? f : g' (any of <, <=, >, >= against 0, either side), x, f and
/// g continuous, f and g both 0 where x is: ReLU, LeakyReLU.
bool NestWalk::continuousBranch(const ConditionalOperator *C,
                                const MapPlaces &Places, unsigned Depth) const {
  const auto *Cmp =
      dyn_cast<BinaryOperator>(C->getCond()->IgnoreParenImpCasts());
  if (!Cmp || !Cmp->isRelationalOp())
    return false;
  const Expr *X = Cmp->getLHS(), *Zero = Cmp->getRHS();
  auto IsZero = [](const Expr *E) {
    std::optional<Literal> L = literal(E);
    return L && L->Zero;
  };
  if (IsZero(X))
    std::swap(X, Zero);
  return IsZero(Zero) && continuousMap(X, Places, Depth) &&
         continuousMap(C->getTrueExpr(), Places, Depth) &&
         continuousMap(C->getFalseExpr(), Places, Depth) &&
         vanishesWith(C->getTrueExpr(), X, Ctx) &&
         vanishesWith(C->getFalseExpr(), X, Ctx);
}

/// Whether E is pure: built of Places (the stored product, or a static
/// function's parameters), literals, scalars the nest does not change,
/// arithmetic, comparisons, conditionals and pure calls. Why not in Why.
bool NestWalk::pureMap(const Expr *E, const MapPlaces &Places, unsigned Depth,
                       std::string &Why) const {
  E = E->IgnoreParenImpCasts();
  if (Places.IsPlace(E))
    return true;
  if (isa<FloatingLiteral>(E) || isa<IntegerLiteral>(E))
    return true;
  if (const auto *Cast = dyn_cast<CStyleCastExpr>(E))
    return Cast->getType()->isArithmeticType() &&
           pureMap(Cast->getSubExpr(), Places, Depth, Why);
  if (const VarDecl *V = asVar(E)) {
    if (V->getType()->isArithmeticType() &&
        !V->getType().isVolatileQualified() && !mentionsNestVariable(E) &&
        !isChangedIn(V, Loops.front().For))
      return true;
    Why = "reads '" + V->getName().str() + "', which changes in the nest";
    return false;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Plus ||
            U->getOpcode() == UO_LNot) &&
           pureMap(U->getSubExpr(), Places, Depth, Why);
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return (B->isAdditiveOp() || B->isMultiplicativeOp() ||
            B->isComparisonOp() || B->isLogicalOp()) &&
           B->getOpcode() != BO_Rem &&
           pureMap(B->getLHS(), Places, Depth, Why) &&
           pureMap(B->getRHS(), Places, Depth, Why);
  if (const auto *C = dyn_cast<ConditionalOperator>(E))
    return pureMap(C->getCond(), Places, Depth, Why) &&
           pureMap(C->getTrueExpr(), Places, Depth, Why) &&
           pureMap(C->getFalseExpr(), Places, Depth, Why);
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return pureCall(Call, Places, Depth, Why);
  Why = "holds '" + written(E) + "'";
  return false;
}

bool NestWalk::pureCall(const CallExpr *Call, const MapPlaces &Places,
                        unsigned Depth, std::string &Why) const {
  const FunctionDecl *F = Call->getDirectCallee();
  std::string Name = F ? "'" + F->getName().str() + "'" : "a function";
  for (const Expr *Arg : Call->arguments())
    if (!pureMap(Arg, Places, Depth, Why))
      return false;
  if (isPureMathFunction(F))
    return true;
  // A static function of the file returning a pure expression of its
  // parameters, called with pure arguments.
  const FunctionDecl *Defined = F ? F->getDefinition() : nullptr;
  const Expr *Returned = returnedExpression(Defined);
  if (!Returned || Depth == 0 || Defined->isVariadic()) {
    Why = "calls " + Name +
          ", which is neither a pure function of the C library nor a "
          "static function of the file returning an expression";
    return false;
  }
  MapPlaces Parameters;
  Parameters.IsPlace = parameterOf(Defined);
  if (pureMap(Returned, Parameters, Depth - 1, Why))
    return true;
  Why = "calls " + Name + ", whose value " + Why;
  return false;
}

bool NestWalk::readMap(const Expr *&Rhs, StoredMap &Map,
                       const Expr *Statement) {
  // The places of the stored product: each a product holding the sum once,
  // written alike.
  // The first met, outermost, and every other written alike; another
  // product holding the sum ('0.1 * (s * B[p])') is read as a function of
  // the first.
  std::vector<const Expr *> Found;
  MapPlaces Products;
  Products.IsPlace = [&](const Expr *E) {
    std::vector<const Expr *> Scale;
    bool Twice = false;
    if (!storedSum(E, Scale, Twice) || Twice || !inFile(E->getSourceRange()) ||
        (!Found.empty() && !sameExpression(E, Found.front(), Ctx)))
      return false;
    Found.push_back(E);
    return true;
  };
  std::string Why;
  const Expr *Whole = Rhs->IgnoreParenImpCasts();
  if (!pureMap(Whole, Products, /*Depth=*/3, Why)) {
    // Not a function of the sum: what the statement is, the reading of a
    // stored sum says; a call, here.
    if (!callsFunction(Whole))
      return true;
    return refuse(rule::UnsupportedCall,
                  "the sum '" + Accumulator->getName().str() +
                      "' is stored through '" + written(Whole) + "', which " +
                      Why,
                  Statement->getBeginLoc());
  }
  if (Found.empty() || (Found.size() == 1 && Found.front() == Whole) ||
      !inFile(Whole->getSourceRange()))
    return true;
  std::optional<std::string> Text = sumPlaced(Whole);
  if (!Text)
    return true;
  const Expr *Product = Found.front();
  MapPlaces Same;
  Same.IsPlace = [&](const Expr *E) { return sameExpression(E, Product, Ctx); };
  Map.Text = *Text;
  Map.Continuous = continuousMap(Whole, Same, /*Depth=*/3);
  Rhs = Product;
  return true;
}

std::optional<std::string> NestWalk::sumPlaced(const Expr *E) const {
  // As written, '(@)' for the sum: its scale stays in it, applied after
  // the sum as the original applies it.
  struct Sums : RecursiveASTVisitor<Sums> {
    const NestWalk *R;
    std::vector<const DeclRefExpr *> Found;
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
      if (V &&
          (V == R->Accumulator || std::count(R->AccumulatorCopies.begin(),
                                             R->AccumulatorCopies.end(), V)))
        Found.push_back(Ref);
      return true;
    }
  } Uses;
  Uses.R = this;
  const Expr *Whole = E->IgnoreParenImpCasts();
  if (!inFile(Whole->getSourceRange()))
    return std::nullopt;
  Uses.TraverseStmt(const_cast<Expr *>(Whole));
  std::string Text = text(Whole);
  unsigned Begin = SM.getFileOffset(Whole->getBeginLoc());
  for (auto It = Uses.Found.rbegin(); It != Uses.Found.rend(); ++It) {
    if (!(*It)->getBeginLoc().isFileID())
      return std::nullopt;
    Text.replace(SM.getFileOffset((*It)->getBeginLoc()) - Begin,
                 (*It)->getDecl()->getName().size(), "(@)");
  }
  return Text;
}

} // namespace lnr::recover::detail
