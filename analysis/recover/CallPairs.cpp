//===- CallPairs.cpp ------------------------------------------------------===//

#include "analysis/recover/CallPairs.h"
#include "analysis/recover/Allocations.h"
#include "analysis/recover/AstQueries.h"
#include "analysis/recover/CallArguments.h"
#include "analysis/recover/NestPairs.h"
#include "analysis/recover/NestRecovery.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <variant>

using namespace clang;

namespace lnr::recover {
namespace {

/// Why two calls stay as they are.
struct Refusal {
  std::string Why;
};

/// The variables a statement writes (as a whole, a member, an element of
/// an array member) or takes the address of.
class WrittenVariables : public RecursiveASTVisitor<WrittenVariables> {
public:
  std::set<const VarDecl *> Written;
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      add(B->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
      add(U->getSubExpr());
    return true;
  }

private:
  void add(const Expr *E) {
    if (const VarDecl *V = rootVariable(E))
      Written.insert(V);
  }
};

/// What inlining a function's body needs: its locals and the uses of its
/// parameters and locals, each by its spelling in the file.
struct Body {
  const FunctionDecl *F = nullptr;
  /// The text between the braces, up to the value returned last if any.
  unsigned Begin = 0, End = 0;
  const ReturnStmt *Return = nullptr; // that return, left out
  std::vector<const VarDecl *> Locals;
  std::set<const VarDecl *> TopLocals; // declared by the body's statements
  std::vector<const DeclStmt *> TopDeclarations; // those statements
  /// Each spelling of a parameter or a local: its offset and its decl.
  std::map<unsigned, const VarDecl *> Uses;
  /// The other names the body refers to (globals, functions, enumerators).
  std::set<std::string> Outside;
  /// The parameters and locals a macro's body spells: not renamed.
  std::set<const VarDecl *> InMacroBodies;
  /// Why the body cannot take the call's place ("" when it can).
  std::string Refused;
  /// The body is declarations that call and set nothing, then its one
  /// loop nest: what the caller zeroed before the call is still zero
  /// when the nest starts.
  bool OneNestFirst = false;
};

/// Whether the declarations of DS have no effect but their variables:
/// their values call nothing, set nothing and read nothing volatile.
bool quiet(const DeclStmt *DS, const ASTContext &Ctx) {
  return llvm::all_of(DS->decls(), [&](const Decl *D) {
    const auto *V = dyn_cast<VarDecl>(D);
    const Expr *Init = V ? V->getInit() : nullptr;
    return V && (!Init ||
                 (!Init->HasSideEffects(Ctx) && !detail::readsVolatile(Init)));
  });
}

/// Whether Stmts are quiet declarations, then one loop nest, then a
/// constant returned, if any.
bool oneNestFirst(const CompoundStmt *Stmts, const FunctionDecl &F,
                  const ReturnStmt *Return) {
  if (findLoopNests(F).size() != 1)
    return false;
  std::vector<const Stmt *> Body(Stmts->body_begin(), Stmts->body_end());
  if (Return)
    Body.pop_back();
  if (Body.empty() ||
      !(isa<ForStmt>(Body.back()) || isa<OMPExecutableDirective>(Body.back())))
    return false;
  Body.pop_back();
  return llvm::all_of(Body, [&](const Stmt *S) {
    const auto *DS = dyn_cast<DeclStmt>(S);
    return DS && quiet(DS, F.getASTContext());
  });
}

class BodyReader : public RecursiveASTVisitor<BodyReader> {
public:
  BodyReader(Body &B, const SourceManager &SM) : B(B), SM(SM) {}
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
    if (V && (V->hasLocalStorage() || isa<ParmVarDecl>(V)))
      spell(Ref->getLocation(), V);
    else
      B.Outside.insert(Ref->getDecl()->getNameAsString());
    return true;
  }
  // What OpenMP's directives capture: the compiler's copies of the loop's
  // bounds, not text of the body.
  bool TraverseOMPCapturedExprDecl(OMPCapturedExprDecl *) { return true; }
  bool VisitTypedefTypeLoc(TypedefTypeLoc TL) {
    B.Outside.insert(TL.getTypedefNameDecl()->getNameAsString());
    return true;
  }
  bool VisitTagTypeLoc(TagTypeLoc TL) {
    if (!TL.getDecl()->getName().empty())
      B.Outside.insert(TL.getDecl()->getNameAsString());
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    if (!V->hasLocalStorage())
      return refuse("declares the static local '" + V->getNameAsString() + "'");
    B.Locals.push_back(V);
    spell(V->getLocation(), V);
    return true;
  }
  bool VisitReturnStmt(ReturnStmt *R) {
    return R == B.Return || refuse("returns before its end");
  }
  bool VisitLabelStmt(LabelStmt *) { return refuse("has a label"); }
  bool VisitGotoStmt(GotoStmt *) { return refuse("jumps with goto"); }

private:
  bool refuse(const std::string &Why) {
    if (B.Refused.empty())
      B.Refused = "'" + B.F->getNameAsString() + "' " + Why;
    return false;
  }
  void spell(SourceLocation L, const VarDecl *V) {
    if (L.isMacroID() && !SM.isMacroArgExpansion(L)) {
      B.InMacroBodies.insert(V);
      return;
    }
    L = SM.getSpellingLoc(L);
    unsigned Offset = SM.getFileOffset(L);
    if (!SM.isWrittenInMainFile(L) || Offset < B.Begin || Offset >= B.End)
      refuse("spells '" + V->getNameAsString() + "' outside its body");
    else
      B.Uses[Offset] = V;
  }
  Body &B;
  const SourceManager &SM;
};

/// Why the parameters of a function make a poor name for its arguments, or
/// "".
std::string parameterProblem(const FunctionDecl &F, const Stmt *Body) {
  for (const ParmVarDecl *P : F.parameters()) {
    std::string Name = "'" + P->getNameAsString() + "'";
    if (P->getType()->isReferenceType())
      return "takes " + Name + " by reference";
    if (P->getType()->isVariablyModifiedType())
      return "takes " + Name + ", of a variably modified type";
    if (P->getName().empty())
      return "has a parameter without a name";
    if (P->getType()->isRecordType() &&
        !P->getType().isTriviallyCopyableType(F.getASTContext()))
      return "takes " + Name + ", of a class its copy constructs";
  }
  WrittenVariables Writes;
  Writes.TraverseStmt(const_cast<Stmt *>(Body));
  for (const VarDecl *V : Writes.Written)
    if (isa<ParmVarDecl>(V))
      return "writes its parameter '" + V->getNameAsString() + "'";
  return "";
}

/// Whether S writes memory or calls a function: anything but setting the
/// function's locals.
bool writesOrCalls(const Stmt *S) {
  struct Finder : RecursiveASTVisitor<Finder> {
    bool Found = false;
    static bool local(const Expr *E) {
      const VarDecl *V = namedVariable(E);
      return V && V->hasLocalStorage() && !V->getType()->isReferenceType();
    }
    bool VisitBinaryOperator(BinaryOperator *B) {
      Found |= B->isAssignmentOp() && !local(B->getLHS());
      return !Found;
    }
    bool VisitUnaryOperator(UnaryOperator *U) {
      Found |= U->isIncrementDecrementOp() && !local(U->getSubExpr());
      return !Found;
    }
    bool VisitCallExpr(CallExpr *) { return !(Found = true); }
  } F;
  F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Found;
}

/// Why a statement of the body outside its loops could not run twice: the
/// block runs it, and the calls kept as the fallback run it again. "" when
/// none writes memory or calls a function.
std::string runsTwiceProblem(const CompoundStmt *Stmts, ASTContext &Ctx) {
  for (const Stmt *Top : Stmts->body())
    if (!detail::holdsLoop(Top) && writesOrCalls(Top))
      return "runs '" +
             Lexer::getSourceText(
                 CharSourceRange::getTokenRange(Top->getSourceRange()),
                 Ctx.getSourceManager(), Ctx.getLangOpts())
                 .str() +
             "' outside its loops, which the calls kept as the fallback "
             "would run again";
  return "";
}

/// The body of the function S calls, when it is one of the main file's,
/// with a loop nest; Refused says why it cannot take the call's place (the
/// file comment).
std::optional<Body> calledBody(const Stmt *S, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const auto *Call = dyn_cast<CallExpr>(S);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (Callee)
    Callee = Callee->getDefinition();
  // A member function reads its object's members by name: not inlined.
  if (!Callee || isa<CXXMethodDecl>(Callee) || isa<CXXMemberCallExpr>(Call))
    return std::nullopt;
  const auto *Stmts =
      Callee ? dyn_cast_or_null<CompoundStmt>(Callee->getBody()) : nullptr;
  if (!Stmts || Stmts->size() == 0 || Stmts->getLBracLoc().isMacroID() ||
      Stmts->getRBracLoc().isMacroID() ||
      !SM.isWrittenInMainFile(Stmts->getLBracLoc()) ||
      findLoopNests(*Callee).empty())
    return std::nullopt;
  Body B;
  B.F = Callee;
  // A value returned last, a constant (TACO's 'return 0;'), which the call
  // statement discards.
  const auto *Return = dyn_cast<ReturnStmt>(Stmts->body_back());
  const Expr *Value = Return ? Return->getRetValue() : nullptr;
  if (Callee->isVariadic())
    B.Refused = "is variadic";
  else if ((Value && !Value->isIntegerConstantExpr(Ctx)) ||
           (!Value && !Callee->getReturnType()->isVoidType()) ||
           (Return && Return->getBeginLoc().isMacroID()))
    B.Refused = "returns a value";
  else
    B.Refused = parameterProblem(*Callee, Stmts);
  if (B.Refused.empty())
    B.Refused = runsTwiceProblem(Stmts, Ctx);
  if (!B.Refused.empty()) {
    B.Refused = "'" + Callee->getNameAsString() + "' " + B.Refused;
    return B;
  }
  B.Begin = SM.getFileOffset(Stmts->getLBracLoc()) + 1;
  B.End =
      SM.getFileOffset(Return ? Return->getBeginLoc() : Stmts->getRBracLoc());
  B.Return = Return;
  B.OneNestFirst = oneNestFirst(Stmts, *Callee, Return);
  BodyReader Reader(B, SM);
  Reader.TraverseStmt(const_cast<CompoundStmt *>(Stmts));
  for (const Stmt *Top : Stmts->body())
    if (const auto *DS = dyn_cast<DeclStmt>(Top)) {
      B.TopDeclarations.push_back(DS);
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          B.TopLocals.insert(V);
    }
  return B;
}

/// Why B's text, copied to the call at Call, would not expand its macros
/// as it did where it is written: a macro it spells defined or undefined
/// between the two, or a header included between them while it spells a
/// macro; "" otherwise.
std::string macroProblem(const Body &B, unsigned Call, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  StringRef File = SM.getBufferData(SM.getMainFileID());
  std::set<std::string> Spelled;
  StringRef Text = File.slice(B.Begin, B.End);
  for (size_t I = 0; I < Text.size();) {
    size_t End = I;
    while (End < Text.size() && (isalnum(Text[End]) || Text[End] == '_'))
      ++End;
    if (End > I)
      Spelled.insert(Text.slice(I, End).str());
    I = End + 1;
  }
  bool SpellsMacro = llvm::any_of(Spelled, [&](const std::string &Name) {
    auto It = Ctx.Idents.find(Name);
    return It != Ctx.Idents.end() && It->getValue()->hadMacroDefinition();
  });
  SmallVector<StringRef, 64> Lines;
  File.slice(std::min(B.End, Call), std::max(B.Begin, Call)).split(Lines, '\n');
  std::string F = "'" + B.F->getNameAsString() + "'";
  for (StringRef Line : Lines) {
    Line = Line.ltrim();
    if (!Line.consume_front("#"))
      continue;
    Line = Line.ltrim();
    StringRef Directive = Line.take_while([](char C) { return isalpha(C); });
    StringRef Name =
        Line.drop_front(Directive.size()).ltrim().take_while([](char C) {
          return isalnum(C) || C == '_';
        });
    if ((Directive == "define" || Directive == "undef") &&
        Spelled.count(Name.str()))
      return "the macro '" + Name.str() + "', which " + F +
             " spells, is defined again between it and the calls";
    if ((Directive == "include" || Directive == "import") && SpellsMacro)
      return "a header included between " + F +
             " and the calls may define the macros it spells";
  }
  return "";
}

/// The names of a caller and its two callees: a name the inlined block
/// gives must be none of them, nor any identifier of the unit (a macro's).
struct Names {
  ASTContext &Ctx;
  std::set<std::string> Taken;
  bool free(const std::string &Name) const {
    return !Taken.count(Name) && Ctx.Idents.find(Name) == Ctx.Idents.end();
  }
  std::string fresh(const std::string &Base, const std::string &Callee) {
    std::string Name = Base + "_" + Callee;
    for (int N = 2; !free(Name); ++N)
      Name = Base + "_" + Callee + "_" + std::to_string(N);
    Taken.insert(Name);
    return Name;
  }
};

/// The caller's facts the inlining asks: its variables' names, and those
/// whose address it takes.
struct CallerFacts {
  std::set<std::string> Declared;
  std::set<const VarDecl *> Escaped;
};

class CallerReader : public RecursiveASTVisitor<CallerReader> {
public:
  CallerFacts Facts;
  bool VisitNamedDecl(NamedDecl *D) {
    // Variables, enumerators, typedefs, tags: any may hide a global.
    if (D->getDeclName().isIdentifier() && !D->getName().empty())
      Facts.Declared.insert(D->getNameAsString());
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    if (V->getType()->isArrayType())
      Facts.Escaped.insert(V); // its name is its address
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_AddrOf)
      if (const VarDecl *V = rootVariable(U->getSubExpr()))
        Facts.Escaped.insert(V);
    return true;
  }
  /// 'u.w' of a local union or struct, an array member used as a
  /// pointer: u's address.
  bool VisitImplicitCastExpr(ImplicitCastExpr *Cast) {
    if (Cast->getCastKind() == CK_ArrayToPointerDecay)
      if (const VarDecl *V = rootVariable(Cast->getSubExpr()))
        Facts.Escaped.insert(V);
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *) {
    Facts.Escaped.insert(nullptr); // a capture may write any
    return true;
  }
};

