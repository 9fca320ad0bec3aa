//===- NamePicker.cpp -----------------------------------------------------===//

#include "rewrite/NamePicker.h"

#include <cctype>
#include <cstring>
#include <utility>

namespace lnr::rewrite {
namespace {

/// Keywords of C89 to C23 and C++98 to C++20, the alternative spellings of
/// C++'s operators, and the C library names a rewrite declares or calls
/// (it may add the headers that declare them).
/// Space-separated, with a space at both ends.
const char *const Reserved =
    " NULL alignas alignof and and_eq asm auto bitand bitor bool break"
    " calloc case catch char char16_t char32_t char8_t class co_await"
    " co_return co_yield compl concept const const_cast consteval constexpr"
    " constinit continue decltype default delete do double dynamic_cast"
    " else enum explicit export extern false float for free friend goto if"
    " inline int long malloc mutable namespace new noexcept not not_eq"
    " nullptr operator or or_eq private protected public register"
    " reinterpret_cast requires restrict return short signed size_t sizeof"
    " static static_assert static_cast struct switch template this"
    " thread_local throw true try typedef typeid typename typeof"
    " typeof_unqual uintptr_t union unsigned using virtual void volatile"
    " wchar_t while xor xor_eq ";

bool isPart(char C) {
  auto U = static_cast<unsigned char>(C);
  return std::isalnum(U) || U >= 0x80;
}

} // namespace

NamePicker::NamePicker(std::function<bool(const std::string &)> IsTaken)
    : IsTaken(std::move(IsTaken)) {}

std::string NamePicker::identifier(const std::string &Stem) {
  std::string Out;
  bool Gap = false;
  for (char C : Stem) {
    if (!isPart(C)) {
      Gap = true;
      continue;
    }
    if (Gap && !Out.empty())
      Out += '_';
    Gap = false;
    Out += C;
  }
  if (Out.empty() || std::isdigit(static_cast<unsigned char>(Out.front())))
    Out.insert(0, "v");
  return Out;
}

bool NamePicker::isReserved(const std::string &Name) {
  return !Name.empty() &&
         std::strstr(Reserved, (" " + Name + " ").c_str()) != nullptr;
}

std::string NamePicker::first(const std::string &Stem,
                              const std::set<std::string> &Avoid,
                              const std::set<std::string> &AvoidToo) const {
  std::string Base = identifier(Stem);
  auto Free = [&](const std::string &Name) {
    return !isReserved(Name) && !(IsTaken && IsTaken(Name)) &&
           !Avoid.count(Name) && !AvoidToo.count(Name);
  };
  std::string Name = Base;
  for (unsigned N = 1; !Free(Name); ++N)
    Name = Base + "_" + std::to_string(N);
  return Name;
}

std::string NamePicker::pick(const std::string &Stem) {
  std::string Name = first(Stem, Picked, EverLocal);
  Picked.insert(Name);
  return Name;
}

std::string NamePicker::pickLocal(const std::string &Stem) {
  std::string Name = first(Stem, Picked, Live);
  EverLocal.insert(Name);
  Live.insert(Name);
  return Name;
}

void NamePicker::release(const std::string &Name) { Live.erase(Name); }

} // namespace lnr::rewrite
