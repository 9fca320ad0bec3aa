//===- Outputs.h - Machine-readable forms of a run's results ---*- C++ -*-===//
#ifndef LNR_TOOL_OUTPUTS_H
#define LNR_TOOL_OUTPUTS_H

#include "tool/RewriteAction.h"

#include "clang/Tooling/Core/Diagnostic.h"

#include <string>

namespace lnr::tool {

/// clang-tidy's --export-fixes YAML (clang::tooling::TranslationUnitDiagnostics
/// through clang's own serialization): one diagnostic per nest that would be
/// rewritten, with its formatted replacements, for clang-apply-replacements.
std::string exportFixesYaml(const RunResults &Results,
                            const std::string &MainSourceFile,
                            clang::tooling::Diagnostic::Level Level);

/// The replacements of every file as a JSON array of
/// {"file", "offset", "length", "replacement"} objects, by file and offset.
std::string replacementsJson(const RunResults &Results);

/// Every nest's iteration graphs, each preceded by a `//` comment saying
/// which nest and which graph it is.
std::string graphsDot(const RunResults &Results);

} // namespace lnr::tool

#endif