/// The text of S's source range in the main file.
std::string textOf(SourceRange R, const SourceManager &SM,
                   const LangOptions &LO) {
  return Lexer::getSourceText(CharSourceRange::getTokenRange(
                                  SM.getExpansionRange(R).getAsRange()),
                              SM, LO)
      .str();
}

/// The names an expression refers to: variables, enumerators, functions.
class NamesSpelled : public RecursiveASTVisitor<NamesSpelled> {
public:
  std::set<std::string> Names;
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    Names.insert(Ref->getDecl()->getNameAsString());
    return true;
  }
};

/// Two calls made one block: names chosen, arguments bound, bodies renamed.
class Inliner {
public:
  Inliner(ASTContext &Ctx, const CallerFacts &Caller, const Body &F,
          const Body &G)
      : Ctx(Ctx), SM(Ctx.getSourceManager()),
        Caller(Caller), Bodies{&F, &G}, Block{Ctx, Caller.Declared} {
    for (const Body *B : Bodies) {
      Block.Taken.insert(B->Outside.begin(), B->Outside.end());
      for (const VarDecl *V : B->Locals)
        Block.Taken.insert(V->getNameAsString());
    }
  }

  /// The block, or why the bodies cannot take the calls' place.
  std::variant<std::string, Refusal> inlined(const CallExpr *First,
                                             const CallExpr *Second) {
    for (const Body *B : Bodies)
      for (const std::string &Name : B->Outside)
        if (Caller.Declared.count(Name))
          return Refusal{"'" + Name + "', which '" + B->F->getNameAsString() +
                         "' reads, is hidden by a local of the caller"};
    const CallExpr *Calls[] = {First, Second};
    // The names the calls spell, which the block keeps as its fallback:
    // no local of the block may hide them.
    for (const CallExpr *Call : Calls) {
      NamesSpelled Spelled;
      Spelled.TraverseStmt(const_cast<CallExpr *>(Call));
      CallNames.insert(Spelled.Names.begin(), Spelled.Names.end());
    }
    Block.Taken.insert(CallNames.begin(), CallNames.end());
    for (int X = 0; X < 2; ++X)
      if (std::optional<Refusal> Why =
              bindArguments(Calls[X], *Bodies[X], Renamed[X], X == 0))
        return *Why;
    renameLocals(0);
    renameLocals(1);
    std::string Text = "{\n" + Bindings;
    for (int X = 0; X < 2; ++X) {
      auto Body = renamedBody(*Bodies[X], Renamed[X]);
      if (auto *Why = std::get_if<Refusal>(&Body))
        return *Why;
      Text += std::get<std::string>(Body) + "\n";
      if (X == 0)
        FirstEnd = Text.size();
    }
    return Text + "}";
  }

