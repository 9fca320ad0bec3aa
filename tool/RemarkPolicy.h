//===- RemarkPolicy.h - Which nests get a remark ---------------*- C++ -*-===//
//
// By default a remark speaks only of a nest with something to gain: one
// rewritten, or one refused for a reason that blocks a gain. A zeroing
// loop, a copy, a helper, a plain SpMV and the tool's own output say
// nothing, as clang-tidy says nothing of code its checks have no finding
// in. --remarks=all shows every nest, --remarks=none (and --quiet) none, and
// a list of names and globs ("lnr-possible-alias,lnr-fuse",
// "lnr-*,-lnr-no-gain") every nest whose remark it names.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_TOOL_REMARKPOLICY_H
#define LNR_TOOL_REMARKPOLICY_H

#include "tool/Suppressions.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace clang {
class Stmt;
} // namespace clang

namespace lnr::tool {

/// What the policy needs to know of one nest.
struct NestRemark {
  llvm::StringRef Name;                  // lnr-fuse or the refusal
  bool Gains = false;                    // a cheaper schedule was found
  const clang::Stmt *Nest = nullptr;     // read when the above do not decide
  const clang::Stmt *Function = nullptr; // the body of the nest's function
};

class RemarkPolicy {
public:
  enum class Kind { Default, All, None, Names };

  /// The default policy.
  RemarkPolicy() : RemarkPolicy(Kind::Default, "default") {}

  /// "default", "all", "none", or a list of names and globs; an error
  /// for a list that names nothing the tool reports.
  static llvm::Expected<RemarkPolicy> parse(llvm::StringRef Value);

  /// The spelling parse() reads back (for --dump-config).
  const std::string &spelling() const { return Spelling; }

  bool shows(const NestRemark &N) const;

  /// The default policy's question: whether the nest has a gain to speak
  /// of, whatever it became.
  static bool worthARemark(const NestRemark &N);

private:
  RemarkPolicy(Kind K, std::string Spelling)
      : K(K), Spelling(std::move(Spelling)), Globs(this->Spelling, true) {}
  Kind K;
  std::string Spelling;
  NameGlobs Globs; // for Kind::Names
};

} // namespace lnr::tool

#endif
