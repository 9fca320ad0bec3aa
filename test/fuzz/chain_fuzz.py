#!/usr/bin/env python3
"""Differential fuzzing of chains of sparse matrices: a nest whose second
(and third) matrix's compressed level is reached through the previous
matrix's coordinate ('j = B1crd[p1]; for (p2 = B2pos[j]; ...)').

Each case is one function: two or three CSR matrices in a chain, each
level after the first in CSR or MKL's four arrays, dense factors read at
the chain's coordinates (a vector at the last matrix's columns, a matrix
D(j, l) at the first's, F(i, l), a matrix at the last coordinate that only
a dense workspace would gain from), a loop over l innermost or right after
the first matrix's, with or without restrict (the output laid over a
dense factor in half the cases without), C89 declarations, an OpenMP
directive on the outer loop, the first matrix as a COO list (sorted or
shuffled). The original and the rewrite are compiled
into one driver (gcc, and clang-14 for every third case; the compile and
run steps are pair_fuzz.py's) and run on matrices with empty rows, rows
reached several times, sizes of 0, and either values of both signs with a
NaN or positive values with infinities (an infinity met by terms of both
signs may give NaN in one grouping and an infinity in another, which the
floating-point contract allows), at 1 and 2 threads, under a time limit;
every output element must be the original's.

    chain_fuzz.py --tool BIN [--seed S] [--cases N] [--work DIR] [--keep-all]
"""

import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import pair_fuzz  # noqa: E402  (its compile-and-run check)

COORDS = ["j", "k", "m"]  # the coordinates of the chain's matrices
POSITIONS = ["p1", "p2", "p3"]


