//===- MacroNames.h - What macro bodies in a nest refer to -----*- C++ -*-===//
//
// A macro's use is kept as written in a rewrite, and its body is
// expanded where the rewrite puts it: a name its body spells refers to
// whatever that name declares there. Renaming a nest's variable to a name
// one of its macro bodies spells would capture that name
// (rewrite/PairRenames.h asks before naming a consumer's position as the
// producer's).
//
//===----------------------------------------------------------------------===//
#ifndef LNR_ANALYSIS_RECOVER_MACRONAMES_H
#define LNR_ANALYSIS_RECOVER_MACRONAMES_H

#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"

#include <string>
#include <vector>

namespace lnr::recover {

/// The names of the declarations that the bodies of the macros expanded in
/// S refer to (a variable, a function, an enumerator), not those of their
/// arguments; each once, in the order first met.
std::vector<std::string> macroBodyNames(const clang::Stmt *S,
                                        const clang::SourceManager &SM);

/// The line of the first number in S that the preprocessor makes
/// (__LINE__, __COUNTER__, a token pasted: written in its scratch buffer),
/// 0 for none. A rewrite moves the nest's code, and the copy it keeps, to
/// other lines, where __LINE__ is another number, and writes it twice,
/// where __COUNTER__ counts twice; a pasted token may hold either.
unsigned preprocessorNumber(const clang::Stmt *S,
                            const clang::SourceManager &SM);

} // namespace lnr::recover

#endif
