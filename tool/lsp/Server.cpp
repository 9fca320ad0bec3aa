//===- Server.cpp ---------------------------------------------------------===//

#include "tool/lsp/Server.h"
#include "analysis/ir/Refusal.h"
#include "tool/Config.h"
#include "tool/lsp/Analysis.h"
#include "tool/lsp/Protocol.h"
#include "tool/lsp/Transport.h"

#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

using namespace llvm;

namespace lnr::tool::lsp {
namespace {

using Clock = std::chrono::steady_clock;

/// How long a document must stay unchanged before it is analysed, so that
/// typing does not start an analysis per keystroke. LNR_LSP_DEBOUNCE_MS
/// changes it (tests make it short).
std::chrono::milliseconds debounceDelay() {
  unsigned Ms = 300;
  if (const char *Env = std::getenv("LNR_LSP_DEBOUNCE_MS"))
    StringRef(Env).getAsInteger(10, Ms);
  return std::chrono::milliseconds(Ms);
}

const char Suppression[] = " // NOLINT(lnr-fuse)";

struct Document {
  std::string Path;
  std::string Text;
  json::Value ClientVersion = nullptr;
  /// Ours, one per change: the client's may be absent or repeat.
  unsigned Version = 1;
  unsigned AnalyzedVersion = 0; // 0: never analysed
  Clock::time_point Due;        // when the analysis of Version may start
  std::shared_ptr<const Analysis> Last;
};

/// A code action asked for before the analysis of its version ended.
struct PendingAction {
  json::Value Id;
  std::string Uri;
  unsigned Version;
  unsigned Begin, End;
  std::vector<unsigned> Sent; // where the client's diagnostics start
};

/// A message to send once the state's lock is released: writing to the
/// client may block, and the reading thread must not wait on it.
struct Outgoing {
  json::Value Id = nullptr; // a reply's; null for a notification
  std::string Method;       // a notification's
  json::Value Body = nullptr;
  std::optional<ErrorCode> Error;