  /// Where the first body ends in the block.
  unsigned FirstEnd = 0;
  /// The name in the block of a parameter or local of body X.
  std::string nameOf(int X, const VarDecl *V) const {
    auto It = Renamed[X].find(V);
    return It == Renamed[X].end() ? V->getNameAsString() : It->second;
  }

private:
  /// Each parameter of B named as its argument: the caller's variable
  /// itself, or a local of the block holding the argument's value; or why
  /// an argument cannot be.
  std::optional<Refusal>
  bindArguments(const CallExpr *Call, const Body &B,
                std::map<const VarDecl *, std::string> &Names, bool First) {
    std::string Callee = B.F->getNameAsString();
    if (Call->getNumArgs() != B.F->getNumParams())
      return Refusal{"'" + Callee + "' is called with " +
                     std::to_string(Call->getNumArgs()) + " arguments"};
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      const ParmVarDecl *P = B.F->getParamDecl(I);
      const Expr *Arg = Call->getArg(I);
      const auto *Ref = dyn_cast<DeclRefExpr>(Arg->IgnoreParenImpCasts());
      const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
      if (V && V->hasLocalStorage() && !Caller.Escaped.count(V) &&
          namesAlike(V->getType(), P->getType())) {
        Names[P] = V->getNameAsString();
        Targets[&B].insert(Names[P]);
        continue;
      }
      // Unused, it needs no local (which would be an unused variable).
      if (!B.InMacroBodies.count(P) &&
          llvm::none_of(B.Uses,
                        [&](const auto &Use) { return Use.second == P; }))
        continue;
      bool Pure = detail::pureArgument(Arg, Caller.Escaped, First) ||
                  (!First && unchangedByFirstBody(Arg));
      std::string Text = textOf(Arg->getSourceRange(), SM, Ctx.getLangOpts());
      if (!Pure && First)
        return Refusal{"the argument '" + Text + "' of '" + Callee +
                       "' calls, sets, or reads something volatile"};
      if (!Pure)
        return Refusal{"the argument '" + Text + "' of '" + Callee +
                       "' reads memory, calls, or reads a variable whose "
                       "address the caller takes"};
      Names[P] = binding(P, Text, Callee);
      Targets[&B].insert(Names[P]);
    }
    return std::nullopt;
  }

  /// Whether the second call's argument Arg, which reads memory, reads
  /// only memory the first body cannot store into in a C program: it
  /// calls nothing, sets nothing, reads nothing volatile, and each lvalue
  /// it loads ('net->graph', a pointer) is of a type the first body's
  /// stores (of a floating type: the temporary, the output) cannot reach
  /// (detail::storesCannotReach), the first body calling nothing that may
  /// store anything.
  bool unchangedByFirstBody(const Expr *Arg) const {
    std::optional<std::vector<QualType>> Stored =
        detail::storedTypes(Bodies[0]->F, Ctx);
    if (!detail::pureArgument(Arg, Caller.Escaped, /*ReadsAllowed=*/true) ||
        !Stored)
      return false;
    std::vector<QualType> Loaded = detail::loadedTypes(Arg, Caller.Escaped);
    return llvm::all_of(*Stored, [&](QualType Type) {
      return detail::storesCannotReach(Type, Loaded, Ctx);
    });
  }

  /// Whether a parameter of type Param may be the name of a variable of
  /// type Var: the same type, or pointers to the same type, Param's more
  /// qualified ('const double *' for 'double *').
  bool namesAlike(QualType Var, QualType Param) const {
    if (Ctx.hasSameUnqualifiedType(Var, Param))
      return true;
    const auto *VP = Var->getAs<PointerType>();
    const auto *PP = Param->getAs<PointerType>();
    return VP && PP &&
           Ctx.hasSameUnqualifiedType(VP->getPointeeType(),
                                      PP->getPointeeType()) &&
           PP->getPointeeType().isAtLeastAsQualifiedAs(VP->getPointeeType());
  }

  /// The local holding Arg's value as P's type: one per text and type,
  /// shared by a parameter P's type may name ('edges_t *' and 'const
  /// edges_t *' bound to '&C': namesAlike).
  std::string binding(const ParmVarDecl *P, const std::string &Arg,
                      const std::string &Callee) {
    for (const auto &[Type, Name] : BoundTypes[Arg])
      if (namesAlike(Type, P->getType()))
        return Name;
    std::string Name = P->getNameAsString();
    bool Macro = Ctx.Idents.get(Name).hasMacroDefinition();
    if (Block.Taken.count(Name) || Macro)
      Name = Block.fresh(Name, Callee);
    Block.Taken.insert(Name);
    BoundTypes[Arg].push_back({P->getType(), Name});
    BindingNames.insert(Name);
    std::string Declared;
    llvm::raw_string_ostream OS(Declared);
    P->getType().print(OS, Ctx.getPrintingPolicy(), Name);
    BlockDeclaration D;
    D.Text = OS.str() + " = " + Arg + ";";
    D.Variables.push_back({Name, "", false});
    Declarations.push_back(D);
    Bindings += D.Text + "\n";
    return Name;
  }

  /// Renames the locals of body X that another name of the block would
  /// hide or be hidden by.
  void renameLocals(int X) {
    const Body &B = *Bodies[X], &Other = *Bodies[1 - X];
    if (X == 1)
      mergeDeclarations();
    for (const VarDecl *V : B.Locals) {
      if (Merged.count(V))
        continue;
      std::string Name = V->getNameAsString();
      bool Clash = Targets[&B].count(Name) || BindingNames.count(Name);
      if (B.TopLocals.count(V))
        Clash = Clash || CallNames.count(Name) ||
                (X == 0 &&
                 (Other.Outside.count(Name) || Targets[&Other].count(Name))) ||
                (X == 1 && TopNames.count(Name));
      if (Clash)
        Name = Block.fresh(Name, B.F->getNameAsString());
      if (Name != V->getName())
        Renamed[X][V] = Name;
      if (B.TopLocals.count(V))
        TopNames.insert(Name);
    }
  }

  /// A variable the second body declares without a value, as C89 code
  /// declares its loop variables at the top (`int i, p, j;`), that the
  /// first declares alike: the second uses the first's. A declaration of
  /// the second whose variables all have no value is written again
  /// without those (Redeclared), or dropped.
  void mergeDeclarations() {
    const Body &F = *Bodies[0], &G = *Bodies[1];
    std::map<std::string, const VarDecl *> Unset;
    for (const DeclStmt *DS : F.TopDeclarations)
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D); V && !V->hasInit())
          Unset[nameOf(0, V)] = V;
    for (const DeclStmt *DS : G.TopDeclarations) {
      if (DS->getBeginLoc().isMacroID() || DS->getEndLoc().isMacroID() ||
          !llvm::all_of(DS->decls(), [](const Decl *D) {
            const auto *V = dyn_cast<VarDecl>(D);
            return V && !V->hasInit();
          }))
        continue;
      std::string Kept;
      bool Any = false;
      for (const Decl *D : DS->decls()) {
        const auto *V = cast<VarDecl>(D);
        auto It = Unset.find(V->getNameAsString());
        if (It != Unset.end() && !G.InMacroBodies.count(V) &&
            Ctx.hasSameType(V->getType(), It->second->getType())) {
          Merged.insert(V);
          Renamed[1][V] = It->first;
          Any = true;
          continue;
        }
        std::string One;
        llvm::raw_string_ostream OS(One);
        V->getType().print(OS, Ctx.getPrintingPolicy(), "@" + V->getName());
        Kept += OS.str() + "; ";
      }
      if (Any)
        Redeclared[DS] = Kept;
    }
  }

  /// Each edit of a body's text: where, how long, the new text.
  using Edits = std::map<unsigned, std::pair<unsigned, std::string>>;

  /// The edits that name B's variables as Names does and write the
  /// declarations merged again; or why a name cannot be renamed.
  std::variant<Edits, Refusal>
  editsOf(const Body &B, const std::map<const VarDecl *, std::string> &Names) {
    for (const auto &[V, Name] : Names)
      if (Name != V->getName() && B.InMacroBodies.count(V))
        return Refusal{"'" + V->getNameAsString() + "' of '" +
                       B.F->getNameAsString() + "', named '" + Name +
                       "' here, is spelled in a macro's body"};
    StringRef File = SM.getBufferData(SM.getMainFileID());
    Edits Out;
    if (&B == Bodies[1])
      for (const auto &[DS, Kept] : Redeclared) {
        unsigned From = SM.getFileOffset(DS->getBeginLoc());
        unsigned To = SM.getFileOffset(DS->getEndLoc()) + 1;
        std::string Text = Kept;
        for (const Decl *D : DS->decls()) {
          std::string Mark = "@" + cast<VarDecl>(D)->getNameAsString();
          size_t At = Text.find(Mark);
          if (At != std::string::npos)
            Text.replace(At, Mark.size(), nameOf(1, cast<VarDecl>(D)));
        }
        Out[From] = {To - From, Text};
      }
    if (std::optional<Refusal> Why = withoutRestrict(B, Out))
      return *Why;
    for (const auto &[Offset, V] : B.Uses) {
      auto It = Names.find(V);
      if (It == Names.end() || It->second == V->getName())
        continue;
      auto Next = Out.upper_bound(Offset);
      if (Next != Out.begin() &&
          std::prev(Next)->first + std::prev(Next)->second.first > Offset)
        continue; // in a declaration written again
      // A reference the compiler made (an OpenMP loop's trip count, at its
      // 'for'): not text of the body.
      if (File.substr(Offset, V->getName().size()) != V->getName())
        continue;
      Out[Offset] = {V->getName().size(), It->second};
    }
    return Out;
  }

  /// Edits taking 'restrict' off B's locals: each promised no overlap in
  /// its own function, not with the other's in the block. Why not, where
  /// the qualifier is not spelled in the declaration (a macro, a typedef).
  std::optional<Refusal> withoutRestrict(const Body &B, Edits &Out) const {
    StringRef File = SM.getBufferData(SM.getMainFileID());
    for (const VarDecl *V : B.Locals) {
      if (!V->getType().isRestrictQualified())
        continue;
      SourceLocation Begin = V->getBeginLoc(), Name = V->getLocation();
      bool Found = false;
      if (Begin.isFileID() && Name.isFileID()) {
        unsigned From = SM.getFileOffset(Begin), To = SM.getFileOffset(Name);
        for (unsigned I = From; I < To;) {
          unsigned End = I;
          while (End < To && (llvm::isAlnum(File[End]) || File[End] == '_'))
            ++End;
          StringRef Word = File.slice(I, End);
          if (Word == "restrict" || Word == "__restrict" ||
              Word == "__restrict__") {
            Out[I] = {unsigned(Word.size()), ""};
            Found = true;
          }
          I = End > I ? End : I + 1;
        }
      }
      if (!Found)
        return Refusal{"'" + V->getNameAsString() + "' of '" +
                       B.F->getNameAsString() +
                       "' is restrict by a name the block cannot take off "
                       "(a macro, a typedef)"};
    }
    return std::nullopt;
  }

  /// The file's text [From, To) with the edits in it applied.
  std::string applied(const Edits &E, unsigned From, unsigned To) const {
    StringRef File = SM.getBufferData(SM.getMainFileID());
    std::string Text;
    unsigned At = From;
    for (auto It = E.lower_bound(From); It != E.end() && It->first < To; ++It) {
      Text += File.slice(At, It->first).str() + It->second.second;
      At = It->first + It->second.first;
    }
    return Text + File.slice(At, To).str();
  }

  /// B's text between its braces, each name as Names renames it, and its
  /// top declarations as the block holds them (Declarations); or why a
  /// name cannot be renamed.
  std::variant<std::string, Refusal>
  renamedBody(const Body &B,
              const std::map<const VarDecl *, std::string> &Names) {
    auto Found = editsOf(B, Names);
    if (auto *Why = std::get_if<Refusal>(&Found))
      return *Why;
    const Edits &E = std::get<Edits>(Found);
    int X = &B == Bodies[0] ? 0 : 1;
    for (const DeclStmt *DS : B.TopDeclarations) {
      if (DS->getBeginLoc().isMacroID() || DS->getEndLoc().isMacroID())
        continue;
      unsigned From = SM.getFileOffset(DS->getBeginLoc());
      unsigned To = SM.getFileOffset(DS->getEndLoc()) + 1;
      BlockDeclaration D;
      auto Again = X == 1 ? Redeclared.find(DS) : Redeclared.end();
      D.Text = StringRef(Again != Redeclared.end() ? E.at(From).second
                                                   : applied(E, From, To))
                   .trim()
                   .str();
      D.Quiet = quiet(DS, Ctx);
      for (const Decl *Each : DS->decls()) {
        const auto *V = dyn_cast<VarDecl>(Each);
        if (V && (V->hasAttrs() || V->getType()->isRecordType()))
          D.Quiet = false; // its cleanup, or its class's constructor
        if (!V || Merged.count(V))
          continue;
        std::string Alone;
        if (!V->hasInit() && !V->hasAttrs()) {
          llvm::raw_string_ostream OS(Alone);
          V->getType().print(OS, Ctx.getPrintingPolicy(), nameOf(X, V));
          OS.flush();
        }
        D.Variables.push_back(
            {nameOf(X, V), Alone, B.InMacroBodies.count(V) > 0});
      }
      Declarations.push_back(std::move(D));
    }
    return applied(E, B.Begin, B.End);
  }

