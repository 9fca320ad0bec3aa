/* The original and the versioned rewrite of alias_versioned.c (renamed
 * lnr_original and lnr_rewritten; in the rewrite the fallback's marker
 * comment is replaced by 'lnr_fallback_runs++;') called on two identical
 * arenas that hold every array, the output placed disjoint from the inputs
 * or overlapping one of them. Every element of the arena must come out as
 * the original's (NaN, Inf aware); the overlapping calls must run the
 * fallback, the disjoint ones the rewritten nest. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../harness/same_elem.h"

typedef void kernel(int n, int K, int L, const int *rowptr, const int *colidx,
                    const double *vals, const double *C, const double *D,
                    const double *E, double *A);
kernel lnr_original, lnr_rewritten;
/* The rows of A in reverse (a negative coefficient). */
kernel lnr_original_reversed, lnr_rewritten_reversed;
/* Positions counted from the row's start. */
kernel lnr_original_relative, lnr_rewritten_relative;
int lnr_fallback_runs = 0;

enum { M = 512 };
/* Doubles and ints share the arena, so the output may overlap colidx. */
typedef union {
  double d[M];
  int i[2 * M];
} Arena;
static Arena orig, rewr;

/* Offsets into the arena (in doubles) of each array. */
struct Layout {
  const char *name;
  int n, K, L;
  int rowptr, colidx, vals, C, D, E, A; /* colidx, rowptr: in doubles */
  int nonfinite;                        /* an Inf and a NaN among vals */
  int overlaps;                         /* expected: the fallback runs */
  int kernel; /* 0: sddmm_spmm, 1: reversed, 2: relative */
  /* rowptr decreases: {0, 12, 4, 6, 8, 10, 8} (n = 6): row 0 reads
   * positions 0 to 11, past rowptr[n] = 8; rows 1 and 5 read none. */
  int decreasing;
};

static void fill(Arena *a, const struct Layout *c) {
  for (int x = 0; x < M; x++)
    a->d[x] = 0.25 + 0.001 * ((x * 37) % 101);
  /* Two nonzeros per row: columns i and (i + 2) % n. */
  int *rowptr = &a->i[2 * c->rowptr], *colidx = &a->i[2 * c->colidx];
  for (int r = 0; r <= c->n; r++)
    rowptr[r] = 2 * r;
  for (int r = 0; r < c->n; r++)
    colidx[2 * r] = r, colidx[2 * r + 1] = (r + 2) % c->n;
  if (c->decreasing) {
    rowptr[1] = 12;
    rowptr[6] = 8;
  }
  if (c->nonfinite) {
    a->d[c->vals + 1] = INFINITY;
    a->d[c->vals + 4] = NAN;
  }
}

static void call(kernel *f, Arena *a, const struct Layout *c) {
  f(c->n, c->K, c->L, &a->i[2 * c->rowptr], &a->i[2 * c->colidx],
    &a->d[c->vals], &a->d[c->C], &a->d[c->D], &a->d[c->E], &a->d[c->A]);
}

