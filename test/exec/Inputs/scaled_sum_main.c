/* The original and the rewrite of scaled_sum.c (renamed orig_<name> and
 * rewr_<name>) on one CSR matrix: finite values; K == 0 with an infinite
 * and a NaN scale (the original stores NaN, the sum of no scaled terms
 * would be 0: the rewrite runs the original); an infinite scale times a
 * zero term and terms of both signs (the original's infinity, NaN scaled
 * term by term: the rewrite runs the original); infinities and a NaN among
 * the operands; L == 0 and no row with null dense arrays (the original
 * reads none). Every element as the original's (same_elem.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../harness/same_elem.h"

#define BOTH(name, params)                                                     \
  void orig_##name params;                                                     \
  void rewr_##name params;
BOTH(scaled_csr, (int n, int K, int L, const int *pos, const int *crd,
                  const double *B, const double *C, const double *D,
                  const double *E, double *A))
BOTH(scaled_copy, (int n, int K, int L, double alpha, const int *pos,
                   const int *crd, const double *B, const double *C,
                   const double *D, const double *E, double *A))

enum { N = 9, K = 8, L = 6, NNZ = 30 };
static int pos[N + 1], crd[NNZ];
static double vals[NNZ], C[N * K], D[N * K], E[N * L];
static double out[2][N * L];

static void build(void) {
  int p = 0;
  for (int r = 0; r < N; r++) {
    pos[r] = p;
    for (int t = 0; t < 1 + r % 5 && p < NNZ; t++, p++) {
      crd[p] = (r * 2 + 3 * t) % N;
      vals[p] = 0.5 + 0.125 * p;
    }
  }
  pos[N] = p;
  for (int x = 0; x < N * K; x++) {
    C[x] = 0.25 + 0.01 * x;
    D[x] = 1.5 - 0.02 * x;
  }
  for (int x = 0; x < N * L; x++)
    E[x] = -0.75 + 0.03 * x;
}

/* Both functions, original and rewrite, on the same operands (null where
 * Null says); the output starts at 1 everywhere. */
static int run(const char *what, int n, int k, int l, int null) {
  int ok = 1;
  for (int f = 0; f < 2; f++) {
    for (int v = 0; v < 2; v++) {
      for (int x = 0; x < N * L; x++)
        out[v][x] = 1;
      const double *c = null ? NULL : C, *d = null ? NULL : D;
      if (f == 0)
        (v ? rewr_scaled_csr : orig_scaled_csr)(n, k, l, pos, crd, vals, c, d,
                                                E, out[v]);
      else
        (v ? rewr_scaled_copy : orig_scaled_copy)(n, k, l, -1.5, pos, crd,
                                                  vals, c, d, E, out[v]);
    }
    char name[128];
    snprintf(name, sizeof name, "%s, %s", f ? "copy" : "csr", what);
    ok &= same_array(name, out[0], out[1], N * L);
  }
  return ok;
}

int main(void) {
  int ok = 1;
  build();
  ok &= run("finite", N, K, L, 0);
  vals[3] = INFINITY;
  vals[7] = NAN;
  ok &= run("K == 0, an infinite and a NaN scale", N, 0, L, 0);
  ok &= run("an infinite and a NaN scale", N, K, L, 0);
  /* vals[3] (row 2) times a zero term and terms of both signs: the
   * original's infinity, where terms scaled one by one give NaN. */
  C[2 * K] = 0;
  C[2 * K + 1] = -40;
  ok &= run("an infinite scale, a zero term and terms of both signs", N, K, L,
            0);
  build();
  vals[3] = 2;
  vals[7] = 3;
  C[5] = INFINITY;
  D[11] = -INFINITY;
  E[4] = NAN;
  ok &= run("infinities and a NaN in C, D and E", N, K, L, 0);
  build();
  ok &= run("L == 0, null arrays", N, K, 0, 1);
  ok &= run("no row, null arrays", 0, K, L, 1);
  printf("%s\n", ok ? "PASS: every output as the original's" : "FAIL");
  return ok ? 0 : 1;
}
