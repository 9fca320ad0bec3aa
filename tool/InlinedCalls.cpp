//===- InlinedCalls.cpp ---------------------------------------------------===//

#include "tool/InlinedCalls.h"
#include "analysis/ir/Refusal.h"
#include "analysis/recover/CallPairs.h"
#include "rewrite/Format.h"
#include "rewrite/OwnRewrites.h"
#include "tool/Reparse.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/FrontendAction.h"

#include <optional>

using namespace clang;

namespace lnr::tool {
namespace {

/// What the pipeline made of an inlined block: the fused pair's outcome
/// (its AST pointers into the parse that is gone unset) and the block's
/// new text.
struct BlockOutcome {
  rewrite::NestOutcome Outcome;
  std::string Text;
};

/// The block [Begin, End) of Code with the fix applied, when every
/// replacement lies inside it.
std::optional<std::string> rewrittenBlock(const tooling::Replacements &Fixes,
                                          StringRef Code, unsigned Begin,
                                          unsigned End) {
  tooling::Replacements Local;
  for (const tooling::Replacement &R : Fixes) {
    if (R.getOffset() < Begin || R.getOffset() + R.getLength() > End)
      return std::nullopt;
    if (Local.add(tooling::Replacement(R.getFilePath(), R.getOffset() - Begin,
                                       R.getLength(), R.getReplacementText())))
      return std::nullopt;
  }
  Expected<std::string> New =
      tooling::applyAllReplacements(Code.slice(Begin, End), Local);
  if (!New) {
    consumeError(New.takeError());
    return std::nullopt;
  }
  return *New;
}

/// The fused pair among Outcomes whose nest is inside [Begin, End) of the
/// main file, with the block's text once rewritten; or, when the two are
/// not fused, the outcome that says why (lnr-separate-kernels), without a
/// fix and with no text.
std::optional<BlockOutcome>
blockOutcome(std::vector<rewrite::NestOutcome> &Outcomes,
             const SourceManager &SM, unsigned Begin, unsigned End) {
  StringRef Code = SM.getBufferData(SM.getMainFileID());
  auto In = [&](const rewrite::NestOutcome &O) {
    return O.File == SM.getMainFileID() && O.Offset >= Begin && O.Offset < End;
  };
  for (rewrite::NestOutcome &O : Outcomes) {
    if (!O.Fix || !O.AbsorbsNext || !In(O))
      continue;
    Expected<tooling::Replacements> Fixes =
        O.Styled ? tooling::Replacements(*O.Fix)
        : O.Formatted
            ? *O.Formatted
            : rewrite::formatInWindow(*O.Fix, O.WindowBegin, O.WindowEnd,
                                      rewrite::filePath(SM, O.File), Code);
    if (!Fixes) {
      consumeError(Fixes.takeError());
      return std::nullopt;
    }
    std::optional<std::string> Text = rewrittenBlock(*Fixes, Code, Begin, End);
    if (!Text || (O.IncludeFix && O.IncludeFix->getOffset() > Begin))
      return std::nullopt;
    return BlockOutcome{std::move(O), std::move(*Text)};
  }
  for (rewrite::NestOutcome &O : Outcomes)
    if (In(O) && O.Name == rule::SeparateKernels.spelling()) {
      O.Fix.reset();
      O.IncludeFix.reset();
      return BlockOutcome{std::move(O), ""};
    }
  return std::nullopt;
}

/// Runs the pipeline on the nests of [Begin, End) of the main file, in a
/// parse of it that has no error.
class BlockAction : public ASTFrontendAction {
public:
  BlockAction(const rewrite::Options &Opts, const rewrite::FileHooks &Unit,
              FileID UnitMain, const recover::CallPair &Pair)
      : Opts(Opts), Unit(Unit), UnitMain(UnitMain), Pair(Pair),
        Begin(Pair.Begin), End(Pair.Begin + Pair.Block.size()),
        Calls(Pair.Calls) {}
  std::optional<BlockOutcome> Result;

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    struct Consumer : ASTConsumer {
      BlockAction &Action;
      CompilerInstance &CI;
      Consumer(BlockAction &Action, CompilerInstance &CI)
          : Action(Action), CI(CI) {}
      void HandleTranslationUnit(ASTContext &Ctx) override {
        if (!CI.getDiagnostics().hasErrorOccurred())
          Action.run(Ctx);
      }
    };
    return std::make_unique<Consumer>(*this, CI);
  }

private:
  void run(ASTContext &Ctx) {
    const SourceManager &SM = Ctx.getSourceManager();
    rewrite::FileHooks Hooks;
    Hooks.Wanted = [&](const rewrite::NestOutcome &O) {
      return O.File == SM.getMainFileID() && O.Offset >= Begin &&
             O.Offset < End;
    };
    if (Unit.IncludeConflict)
      Hooks.IncludeConflict = [&](FileID File, unsigned Offset,
                                  const std::string &Header) {
        return File == SM.getMainFileID() && Offset <= Begin
                   ? Unit.IncludeConflict(UnitMain, Offset, Header)
                   : std::optional<std::string>("not before the block");
      };
    // Checks failing, the calls run as written: the functions stay used.
    Hooks.PairFallback = [&](FileID File, unsigned From, unsigned To) {
      return File == SM.getMainFileID() && From >= Begin && To <= End
                 ? std::optional<std::string>(Calls.str())
                 : std::nullopt;
    };
    // What the caller zeroed before the calls, the first body's nest adds to.
    Hooks.ZeroedBefore = [&](FileID File, unsigned From,
                             const std::string &Temporary) {
      return File == SM.getMainFileID() && !Pair.Zeroed.empty() &&
             Temporary == Pair.Zeroed && From >= Begin &&
             From < Begin + Pair.FirstEnd;
    };
    std::vector<rewrite::NestOutcome> Outcomes =
        rewrite::rewriteNests(Ctx, Opts, Hooks);
    Result = blockOutcome(Outcomes, SM, Begin, End);
  }

