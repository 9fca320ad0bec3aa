//===- MemberLocals.h - Struct members read once ---------------*- C++ -*-===//
//
// Real code keeps its arrays in structs ('B->val[p]', 'A->data[..]'): the
// original nest loads each pointer from its struct on every iteration, and
// a compiler that cannot prove the nest's stores leave the struct alone
// loads it again after each. The rewrite reads each once, before its
// loops, into a local the name picker chooses ('const double *const
// B_val = B->val;'), and names the array by it. The same value: the
// output's 'restrict', or the run-time overlap test that covers each
// member cell the nest reads, keeps the cells apart from what the nest
// writes. Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_LOWER_PASSES_MEMBERLOCALS_H
#define LNR_REWRITE_LOWER_PASSES_MEMBERLOCALS_H

#include "rewrite/lower/Context.h"

namespace lnr::lower {

/// Tree in a block that first declares a local for each array of
/// NestSource::MemberArrays that Tree names, and names it by the local
/// everywhere in Tree (not in the file's verbatim text, nor in a
/// directive); Tree as it is when it names none.
void readMembersOnce(Context &C, Nodes &Tree);

} // namespace lnr::lower

#endif