  static Outgoing notification(std::string Method, json::Value Params) {
    return {nullptr, std::move(Method), std::move(Params), std::nullopt};
  }
  static Outgoing reply(json::Value Id, json::Value Result) {
    return {std::move(Id), "", std::move(Result), std::nullopt};
  }
  static Outgoing error(json::Value Id, ErrorCode Code, std::string Message) {
    return {std::move(Id), "", std::move(Message), Code};
  }
};

std::string message(const NestReport &N) {
  if (N.Cost.empty() || StringRef(N.Message).contains(N.Cost))
    return N.Message;
  return N.Message + " (cost " + N.Cost + ")";
}

json::Object diagnostic(const Analysis &A, const NestReport &N) {
  // Information for a nest the action would rewrite, Hint for one that
  // stays: a refusal is not a problem of the user's code.
  int Severity = N.Fix.empty() ? 4 : 3;
  return json::Object{{"range", range(A.Code, N.Begin, N.End)},
                      {"severity", Severity},
                      {"code", N.Name},
                      {"source", "lnr-rewrite"},
                      {"message", message(N)}};
}

/// A file that does not parse: clang's errors when the client asked for
/// them (initializationOptions.compilerErrors), else one Hint at the first:
/// next to clangd, which reports them already, they would show twice.
void parseDiagnostics(const Analysis &A, bool CompilerErrors,
                      json::Array &Out) {
  if (A.Errors.empty())
    return;
  if (!CompilerErrors) {
    const ParseError &E = A.Errors.front();
    Out.push_back(json::Object{{"range", range(A.Code, E.Begin, E.End)},
                               {"severity", 4},
                               {"code", rule::NotAnalysed.spelling()},
                               {"source", "lnr-rewrite"},
                               {"message", "not analysed: the file does not "
                                           "parse (" +
                                               E.Message + ")"}});
    return;
  }
  for (const ParseError &E : A.Errors)
    Out.push_back(json::Object{{"range", range(A.Code, E.Begin, E.End)},
                               {"severity", 1},
                               {"source", "clang"},
                               {"message", E.Message}});
}

json::Object publishParams(const std::string &Uri, const Document &D,
                           bool CompilerErrors) {
  json::Array Diagnostics;
  const Analysis &A = *D.Last;
  parseDiagnostics(A, CompilerErrors, Diagnostics);
  // The nests the command line would give a remark (--remarks, the
  // default policy, NOLINT), no more.
  for (const NestReport &N : A.Nests)
    if (N.Shown)
      Diagnostics.push_back(diagnostic(A, N));
  json::Object Params{{"uri", Uri}, {"diagnostics", std::move(Diagnostics)}};
  if (D.ClientVersion.kind() != json::Value::Null)
    Params["version"] = D.ClientVersion;
  return Params;
}

/// Just before the end of the line Offset is on (before a CR of a CRLF).
unsigned endOfLine(StringRef Code, unsigned Offset) {
  size_t End = Code.find('\n', Offset);
  End = End == StringRef::npos ? Code.size() : End;
  if (End > Offset && Code[End - 1] == '\r')
    --End;
  return unsigned(End);
}

json::Object codeAction(std::string Title, const std::string &Uri,
                        json::Array Edits, json::Object Diagnostic,
                        bool Preferred) {
  return json::Object{
      {"title", std::move(Title)},
      {"kind", "refactor.rewrite"},
      {"diagnostics", json::Array{std::move(Diagnostic)}},
      {"isPreferred", Preferred},
      {"edit",
       json::Object{{"changes", json::Object{{Uri, std::move(Edits)}}}}}};
}

/// Where the line Offset is on starts.
unsigned startOfLine(StringRef Code, unsigned Offset) {
  size_t Newline = Code.substr(0, Offset).rfind('\n');
  return Newline == StringRef::npos ? 0 : unsigned(Newline + 1);
}

/// The two actions of each nest the analysis would rewrite that is on a
/// line of [Begin, End] (a cursor when they are equal), or whose
/// diagnostic starts at one of Sent (the client's context.diagnostics), as
/// clangd offers the fixes of the diagnostics under the cursor.
json::Array codeActions(const std::string &Uri, const Document &D,
                        unsigned Begin, unsigned End,
                        const std::vector<unsigned> &Sent) {
  json::Array Actions;
  const Analysis &A = *D.Last;
  for (const NestReport &N : A.Nests) {
    if (N.Fix.empty())
      continue;
    bool OnItsLines = startOfLine(A.Code, N.Begin) <= End &&
                      Begin <= endOfLine(A.Code, N.End);
    if (!OnItsLines && !llvm::is_contained(Sent, N.Begin))
      continue;
    std::string Cost = N.Cost.empty() ? "" : ": " + N.Cost;
    Actions.push_back(codeAction("Fuse loop nest" + Cost, Uri,
                                 textEdits(A.Code, standaloneFix(N)),
                                 diagnostic(A, N), true));
    unsigned At = endOfLine(A.Code, N.Begin);
    clang::tooling::Replacements Keep(
        clang::tooling::Replacement(D.Path, At, 0, Suppression));
    Actions.push_back(codeAction("Keep this nest as written (NOLINT)", Uri,
                                 textEdits(A.Code, Keep), diagnostic(A, N),
                                 false));
  }
  return Actions;
}

/// Where the client's context.diagnostics of this server start in Text.
std::vector<unsigned> sentDiagnostics(StringRef Text,
                                      const json::Object &Params) {
  std::vector<unsigned> Starts;
  const json::Object *Context = Params.getObject("context");
  const json::Array *Sent =
      Context ? Context->getArray("diagnostics") : nullptr;
  for (const json::Value &V : Sent ? *Sent : json::Array()) {
    const json::Object *Diag = V.getAsObject();
    const json::Object *Range = Diag ? Diag->getObject("range") : nullptr;
    if (!Range || Diag->getString("source") != StringRef("lnr-rewrite"))
      continue;
    if (std::optional<unsigned> At = offsetOf(Text, Range->get("start")))
      Starts.push_back(*At);
  }
  return Starts;
}

/// Whether the client's `only` kinds let refactor.rewrite through.
bool kindWanted(const json::Object &Params) {
  const json::Object *Context = Params.getObject("context");
  const json::Array *Only = Context ? Context->getArray("only") : nullptr;
  if (!Only || Only->empty())
    return true;
  for (const json::Value &Kind : *Only)
    if (Optional<StringRef> K = Kind.getAsString())
      if (*K == "refactor" || *K == "refactor.rewrite")
        return true;
  return false;
}

class Server {
public:
  Server(Transport &T, const ActionOptions &CommandLine)
      : T(T), Opts(CommandLine), Debounce(debounceDelay()) {
    // The server reports the nests the command line would give a remark,
    // whatever --quiet says (they are its diagnostics), and writes nothing.
    Opts.Check = Opts.Explain = Opts.Graphs = Opts.Quiet = false;
    Opts.Select.reset();
  }

