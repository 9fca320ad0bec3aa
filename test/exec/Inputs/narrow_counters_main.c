/* narrow_counters.c's kernels, original and rewritten, on the same inputs
 * with K = 250 (unsigned char counters) and K = 125 (signed char), with 1
 * and 2 threads; elements compare as same_elem.h's (NaN and infinity
 * aware). The test's time limit catches a loop that never ends. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#include "../harness/same_elem.h"

#define KERNEL(name)                                                           \
  void name(int, int, int, const int *, const int *, const double *,           \
            const double *, const double *, const double *, double *)
KERNEL(u8_orig);
KERNEL(u8_rewr);
KERNEL(s8_orig);
KERNEL(s8_rewr);

enum { N = 30, PER_ROW = 3, NNZ = N * PER_ROW, KMAX = 250, L = 300 };
static int rowptr[N + 1], colidx[NNZ];
static double vals[NNZ], C[N * KMAX], D[N * KMAX], E[N * L], A0[N * L],
    A1[N * L];

typedef void (*kernel_fn)(int, int, int, const int *, const int *,
                          const double *, const double *, const double *,
                          const double *, double *);

static int run(const char *name, kernel_fn orig, kernel_fn rewr, int K) {
  for (int x = 0; x < N * L; x++)
    A0[x] = A1[x] = x % 3;
  orig(N, K, L, rowptr, colidx, vals, C, D, E, A0);
  rewr(N, K, L, rowptr, colidx, vals, C, D, E, A1);
  return same_array(name, A0, A1, N * L);
}

int main(void) {
  srand(7);
  for (int i = 0; i <= N; i++)
    rowptr[i] = i * PER_ROW;
  for (int p = 0; p < NNZ; p++) {
    colidx[p] = rand() % N;
    vals[p] = (rand() % 64) / 8.0;
  }
  for (int x = 0; x < N * KMAX; x++) {
    C[x] = (rand() % 64) / 16.0;
    D[x] = (rand() % 64) / 16.0;
  }
  for (int x = 0; x < N * L; x++)
    E[x] = (rand() % 64) / 32.0;
  int ok = 1;
  for (int threads = 1; threads <= 2; threads++) {
    omp_set_num_threads(threads);
    ok &= run("unsigned char k < 250", u8_orig, u8_rewr, 250);
    ok &= run("signed char k < 125", s8_orig, s8_rewr, 125);
  }
  printf(ok ? "PASS: narrow counters as the original\n" : "FAIL\n");
  return !ok;
}
