/* Runs the original and the rewritten sddmm_spmm_repeat (renamed
 * lnr_original and lnr_rewritten) on random CSR matrices, empty rows
 * included, with a NaN in C and an infinity in E, and compares A element by
 * element: equal when both are NaN, both the same infinity, or finite with
 * |x - y| <= 1e-12 * max(1, |x|) (the rewrite reassociates the sums). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "../harness/same_elem.h"

void lnr_original(int iter, int n, int K, int L, const int *rowptr,
                  const int *colidx, const double *vals, const double *C,
                  const double *D, const double *E, double *A);
void lnr_rewritten(int iter, int n, int K, int L, const int *rowptr,
                   const int *colidx, const double *vals, const double *C,
                   const double *D, const double *E, double *A);

static double uniform(void) { return 0.5 + (double)rand() / RAND_MAX; }

int main(void) {
  int failures = 0, checked = 0, special = 0;
  srand(7);
  for (int round = 0; round < 40; round++) {
    int n = 1 + rand() % 12, m = 1 + rand() % 12;
    int K = 1 + rand() % 9, L = 1 + rand() % 9, iter = rand() % 4;
    int *rowptr = malloc((n + 1) * sizeof(int));
    int *colidx = malloc(n * m * sizeof(int) + sizeof(int));
    double *vals = malloc(n * m * sizeof(double) + sizeof(double));
    rowptr[0] = 0;
    for (int i = 0; i < n; i++) {
      rowptr[i + 1] = rowptr[i];
      if (rand() % 3 == 0)
        continue; /* an empty row */
      for (int j = 0; j < m; j++)
        if (rand() % 2) {
          colidx[rowptr[i + 1]] = j;
          vals[rowptr[i + 1]++] = uniform();
        }
    }
    double *C = malloc(n * K * sizeof(double)), *D = malloc(m * K * sizeof(double));
    double *E = malloc(m * L * sizeof(double));
    double *A0 = malloc(n * L * sizeof(double)), *A1 = malloc(n * L * sizeof(double));
    for (int x = 0; x < n * K; x++)
      C[x] = uniform();
    for (int x = 0; x < m * K; x++)
      D[x] = uniform();
    for (int x = 0; x < m * L; x++)
      E[x] = uniform();
    if (round % 4 == 1)
      C[rand() % (n * K)] = NAN;
    if (round % 4 == 2)
      E[rand() % (m * L)] = INFINITY;
    for (int x = 0; x < n * L; x++)
      A0[x] = A1[x] = uniform() - 1.0;
    lnr_original(iter, n, K, L, rowptr, colidx, vals, C, D, E, A0);
    lnr_rewritten(iter, n, K, L, rowptr, colidx, vals, C, D, E, A1);
    for (int x = 0; x < n * L; x++) {
      checked++;
      special += !isfinite(A0[x]);
      if (!same_value(A0[x], A1[x])) {
        if (failures++ < 10)
          printf("FAIL: round %d, A[%d]: original %.17g, rewritten %.17g\n",
                 round, x, A0[x], A1[x]);
      }
    }
    free(rowptr), free(colidx), free(vals), free(C), free(D), free(E);
    free(A0), free(A1);
  }
  if (special == 0) {
    printf("FAIL: no NaN or infinity reached the output\n");
    return 1;
  }
  if (failures == 0)
    printf("PASS: %d elements equal, %d of them NaN or infinite\n", checked,
           special);
  return failures != 0;
}
