/* The original and the rewrite of pair_map.c (renamed orig_ and rewr_) on
 * one CSR matrix with empty rows: finite values; an empty sum (K == 0),
 * which the original stores as f(0), 0.5 for the sigmoid, and multiplies
 * by the consumer's infinities; an infinite and a NaN scale; large scores
 * (exp overflows to infinity); terms that cancel, scaled after the sum;
 * a sum the step's jump tells apart from its regrouping; L == 0; no row. Every
 * element as the original's (same_elem.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../harness/same_elem.h"

typedef void kernel(int n, int K, int L, const int *pos, const int *crd,
                    const double *B, const double *C, const double *D,
                    const double *E, double *A);
kernel orig_pair_sigmoid, rewr_pair_sigmoid, orig_pair_leaky, rewr_pair_leaky,
    orig_pair_relu, rewr_pair_relu, orig_pair_exp, rewr_pair_exp,
    orig_pair_row_relu, rewr_pair_row_relu, orig_pair_row_over_f,
    rewr_pair_row_over_f, orig_pair_step, rewr_pair_step;

enum { N = 11, K = 9, L = 7, NNZ = 40 };
static int pos[N + 1], crd[NNZ];
static double vals[NNZ], C[N * K], D[N * K], E[N * L];
static double out[2][N * L];

static void build(double size) {
  int p = 0;
  for (int r = 0; r < N; r++) {
    pos[r] = p;
    for (int t = 0; r != 2 && r != 7 && t < 1 + r % 5 && p < NNZ; t++, p++) {
      crd[p] = (r * 2 + 3 * t) % N;
      vals[p] = 0.5 + 0.125 * p;
    }
  }
  pos[N] = p;
  for (int x = 0; x < N * K; x++) {
    C[x] = size * (0.25 - 0.01 * x);
    D[x] = size * (1.5 - 0.02 * x);
  }
  for (int x = 0; x < N * L; x++)
    E[x] = -0.75 + 0.03 * x;
}

/* Every kernel, or only the one named Only. */
static int run_only(const char *what, int n, int k, int l, const char *only) {
  static kernel *const orig[] = {
      orig_pair_sigmoid,  orig_pair_leaky,      orig_pair_relu, orig_pair_exp,
      orig_pair_row_relu, orig_pair_row_over_f, orig_pair_step};
  static kernel *const rewr[] = {
      rewr_pair_sigmoid,  rewr_pair_leaky,      rewr_pair_relu, rewr_pair_exp,
      rewr_pair_row_relu, rewr_pair_row_over_f, rewr_pair_step};
  static const char *const names[] = {"sigmoid",  "leaky",      "relu", "exp",
                                      "row_relu", "row_over_f", "step"};
  int ok = 1;
  for (int f = 0; f < 7; f++) {
    if (only && strcmp(only, names[f]) != 0)
      continue;
    for (int v = 0; v < 2; v++) {
      for (int x = 0; x < N * L; x++)
        out[v][x] = 1;
      (v ? rewr : orig)[f](n, k, l, pos, crd, vals, C, D, E, out[v]);
    }
    char name[128];
    snprintf(name, sizeof name, "%s, %s", names[f], what);
    ok &= same_array(name, out[0], out[1], N * L);
  }
  return ok;
}

static int run(const char *what, int n, int k, int l) {
  return run_only(what, n, k, l, NULL);
}

int main(void) {
  int ok = 1;
  build(1);
  ok &= run("finite", N, K, L);
  E[4 * L + 1] = INFINITY;
  E[2 * L] = NAN;
  ok &= run("an empty sum times an infinity", N, 0, L);
  build(1);
  vals[3] = INFINITY;
  vals[7] = NAN;
  ok &= run("an infinite and a NaN scale", N, K, L);
  build(40);
  ok &= run("large scores", N, K, L);
  /* Terms that cancel exactly in the original's order, scaled by 1e10
   * after the sum: scaled first, they would overflow to inf - inf. Scores
   * of both signs for the row sums over f. */
  build(1);
  for (int x = 0; x < N; x++) {
    C[x * 2] = 1e300;
    C[x * 2 + 1] = -1e300;
    D[x * 2] = D[x * 2 + 1] = 1;
  }
  for (int p = 0; p < NNZ; p++)
    vals[p] = 1e10;
  ok &= run("terms that cancel", N, 2, L);
  /* A sum that is 1 in the original's order (1e16 - 1e16 + 1) and 0 when
   * eight partial sums regroup it (1e16 + (-1e16 + 1)): the step is 1.
   * (The continuous functions would move by more than a rounding here,
   * as the sum itself does, docs/floating-point.md.) */
  build(1);
  for (int x = 0; x < N * K; x++) {
    C[x] = x % K == 0 ? 1e16 : x % K == 4 ? -1e16 : x % K == 5 ? 1 : 0;
    D[x] = 1;
  }
  ok &= run_only("a sum at the jump", N, K, L, "step");
  build(1);
  ok &= run("L == 0", N, K, 0);
  ok &= run("no row", 0, K, L);
  printf(ok ? "PASS: every output as the original's\n" : "FAIL\n");
  return !ok;
}
