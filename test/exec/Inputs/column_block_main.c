/* Runs the original and the rewritten kernels of column_block.c with the
   operand C's rows right after an inaccessible page: a rewrite that reads
   a row of C the original does not (before the first the coordinates
   reach) faults. Then compares the outputs, NaN and Inf included. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

typedef void Block(int, int, int, int, const int *, const int *, const double *,
                   const double *, const double *, double *);
typedef void OneBased(int, int, int, const int *, const int *, const double *,
                      const double *, const double *, double *);
Block block_orig, block_rewr;
OneBased one_based_orig, one_based_rewr;

enum { N = 2000, M = 3, K = 8, L = 8 };

static int same(const char *what, const double *A1, const double *A2) {
  for (int q = 0; q < N * L; q++) {
    double x = A1[q], y = A2[q];
    if (isnan(x) != isnan(y) || isinf(x) != isinf(y) ||
        (isfinite(x) && !(fabs(x - y) <= 1e-9 * (1 + fabs(x))))) {
      printf("FAIL: %s: A[%d] = %g, rewritten %g\n", what, q, x, y);
      return 0;
    }
  }
  return 1;
}

int main(void) {
  int *pos = malloc(sizeof(int) * (N + 1));
  int *crd = malloc(sizeof(int) * 2 * N);
  double *Bv = malloc(sizeof(double) * 2 * N);
  double *D = malloc(sizeof(double) * K * L);
  double *A1 = calloc((size_t)N * L, sizeof(double));
  double *A2 = calloc((size_t)N * L, sizeof(double));
  long page = sysconf(_SC_PAGESIZE);
  char *memory = mmap(0, 2 * page, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (memory == MAP_FAILED || mprotect(memory, page, PROT_NONE) != 0) {
    printf("FAIL: no guard page\n");
    return 1;
  }
  double *Rows = (double *)(memory + page); /* M rows, the guard before */
  for (int q = 0; q < M * K; q++)
    Rows[q] = q % 3;
  for (int q = 0; q < 2 * N; q++)
    Bv[q] = 1 + q % 5;
  for (int q = 0; q < K * L; q++)
    D[q] = q % 7;

  /* Columns j0 .. j0 + M - 1, C[(j - j0) * K + k]. */
  int j0 = 50;
  pos[0] = 0;
  for (int i = 0; i < N; i++) {
    crd[2 * i] = j0 + i % M;
    crd[2 * i + 1] = j0 + (i + 1) % M;
    pos[i + 1] = 2 * i + 2;
  }
  block_orig(N, K, L, j0, pos, crd, Bv, Rows, D, A1);
  block_rewr(N, K, L, j0, pos, crd, Bv, Rows, D, A2);
  if (!same("column block", A1, A2))
    return 1;

  /* Columns 1 .. M, C passed one row before its first: C[j * K + k]. */
  for (int q = 0; q < 2 * N; q++)
    crd[q] -= j0 - 1;
  memset(A1, 0, sizeof(double) * N * L);
  memset(A2, 0, sizeof(double) * N * L);
  one_based_orig(N, K, L, pos, crd, Bv, Rows - K, D, A1);
  one_based_rewr(N, K, L, pos, crd, Bv, Rows - K, D, A2);
  if (!same("one-based", A1, A2))
    return 1;
  printf("PASS\n");
  return 0;
}
