/* Runs the original and the rewritten block_spmm_gemm with the operand C
   placed right after an inaccessible page: a rewrite that reads a row of
   C the original does not (before the block's first) faults. Then
   compares the outputs, NaN and Inf included. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

typedef void Kernel(int, int, int, int, const int *, const int *,
                    const double *, const double *, const double *, double *);
Kernel block_orig, block_rewr;

int main(void) {
  int n = 2000, m = 3, K = 8, L = 8, j0 = 50;
  int *pos = malloc(sizeof(int) * (n + 1));
  int *crd = malloc(sizeof(int) * 2 * n);
  double *Bv = malloc(sizeof(double) * 2 * n);
  double *D = malloc(sizeof(double) * K * L);
  double *A1 = calloc((size_t)n * L, sizeof(double));
  double *A2 = calloc((size_t)n * L, sizeof(double));
  pos[0] = 0;
  for (int i = 0; i < n; i++) {
    crd[2 * i] = j0 + i % m;
    crd[2 * i + 1] = j0 + (i + 1) % m;
    pos[i + 1] = 2 * i + 2;
  }
  for (int q = 0; q < 2 * n; q++)
    Bv[q] = 1 + q % 5;
  for (int q = 0; q < K * L; q++)
    D[q] = q % 7;
  long page = sysconf(_SC_PAGESIZE);
  char *memory = mmap(0, 2 * page, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (memory == MAP_FAILED || mprotect(memory, page, PROT_NONE) != 0) {
    printf("FAIL: no guard page\n");
    return 1;
  }
  double *C = (double *)(memory + page);
  for (int q = 0; q < m * K; q++)
    C[q] = q % 3;
  block_orig(n, K, L, j0, pos, crd, Bv, C, D, A1);
  block_rewr(n, K, L, j0, pos, crd, Bv, C, D, A2);
  for (int q = 0; q < n * L; q++) {
    double x = A1[q], y = A2[q];
    if (isnan(x) != isnan(y) || isinf(x) != isinf(y) ||
        (isfinite(x) && !(fabs(x - y) <= 1e-9 * (1 + fabs(x))))) {
      printf("FAIL: A[%d] = %g, rewritten %g\n", q, x, y);
      return 1;
    }
  }
  printf("PASS\n");
  return 0;
}
