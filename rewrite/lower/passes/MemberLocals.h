//===- MemberLocals.h - Struct members read once ---------------*- C++ -*-===//
//
// Real code keeps its arrays in structs ('B->val[p]', 'A->data[..]'): the
// original nest loads each pointer from its struct on every iteration, and
// a compiler that cannot prove the nest's stores leave the struct alone
// loads it again after each. The rewrite reads each once, before its
// loops, into a local the name picker chooses ('const double *const
// B_val = B->val;'), and names the array by it. The same value: the
// run-time overlap test covers each member cell the nest reads, and runs
// the rewrite only when every loop runs at least once, so that the
// original reads each member too. Without the test (a 'restrict' output)
// the members are read where the nest reads them: with 'n == 0' the
// original may read none ('B' null). Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_LOWER_PASSES_MEMBERLOCALS_H
#define LNR_REWRITE_LOWER_PASSES_MEMBERLOCALS_H

#include "rewrite/lower/Context.h"

namespace lnr::lower {

/// Under the run-time overlap test (NestSource::Overlap::Needed): Tree in
/// a block that first declares a local for each array of
/// NestSource::MemberArrays that Tree names, and names it by the local
/// everywhere in Tree (not in the file's verbatim text, nor in a
/// directive); Tree as it is when it names none, or without the test.
void readMembersOnce(Context &C, Nodes &Tree);

} // namespace lnr::lower

#endif
