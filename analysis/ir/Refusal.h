//===- Refusal.h - A named reason not to transform -------------*- C++ -*-===//
//
// Every stage returns either its result or a Refusal. The name is stable,
// one of RemarkNames.def, and shown in diagnostics as [lnr-...];
// docs/refusals.md lists every name.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_ANALYSIS_IR_REFUSAL_H
#define LNR_ANALYSIS_IR_REFUSAL_H

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace lnr {

/// A name of RemarkNames.def: only the rule:: constants make one, so a
/// misspelt name does not compile.
class RuleName {
public:
  const char *spelling() const { return Spelling; }
  operator std::string() const { return Spelling; }
  friend bool operator==(const std::string &S, RuleName R) {
    return S == R.Spelling;
  }
  friend bool operator!=(const std::string &S, RuleName R) {
    return S != R.Spelling;
  }

private:
  friend struct RuleNames;
  constexpr explicit RuleName(const char *Spelling) : Spelling(Spelling) {}
  const char *Spelling;
};

struct RuleNames {
#define LNR_REMARK(Identifier, Spelling, Meaning)                              \
  static constexpr RuleName Identifier{Spelling};
#include "analysis/ir/RemarkNames.def"
#undef LNR_REMARK
};

/// rule::NoGain, rule::UnsupportedLoop, ...: every name the tool reports.
using rule = RuleNames;

struct Refusal {
  std::string Name;    // its spelling: "lnr-unsupported-sum"
  std::string Message; // one sentence, no trailing period

  Refusal(RuleName Name, std::string Message)
      : Name(Name), Message(std::move(Message)) {}
};

/// Either a value or the reason it could not be produced.
template <typename T> class OrRefusal {
public:
  OrRefusal(T Value) : Storage(std::move(Value)) {}
  OrRefusal(Refusal Reason) : Storage(std::move(Reason)) {}

  explicit operator bool() const { return Storage.index() == 0; }
  T &operator*() {
    assert(*this && "value of a refusal");
    return std::get<0>(Storage);
  }
  const T &operator*() const {
    assert(*this && "value of a refusal");
    return std::get<0>(Storage);
  }
  T *operator->() { return &**this; }
  const T *operator->() const { return &**this; }
  const Refusal &refusal() const {
    assert(!*this && "refusal of a value");
    return std::get<1>(Storage);
  }

private:
  std::variant<T, Refusal> Storage;
};

} // namespace lnr

#endif
