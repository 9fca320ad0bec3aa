//===- Context.h - What the lowering and its passes share ------*- C++ -*-===//
//
// The facts of one nest the lowering reads again and again: the kernel, the
// recovered source, the temporaries and their C names, the names picked so
// far, and how each IR access is spelled in the file (as Code, with the
// IR's indices as holes). Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_LOWER_CONTEXT_H
#define LNR_REWRITE_LOWER_CONTEXT_H

#include "rewrite/lower/Lowering.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace lnr::lower {

class Context {
public:
  Context(const ir::Kernel &K, const NestSource &S, const LowerOptions &Opts,
          const NestFacts &Facts, NamePicker Names);

  const ir::Kernel &K;
  const NestSource &S;
  const LowerOptions &Opts;
  const NestFacts &Facts;
  /// Every name the nest declares; those of the rewrite around it (the
  /// scans', the overlap test's) picked already.
  NamePicker Names;

  /// Text lexed with the nest's indices, aliases and positions as holes.
  /// The lowering builds the same texts again and again (a subscript, a
  /// bound): each is lexed once.
  const Code &code(const std::string &Text) const {
    auto It = Lexed.find(Text);
    if (It == Lexed.end())
      It = Lexed.emplace(Text, Code::lex(Text, Holes)).first;
    return It->second;
  }

  // Temporaries.
  std::map<std::string, std::string> CName; // IR temporary -> C identifier
  std::vector<ir::Temporary> Vectors;       // per thread
  std::vector<ir::Temporary> Globals;       // once, shared
  std::set<std::string> ZeroedInFill;       // full temporaries not to calloc

  const ir::Temporary *temporary(const std::string &Name) const;
  bool isGlobal(const std::string &Temp) const;
  bool hasVectors() const { return !Vectors.empty(); }
  /// Shared temporaries other than full scalars.
  bool hasGlobals() const;
  const std::string &cName(const std::string &Temp) const {
    return CName.at(Temp);
  }

  // Loops.
  /// Whether the loop over Index is written with the file's own header (L,
  /// the graph's loop, iterates as the file's did).
  bool keepsFileHeader(const std::string &Index,
                       const ir::Loop *L = nullptr) const;
  /// The file's header for a loop over Index or, where the graph iterates
  /// densely what the file iterated sparsely, one over its extent.
  std::optional<LoopHeader> loopHeader(const std::string &Index,
                                       const ir::Loop *L = nullptr) const;
  /// Whether `#pragma omp for` may go on L's header.
  bool workshareable(const ir::Loop &L) const;
  /// A dense loop the file writes from 0 to a known extent.
  bool denseFromZero(const ir::Loop &L) const;
  /// 'int k = 0;', or 'k = 0;' for a variable declared before the nest.
  Code startAtZero(const std::string &Index) const;
  /// 'k + By', an unrolled loop's last index, compared with the extent;
  /// for a counter narrower than int, converted as the header compares
  /// it ('(unsigned int)(k + 7)' for 'unsigned char k < K' with an
  /// unsigned K: 'k + 7' is an int).
  std::string ahead(const std::string &Index, unsigned By) const;
  /// Why a dense loop over a coordinate read in place cannot be written.
  std::optional<Refusal> inPlace(const std::string &Index) const;

  // Sizes and subscripts, as C text.
  std::string extent(const std::string &Index) const;
  std::string allocationExtent(const std::string &Index) const;
  std::string subscript(const std::vector<std::string> &Indices,
                        bool Wide = false) const;
  /// The number of positions of the first P.Levels levels of a tensor.
  std::optional<std::string> positionsCount(const ir::PatternSource &P) const;

  // Accesses, as the file spells them.
  const ir::Access *accessOf(const std::string &Tensor) const;
  /// A temporary's element, the output, or a factor as written; none (and
  /// maybe a Problem) when it has no source.
  std::optional<Code> access(const ir::Access &A);
  /// A's statement without its ';' ('A[i * L + l] += t * E[j * L + l]'),
  /// each factor whose access ("vals(i,j)") Read names read from that name
  /// instead; none (and maybe a Problem) when an access has no source.
  std::optional<Code>
  statementText(const ir::Assignment &A,
                const std::map<std::string, std::string> &Read = {});
  /// A factor with the dense positions it reads written out.
  std::optional<Code> inlinedFactor(const ir::Access &A) const;
  /// The position of A among the statement's factors when it is one as
  /// written (not a temporary).
  std::optional<size_t> sourceFactor(const ir::Access &A) const;
  /// Whether A reads a pattern's ones (NestSource::Factor::Pattern).
  bool isPattern(const ir::Access &A) const;
  /// Whether a product of Stmt's factors leaves F out: a pattern's ones,
  /// where some other factor is multiplied.
  bool leftOut(const ir::Assignment &Stmt, const ir::Access &F) const;
  /// Text, factor I's, as an operand of a product the rewrite writes:
  /// '(long)vals[p]' where the original's product converts it
  /// (NestSource::Factor::Converted), so that every product is computed in
  /// the type the original computes it in, however it is grouped.
  Code asOperand(size_t I, Code Text) const;
  std::optional<Code> aliasInit(const std::string &Name) const;
  /// A factor or temporary as an unrolled statement reads it.
  std::optional<Code> factorText(const ir::Access &X);
  /// The output with its aliases written out, anything else factorText().
  std::optional<Code> jamText(const ir::Access &X);
  /// The sum of the products for KIndex + each offset (UnrollJam.h).
  std::optional<Code> jamSum(const ir::Assignment &A, const std::string &KIdx,
                             const std::vector<unsigned> &Offsets,
                             const std::vector<std::string> *Hoisted = nullptr,
                             const std::string &LIndex = "");
  std::optional<Code>
  jamStatement(const ir::Assignment &A, const std::string &KIdx,
               const std::vector<unsigned> &Offsets,
               const std::vector<std::string> *Hoisted = nullptr,
               const std::string &LIndex = "");

  /// The loops open around what is being lowered, outermost first.
  std::vector<const ir::Loop *> Enclosing;
  /// Found while lowering, reported in place of the tree.
  std::optional<Refusal> Problem;

private:
  std::set<std::string> Holes;
  mutable std::unordered_map<std::string, Code> Lexed;
};

/// Count, or 1 when it is not positive: '(K > 0 ? K : 1)'.
std::string atLeastOne(const std::string &Count);
/// C, parenthesized unless it is simple or an array's element.
std::string operand(const std::string &C);

} // namespace lnr::lower

#endif
