/* The original and the versioned rewrite of dcsr_alias_versioned.c
 * (renamed lnr_original_* and lnr_rewritten_*; in the rewrite the
 * fallback's marker comment is replaced by 'lnr_fallback_runs++;') called
 * on two identical arenas that hold every array, the output placed disjoint
 * from the inputs or overlapping one of them. B is a 10 x 10 DCSR matrix
 * whose root lists rows 2, 3, 5, 6, 7 and 9 (rows 0, 1, 4 and 8 absent,
 * row 6 an explicit empty fiber), two nonzeros in each other row. Every
 * element of the arena must come out as the original's (NaN, Inf aware);
 * the overlapping calls must run the fallback, the disjoint ones the
 * rewritten nest. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../harness/same_elem.h"

typedef void kernel(int K, int L, const int *pos1, const int *crd1,
                    const int *pos2, const int *crd2, const double *vals,
                    const double *C, const double *D, const double *E,
                    double *A);
kernel lnr_original_sddmm_spmm, lnr_rewritten_sddmm_spmm;
kernel lnr_original_spmm_gemm, lnr_rewritten_spmm_gemm;
int lnr_fallback_runs = 0;

enum { M = 512, N = 10, ROOT = 6 };
static const int rows[ROOT] = {2, 3, 5, 6, 7, 9};
/* Doubles and ints share the arena, so the output may overlap crd1. */
typedef union {
  double d[M];
  int i[2 * M];
} Arena;
static Arena orig, rewr;

/* Offsets into the arena (in doubles) of each array. */
struct Layout {
  const char *name;
  int K, L;
  int pos1, crd1, pos2, crd2, vals, C, D, E, A;
  int nonfinite; /* an Inf and a NaN among vals */
  int empty;     /* pos1 = {0, 0}: the root lists no row */
  int overlaps;  /* expected: the fallback runs */
  int kernel;    /* 0: sddmm_spmm, 1: spmm_gemm */
};

static void fill(Arena *a, const struct Layout *c) {
  for (int x = 0; x < M; x++)
    a->d[x] = 0.25 + 0.001 * ((x * 37) % 101);
  int *pos1 = &a->i[2 * c->pos1], *crd1 = &a->i[2 * c->crd1];
  int *pos2 = &a->i[2 * c->pos2], *crd2 = &a->i[2 * c->crd2];
  pos1[0] = 0;
  pos1[1] = c->empty ? 0 : ROOT;
  pos2[0] = 0;
  for (int q = 0; q < ROOT; q++) {
    int r = rows[q], n = r == 6 ? 0 : 2;
    crd1[q] = r;
    pos2[q + 1] = pos2[q] + n;
    if (n) {
      int lo = r < (r + 3) % N ? r : (r + 3) % N;
      crd2[pos2[q]] = lo;
      crd2[pos2[q] + 1] = lo == r ? (r + 3) % N : r;
    }
  }
  if (c->nonfinite) {
    a->d[c->vals + 1] = INFINITY;
    a->d[c->vals + 4] = NAN;
  }
}

static void call(kernel *f, Arena *a, const struct Layout *c) {
  f(c->K, c->L, &a->i[2 * c->pos1], &a->i[2 * c->crd1], &a->i[2 * c->pos2],
    &a->i[2 * c->crd2], &a->d[c->vals], &a->d[c->C], &a->d[c->D],
    &a->d[c->E], &a->d[c->A]);
}

int main(void) {
  /* K = L = 3: C, D, E and A hold N * 3 = 30 doubles. Regions: pos1 at 0,
   * crd1 at 2, pos2 at 6, crd2 at 12, vals at 20, C at 32, D at 64, E at
   * 96, A at 160 when disjoint. The rows written are 2 to 9: A[6..30). */
  const struct Layout cases[] = {
      {"disjoint", 3, 3, 0, 2, 6, 12, 20, 32, 64, 96, 160, 0, 0, 0, 0},
      {"disjoint, Inf and NaN", 3, 3, 0, 2, 6, 12, 20, 32, 64, 96, 160, 1, 0,
       0, 0},
      {"A is C", 3, 3, 0, 2, 6, 12, 20, 32, 64, 96, 32, 0, 0, 1, 0},
      {"A's rows 2, 3 over E's end", 3, 3, 0, 2, 6, 12, 20, 32, 64, 96, 114,
       0, 0, 1, 0},
      /* Rows 0 and 1 of A, which the root does not list, over E's last
       * two rows: the rows written (2 to 9) are apart from every input,
       * but the scan of crd1 ranges the rows from 0 (its minimum is at
       * most 0), so the test runs the original, which is what it must. */
      {"A's unlisted rows over E", 3, 3, 0, 2, 6, 12, 20, 32, 64, 96, 120, 0,
       0, 1, 0},
      {"A is vals shifted by 2", 3, 3, 0, 2, 6, 12, 20, 32, 64, 96, 22, 0, 0,
       1, 0},
      /* L = 1, crd1 at 300 (ints 600..605): A[9] is crd1[4..5] and A[7]
       * crd1[0..1], written after the original nest has read them. */
      {"A over crd1", 3, 1, 0, 300, 6, 12, 20, 32, 64, 96, 293, 0, 0, 1, 0},
      /* No row: the original nest reads pos1 only, the test runs it. */
      {"empty root", 3, 3, 0, 2, 6, 12, 20, 32, 64, 96, 160, 0, 1, 1, 0},
      {"spmm_gemm, disjoint", 3, 3, 0, 2, 6, 12, 20, 32, 64, 96, 160, 0, 0, 0,
       1},
      {"spmm_gemm, A is D", 3, 3, 0, 2, 6, 12, 20, 32, 64, 96, 64, 0, 0, 1,
       1},
      {"spmm_gemm, A over crd1", 3, 1, 0, 300, 6, 12, 20, 32, 64, 96, 293, 0,
       0, 1, 1},
  };
  int bad = 0;
  for (unsigned c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    const struct Layout *l = &cases[c];
    fill(&orig, l);
    fill(&rewr, l);
    if (memcmp(&orig, &rewr, sizeof orig) != 0)
      return 2;
    int before = lnr_fallback_runs;
    kernel *const originals[] = {lnr_original_sddmm_spmm,
                                 lnr_original_spmm_gemm};
    kernel *const rewrites[] = {lnr_rewritten_sddmm_spmm,
                                lnr_rewritten_spmm_gemm};
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
