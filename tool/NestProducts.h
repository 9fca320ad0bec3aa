//===- NestProducts.h - Whether a nest computes a product to split -*- C++
//-*-===//
//
// The default remark policy speaks of a nest the recovery could not read
// only when fusion after distribution could have had something to gain in
// it: when the nest accumulates a product of three or more factors (two
// cannot be split into a cheaper pair of loops) into a value that no other
// product of the nest reads. That leaves out zeroing loops, copies, TACO's
// pack, unpack and assemble helpers, SpMV and SpMM, and the pieces of a
// nest already distributed, as the tool's own output writes them: `t +=
// a * b * c` whose `t` a later `t * e` reads is a producer, not a kernel.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_TOOL_NESTPRODUCTS_H
#define LNR_TOOL_NESTPRODUCTS_H

namespace clang {
class Stmt;
} // namespace clang

namespace lnr::tool {

/// Whether Nest assigns or accumulates a product of three or more factors
/// (constants not counted) into a value no other product of Scope (the
/// nest's function; the nest itself when null) reads, directly or through
/// the values it is added into. The whole function, because a producer
/// and its consumer may be two nests (a temporary filled by one parallel
/// loop, read by the next).
bool accumulatesLongProduct(const clang::Stmt *Nest,
                            const clang::Stmt *Scope = nullptr);

} // namespace lnr::tool

#endif
