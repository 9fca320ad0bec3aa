/* The original and the rewrite of omp_team.c (renamed orig_<name> and
 * rewr_<name>) on one matrix with empty rows: finite values; K == 0 and
 * L == 0 (the rewrite skips its loop, and the barrier after it must still
 * hold); NaN and infinities (of one sign: docs/floating-point.md) in the
 * operands; no row; team_norms's output overlapping its C (the original
 * runs; row i of C is read only by the iteration that writes row i of the
 * output, so the original is free of races at any number of threads).
 * Every element as the original's, NaN- and Inf-aware (same_elem.h). */
#include <math.h>
#include <stdio.h>

#include "../harness/same_elem.h"

#define BOTH(ret, name, params)                                                \
  ret orig_##name params;                                                      \
  ret rewr_##name params;
BOTH(void, team_norms,
     (int n, int K, int L, const int *pos, const int *crd, const double *B,
      const double *C, const double *D, const double *E, double *A,
      double *norms))
BOTH(double, team_c89,
     (int n, int K, int L, const int *pos, const int *crd, const double *B,
      const double *C, const double *D, const double *E, double *A))
BOTH(void, team_gemm,
     (int n, int K, int L, const int *pos, const int *crd, const double *B,
      const double *C, const double *D, double *A, double *norms))
BOTH(void, team_filled,
     (int n, int K, int L, const int *pos, const int *crd, int *col,
      const double *B, const double *C, const double *D, const double *E,
      double *A, double *seen))
BOTH(void, team_pair,
     (int n, int K, int L, const int *pos, const int *crd, const double *B,
      const double *C, const double *D, const double *E, double *S, double *A,
      double *norms))
BOTH(void, team_pair_dead,
     (int n, int K, int L, const int *pos, const int *crd, const double *B,
      const double *C, const double *D, const double *E, double *A))

enum { N = 37, K = 9, L = 7, NNZ = 160 };
static int pos[N + 1], crd[NNZ], col[NNZ];
static double B[NNZ], C[N * K], D[N * K + K * L], E[N * L];

static void build(void) {
  int p = 0;
  for (int r = 0; r < N; r++) {
    pos[r] = p;
    /* rows 2, 7 and 30 empty, row 11 with a repeated neighbour */
    for (int t = 0; r != 2 && r != 7 && r != 30 && t < 1 + r % 7 && p < NNZ;
         t++, p++)
      crd[p] = r == 11 ? 4 : (r * 5 + 3 * t) % N;
  }
  pos[N] = p;
  for (int x = 0; x < p; x++)
    B[x] = 0.5 + 0.01 * x;
  for (int x = 0; x < N * K; x++)
    C[x] = 0.25 + 0.01 * x;
  for (int x = 0; x < N * K + K * L; x++)
    D[x] = 1.5 - 0.02 * x;
  for (int x = 0; x < N * L; x++)
    E[x] = -0.75 + 0.03 * x;
}

/* The six functions, original and rewrite, on the same operands; the
 * outputs start at 1. With Overlap, team_norms's output is its C (and
 * l == k). */
static int run(const char *what, int n, int k, int l, int overlap) {
  static double out[2][N * K], norms[2][N], sums[2], scores[2][NNZ];
  char name[128];
  int ok = 1;
  for (int f = 0; f < (overlap ? 1 : 6); f++) {
    for (int v = 0; v < 2; v++) {
      for (int x = 0; x < N * K; x++)
        out[v][x] = overlap ? C[x] : 1;
      for (int x = 0; x < N; x++)
        norms[v][x] = 3;
      for (int x = 0; x < NNZ; x++) {
        scores[v][x] = -1;
        col[x] = 1 << 30; /* what the last call left */
      }
      if (f == 0)
        (v ? rewr_team_norms : orig_team_norms)(
            n, k, l, pos, crd, B, overlap ? out[v] : C, D, E, out[v], norms[v]);
      else if (f == 1)
        sums[v] = (v ? rewr_team_c89 : orig_team_c89)(n, k, l, pos, crd, B, C,
                                                      D, E, out[v]);
      else if (f == 2)
        (v ? rewr_team_gemm : orig_team_gemm)(n, k, l, pos, crd, B, C, D,
                                              out[v], norms[v]);
      else if (f == 3)
        (v ? rewr_team_filled : orig_team_filled)(n, k, l, pos, crd, col, B, C,
                                                  D, E, out[v], &norms[v][0]);
      else if (f == 4)
        (v ? rewr_team_pair : orig_team_pair)(n, k, l, pos, crd, B, C, D, E,
                                              scores[v], out[v], norms[v]);
      else
        (v ? rewr_team_pair_dead : orig_team_pair_dead)(n, k, l, pos, crd, B, C,
                                                        D, E, out[v]);
    }
    static const char *const names[] = {"norms",  "c89",  "gemm",
                                        "filled", "pair", "pair dead"};
    snprintf(name, sizeof name, "%s, %s", names[f], what);
    ok &= same_array(name, out[0], out[1], N * K);
    snprintf(name, sizeof name, "%s after the nest, %s", names[f], what);
    if (f == 1)
      ok &= same_array(name, &sums[0], &sums[1], 1);
    else
      ok &= same_array(name, norms[0], norms[1], N);
    if (f == 4) {
      snprintf(name, sizeof name, "pair's scores, %s", what);
      ok &= same_array(name, scores[0], scores[1], NNZ);
    }
  }
  return ok;
}

int main(void) {
  int ok = 1;
  build();
  ok &= run("finite", N, K, L, 0);
  ok &= run("the output is an input", N, K, K, 1);
  ok &= run("K == 0", N, 0, L, 0);
  ok &= run("L == 0", N, K, 0, 0);
  ok &= run("no row", 0, K, L, 0);
  E[4 * L + 1] = INFINITY; /* row 4 is every neighbour of row 11 */
  E[3 * L] = NAN;
  C[5 * K + 1] = NAN;
  D[4 * K] = INFINITY;
  ok &= run("NaN and infinities", N, K, L, 0);
  ok &= run("an empty sum times an infinity", N, 0, L, 0);
  printf(ok ? "PASS: every output as the original's\n" : "FAIL\n");
  return !ok;
}
