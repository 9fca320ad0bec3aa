/* The original and the rewrite of pair_invariant_factor.c (renamed orig_
 * and rewr_) on a CSR matrix with empty rows and dense operands: finite
 * values; an infinite D in an empty row, with K == 0 and not; an infinite
 * W; no row. Every element as the original's (same_elem.h). */
#include <math.h>
#include <stdio.h>

#include "../harness/same_elem.h"

#define BOTH(name, params)                                                     \
  void orig_##name params;                                                     \
  void rewr_##name params;
BOTH(invariant_csr,
     (int n, int F, int G, const int *pos, const int *crd, const double *vals,
      const double *X, const double *D, const double *W, double *out))
BOTH(invariant_dense,
     (int n, int K, int F, int G, const double *X, const double *Y,
      const double *D, const double *W, double *out))

enum { N = 9, K = 3, F = 5, G = 4, NNZ = 24 };
static int pos[N + 1], crd[NNZ];
static double vals[NNZ], X[N * (K > F ? K : F)], Y[K * F], D[N * F], W[F * G];
static double out[2][N * G];

static void build(void) {
  int p = 0;
  for (int r = 0; r < N; r++) {
    pos[r] = p;
    /* rows 2 and 6 empty */
    for (int t = 0; r != 2 && r != 6 && t < 1 + r % 4 && p < NNZ; t++, p++) {
      crd[p] = (r + 2 * t) % N;
      vals[p] = 0.75 - 0.0625 * p;
    }
  }
  pos[N] = p;
  for (int x = 0; x < N * (K > F ? K : F); x++)
    X[x] = 0.5 + 0.03 * x;
  for (int x = 0; x < K * F; x++)
    Y[x] = -1.25 + 0.2 * x;
  for (int x = 0; x < N * F; x++)
    D[x] = 2.0 - 0.05 * x;
  for (int x = 0; x < F * G; x++)
    W[x] = 0.25 + 0.1 * x;
}

static int run(const char *what, int n, int k) {
  int ok = 1;
  for (int f = 0; f < 2; f++) {
    for (int v = 0; v < 2; v++) {
      for (int x = 0; x < N * G; x++)
        out[v][x] = 1;
      if (f == 0)
        (v ? rewr_invariant_csr : orig_invariant_csr)(n, F, G, pos, crd, vals,
                                                      X, D, W, out[v]);
      else
        (v ? rewr_invariant_dense : orig_invariant_dense)(n, k, F, G, X, Y, D,
                                                          W, out[v]);
    }
    char name[128];
    snprintf(name, sizeof name, "%s, %s", f ? "dense" : "csr", what);
    ok &= same_array(name, out[0], out[1], N * G);
  }
  return ok;
}

int main(void) {
  int ok = 1;
  build();
  ok &= run("finite", N, K);
  ok &= run("finite, K == 0", N, 0);
  /* Row 2 has no nonzero: the original stores 0 there, whatever D is. */
  D[2 * F + 1] = INFINITY;
  D[6 * F + 3] = -INFINITY;
  ok &= run("an infinite D in an empty row", N, K);
  ok &= run("an infinite D, K == 0", N, 0);
  build();
  W[3] = INFINITY;
  ok &= run("an infinite W", N, K);
  ok &= run("an infinite W, K == 0", N, 0);
  ok &= run("no row", 0, K);
  printf(ok ? "PASS: every output as the original's\n" : "FAIL\n");
  return !ok;
}