  int run() {
    std::thread Worker([this] { work(); });
    bool Exited = false;
    while (!Exited) {
      std::optional<json::Value> Message = T.read();
      if (!Message)
        break; // the client went away without `exit`
      Exited = dispatch(*Message);
    }
    {
      std::lock_guard<std::mutex> Lock(M);
      Stop = true;
    }
    Wake.notify_all();
    Worker.join();
    return Exited && ShutdownRequested ? 0 : 1;
  }

private:
  /// Handles one message (JSON: the transport answers what is not); true
  /// after `exit`.
  bool dispatch(const json::Value &Message) {
    const json::Object *O = Message.getAsObject();
    Optional<StringRef> Method = O ? O->getString("method") : None;
    const json::Value *Id = O ? O->get("id") : nullptr;
    if (!Method) {
      // A response (the server sends no request) or no message at all.
      if (!O || (!O->get("result") && !O->get("error")))
        T.replyError(Id ? *Id : nullptr, ErrorCode::InvalidRequest,
                     "not a JSON-RPC message");
      return false;
    }
    static const json::Object NoParams;
    const json::Object *Params = O->getObject("params");
    if (!Params)
      Params = &NoParams;
    if (Id)
      request(*Method, *Id, *Params);
    else if (*Method == "exit")
      return true;
    else
      notification(*Method, *Params);
    return false;
  }

  void request(StringRef Method, const json::Value &Id,
               const json::Object &Params) {
    if (Method == "initialize") {
      Initialized = true;
      if (const json::Object *Init = Params.getObject("initializationOptions"))
        CompilerErrors = Init->getBoolean("compilerErrors").getValueOr(false);
      return T.reply(Id, initializeResult());
    }
    if (!Initialized)
      return T.replyError(Id, ErrorCode::ServerNotInitialized,
                          "initialize first");
    if (ShutdownRequested)
      return T.replyError(Id, ErrorCode::InvalidRequest,
                          "the server is shutting down");
    if (Method == "shutdown") {
      ShutdownRequested = true;
      return T.reply(Id, nullptr);
    }
    if (Method == "textDocument/codeAction")
      return codeActionRequest(Id, Params);
    T.replyError(Id, ErrorCode::MethodNotFound, "no method '" + Method + "'");
  }

  void notification(StringRef Method, const json::Object &Params) {
    if (Method == "textDocument/didOpen")
      didOpen(Params);
    else if (Method == "textDocument/didChange")
      didChange(Params);
    else if (Method == "textDocument/didClose")
      didClose(Params);
    else if (Method == "$/cancelRequest")
      cancel(Params);
    // initialized, didSave (the buffer already is the saved text: sync is
    // full) and the notifications the server does not serve need nothing.
  }

  static json::Object initializeResult() {
    return json::Object{
        {"capabilities",
         json::Object{
             {"positionEncoding", "utf-16"},
             {"textDocumentSync",
              json::Object{{"openClose", true}, {"change", 1}, {"save", true}}},
             {"codeActionProvider",
              json::Object{
                  {"codeActionKinds", json::Array{"refactor.rewrite"}}}}}},
        {"serverInfo",
         json::Object{{"name", "lnr-rewrite"}, {"version", LNR_VERSION}}}};
  }

  static std::string uriOf(const json::Object &Params) {
    const json::Object *Doc = Params.getObject("textDocument");
    Optional<StringRef> Uri = Doc ? Doc->getString("uri") : None;
    return Uri ? Uri->str() : "";
  }

  static json::Value versionOf(const json::Object &Params) {
    const json::Object *Doc = Params.getObject("textDocument");
    const json::Value *V = Doc ? Doc->get("version") : nullptr;
    return V ? *V : nullptr;
  }

