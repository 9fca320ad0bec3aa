/* The original and the rewrite of pattern.c (renamed orig_<name> and
 * rewr_<name>) on one unweighted graph with empty rows: finite values; an
 * empty sum (K == 0, which the sigmoid turns into a weight of 1/2 and the
 * LeakyReLU into 0) with infinities in the consumers' operands; NaN and
 * infinities in the producers' operands; no row; the output of the nest
 * without restrict overlapping an input (the overlap test runs the
 * original). Every element as the original's, NaN- and Inf-aware
 * (same_elem.h); the float kernel to float's rounding. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../harness/same_elem.h"

#define BOTH(name, params)                                                     \
  void orig_##name params;                                                     \
  void rewr_##name params;
BOTH(pattern_nest,
     (int n, int K, int L, const int *pos, const int *crd, const double *C,
      const double *D, const double *E, double *A))
BOTH(pattern_sigmoid,
     (int64_t n, int64_t dim, const int64_t *indptr, const int64_t *indices,
      const float *X, const float *Y, float *O))
BOTH(pattern_scores_kept,
     (int n, int K, int L, const int *pos, const int *crd, const double *C,
      const double *D, const double *E, double *S, double *A))
BOTH(pattern_edges,
     (int m, int K, int L, const int *src, const int *dst, const double *C,
      const double *D, const double *E, double *A))
BOTH(pattern_edges_narrow,
     (int m, int K, int L, const int *src, const int *dst, const double *C,
      const double *D, const double *E, double *A))
BOTH(pattern_gcn, (int n, int F, int G, const int *pos, const int *crd,
                   const double *X, const double *W, double *out))

enum { N = 13, K = 9, L = 7, NNZ = 50 };
static int pos[N + 1], crd[NNZ];
static int64_t pos64[N + 1], crd64[NNZ];
/* The graph's edges as a list: by row (sorted), and reversed (not). */
static int src[2][NNZ], dst[2][NNZ];
static double C[N * K], D[N * K], E[N * L], W[K * L];
static float X[N * K], Y[N * K];

static void build(void) {
  int p = 0;
  for (int r = 0; r < N; r++) {
    pos[r] = p;
    /* rows 2 and 7 empty, row 11 with a repeated neighbour */
    for (int t = 0; r != 2 && r != 7 && t < 1 + r % 5 && p < NNZ; t++, p++)
      crd[p] = r == 11 ? 4 : (r * 2 + 3 * t) % N;
  }
  pos[N] = p;
  for (int x = 0; x <= N; x++)
    pos64[x] = pos[x];
  for (int x = 0; x < p; x++)
    crd64[x] = crd[x];
  for (int r = 0; r < N; r++)
    for (int x = pos[r]; x < pos[r + 1]; x++) {
      src[0][x] = src[1][p - 1 - x] = r;
      dst[0][x] = dst[1][p - 1 - x] = crd[x];
    }
  for (int x = 0; x < N * K; x++) {
    C[x] = 0.25 + 0.01 * x;
    D[x] = 1.5 - 0.02 * x;
    X[x] = (float)(0.05 * (x % 11) - 0.2);
    Y[x] = (float)(0.3 - 0.04 * (x % 7));
  }
  for (int x = 0; x < N * L; x++)
    E[x] = -0.75 + 0.03 * x;
  for (int x = 0; x < K * L; x++)
    W[x] = 0.5 - 0.01 * x;
}

static int same_floats(const char *name, const float *a, const float *b,
                       int n) {
  for (int x = 0; x < n; x++) {
    double err;
    if (!same_elem(a[x], b[x], fabs((double)a[x]), 1.0, 1e-5, &err)) {
      printf("FAIL %s: O[%d] = %.9g, the original's %.9g\n", name, x, b[x],
             a[x]);
      return 0;
    }
  }
  printf("ok: %s\n", name);
  return 1;
}

/* The five functions, original and rewrite (the edge list sorted, then
 * not), on the same operands; the
 * outputs start at 1. With Overlap, pattern_nest's output is its E. */