  const rewrite::Options &Opts;
  const rewrite::FileHooks &Unit;
  FileID UnitMain;
  const recover::CallPair &Pair;
  unsigned Begin, End;
  StringRef Calls;
};

/// How many times Text spells the identifier Name outside comments and
/// preprocessor lines (an OpenMP clause naming a variable is not a use to
/// the compiler's warnings).
size_t spellings(StringRef Text, StringRef Name) {
  size_t Count = 0;
  for (size_t I = 0; I < Text.size();) {
    if (Text[I] == '#' && Text.substr(0, I).rtrim(" \t").endswith("\n")) {
      // To the end of the directive, over escaped line breaks.
      do
        I = Text.find('\n', I + 1);
      while (I != StringRef::npos && Text[I - 1] == '\\');
    } else if (Text.substr(I).startswith("/*")) {
      size_t End = Text.find("*/", I + 2);
      I = End == StringRef::npos ? Text.size() : End + 2;
    } else if (Text.substr(I).startswith("//")) {
      I = Text.find('\n', I);
    } else if (isalnum(Text[I]) || Text[I] == '_') {
      size_t End = I;
      while (End < Text.size() && (isalnum(Text[End]) || Text[End] == '_'))
        ++End;
      Count += Text.slice(I, End) == Name;
      I = End;
    } else {
      ++I;
    }
  }
  return Count;
}

/// Text with Name out of the 'private(...)' clauses of its OpenMP
/// directives, a clause left empty dropped.
std::string withoutPrivate(std::string Text, const std::string &Name) {
  const std::string Clause = " private(";
  for (size_t At = Text.find(Clause); At != std::string::npos;
       At = Text.find(Clause, At + 1)) {
    size_t Open = At + Clause.size(), Close = Text.find(')', Open);
    if (Close == std::string::npos)
      break;
    SmallVector<StringRef, 8> Names;
    StringRef(Text).slice(Open, Close).split(Names, ',');
    std::string Kept;
    for (StringRef Each : Names)
      if (Each.trim() != Name)
        Kept += (Kept.empty() ? "" : ", ") + Each.trim().str();
    Text.replace(At, Close + 1 - At, Kept.empty() ? "" : Clause + Kept + ")");
  }
  return Text;
}

/// Block without the variables of its declarations that the rewrite left
/// unread (a body's accumulator, a pointer to the temporary's values):
/// the calls it falls back to do not read them, and an unread variable is
/// a warning. A declaration whose variables are all unread goes when its
/// values call and set nothing; one declaring several without values is
/// written again with those read.
std::string withoutUnread(std::string Block,
                          const std::vector<recover::BlockDeclaration> &Decls) {
  size_t From = 0;
  for (const recover::BlockDeclaration &D : Decls) {
    size_t At = D.Text.empty() ? std::string::npos : Block.find(D.Text, From);
    if (At == std::string::npos)
      continue;
    std::string Kept;
    std::vector<std::string> Unread;
    bool Alone = true;
    for (const recover::BlockDeclaration::Variable &V : D.Variables) {
      Alone = Alone && !V.Alone.empty();
      if (spellings(Block, V.Name) > spellings(D.Text, V.Name))
        Kept += (Kept.empty() ? "" : " ") + V.Alone + ";";
      else
        Unread.push_back(V.Name);
    }
    bool None = Kept.empty();
    if (Unread.empty() || (None && !D.Quiet) || (!None && !Alone)) {
      From = At + D.Text.size();
      continue;
    }
    Block.replace(At, D.Text.size(), Kept);
    for (const std::string &Name : Unread)
      Block = withoutPrivate(std::move(Block), Name);
    From = At + Kept.size();
  }
  return Block;
}

/// "/* fused: f(a); g(b); */" on a line of its own, the calls' spaces
/// collapsed; nothing when their text could end the comment.
std::string callsComment(StringRef Calls) {
  if (Calls.contains("/*") || Calls.contains("*/") || Calls.contains("//"))
    return "";
  std::string Line;
  for (char Ch : Calls)
    if (!std::isspace(static_cast<unsigned char>(Ch)))
      Line += Ch;
    else if (!Line.empty() && Line.back() != ' ')
      Line += ' ';
  return "/* inlined and fused: " + Line + " */\n";
}

/// The remark of a pair naming each nest by the function that holds it,
/// not by its line in the parse of the inlined block: "fused '...' with the
/// nest of 'g', called next, ...", or "calls left unchanged: the nest of
/// 'g' is not fused with the nest of 'f', which writes 'T': why".
std::string atCalls(std::string Message, const recover::CallPair &Pair,
                    bool Fused) {
  const std::string Line = " with the nest at line ";
  size_t At = Message.find(Line);
  if (At == std::string::npos)
    return Message;
  size_t End = At + Line.size();
  while (End < Message.size() && std::isdigit((unsigned char)Message[End]))
    ++End;
  const std::string &F = Pair.Callees[0], &G = Pair.Callees[1];
  if (Fused)
    return Message.replace(At, End - At,
                           " with the nest of '" + G + "', called next");
  return "calls left unchanged: the nest of '" + G +
         "' is not fused with the nest of '" + F + "'" + Message.substr(End);
}

/// The outcome of the block placed at the calls it replaces, in the unit
/// the tool parsed: Grown, how much longer the parse of the block was.
void placeAtCalls(rewrite::NestOutcome &O, const recover::CallPair &Pair,
                  const SourceManager &SM, int Grown) {
  O.Nest = Pair.First;
  O.FunctionBody = Pair.Caller->getBody();
  O.File = SM.getMainFileID();
  O.Function = Pair.Caller->getNameAsString();
  O.Where = Pair.First->getBeginLoc();
  O.Styled = false;
  O.Formatted.reset();
  O.FormatError.clear();
  O.Offset = Pair.Begin;
  O.Length = Pair.Length;
  O.WindowEnd = O.WindowEnd ? unsigned(int(O.WindowEnd) - Grown) : 0;
  if (O.WindowEnd <= Pair.Begin)
    O.WindowBegin = O.WindowEnd = 0;
}

} // namespace