  void didOpen(const json::Object &Params) {
    const json::Object *Doc = Params.getObject("textDocument");
    std::string Uri = uriOf(Params);
    std::optional<std::string> Path = pathOfUri(Uri);
    Optional<StringRef> Text = Doc ? Doc->getString("text") : None;
    if (!Path || !Text)
      return; // a notification has no reply: not a file, nothing to serve
    std::lock_guard<std::mutex> Lock(M);
    Document &D = Docs[Uri];
    D.Path = *Path;
    D.Text = Text->str();
    changed(D, versionOf(Params));
  }

  void didChange(const json::Object &Params) {
    const json::Array *Changes = Params.getArray("contentChanges");
    std::lock_guard<std::mutex> Lock(M);
    auto It = Docs.find(uriOf(Params));
    if (It == Docs.end() || !Changes)
      return;
    Document &D = It->second;
    for (const json::Value &Change : *Changes)
      apply(D.Text, Change);
    changed(D, versionOf(Params));
  }

  /// One content change: the whole text (the sync the server asks for),
  /// or, from a client that sends them anyway, a range's.
  static void apply(std::string &Text, const json::Value &Change) {
    const json::Object *C = Change.getAsObject();
    Optional<StringRef> New = C ? C->getString("text") : None;
    if (!New)
      return;
    const json::Object *Range = C->getObject("range");
    if (!Range) {
      Text = New->str();
      return;
    }
    std::optional<unsigned> Begin = offsetOf(Text, Range->get("start"));
    std::optional<unsigned> End = offsetOf(Text, Range->get("end"));
    if (Begin && End && *Begin <= *End)
      Text.replace(*Begin, *End - *Begin, New->str());
  }

  /// A new text: analysed after the debounce delay, superseding an
  /// analysis of the previous one.
  void changed(Document &D, json::Value ClientVersion) {
    D.ClientVersion = std::move(ClientVersion);
    ++D.Version;
    D.Due = Clock::now() + Debounce;
    Wake.notify_all();
  }

  void didClose(const json::Object &Params) {
    std::string Uri = uriOf(Params);
    std::vector<Outgoing> Out;
    {
      std::lock_guard<std::mutex> Lock(M);
      if (!Docs.erase(Uri))
        return;
      settlePending(Uri, Out);
    }
    // Its diagnostics go with it, as clangd clears them.
    Out.push_back(Outgoing::notification(
        "textDocument/publishDiagnostics",
        json::Object{{"uri", Uri}, {"diagnostics", json::Array()}}));
    send(Out);
  }

  void cancel(const json::Object &Params) {
    const json::Value *Id = Params.get("id");
    std::vector<Outgoing> Out;
    {
      std::lock_guard<std::mutex> Lock(M);
      for (auto It = Pending.begin(); It != Pending.end(); ++It)
        if (Id && It->Id == *Id) {
          Out.push_back(Outgoing::error(It->Id, ErrorCode::RequestCancelled,
                                        "request cancelled"));
          Pending.erase(It);
          break;
        }
    }
    send(Out);
  }

  void codeActionRequest(const json::Value &Id, const json::Object &Params) {
    std::string Uri = uriOf(Params);
    const json::Object *Range = Params.getObject("range");
    std::unique_lock<std::mutex> Lock(M);
    auto It = Docs.find(Uri);
    if (It == Docs.end()) {
      Lock.unlock();
      return T.replyError(Id, ErrorCode::InvalidParams,
                          "'" + Uri + "' is not open");
    }
    Document &D = It->second;
    std::optional<unsigned> Begin =
        Range ? offsetOf(D.Text, Range->get("start")) : std::nullopt;
    std::optional<unsigned> End =
        Range ? offsetOf(D.Text, Range->get("end")) : std::nullopt;
    if (!Begin || !End) {
      Lock.unlock();
      return T.replyError(Id, ErrorCode::InvalidParams, "no valid range");
    }
    if (!kindWanted(Params)) {
      Lock.unlock();
      return T.reply(Id, json::Array());
    }
    std::vector<unsigned> Sent = sentDiagnostics(D.Text, Params);
    if (D.AnalyzedVersion == D.Version) {
      json::Array Actions = codeActions(Uri, D, *Begin, *End, Sent);
      Lock.unlock();
      return T.reply(Id, std::move(Actions));
    }
    // Answered by the worker when the analysis of this text ends.
    Pending.push_back({Id, Uri, D.Version, *Begin, *End, std::move(Sent)});
  }

