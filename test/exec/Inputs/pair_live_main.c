/* The original and the rewrite of pair_live.c (renamed orig_ and rewr_):
 * both outputs, the temporary still read after the two nests and A, as
 * the original's (same_elem.h): finite values, an empty sum times an
 * infinity, a NaN and an infinite scale, no row; and the temporary laid
 * over the consumer's input E, where the overlap test must run the
 * original. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../harness/same_elem.h"

typedef void kernel(int n, int K, int L, const int *pos, const int *crd,
                    const double *B, const double *C, const double *D,
                    const double *E, double *T, double *A);
kernel orig_live_param, rewr_live_param, orig_live_local, rewr_live_local,
    orig_live_rows, rewr_live_rows, orig_live_restrict, rewr_live_restrict;

enum { N = 11, K = 9, L = 7, NNZ = 40, TN = 128 };
static int pos[N + 1], crd[NNZ];
static double vals[NNZ], C[N * K], D[N * K], E[2][TN];
static double out[2][N * L], tmp[2][TN];

static void build(void) {
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
    C[x] = 0.25 - 0.01 * x;
    D[x] = 1.5 - 0.02 * x;
  }
  for (int x = 0; x < TN; x++)
    E[0][x] = E[1][x] = -0.75 + 0.03 * x;
}

/* Overlaid: the temporary is E itself (each variant its own copy; not
 * for the restrict temporary). l: the columns of A the kernels run. */
static int run(const char *what, int n, int k, int l, int overlaid) {
  static kernel *const orig[] = {orig_live_param, orig_live_local,
                                 orig_live_rows, orig_live_restrict};
  static kernel *const rewr[] = {rewr_live_param, rewr_live_local,
                                 rewr_live_rows, rewr_live_restrict};
  static const char *const names[] = {"param", "local", "rows", "restrict"};
  int ok = 1;
  for (int f = 0; f < 4 - overlaid; f++) {
    double saved[TN];
    memcpy(saved, E[0], sizeof saved);
    for (int v = 0; v < 2; v++) {
      for (int x = 0; x < N * L; x++)
        out[v][x] = 1;
      memset(tmp[v], 0, sizeof tmp[v]);
      memcpy(E[v], saved, sizeof saved);
      double *T = overlaid ? E[v] + 3 : tmp[v];
      (v ? rewr : orig)[f](n, k, l, pos, crd, vals, C, D, E[v], T, out[v]);
    }
    char name[128];
    snprintf(name, sizeof name, "%s, %s", names[f], what);
    ok &= same_array(name, out[0], out[1], N * L);
    snprintf(name, sizeof name, "%s, %s, the temporary", names[f], what);
    ok &= same_array(name, tmp[0], tmp[1], TN);
    ok &= same_array(name, E[0], E[1], TN);
    memcpy(E[0], saved, sizeof saved);
    memcpy(E[1], saved, sizeof saved);
  }
  return ok;
}

int main(void) {
  int ok = 1;
  build();
  ok &= run("finite", N, K, L, 0);
  ok &= run("the temporary over an input", N, K, L, 1);
  E[0][4 * L + 1] = E[1][4 * L + 1] = INFINITY;
  ok &= run("an empty sum times an infinity", N, 0, L, 0);
  build();
  vals[3] = INFINITY;
  vals[7] = NAN;
  ok &= run("an infinite and a NaN scale", N, K, L, 0);
  build();
  ok &= run("no row", 0, K, L, 0);
  ok &= run("no column", N, K, 0, 0);
  /* Rows 3 and 5 share a position (row 4 empty): the original's consumer
   * reads the value row 5 stored there, for both. */
  pos[5] = pos[4] - 1;
  ok &= run("overlapping rows", N, K, L, 0);
  printf("%s\n", ok ? "PASS: every output as the original's"
                    : "FAIL: an output differs");
  return !ok;
}