class Case:
    """One generated chain kernel, its driver and what it computes."""

    def __init__(self, seed, number):
        r = random.Random("%d:%d:chain" % (seed, number))
        self.length = r.choice([2, 2, 3])
        self.four = [False] + [r.random() < 0.25
                               for _ in range(self.length - 1)]
        self.restrict = r.random() < 0.8
        self.c89 = r.random() < 0.2
        self.pragma = r.random() < 0.25
        self.with_l = r.random() < 0.8
        self.l_after_first = self.with_l and r.random() < 0.25
        last = COORDS[self.length - 1]
        dense = [("x", [last])]
        if self.with_l:
            dense.append(r.choice([("D", ["j", "l"]), ("D", ["j", "l"]),
                                   ("F", ["i", "l"]), ("G", [last, "l"])]))
        if r.random() < 0.3:
            dense.append(("h", ["j"]))
        r.shuffle(dense)
        self.dense = dense
        self.nonfinite = r.random() < 0.5
        self.data_seed = r.randrange(1 << 30)
        # The first matrix as a COO list (its positions sorted or
        # shuffled), a coordinate of which reaches the second's level.
        self.coo = r.random() < 0.25
        self.shuffled = self.coo and r.random() < 0.5
        # A directive on a COO loop races in the original (two positions,
        # one row).
        self.pragma = self.pragma and not self.coo
        # Without restrict, the output laid over a dense factor in half the
        # cases: the overlap test must run the original. Not under a
        # directive: the original's threads would race on it.
        self.overlay = r.random() < 0.5 and not self.restrict and \
            not self.pragma

    # The text of the kernel.
    def q(self, t):
        return "const %s *restrict " % t if self.restrict else \
            "const %s *" % t

    def params(self):
        P = ["int n", "int L", "int R1", "int R2", "int R3"]
        if self.coo:
            P.append("int nnz")
        for t in range(self.length):
            M = "B%d" % (t + 1)
            P.append(self.q("int") + M + ("row" if self.coo and t == 0
                                          else "pos"))
            if self.four[t]:
                P.append(self.q("int") + M + "end")
            P += [self.q("int") + M + "crd", self.q("double") + M + "v"]
        P += [self.q("double") + name for name, _ in self.dense]
        P.append(("double *restrict " if self.restrict else "double *") +
                 "A")
        return P

    def subscript(self, ix):
        widths = {"j": "R1", "k": "R2", "m": "R3", "l": "L", "i": "n"}
        if len(ix) == 1:
            return ix[0]
        return "%s * L + l" % ix[0] if ix[1] == "l" else \
            "%s * %s + %s" % (ix[0], widths[ix[1]], ix[1])

    def function(self):
        decl = "" if self.c89 else "int "
        lines = ["void fn(%s) {" % ", ".join(self.params())]
        positions = (["e"] if self.coo else POSITIONS[:1]) + \
            POSITIONS[1:self.length]
        inner = positions + COORDS[:self.length] + \
            (["l"] if self.with_l else [])
        if self.c89:
            lines.append("  int %s;" % ", ".join(["i"] + inner))
        ind = "  "
        if self.pragma:
            # Declared outside the loop, the inner variables are shared
            # unless the directive makes them private.
            lines.append("#pragma omp parallel for" +
                         (" private(%s)" % ", ".join(inner) if self.c89
                          else ""))
        if not self.coo:
            lines.append(ind + "for (%si = 0; i < n; i++)" % decl)
        parent = "i"
        for t in range(self.length):
            M, p, c = "B%d" % (t + 1), positions[t], COORDS[t]
            ind += "  "
            if self.coo and t == 0:
                lines.append(ind + "for (%se = 0; e < nnz; e++) {" % decl)
                lines.append(ind + "  %si = B1row[e];" % decl)
                lines.append(ind + "  %sj = B1crd[e];" % decl)
                parent = c
                if self.l_after_first:
                    ind += "  "
                    lines.append(ind + "for (%sl = 0; l < L; l++) {" % decl)
                continue
            end = ("%send[%s]" % (M, parent) if self.four[t] else
                   "%spos[%s + 1]" % (M, parent))
            lines.append(ind + "for (%s%s = %spos[%s]; %s < %s; %s++) {" %
                         (decl, p, M, parent, p, end, p))
            lines.append(ind + "  %s%s = %scrd[%s];" % (decl, c, M, p))
            parent = c
            if t == 0 and self.l_after_first:
                ind += "  "
                lines.append(ind + "for (%sl = 0; l < L; l++) {" % decl)
        if self.with_l and not self.l_after_first:
            ind += "  "
            lines.append(ind + "for (%sl = 0; l < L; l++) {" % decl)
        factors = ["B%dv[%s]" % (t + 1, positions[t])
                   for t in range(self.length)]
        factors += ["%s[%s]" % (name, self.subscript(ix))
                    for name, ix in self.dense]
        out = "A[i * L + l]" if self.with_l else "A[i]"
        lines.append(ind + "  %s += %s;" % (out, " * ".join(factors)))
        opened = self.length + (1 if self.with_l else 0)
        for _ in range(opened):
            lines.append(ind + "}")
            ind = ind[:-2]
        lines.append("}")
        return "\n".join(lines) + "\n"

    # The driver.
    def driver(self):
        args = ["n", "L", "R1", "R2", "R3"]
        if self.coo:
            args.append("B1.pos[n]")
        for t in range(self.length):
            M = "B%d" % (t + 1)
            args.append("B1row" if self.coo and t == 0 else "%s.pos" % M)
            if self.four[t]:
                args.append("%s.pos + 1" % M)
            args += ["%s.crd" % M, "%s.v" % M]
        sizes = {"j": "R1", "k": "R2", "m": "R3", "l": "L", "i": "n"}
        dense_alloc = []
        for name, ix in self.dense:
            size = " * ".join(sizes[x] for x in ix)
            dense_alloc.append(
                "  double *%s = values(%s + 1, %d);" % (name, size,
                                                         int(self.nonfinite)))
            args.append(name)
        rows = ["n", "R1", "R2"]
        cols = ["R1", "R2", "R3"]
        mats = "\n".join(
            "  struct Csr B%d = csr(%s, %s, %d);" % (t + 1, rows[t], cols[t],
                                                    int(self.nonfinite))
            for t in range(self.length))
        if self.coo:
            mats += "\n  int *B1row = rows_of(&B1, n, %d);" % int(self.shuffled)
        out = "n * L" if self.with_l else "n"
        orig, rewr = args + ["A1"], args + ["A2"]
        overlay = ""
        if self.overlay:
            # The output over the first dense factor: one array for both.
            name, ix = self.dense[0]
            at = args.index(name)
            size = " * ".join(sizes[x] for x in ix)
            out = "(%s > %s ? %s : %s)" % (size, out, size, out)
            overlay = ("  for (int q = 0; q < %s; q++)\n"
                       "    A1[q] = A2[q] = %s[q];\n") % (size, name)
            orig[at], rewr[at] = "A1", "A2"
        return DRIVER % {"seed": self.data_seed, "mats": mats,
                         "dense": "\n".join(dense_alloc), "out": out,
                         "overlay": overlay,
                         "params": ", ".join(self.params()),
                         "orig": ", ".join(orig), "rewr": ", ".join(rewr),
                         "nonfinite": int(self.nonfinite)}


