/* The original and the rewrite of sparse_output_assigned.c (renamed
 * lnr_original and lnr_rewritten; in the rewrite the fallback's marker
 * comment is replaced by 'lnr_fallback_runs++;') on a CSF tensor whose
 * positions are in order, with empty fibers and slices, with an Inf and a
 * NaN, and whose positions decrease: at level 1 (pos1 = {0, 3, 2, 5}: the
 * fibers of slices 0 and 2 share position 2, which the original assigns
 * twice), where the original nest must run, and at level 2, where each
 * fiber's sum is its own in the rewrite too and the rewrite runs. A must
 * be the original's in every case. */
#include <math.h>
#include <stdio.h>

#include "same_elem.h"

void lnr_original(int I, int L, int M, const int *pos1, const int *pos2,
                  const int *crd2, const double *vals, const double *C,
                  const double *D, double *A);
void lnr_rewritten(int I, int L, int M, const int *pos1, const int *pos2,
                   const int *crd2, const double *vals, const double *C,
                   const double *D, double *A);
int lnr_fallback_runs = 0;

enum { L = 3, M = 4, K = 4, NNZ2 = 9, NNZ1 = 5 };

static int run(const char *name, int I, const int *pos1, const int *pos2,
               int nonfinite, int expect_fallback) {
  const int crd2[NNZ2] = {0, 3, 1, 2, 0, 1, 3, 2, 0};
  double vals[NNZ2], C[K * L], D[L * M], A0[NNZ1 * M], A1[NNZ1 * M];
  for (int p = 0; p < NNZ2; p++)
    vals[p] = 1.0 + 0.25 * p;
  if (nonfinite) {
    vals[1] = INFINITY;
    vals[6] = NAN;
  }
  for (int x = 0; x < K * L; x++)
    C[x] = 0.5 + 0.125 * x;
  for (int x = 0; x < L * M; x++)
    D[x] = 1.0 - 0.0625 * x;
  for (int x = 0; x < NNZ1 * M; x++)
    A0[x] = A1[x] = 100.0 + x; /* stale values the kernel must replace */
  lnr_original(I, L, M, pos1, pos2, crd2, vals, C, D, A0);
  int before = lnr_fallback_runs;
  lnr_rewritten(I, L, M, pos1, pos2, crd2, vals, C, D, A1);
  int fallback = lnr_fallback_runs - before;
  double err;
  for (int x = 0; x < NNZ1 * M; x++)
    if (!same_elem(A0[x], A1[x], fabs(A0[x]), 1.0, 1e-12, &err)) {
      printf("FAIL %s: A[%d] = %.17g, the original's %.17g\n", name, x, A1[x],
             A0[x]);
      return 1;
    }
  if (fallback != expect_fallback) {
    printf("FAIL %s: the %s ran\n", name,
           fallback ? "original nest (fallback)" : "rewritten nest");
    return 1;
  }
  printf("ok: %s (%s)\n", name, fallback ? "fallback" : "rewritten nest");
  return 0;
}

int main(void) {
  /* Slices 0..3; slice 1 empty; fiber 3 empty. */
  const int pos1[5] = {0, 2, 2, 4, 5};
  const int pos2[6] = {0, 2, 4, 5, 5, 9};
  /* Slices 0 and 2 share position 2. */
  const int pos1_overlap[4] = {0, 3, 2, 5};
  /* Fibers 1 and 2 share positions 2 and 3. */
  const int pos2_overlap[6] = {0, 4, 2, 5, 5, 9};
  const int none[1] = {0};
  int failed = run("ordered", 4, pos1, pos2, 0, 0) +
               run("ordered, Inf and NaN", 4, pos1, pos2, 1, 0) +
               run("no slices", 0, none, pos2, 0, 0) +
               run("level 1 decreases", 3, pos1_overlap, pos2, 0, 1) +
               run("level 2 decreases", 4, pos1, pos2_overlap, 0, 0);
  printf(failed ? "FAIL\n" : "PASS: every element as the original's\n");
  return failed;
}
