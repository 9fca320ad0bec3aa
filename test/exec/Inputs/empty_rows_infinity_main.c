/* Rows with no nonzeros next to an infinity in W: the original
 * <SDDMM, SpMM, GEMM> adds nothing to an empty row of A, so the rewrite
 * must leave it as it was (0 * inf would write a NaN there). Every element
 * of A must come out bit for bit the same class (NaN, inf or finite within
 * a relative 1e-12) as the original's. */
#include <math.h>
#include <stdio.h>

void lnr_original(int n, int K, int L, int M, const int *rowptr,
                  const int *colidx, const double *vals, const double *C,
                  const double *D, const double *F, const double *W,
                  double *A);
void lnr_rewritten(int n, int K, int L, int M, const int *rowptr,
                   const int *colidx, const double *vals, const double *C,
                   const double *D, const double *F, const double *W,
                   double *A);

enum { N = 5, K = 3, L = 2, M = 4 };

int main(void) {
  /* Rows 0, 2 and 4 are empty. */
  int rowptr[N + 1] = {0, 0, 2, 2, 3, 3};
  int colidx[3] = {1, 3, 0};
  double vals[3] = {0.5, 1.5, 2.0};
  double C[N * K], D[N * K], F[N * L], W[L * M];
  for (int x = 0; x < N * K; x++)
    C[x] = 0.25 + 0.125 * x, D[x] = 1.0 + 0.0625 * x;
  for (int x = 0; x < N * L; x++)
    F[x] = 0.75 + 0.5 * x;
  for (int x = 0; x < L * M; x++)
    W[x] = 1.0 + x;
  W[0 * M + 1] = INFINITY; /* row l = 0 of W: every A(i, 1) */
  W[1 * M + 3] = -INFINITY;
  double A0[N * M], A1[N * M];
  for (int x = 0; x < N * M; x++)
    A0[x] = A1[x] = 10.0 + x;
  lnr_original(N, K, L, M, rowptr, colidx, vals, C, D, F, W, A0);
  lnr_rewritten(N, K, L, M, rowptr, colidx, vals, C, D, F, W, A1);
  int bad = 0;
  for (int x = 0; x < N * M; x++) {
    int same = isnan(A0[x])   ? isnan(A1[x])
               : isinf(A0[x]) ? A1[x] == A0[x]
                              : isfinite(A1[x]) &&
                                    fabs(A1[x] - A0[x]) <= 1e-12 * fabs(A0[x]);
    if (!same) {
      printf("FAIL: A[%d] (row %d, col %d): original %g, rewritten %g\n", x,
             x / M, x % M, A0[x], A1[x]);
      bad = 1;
    }
  }
  if (!bad)
    printf("PASS: every element of A as the original's, empty rows "
           "untouched\n");
  return bad;
}