  /// Answers the pending requests of Uri: from its analysis when it is of
  /// their text, else (the text changed, or the document closed) with an
  /// error, as clangd answers ContentModified.
  void settlePending(const std::string &Uri, std::vector<Outgoing> &Out) {
    auto It = Docs.find(Uri);
    for (auto P = Pending.begin(); P != Pending.end();) {
      if (P->Uri != Uri) {
        ++P;
        continue;
      }
      if (It == Docs.end())
        Out.push_back(Outgoing::error(P->Id, ErrorCode::InvalidParams,
                                      "'" + Uri + "' was closed"));
      else if (It->second.AnalyzedVersion != P->Version)
        Out.push_back(Outgoing::error(P->Id, ErrorCode::ContentModified,
                                      "the document changed"));
      else
        Out.push_back(Outgoing::reply(
            P->Id, codeActions(Uri, It->second, P->Begin, P->End, P->Sent)));
      P = Pending.erase(P);
    }
  }

  void send(std::vector<Outgoing> &Out) {
    for (Outgoing &O : Out) {
      if (!O.Method.empty())
        T.notify(O.Method, std::move(O.Body));
      else if (O.Error)
        T.replyError(O.Id, *O.Error, *O.Body.getAsString());
      else
        T.reply(O.Id, std::move(O.Body));
    }
    Out.clear();
  }

  /// The document whose analysis is due first; empty when all are current.
  std::string nextDue() const {
    std::string Uri;
    Clock::time_point First = Clock::time_point::max();
    for (const auto &[U, D] : Docs)
      if (D.AnalyzedVersion != D.Version && D.Due < First)
        Uri = U, First = D.Due;
    return Uri;
  }

  /// The worker thread: analyses each changed document once its debounce
  /// delay has passed, then publishes its diagnostics and answers the code
  /// actions that waited for it. A result whose text changed meanwhile is
  /// dropped; the new text is due again after its own delay.
  void work() {
    std::unique_lock<std::mutex> Lock(M);
    while (!Stop) {
      std::string Uri = nextDue();
      if (Uri.empty()) {
        Wake.wait(Lock);
        continue;
      }
      Document &D = Docs[Uri];
      if (D.Due > Clock::now()) {
        Wake.wait_until(Lock, D.Due);
        continue;
      }
      std::string Path = D.Path;
      unsigned Version = D.Version;
      std::map<std::string, std::string> Buffers;
      for (const auto &[U, Open] : Docs)
        Buffers[Open.Path] = Open.Text;
      Lock.unlock();
      auto Result =
          std::make_shared<const Analysis>(analyze(Path, Buffers, Opts));
      Lock.lock();
      auto It = Docs.find(Uri);
      if (It == Docs.end() || It->second.Version != Version)
        continue; // superseded
      It->second.Last = std::move(Result);
      It->second.AnalyzedVersion = Version;
      std::vector<Outgoing> Out;
      Out.push_back(Outgoing::notification(
          "textDocument/publishDiagnostics",
          publishParams(Uri, It->second, CompilerErrors)));
      settlePending(Uri, Out);
      Lock.unlock();
      send(Out);
      Lock.lock();
    }
  }

  Transport &T;
  ActionOptions Opts;
  const std::chrono::milliseconds Debounce;
  // Read and written by the reading thread only.
  bool Initialized = false, ShutdownRequested = false;
  /// initializationOptions.compilerErrors: publish clang's errors of a file
  /// that does not parse (by default one Hint; clangd reports them).
  bool CompilerErrors = false;
  // The state both threads share, under M.
  std::mutex M;
  std::condition_variable Wake;
  std::map<std::string, Document> Docs; // by URI, as the client spells it
  std::vector<PendingAction> Pending;
  bool Stop = false;
};

} // namespace

int runServer(const ActionOptions &Opts) {
  Transport T(stdin, stdout);
  return Server(T, Opts).run();
}

} // namespace lnr::tool::lsp
