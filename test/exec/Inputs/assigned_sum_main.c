/* Runs the original and the rewritten kernels of assigned_sum.c (renamed
 * orig_* and rewr_*) on random CSR matrices, empty rows included: the
 * leading-dimension kernel with lda < L (overlapping rows), lda == L and
 * lda > L, and the row-length kernel; A starts from random values (the
 * kernels assign, and untouched elements must stay as they were) and must
 * come out equal element by element (|x - y| <= 1e-12 * max(1, |x|), the
 * rewrite reassociates the sums). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define KERNEL(name)                                                           \
  void name(int n, int K, int L, int lda, const int *rowptr,                   \
            const int *colidx, const double *vals, const double *C,            \
            const double *D, const double *E, double *A)
KERNEL(orig_assigned_lda);
KERNEL(rewr_assigned_lda);
#define ROWS(name)                                                             \
  void name(int n, int K, int L, const int *rowptr, const int *colidx,         \
            const double *vals, const double *C, const double *D,              \
            const double *E, double *A)
ROWS(orig_assigned_rows);
ROWS(rewr_assigned_rows);

static double uniform(void) { return 0.5 + (double)rand() / RAND_MAX; }

int main(void) {
  int failures = 0, checked = 0;
  srand(11);
  for (int round = 0; round < 60; round++) {
    int n = 1 + rand() % 10, m = 1 + rand() % 10;
    int K = 1 + rand() % 6, L = 2 + rand() % 6;
    int lda = round % 3 == 0 ? L - 1 - rand() % (L - 1) /* 1 .. L-1 */
              : round % 3 == 1 ? L
                               : L + 1 + rand() % 3;
    int *rowptr = malloc((n + 1) * sizeof(int));
    int *colidx = malloc((n * m + 1) * sizeof(int));
    double *vals = malloc((n * m + 1) * sizeof(double));
    rowptr[0] = 0;
    for (int i = 0; i < n; i++) {
      rowptr[i + 1] = rowptr[i];
      for (int j = 0; j < m; j++)
        if (rand() % 3 == 0) {
          colidx[rowptr[i + 1]] = j;
          vals[rowptr[i + 1]++] = uniform();
        }
    }
    double *C = malloc(n * K * sizeof(double));
    double *D = malloc(m * K * sizeof(double));
    double *E = malloc(m * L * sizeof(double));
    for (int x = 0; x < n * K; x++)
      C[x] = uniform();
    for (int x = 0; x < m * K; x++)
      D[x] = uniform();
    for (int x = 0; x < m * L; x++)
      E[x] = uniform();
    int size = n * (lda > L ? lda : L) + L;
    double *A0 = malloc(size * sizeof(double)), *A1 = malloc(size * sizeof(double));
    for (int kernel = 0; kernel < 2; kernel++) {
      for (int x = 0; x < size; x++)
        A0[x] = A1[x] = uniform();
      if (kernel == 0) {
        orig_assigned_lda(n, K, L, lda, rowptr, colidx, vals, C, D, E, A0);
        rewr_assigned_lda(n, K, L, lda, rowptr, colidx, vals, C, D, E, A1);
      } else {
        orig_assigned_rows(n, K, L, rowptr, colidx, vals, C, D, E, A0);
        rewr_assigned_rows(n, K, L, rowptr, colidx, vals, C, D, E, A1);
      }
      for (int x = 0; x < size; x++, checked++)
        if (!(fabs(A0[x] - A1[x]) <= 1e-12 * fmax(1.0, fabs(A0[x]))) &&
            failures++ < 10)
          printf("FAIL: %s, n %d, L %d, lda %d: A[%d] original %.17g, "
                 "rewritten %.17g\n",
                 kernel ? "assigned_rows" : "assigned_lda", n, L, lda, x,
                 A0[x], A1[x]);
    }
    free(rowptr), free(colidx), free(vals), free(C), free(D), free(E);
    free(A0), free(A1);
  }
  if (failures == 0)
    printf("PASS: %d elements equal\n", checked);
  return failures != 0;
}