public:
  /// The block's declarations, the arguments' locals first.
  std::vector<BlockDeclaration> Declarations;

private:
  ASTContext &Ctx;
  const SourceManager &SM;
  const CallerFacts &Caller;
  const Body *Bodies[2];
  Names Block;
  std::map<const VarDecl *, std::string> Renamed[2];
  std::map<const Body *, std::set<std::string>> Targets;
  /// The locals bound to each argument's text, with their types.
  std::map<std::string, std::vector<std::pair<QualType, std::string>>>
      BoundTypes;
  std::set<std::string> BindingNames, TopNames, CallNames;
  std::set<const VarDecl *> Merged; // the second body's, the first's now
  /// The second body's declarations written again ('@' before each name).
  std::map<const DeclStmt *, std::string> Redeclared;
  std::string Bindings;
};

/// The call pairs of one function's blocks.
class PairFinder : public RecursiveASTVisitor<PairFinder> {
public:
  PairFinder(ASTContext &Ctx, const FunctionDecl &Caller,
             const CallerFacts &Facts, std::vector<CallPair> &Pairs)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Caller(Caller), Facts(Facts),
        Pairs(Pairs) {}

  bool VisitCompoundStmt(CompoundStmt *Block) {
    std::vector<const Stmt *> Stmts(Block->body_begin(), Block->body_end());
    for (size_t I = 0; I + 1 < Stmts.size(); ++I)
      if (std::optional<CallPair> Pair =
              pairAt(Block, Stmts[I], Stmts[I + 1])) {
        Pairs.push_back(std::move(*Pair));
        ++I;
      }
    return true;
  }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }

