/* Runs the original and the rewritten kernels of mkl_csr.c (renamed
 * orig_* and rewr_*) on four-array CSR matrices whose rows are stored out
 * of order with gaps between them (the gaps hold NaN values and
 * out-of-range columns: reading one shows), and on the three-array form
 * passed as pntrb = rowptr, pntre = rowptr + 1; empty rows included, and
 * compares A element by element, NaN-aware, within 1e-12 relative. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "../harness/same_elem.h"

void orig_sddmm_spmm(int, int, int, const int *, const int *, const int *,
                     const double *, const double *, const double *,
                     const double *, double *);
void rewr_sddmm_spmm(int, int, int, const int *, const int *, const int *,
                     const double *, const double *, const double *,
                     const double *, double *);
void orig_spmm_gemm(int, int, int, const int *, const int *, const int *,
                    const double *, const double *, const double *, double *);
void rewr_spmm_gemm(int, int, int, const int *, const int *, const int *,
                    const double *, const double *, const double *, double *);

static double uniform(void) { return 0.5 + (double)rand() / RAND_MAX; }

int main(void) {
  int failures = 0, checked = 0;
  srand(11);
  for (int round = 0; round < 60; round++) {
    int n = 1 + rand() % 40, m = 1 + rand() % 12;
    int K = 1 + rand() % 9, L = 1 + rand() % 9;
    int cap = n * (m + 3) + 1;
    int *pntrb = malloc(n * sizeof(int)), *pntre = malloc(n * sizeof(int));
    int *rowptr = malloc((n + 1) * sizeof(int));
    int *colidx = malloc(cap * sizeof(int));
    double *vals = malloc(cap * sizeof(double));
    for (int x = 0; x < cap; x++) {
      colidx[x] = 1 << 28; /* a gap: far out of D's and E's range */
      vals[x] = NAN;
    }
    int three = round % 3 == 0; /* rowptr, rowptr + 1 */
    /* The rows in a random order, each after a gap of 0 to 2 slots. */
    int *order = malloc(n * sizeof(int));
    for (int i = 0; i < n; i++)
      order[i] = i;
    for (int i = n - 1; i > 0 && !three; i--) {
      int s = rand() % (i + 1), t = order[i];
      order[i] = order[s], order[s] = t;
    }
    int at = 0;
    for (int r = 0; r < n; r++) {
      int i = order[r];
      at += three ? 0 : rand() % 3;
      pntrb[i] = rowptr[i] = at;
      if (rand() % 4)
        for (int j = 0; j < m; j++)
          if (rand() % 2) {
            colidx[at] = j;
            vals[at++] = uniform();
          }
      pntre[i] = rowptr[i + 1] = at;
    }
    const int *b = three ? rowptr : pntrb, *e = three ? rowptr + 1 : pntre;
    double *C = malloc(n * K * sizeof(double) + m * K * sizeof(double));
    double *D = malloc((m > K ? m : K) * (K > L ? K : L) * sizeof(double));
    double *E = malloc(m * L * sizeof(double));
    double *A0 = malloc(n * L * sizeof(double)),
           *A1 = malloc(n * L * sizeof(double));
    for (int x = 0; x < n * K + m * K; x++)
      C[x] = uniform();
    for (int x = 0; x < (m > K ? m : K) * (K > L ? K : L); x++)
      D[x] = uniform();
    for (int x = 0; x < m * L; x++)
      E[x] = uniform();
    if (round % 5 == 1)
      E[rand() % (m * L)] = INFINITY;
    for (int kernel = 0; kernel < 2; kernel++) {
      for (int x = 0; x < n * L; x++)
        A0[x] = A1[x] = uniform() - 1.0;
      if (kernel == 0) {
        orig_sddmm_spmm(n, K, L, b, e, colidx, vals, C, D, E, A0);
        rewr_sddmm_spmm(n, K, L, b, e, colidx, vals, C, D, E, A1);
      } else {
        orig_spmm_gemm(n, K, L, b, e, colidx, vals, C, D, A0);
        rewr_spmm_gemm(n, K, L, b, e, colidx, vals, C, D, A1);
      }
      for (int x = 0; x < n * L; x++) {
        checked++;
        if (!same_value(A0[x], A1[x]) && failures++ < 10)
          printf("FAIL: round %d, kernel %d, A[%d]: original %.17g, "
                 "rewritten %.17g\n",
                 round, kernel, x, A0[x], A1[x]);
      }
    }
    free(pntrb), free(pntre), free(rowptr), free(colidx), free(vals);
    free(order), free(C), free(D), free(E), free(A0), free(A1);
  }
  if (failures == 0)
    printf("PASS: %d elements equal\n", checked);
  return failures != 0;
}
