//===- Refusal.h - A named reason not to transform -------------*- C++ -*-===//
//
// Every stage returns either its result or a Refusal. The name is stable and
// shown in diagnostics as [lnr-...]; docs/refusals.md lists every name.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_ANALYSIS_IR_REFUSAL_H
#define LNR_ANALYSIS_IR_REFUSAL_H

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace lnr {

struct Refusal {
  std::string Name;    // e.g. "lnr-unsupported-sum"
  std::string Message; // one sentence, no trailing period

  Refusal(std::string Name, std::string Message)
      : Name(std::move(Name)), Message(std::move(Message)) {}
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