private:
  /// The variables the call passes, as written ('C', not 'C.w'), by their
  /// address ('&t', '&t.m'), or as the struct a member is reached from
  /// ('net->graph', '&(net->graph->matrix)': 'net').
  static std::set<const VarDecl *> passed(const CallExpr *Call) {
    std::set<const VarDecl *> Vars;
    for (const Expr *Arg : Call->arguments()) {
      const Expr *E =
          detail::addressTaken(Arg) ? detail::addressTaken(Arg) : Arg;
      E = E->IgnoreParenImpCasts();
      while (const auto *M = dyn_cast<MemberExpr>(E))
        E = M->getBase()->IgnoreParenImpCasts();
      if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
        if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
          Vars.insert(V);
    }
    return Vars;
  }

  /// Two calls of functions of the file, each with a loop nest, that pass
  /// a variable in common: the pair, inlined, or why not.
  std::optional<CallPair> pairAt(const CompoundStmt *Block, const Stmt *First,
                                 const Stmt *Second) {
    for (const Stmt *S : {First, Second})
      if (S->getBeginLoc().isMacroID() || S->getEndLoc().isMacroID() ||
          !SM.isWrittenInMainFile(S->getBeginLoc()))
        return std::nullopt;
    std::optional<Body> F = calledBody(First, Ctx), G = calledBody(Second, Ctx);
    SourceLocation End = Lexer::findLocationAfterToken(
        Second->getEndLoc(), tok::semi, SM, Ctx.getLangOpts(), false);
    if (!F || !G || F->F == &Caller || G->F == &Caller || End.isInvalid())
      return std::nullopt;
    std::set<const VarDecl *> A = passed(cast<CallExpr>(First)),
                              B = passed(cast<CallExpr>(Second));
    if (std::none_of(A.begin(), A.end(),
                     [&](const VarDecl *V) { return B.count(V); }))
      return std::nullopt;
    CallPair Pair;
    Pair.First = First;
    Pair.Second = Second;
    Pair.Caller = &Caller;
    Pair.Begin = SM.getFileOffset(First->getBeginLoc());
    Pair.Length = SM.getFileOffset(End) - Pair.Begin;
    Pair.Callees[0] = F->F->getNameAsString();
    Pair.Callees[1] = G->F->getNameAsString();
    Pair.Calls = SM.getBufferData(SM.getMainFileID())
                     .substr(Pair.Begin, Pair.Length)
                     .str();
    // '#define W ...' between: the second call's arguments would be read
    // before it, in the block's locals.
    if (llvm::any_of(llvm::split(Pair.Calls, "\n"), [](StringRef Line) {
          return Line.ltrim().startswith("#");
        })) {
      Pair.Refused = "a preprocessor line is between the calls";
      return Pair;
    }
    for (const Body *B : {&*F, &*G})
      if (Pair.Refused.empty())
        Pair.Refused = !B->Refused.empty() ? B->Refused
                                           : macroProblem(*B, Pair.Begin, Ctx);
    if (!Pair.Refused.empty())
      return Pair;
    Inliner Inline(Ctx, Facts, *F, *G);
    auto Text = Inline.inlined(cast<CallExpr>(First), cast<CallExpr>(Second));
    if (auto *Why = std::get_if<Refusal>(&Text)) {
      Pair.Refused = Why->Why;
      return Pair;
    }
    Pair.Block = std::get<std::string>(std::move(Text));
    Pair.FirstEnd = Inline.FirstEnd;
    Pair.Declarations = std::move(Inline.Declarations);
    // An argument of the first call zeroed right before it, named so in
    // the block, which its body does not touch before its nest.
    const auto *Call = cast<CallExpr>(First);
    for (unsigned I = 0; F->OneNestFirst && I < Call->getNumArgs(); ++I) {
      const auto *Ref =
          dyn_cast<DeclRefExpr>(Call->getArg(I)->IgnoreParenImpCasts());
      const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
      if (V && Inline.nameOf(0, F->F->getParamDecl(I)) == V->getName() &&
          zeroedBefore(Block, First, V, Caller.getBody(), Ctx))
        Pair.Zeroed = V->getNameAsString();
    }
    return Pair;
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  const FunctionDecl &Caller;
  const CallerFacts &Facts;
  std::vector<CallPair> &Pairs;
};

} // namespace

std::vector<CallPair> findCallPairs(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<CallPair> Pairs;
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    const auto *F = dyn_cast<FunctionDecl>(D);
    if (!F || isa<CXXMethodDecl>(F) || !F->doesThisDeclarationHaveABody() ||
        F->isDependentContext() ||
        !SM.isWrittenInMainFile(SM.getExpansionLoc(F->getLocation())))
      continue;
    CallerReader Reader;
    Reader.TraverseStmt(F->getBody());
    if (Reader.Facts.Escaped.count(nullptr))
      continue;
    for (const ParmVarDecl *P : F->parameters())
      Reader.Facts.Declared.insert(P->getNameAsString());
    PairFinder Finder(Ctx, *F, Reader.Facts, Pairs);
    Finder.TraverseStmt(F->getBody());
  }
  return Pairs;
}

} // namespace lnr::recover
