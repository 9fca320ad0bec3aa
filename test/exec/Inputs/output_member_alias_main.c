/* The original and the tool's output of output_member_alias.c (renamed
 * lnr_original and lnr_rewritten) on a small square CSR matrix whose rows
 * read each other's rows of A: A must come out the same. */
#include <math.h>
#include <stdio.h>

void lnr_original(int n, int K, int L, const int *rowptr, const int *colidx,
                  const double *vals, const double *C, const double *D,
                  double *A);
void lnr_rewritten(int n, int K, int L, const int *rowptr, const int *colidx,
                   const double *vals, const double *C, const double *D,
                   double *A);

enum { N = 4, K = 3, L = 3 };

int main(void) {
  /* Row i reads rows i and (i + 1) % N of A. */
  int rowptr[N + 1] = {0, 2, 4, 6, 8};
  int colidx[8] = {0, 1, 1, 2, 2, 3, 3, 0};
  double vals[8], C[N * K], D[N * K], A0[N * L], A1[N * L];
  for (int x = 0; x < 8; x++)
    vals[x] = 0.5 + 0.125 * x;
  for (int x = 0; x < N * K; x++)
    C[x] = 0.25 + 0.0625 * x, D[x] = 1.0 - 0.03125 * x;
  for (int x = 0; x < N * L; x++)
    A0[x] = A1[x] = 1.0 + 0.5 * x;
  lnr_original(N, K, L, rowptr, colidx, vals, C, D, A0);
  lnr_rewritten(N, K, L, rowptr, colidx, vals, C, D, A1);
  int bad = 0;
  for (int x = 0; x < N * L; x++)
    if (!(fabs(A0[x] - A1[x]) <= 1e-12 * fmax(1.0, fabs(A0[x])))) {
      printf("FAIL: A[%d]: original %.17g, rewritten %.17g\n", x, A0[x],
             A1[x]);
      bad = 1;
    }
  if (!bad)
    printf("PASS: every element of A as the original's\n");
  return bad;
}
