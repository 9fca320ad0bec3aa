//===- InlinedCalls.cpp ---------------------------------------------------===//

#include "tool/InlinedCalls.h"
#include "analysis/ir/Refusal.h"
#include "analysis/recover/CallPairs.h"
#include "rewrite/Format.h"
#include "rewrite/OwnRewrites.h"
#include "tool/Reparse.h"
#include "tool/UnreadDeclarations.h"

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
             const SourceManager &SM, unsigned Begin, unsigned End,
             unsigned IncludeLimit) {
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
    if (!Text || (O.IncludeFix && O.IncludeFix->getOffset() > IncludeLimit))
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

/// A pair's block where a parse of the file holds it.
struct Placement {
  const recover::CallPair *Pair;
  unsigned Begin; // in the text parsed
  unsigned end() const { return Begin + Pair->Block.size(); }
};

/// Runs the pipeline on the nests of the blocks of a parse of the main file
/// that has no error: each block's outcome, in Results.
class BlockAction : public ASTFrontendAction {
public:
  BlockAction(const rewrite::Options &Opts, const rewrite::FileHooks &Unit,
              FileID UnitMain, std::vector<Placement> Blocks)
      : Opts(Opts), Unit(Unit), UnitMain(UnitMain), Blocks(std::move(Blocks)) {}
  std::vector<std::optional<BlockOutcome>> Results;

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
  /// The block holding Offset of File, if any.
  const Placement *blockAt(const SourceManager &SM, FileID File,
                           unsigned Offset) const {
    if (File != SM.getMainFileID())
      return nullptr;
    for (const Placement &B : Blocks)
      if (Offset >= B.Begin && Offset < B.end())
        return &B;
    return nullptr;
  }

  void run(ASTContext &Ctx) {
    const SourceManager &SM = Ctx.getSourceManager();
    rewrite::FileHooks Hooks;
    Hooks.Wanted = [&](const rewrite::NestOutcome &O) {
      return blockAt(SM, O.File, O.Offset) != nullptr;
    };
    unsigned First = Blocks.front().Begin;
    if (Unit.IncludeConflict)
      Hooks.IncludeConflict = [&, First](FileID File, unsigned Offset,
                                         const std::string &Header) {
        return File == SM.getMainFileID() && Offset <= First
                   ? Unit.IncludeConflict(UnitMain, Offset, Header)
                   : std::optional<std::string>("not before the block");
      };
    // Checks failing, the calls run as written: the functions stay used.
    Hooks.PairFallback = [&](FileID File, unsigned From, unsigned To) {
      const Placement *B = blockAt(SM, File, From);
      return B && To <= B->end() ? std::optional<std::string>(B->Pair->Calls)
                                 : std::nullopt;
    };
    // What the caller zeroed before the calls, the first body's nest adds to.
    Hooks.ZeroedBefore = [&](FileID File, unsigned From,
                             const std::string &Temporary) {
      const Placement *B = blockAt(SM, File, From);
      return B && !B->Pair->Zeroed.empty() && Temporary == B->Pair->Zeroed &&
             From < B->Begin + B->Pair->FirstEnd;
    };
    std::vector<rewrite::NestOutcome> Outcomes =
        rewrite::rewriteNests(Ctx, Opts, Hooks);
    for (const Placement &B : Blocks)
      Results.push_back(blockOutcome(Outcomes, SM, B.Begin, B.end(), First));
  }

  const rewrite::Options &Opts;
  const rewrite::FileHooks &Unit;
  FileID UnitMain;
  std::vector<Placement> Blocks;
};

/// The outcomes of Pairs' blocks, all in one parse of Code with every block
/// in place of its calls; none for each when the parse fails.
std::vector<std::optional<BlockOutcome>>
blockOutcomes(const Compile &Unit, StringRef Code, FileID Main,
              const std::vector<const recover::CallPair *> &Pairs,
              const rewrite::Options &Opts, const rewrite::FileHooks &Hooks) {
  std::string Text;
  std::vector<Placement> Blocks;
  unsigned At = 0;
  for (const recover::CallPair *Pair : Pairs) {
    Text += Code.slice(At, Pair->Begin).str();
    Blocks.push_back({Pair, unsigned(Text.size())});
    Text += Pair->Block;
    At = Pair->Begin + Pair->Length;
  }
  Text += Code.substr(At).str();
  BlockAction Action(Opts, Hooks, Main, std::move(Blocks));
  if (runWith(Unit, Unit.MainPath, Text, 0, Action) || Action.Results.empty())
    return std::vector<std::optional<BlockOutcome>>(Pairs.size());
  // The windows back in the file's offsets: what the blocks before added.
  for (size_t I = 0; I < Pairs.size(); ++I) {
    if (!Action.Results[I])
      continue;
    unsigned &End = Action.Results[I]->Outcome.WindowEnd;
    int Grown = 0;
    for (const recover::CallPair *Before : Pairs)
      if (Before->Begin <= Pairs[I]->Begin)
        Grown += int(Before->Block.size()) - int(Before->Length);
    End = End ? unsigned(int(End) - Grown) : 0;
  }
  return std::move(Action.Results);
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
                  const SourceManager &SM) {
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
  std::vector<const recover::CallPair *> Inlined;
  for (const recover::CallPair &Pair : Pairs) {
    if (rewrite::OwnRewrites(Pair.Caller->getBody(), SM)
            .contain(Pair.First->getBeginLoc()))
      continue; // the calls kept as the fallback of their rewrite
    if (Pair.Refused.empty()) {
      Inlined.push_back(&Pair);
      continue;
    }
    rewrite::NestOutcome O;
    O.Name = rule::SeparateKernels.spelling();
    O.Message = "calls left unchanged: the nests of '" + Pair.Callees[0] +
                "' and '" + Pair.Callees[1] +
                "' are not inlined: " + Pair.Refused;
    placeAtCalls(O, Pair, SM);
    Placed.push_back(std::move(O));
  }
  if (Inlined.empty())
    return Placed;
  // Every block in one parse; each alone when that one fails (a block
  // that does not compile loses only its own pair).
  Compile Unit = compileOf(CI);
  auto Outcomes = blockOutcomes(Unit, Code, Main, Inlined, Opts, Hooks);
  if (Inlined.size() > 1 &&
      llvm::none_of(Outcomes, [](const auto &O) { return O.has_value(); }))
    for (size_t I = 0; I < Inlined.size(); ++I)
      Outcomes[I] = std::move(
          blockOutcomes(Unit, Code, Main, {Inlined[I]}, Opts, Hooks).front());
  for (size_t I = 0; I < Inlined.size(); ++I) {
    if (!Outcomes[I])
      continue;
    const recover::CallPair &Pair = *Inlined[I];
    rewrite::NestOutcome O = std::move(Outcomes[I]->Outcome);
    std::string Block = Outcomes[I]->Text;
    O.Message = atCalls(O.Message, Pair, !Block.empty());
    placeAtCalls(O, Pair, SM);
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
