/* The original and the rewrite of the <SpTTM, SpTTM> kernel of
 * test/lit/fuse/position-only.c (A at B's level-1 positions through TACO's
 * counter, rows of A3 elements, the m loop to D2), called with D2 <= A3
 * (rows apart: the rewrite runs) and with D2 > A3 (each row runs into the
 * next: the original nest runs, counted through the fallback's marker).
 * A, over all its elements, must be the original's in both. */
#include <math.h>
#include <stdio.h>

#include "same_elem.h"

int lnr_original(int I, int C2, int D2, int A3, const int *B2_pos,
                 const int *B3_pos, const int *B3_crd, const double *B_vals,
                 const double *C_vals, const double *D_vals, double *A_vals);
int lnr_rewritten(int I, int C2, int D2, int A3, const int *B2_pos,
                  const int *B3_pos, const int *B3_crd, const double *B_vals,
                  const double *C_vals, const double *D_vals, double *A_vals);
int lnr_fallback_runs = 0;

enum { I = 3, NF = 5, NNZ = 8, K = 4, C2 = 3, SIZE = 64 };

static int run(const char *name, int D2, int A3, int expect_fallback) {
  const int B2_pos[I + 1] = {0, 2, 2, 5};
  const int B3_pos[NF + 1] = {0, 2, 3, 5, 6, 8};
  const int B3_crd[NNZ] = {0, 3, 1, 2, 3, 0, 1, 2};
  double B[NNZ], C[K * C2], D[C2 * 8], A0[SIZE], A1[SIZE];
  for (int x = 0; x < NNZ; x++)
    B[x] = 1.0 + 0.5 * x;
  for (int x = 0; x < K * C2; x++)
    C[x] = 0.25 * (x + 1);
  for (int x = 0; x < C2 * 8; x++)
    D[x] = 1.0 - 0.125 * x;
  for (int x = 0; x < SIZE; x++)
    A0[x] = A1[x] = 0.5 * x;
  lnr_original(I, C2, D2, A3, B2_pos, B3_pos, B3_crd, B, C, D, A0);
  int before = lnr_fallback_runs;
  lnr_rewritten(I, C2, D2, A3, B2_pos, B3_pos, B3_crd, B, C, D, A1);
  int fallback = lnr_fallback_runs - before;
  double err;
  for (int x = 0; x < SIZE; x++)
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
  int failed = run("D2 = A3", 4, 4, 0) + run("D2 < A3", 3, 5, 0) +
               run("D2 > A3, rows overlap", 6, 4, 1);
  printf(failed ? "FAIL\n" : "PASS\n");
  return failed;
}