int main(void) {
  /* n = 6, K = L = 3: A and C both hold n * 3 doubles. Regions: rowptr at
   * 0 (4 doubles), colidx at 8 (6 doubles), vals at 16, C at 32, D at 64,
   * E at 96, A at 128 when disjoint. */
  const struct Layout cases[] = {
      {"disjoint", 6, 3, 3, 0, 8, 16, 32, 64, 96, 128, 0, 0},
      {"disjoint, Inf and NaN", 6, 3, 3, 0, 8, 16, 32, 64, 96, 128, 1, 0},
      {"A is C", 6, 3, 3, 0, 8, 16, 32, 64, 96, 32, 0, 1},
      {"A is C shifted by 3", 6, 3, 3, 0, 8, 16, 32, 64, 96, 35, 0, 1},
      {"A ends in E", 6, 3, 3, 0, 8, 16, 32, 64, 96, 80, 0, 1},
      {"A is vals shifted by 2", 6, 3, 3, 0, 8, 16, 32, 64, 96, 18, 0, 1},
      /* L = 1: row i of A covers colidx[2i - 2], colidx[2i - 1], which the
       * original nest has read when it writes them. */
      {"A over colidx", 6, 3, 1, 0, 8, 16, 32, 64, 96, 7, 0, 1},
      /* rowptr at 4 (ints 8..14): row i of A covers rowptr[2i - 6] and
       * rowptr[2i - 5], read by then. */
      {"A over rowptr", 6, 3, 1, 4, 8, 16, 32, 64, 96, 1, 0, 1},
      /* No rows: the original nest reads nothing, the test runs it. */
      {"no rows", 0, 3, 3, 0, 8, 16, 32, 64, 96, 128, 0, 1},
      /* Reversed rows: A[0] is written last, at i = n - 1; a test that took
       * the wrong end for the negative coefficient would see A as
       * [15, 18) only, and miss C's end below it. */
      {"reversed, disjoint", 6, 3, 3, 0, 8, 16, 32, 64, 96, 128, 0, 0, 1},
      {"reversed, A starts in C's last row", 6, 3, 3, 0, 8, 16, 32, 72, 96, 48,
       0, 1, 1},
      /* The test bounds positions by [rowptr[0], rowptr[n]) = [0, 8), which
       * holds only when rowptr never decreases; here the nest reads vals[8]
       * to vals[11] too, and A (L = 1, 6 doubles) covers vals[9] to [14]:
       * the check of the order sends it to the original nest. */
      {"rowptr decreases, A over vals past rowptr[n]", 6, 3, 1, 0, 8, 16, 32,
       64, 96, 25, 0, 1, 0, 1},
      {"rowptr decreases, disjoint", 6, 3, 1, 0, 8, 16, 32, 64, 96, 128, 0, 1,
       0, 1},
      {"relative, disjoint", 6, 3, 3, 0, 8, 16, 32, 64, 96, 128, 0, 0, 2},
      {"relative, A is vals shifted by 2", 6, 3, 3, 0, 8, 16, 32, 64, 96, 18,
       0, 1, 2},
      /* Not A over rowptr: the relative original reads rowptr[i] again at
       * every element, after it has overwritten it, and runs off the
       * arena; the absolute kernel's case above covers rowptr. */
      {"relative, A over colidx", 6, 3, 1, 0, 8, 16, 32, 64, 96, 7, 0, 1, 2},
  };
  int bad = 0;
  for (unsigned c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    const struct Layout *l = &cases[c];
    fill(&orig, l);
    fill(&rewr, l);
    if (memcmp(&orig, &rewr, sizeof orig) != 0)
      return 2;
    int before = lnr_fallback_runs;
    kernel *const originals[] = {lnr_original, lnr_original_reversed,
                                 lnr_original_relative};
    kernel *const rewrites[] = {lnr_rewritten, lnr_rewritten_reversed,
                                lnr_rewritten_relative};
    call(originals[l->kernel], &orig, l);
    call(rewrites[l->kernel], &rewr, l);
    int fallback = lnr_fallback_runs - before;
    if (fallback != l->overlaps) {
      printf("FAIL: %s: the %s ran\n", l->name,
             fallback ? "original nest (fallback)" : "rewritten nest");
      bad = 1;
    }
    int differ = 0;
    for (int x = 0; x < M; x++)
      if (!same_value(orig.d[x], rewr.d[x])) {
        if (!differ++)
          printf("FAIL: %s: arena[%d]: original %.17g, rewritten %.17g\n",
                 l->name, x, orig.d[x], rewr.d[x]);
        bad = 1;
      }
    if (!differ && fallback == l->overlaps)
      printf("ok: %s (%s)\n", l->name,
             fallback ? "fallback" : "rewritten nest");
  }
  if (!bad)
    printf("PASS: every element as the original's, each call on the "
           "expected path\n");
  return bad;
}
