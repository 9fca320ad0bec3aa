//===- OmpDirective.cpp ---------------------------------------------------===//

#include "rewrite/lower/OmpDirective.h"
#include "rewrite/lower/Code.h"

namespace lnr::lower {
namespace {

OmpDirective make(OmpDirective::Construct Is,
                  std::vector<std::string> Clauses) {
  OmpDirective D;
  D.Is = Is;
  for (std::string &C : Clauses)
    D.with(std::move(C));
  return D;
}

const char *words(OmpDirective::Construct Is) {
  using C = OmpDirective::Construct;
  switch (Is) {
  case C::None:
    return "";
  case C::Parallel:
    return "parallel";
  case C::ParallelFor:
    return "parallel for";
  case C::For:
    return "for";
  case C::Simd:
    return "simd";
  case C::Barrier:
    return "barrier";
  case C::AtomicWrite:
    return "atomic write";
  }
  return "";
}

} // namespace

OmpDirective OmpDirective::parallel(std::vector<std::string> Clauses) {
  return make(Construct::Parallel, std::move(Clauses));
}
OmpDirective OmpDirective::parallelFor(std::vector<std::string> Clauses) {
  return make(Construct::ParallelFor, std::move(Clauses));
}
OmpDirective OmpDirective::workShared(std::vector<std::string> Clauses) {
  return make(Construct::For, std::move(Clauses));
}
OmpDirective OmpDirective::simd(std::vector<std::string> Clauses) {
  return make(Construct::Simd, std::move(Clauses));
}
OmpDirective OmpDirective::barrier() { return make(Construct::Barrier, {}); }
OmpDirective OmpDirective::atomicWrite() {
  return make(Construct::AtomicWrite, {});
}

OmpDirective OmpDirective::kept(const std::string &Line) {
  // '#pragma omp for ...': the fourth token says which construct it is.
  Code Tokens = Code::lex(Line);
  const std::vector<Token> &T = Tokens.tokens();
  OmpDirective D;
  D.Is =
      T.size() > 3 && T[3].is("for") ? Construct::For : Construct::ParallelFor;
  D.Written = Line;
  return D;
}

OmpDirective &OmpDirective::with(std::string Clause) {
  size_t B = Clause.find_first_not_of(" \t");
  size_t E = Clause.find_last_not_of(" \t");
  if (B != std::string::npos)
    Clauses.push_back(Clause.substr(B, E - B + 1));
  return *this;
}

bool OmpDirective::mentions(const std::string &Name) const {
  return !empty() && Code::lex(line()).mentions(Name);
}

std::string OmpDirective::line() const {
  if (empty())
    return "";
  std::string Out =
      Written.empty() ? std::string("#pragma omp ") + words(Is) : Written;
  for (const std::string &C : Clauses)
    Out += " " + C;
  return Out;
}

} // namespace lnr::lower
