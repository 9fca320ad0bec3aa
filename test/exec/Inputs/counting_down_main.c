/* Runs the original and the rewritten kernels of counting_down.c on random
 * CSR matrices (empty rows, n and K of 0, a NaN in C) and compares the
 * outputs, NaN and Inf included. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../harness/same_elem.h"

typedef void Kernel(int, int, int, const int *, const int *, const double *,
                    const double *, const double *, const double *, double *);
typedef void UnsignedKernel(unsigned, int, int, const int *, const int *,
                            const double *, const double *, const double *,
                            const double *, double *);
Kernel orig_down_post, rewr_down_post, orig_down_ge, rewr_down_ge,
    orig_down_c89, rewr_down_c89;
UnsignedKernel orig_down_unsigned, rewr_down_unsigned;

static unsigned seed = 77;
static int next(int n) {
  seed = seed * 1103515245u + 12345u;
  return (int)((seed >> 8) % (unsigned)n);
}

static int same(const char *what, int c, const double *X, const double *Y,
                int n) {
  for (int q = 0; q < n; q++) {
    double x = X[q], y = Y[q], err;
    if (!same_elem(x, y, fabs(x), 1.0, 1e-9, &err)) {
      printf("FAIL: %s, case %d: A[%d] = %g, rewritten %g\n", what, c, q, x, y);
      return 0;
    }
  }
  printf("ok: %s, case %d\n", what, c);
  return 1;
}

int main(void) {
  int ok = 1;
  for (int c = 0; c < 6; c++) {
    int n = c == 0 ? 0 : 1 + next(70), m = 1 + next(50);
    int K = c == 1 ? 0 : 1 + next(20), L = 1 + next(12);
    int *pos = malloc(sizeof(int) * (n + 1));
    int *crd = malloc(sizeof(int) * (n * 6 + 1));
    double *vals = malloc(sizeof(double) * (n * 6 + 1));
    pos[0] = 0;
    for (int r = 0; r < n; r++) {
      int count = next(4) == 0 ? 0 : 1 + next(6);
      for (int q = 0; q < count; q++) {
        crd[pos[r] + q] = next(m);
        vals[pos[r] + q] = (next(2001) - 1000) / 250.0;
      }
      pos[r + 1] = pos[r] + count;
    }
    double *C = malloc(sizeof(double) * (n * K + 1));
    double *D = malloc(sizeof(double) * (m * K + 1));
    double *E = malloc(sizeof(double) * (m * L + 1));
    for (int q = 0; q < n * K; q++)
      C[q] = (next(201) - 100) / 25.0;
    for (int q = 0; q < m * K; q++)
      D[q] = (next(201) - 100) / 25.0;
    for (int q = 0; q < m * L; q++)
      E[q] = (next(201) - 100) / 25.0;
    if (c == 4 && n * K > 0)
      C[next(n * K)] = NAN;
    double *A1 = malloc(sizeof(double) * (n * L + 1));
    double *A2 = malloc(sizeof(double) * (n * L + 1));
#define RUN(name, orig, rewr, rows)                                            \
  for (int q = 0; q <= n * L; q++)                                             \
    A1[q] = A2[q] = q % 3;                                                     \
  orig(rows, K, L, pos, crd, vals, C, D, E, A1);                               \
  rewr(rows, K, L, pos, crd, vals, C, D, E, A2);                               \
  ok &= same(name, c, A1, A2, n * L);
    RUN("i-- > 0", orig_down_post, rewr_down_post, n)
    RUN("i >= 0", orig_down_ge, rewr_down_ge, n)
    RUN("unsigned", orig_down_unsigned, rewr_down_unsigned, (unsigned)n)
    RUN("c89", orig_down_c89, rewr_down_c89, n)
    free(pos), free(crd), free(vals), free(C), free(D), free(E), free(A1),
        free(A2);
  }
  printf(ok ? "PASS\n" : "FAIL\n");
  return !ok;
}
