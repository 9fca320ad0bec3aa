//===- RemarkNames.cpp ----------------------------------------------------===//

#include "tool/RemarkNames.h"

#include "llvm/ADT/STLExtras.h"

namespace lnr::tool {

static const RemarkName Names[] = {
    {"lnr-fuse", "the nest is rewritten: fused after distribution, "
                 "asymptotically cheaper"},
    {"lnr-unsupported-sum",
     "the statement adds terms; only a product of factors is distributed"},
    {"lnr-unsupported-call", "a factor calls a function"},
    {"lnr-unsupported-expression",
     "a factor is an expression other than a product (a division, a cast "
     "of a product)"},
    {"lnr-side-effect", "the nest writes something besides its output"},
    {"lnr-non-affine-subscript",
     "a subscript is not an affine function of the loop variables"},
    {"lnr-unsupported-access",
     "an array read the recovery does not understand (a 2-D array, values "
     "read twice)"},
    {"lnr-output-read", "the output is also read as a factor"},
    {"lnr-possible-alias",
     "the output is not proved disjoint from the inputs and no run-time "
     "overlap test can be written (or --no-alias-check)"},
    {"lnr-mixed-types",
     "the output's type differs from the product's in a way the rewrite "
     "would change (rounding, wrapping)"},
    {"lnr-signed-overflow",
     "the nest sums in a signed integer type, where the fused nest's partial "
     "sums could overflow where the original's do not"},
    {"lnr-shadowed-name",
     "malloc, calloc, free or size_t names something else where the "
     "rewrite would allocate temporaries"},
    {"lnr-early-exit", "break, continue, return or goto in the nest"},
    {"lnr-assert", "an assert in the nest checks as the loops run"},
    {"lnr-imperfect-nest", "a loop body holds more than one statement"},
    {"lnr-already-fused",
     "the nest already computes through a workspace (a precompute or a "
     "fusion by hand), or is part of lnr-rewrite's own rewrite"},
    {"lnr-unsupported-statement",
     "a statement other than an accumulated product or a coordinate load"},
    {"lnr-unsupported-loop",
     "a loop header the recovery does not read (a step, a bound, a "
     "condition)"},
    {"lnr-unsupported-counter",
     "a position counter not proved to be a compressed level's position"},
    {"lnr-live-induction-variable",
     "a loop variable declared before the nest may be read after it"},
    {"lnr-unsupported-pattern",
     "a compressed loop whose values are never read"},
    {"lnr-unsupported-pragma",
     "an OpenMP directive or clause the rewrite cannot keep true"},
    {"lnr-macro",
     "the loop or statement is written in a macro, or a preprocessor "
     "conditional is inside the nest"},
    {"lnr-unsupported-format",
     "a tensor level the recovery does not read (COO: coordinates read at "
     "a dense loop's variable)"},
    {"lnr-assign-in-reduction",
     "the output is assigned, not accumulated, inside a reduction"},
    {"lnr-no-gain",
     "no schedule is asymptotically cheaper: distribution removes no loop"},
    {"lnr-unsupported-temporary",
     "a temporary over an index with no known extent"},
    {"lnr-unsupported-schedule",
     "the schedule needs a loop or a test the code generator cannot write"},
    {"lnr-unsupported-coiteration",
     "two sparse operands compressed at one index need co-iteration"},
    {"lnr-invalid-kernel", "what the recovery read is not a consistent kernel"},
    {"lnr-internal",
     "a consistency check of the code generator failed (please report it)"},
    {"lnr-invalid-schedule",
     "--schedule names an unknown directive or an order the nest cannot "
     "take"},
    {"lnr-nolint", "a NOLINTBEGIN or NOLINTEND comment without its pair (a "
                   "warning)"},
};

llvm::ArrayRef<RemarkName> remarkNames() { return Names; }

llvm::StringRef remarkMeaning(llvm::StringRef Name) {
  for (const RemarkName &R : Names)
    if (R.Name == Name)
      return R.Meaning;
  return "";
}

} // namespace lnr::tool