static int run(const char *what, int n, int k, int l, int overlap) {
  static double out[2][N * L + N * K], scores[2][NNZ];
  static float fout[2][N * K];
  char name[128];
  int ok = 1;
  for (int f = 0; f < 6; f++) {
    double copy[2][N * L];
    for (int v = 0; v < 2; v++) {
      for (int x = 0; x < N * L + N * K; x++)
        out[v][x] = 1;
      for (int x = 0; x < N * K; x++)
        fout[v][x] = 1;
      for (int x = 0; x < NNZ; x++)
        scores[v][x] = -1;
      memcpy(copy[v], E, sizeof E);
      double *a = overlap && f == 0 ? copy[v] : out[v];
      const double *e = overlap && f == 0 ? copy[v] : E;
      if (f == 0)
        (v ? rewr_pattern_nest : orig_pattern_nest)(n, k, l, pos, crd, C, D, e,
                                                    a);
      else if (f == 1)
        (v ? rewr_pattern_sigmoid : orig_pattern_sigmoid)(n, k, pos64, crd64, X,
                                                          Y, fout[v]);
      else if (f == 2)
        (v ? rewr_pattern_scores_kept : orig_pattern_scores_kept)(
            n, k, l, pos, crd, C, D, E, scores[v], out[v]);
      else if (f == 3)
        (v ? rewr_pattern_gcn : orig_pattern_gcn)(n, k, l, pos, crd, C, W,
                                                  out[v]);
      else
        (v ? rewr_pattern_edges : orig_pattern_edges)(
            pos[n], k, l, src[f - 4], dst[f - 4], C, D, E, out[v]);
      if (overlap && f == 0)
        memcpy(out[v], copy[v], sizeof copy[v]);
    }
    static const char *const names[] = {"nest", "sigmoid", "scores_kept",
                                        "gcn",  "edges",   "edges unsorted"};
    snprintf(name, sizeof name, "%s, %s", names[f], what);
    if (f == 1)
      ok &= same_floats(name, fout[0], fout[1], N * K);
    else
      ok &= same_array(name, out[0], out[1], N * L + N * K);
    if (f == 2) {
      snprintf(name, sizeof name, "scores, %s", what);
      ok &= same_array(name, scores[0], scores[1], NNZ);
    }
  }
  return ok;
}

/* pattern_edges_narrow, original and rewrite, on the sorted list with m
 * edges. */
static int narrow(const char *what, int m) {
  static double out[2][N * L];
  for (int v = 0; v < 2; v++) {
    for (int x = 0; x < N * L; x++)
      out[v][x] = 1;
    (v ? rewr_pattern_edges_narrow
       : orig_pattern_edges_narrow)(m, K, L, src[0], dst[0], C, D, E, out[v]);
  }
  return same_array(what, out[0], out[1], N * L);
}

int main(void) {
  int ok = 1;
  build();
  ok &= run("finite", N, K, L, 0);
  ok &= run("the output is an input", N, K, L, 1);
  E[4 * L + 1] = INFINITY; /* row 4 is every neighbour of row 11 */
  W[2] = -INFINITY;
  E[3 * L] = NAN;
  Y[4 * K + 2] = INFINITY;
  ok &= run("an empty sum times an infinity", N, 0, L, 0);
  ok &= run("infinities among the operands", N, K, L, 0);
  build();
  C[5 * K + 1] = NAN;
  D[4 * K] = -INFINITY;
  X[3 * K] = NAN;
  Y[6 * K + 1] = -INFINITY;
  ok &= run("NaN and infinities in the sums", N, K, L, 0);
  ok &= run("no row", 0, K, L, 0);
  build();
  ok &= run("L == 0", N, K, 0, 0);
  ok &= narrow("edges narrow", pos[N]);
  /* A bound below the position's first value, in the original's types. */
  ok &= narrow("edges narrow, m == -1", -1);
  printf(ok ? "PASS: every output as the original's\n" : "FAIL\n");
  return !ok;
}
