//===- CText.cpp ----------------------------------------------------------===//

#include "rewrite/CText.h"

#include <algorithm>
#include <cctype>

namespace lnr::rewrite {

bool isIdentifierChar(char C) {
  return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
}

bool isSimple(const std::string &Text) {
  return std::all_of(Text.begin(), Text.end(), isIdentifierChar);
}

std::string parenthesized(const std::string &Text) {
  return isSimple(Text) ? Text : "(" + Text + ")";
}

bool mentions(const std::string &Code, const std::string &Name) {
  for (size_t At = Code.find(Name); At != std::string::npos;
       At = Code.find(Name, At + 1))
    if ((At == 0 || !isIdentifierChar(Code[At - 1])) &&
        (At + Name.size() == Code.size() ||
         !isIdentifierChar(Code[At + Name.size()])))
      return true;
  return false;
}

std::optional<std::string> initializerOf(const std::string &Declaration) {
  size_t Eq = Declaration.find('='), Semi = Declaration.rfind(';');
  if (Eq == std::string::npos || Semi == std::string::npos || Semi < Eq)
    return std::nullopt;
  std::string Value = Declaration.substr(Eq + 1, Semi - Eq - 1);
  Value.erase(0, Value.find_first_not_of(' '));
  return Value;
}

std::string allOf(const std::vector<std::string> &Conditions) {
  std::string Out;
  for (const std::string &C : Conditions)
    Out += (Out.empty() ? "" : " && ") + C;
  return Out;
}

} // namespace lnr::rewrite
