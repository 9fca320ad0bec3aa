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
/// {"file", "offset", "length", "replacement", "name", "message"} objects,
/// by file and offset: name and message are those of the nest's remark.
std::string replacementsJson(const RunResults &Results);

/// A SARIF 2.1.0 log, for CI: one result per nest whose remark was shown
/// (ruleId the remark's name; level note, or error for a nest --check
/// finds), its location (relative to Root, the %SRCROOT% base, where the
/// file is below it), message and fingerprint, and for a rewrite its
/// replacements as a fix; the rules table describes every name
/// (RemarkNames.h) with its row of docs/refusals.md. Results.Failures are
/// the invocation's notifications (executionSuccessful false).
std::string sarifLog(const RunResults &Results, bool Check,
                     const std::string &Root);

/// Every nest's iteration graphs, each preceded by a `//` comment saying
/// which nest and which graph it is.
std::string graphsDot(const RunResults &Results);

} // namespace lnr::tool

#endif