DRIVER = r"""#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "harness/same_elem.h"

void orig_fn(%(params)s);
void rewr_fn(%(params)s);

static unsigned seed = %(seed)du;
static int next(int n) {
  seed = seed * 1103515245u + 12345u;
  return (int)((seed >> 8) %% (unsigned)n);
}

struct Csr {
  int *pos, *crd;
  double *v;
};

/* Rows rows over Columns columns: about a quarter of the rows empty, a
   column repeated in a row at times; values positive when Positive. */
static struct Csr csr(int Rows, int Columns, int Positive) {
  struct Csr M;
  M.pos = malloc(sizeof(int) * (Rows + 1));
  M.crd = malloc(sizeof(int) * (Rows * 6 + 1));
  M.v = malloc(sizeof(double) * (Rows * 6 + 1));
  M.pos[0] = 0;
  for (int r = 0; r < Rows; r++) {
    int count = next(4) == 0 ? 0 : 1 + next(6);
    for (int q = 0; q < count; q++) {
      M.crd[M.pos[r] + q] = next(Columns);
      M.v[M.pos[r] + q] =
          Positive ? (1 + next(999)) / 250.0 : (next(2001) - 1000) / 250.0;
    }
    M.pos[r + 1] = M.pos[r] + count;
  }
  return M;
}

/* The row of each position of M (Rows rows), as a COO list's; with
   Shuffle, the positions (row, coordinate and value) in random order. */
static int *rows_of(struct Csr *M, int Rows, int Shuffle) {
  int nnz = M->pos[Rows];
  int *Row = malloc(sizeof(int) * (nnz + 1));
  for (int r = 0; r < Rows; r++)
    for (int q = M->pos[r]; q < M->pos[r + 1]; q++)
      Row[q] = r;
  for (int q = nnz - 1; Shuffle && q > 0; q--) {
    int o = next(q + 1), t = Row[q], c = M->crd[q];
    double v = M->v[q];
    Row[q] = Row[o], M->crd[q] = M->crd[o], M->v[q] = M->v[o];
    Row[o] = t, M->crd[o] = c, M->v[o] = v;
  }
  return Row;
}

/* Values of both signs, one of them NaN; or positive, three infinite. */
static double *values(int Size, int Nonfinite) {
  double *V = malloc(sizeof(double) * Size);
  for (int q = 0; q < Size; q++)
    V[q] = Nonfinite ? (1 + next(99)) / 25.0 : (next(201) - 100) / 25.0;
  if (Size > 1) {
    if (Nonfinite)
      for (int q = 0; q < 3; q++)
        V[next(Size - 1)] = INFINITY;
    else if (next(3) == 0)
      V[next(Size - 1)] = NAN;
  }
  return V;
}

int main(void) {
  int n = next(5) == 0 ? 0 : 1 + next(40), L = next(6) == 0 ? 0 : 1 + next(9);
  int R1 = 1 + next(30), R2 = 1 + next(30), R3 = 1 + next(30);
  (void)R3;
%(mats)s
%(dense)s
  double *A1 = calloc(%(out)s + 1, sizeof(double));
  double *A2 = calloc(%(out)s + 1, sizeof(double));
%(overlay)s  orig_fn(%(orig)s);
  rewr_fn(%(rewr)s);
  for (int q = 0; q < %(out)s; q++) {
    double x = A1[q], y = A2[q], err;
    if (!same_elem(x, y, fabs(x), 1.0, 1e-9, &err)) {
      printf("FAIL: A[%%d] = %%g, rewritten %%g\n", q, x, y);
      return 1;
    }
  }
  printf("ok\n");
  return 0;
}
"""


if __name__ == "__main__":
    sys.exit(pair_fuzz.fuzz(Case, "chain", __doc__.split("\n")[0]))