std::vector<rewrite::NestOutcome>
rewriteCallPairs(CompilerInstance &CI, ASTContext &Ctx,
                 const rewrite::Options &Opts,
                 const rewrite::FileHooks &Hooks) {
  std::vector<rewrite::NestOutcome> Placed;
  std::vector<recover::CallPair> Pairs = recover::findCallPairs(Ctx);
  if (Pairs.empty())
    return Placed;
  const SourceManager &SM = Ctx.getSourceManager();
  FileID Main = SM.getMainFileID();
  std::string Path = rewrite::filePath(SM, Main);
  StringRef Code = SM.getBufferData(Main);
  Compile Unit = compileOf(CI);
  for (const recover::CallPair &Pair : Pairs) {
    if (rewrite::OwnRewrites(Pair.Caller->getBody(), SM)
            .contain(Pair.First->getBeginLoc()))
      continue; // the calls kept as the fallback of their rewrite
    if (!Pair.Refused.empty()) {
      rewrite::NestOutcome O;
      O.Name = rule::SeparateKernels.spelling();
      O.Message = "calls left unchanged: the nests of '" + Pair.Callees[0] +
                  "' and '" + Pair.Callees[1] +
                  "' are not inlined: " + Pair.Refused;
      placeAtCalls(O, Pair, SM, 0);
      Placed.push_back(std::move(O));
      continue;
    }
    std::string Text = Code.substr(0, Pair.Begin).str() + Pair.Block +
                       Code.substr(Pair.Begin + Pair.Length).str();
    BlockAction Action(Opts, Hooks, Main, Pair);
    if (runWith(Unit, Unit.MainPath, Text, 0, Action) || !Action.Result)
      continue;
    rewrite::NestOutcome O = std::move(Action.Result->Outcome);
    std::string Block = Action.Result->Text;
    O.Message = atCalls(O.Message, Pair, !Block.empty());
    placeAtCalls(O, Pair, SM, int(Text.size()) - int(Code.size()));
    if (!Block.empty()) {
      Block = withoutUnread(std::move(Block), Pair.Declarations);
      Block.insert(Block.find('\n') + 1, callsComment(Pair.Calls));
      O.Fix = tooling::Replacement(Path, Pair.Begin, Pair.Length, Block);
    }
    Placed.push_back(std::move(O));
  }
  return Placed;
}

} // namespace lnr::tool
