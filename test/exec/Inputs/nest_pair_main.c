/* The original and the rewrite of nest_pair.c (renamed orig_<name> and
 * rewr_<name>) on one CSR matrix with empty rows: finite values; an empty
 * sum in the producer (K == 0, F == 0) with infinities in the consumer's
 * operands, which the original multiplies by the stored 0; an infinite and
 * a NaN scale; L == 0 and G == 0; no row; the output overlapping an input
 * (the overlap test runs the original). Every element as the original's
 * (same_elem.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../harness/same_elem.h"

#define BOTH(name, params)                                                     \
  void orig_##name params;                                                     \
  void rewr_##name params;
BOTH(pair_sddmm_spmm, (int n, int K, int L, const int *pos, const int *crd,
                       const double *B, const double *C, const double *D,
                       const double *E, double *A))
BOTH(pair_scores, (int n, int K, int L, const int *pos, const int *crd,
                   const double *B, const double *C, const double *D,
                   const double *E, double *A))
BOTH(pair_gcn, (int n, int F, int G, const int *pos, const int *crd,
                const double *vals, const double *X, const double *W,
                double *out))
BOTH(pair_colsum, (int n, int F, int G, const double *X, const double *W,
                   double *out))
BOTH(pair_same_names, (int n, int K, int L, const int *pos, const int *crd,
                       const double *B, const double *C, const double *D,
                       const double *E, double *A))
BOTH(pair_memset, (int n, int F, int G, const int *pos, const int *crd,
                   const double *vals, const double *X, const double *W,
                   double *out))
BOTH(pair_zero_loop, (int n, int F, int G, const int *pos, const int *crd,
                      const double *vals, const double *X, const double *W,
                      double *out))
BOTH(pair_between, (int n, int K, int L, const int *pos, const int *crd,
                    const double *B, const double *C, const double *D,
                    const double *E, double *A))
BOTH(pair_gcn_columns, (int n, int F, int G, const int *pos, const int *crd,
                        const double *vals, const double *X, const double *W,
                        double *out))
BOTH(pair_position_twice, (int n, int F, int G, const int *pos, const int *crd,
                           const double *vals, const double *X,
                           const int *wpos, const int *wcrd, const double *W,
                           double *out))

enum { N = 11, K = 9, L = 7, NNZ = 40 };
static int pos[N + 1], crd[NNZ];
static double vals[NNZ], C[N * K], D[N * K], E[N * L], W[K * L];
static double out[2][N * L + N * K];

static void build(void) {
  int p = 0;
  for (int r = 0; r < N; r++) {
    pos[r] = p;
    /* rows 2 and 7 empty */
    for (int t = 0; r != 2 && r != 7 && t < 1 + r % 5 && p < NNZ; t++, p++) {
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
  for (int x = 0; x < K * L; x++)
    W[x] = 0.5 - 0.01 * x;
}

/* The ten functions, original and rewrite, on the same operands; the
 * output starts at 1 everywhere. With Overlap, the output of the function
 * without restrict is its E, and the others run as always. The sparse W
 * of position_twice is the matrix's first k rows, its columns past l. */
static int run(const char *what, int n, int k, int l, int overlap) {
  static const char *const names[] = {"sddmm_spmm", "scores", "gcn",
                                      "colsum", "same_names", "between",
                                      "memset", "zero_loop",
                                      "gcn_columns", "position_twice"};
  int ok = 1;
  for (int f = 0; f < 10; f++) {
    double copy[2][N * L];
    int ov = overlap && f == 1;
    for (int v = 0; v < 2; v++) {
      for (int x = 0; x < N * L + N * K; x++)
        out[v][x] = 1;
      memcpy(copy[v], E, sizeof E);
      double *a = ov ? copy[v] : out[v];
      const double *e = ov ? copy[v] : E;
      if (f == 0)
        (v ? rewr_pair_sddmm_spmm : orig_pair_sddmm_spmm)(n, k, l, pos, crd,
                                                          vals, C, D, e, a);
      else if (f == 1)
        (v ? rewr_pair_scores : orig_pair_scores)(n, k, l, pos, crd, vals, C,
                                                  D, e, a);
      else if (f == 2)
        (v ? rewr_pair_gcn : orig_pair_gcn)(n, k, l, pos, crd, vals, C, W,
                                            out[v]);
      else if (f == 3)
        (v ? rewr_pair_colsum : orig_pair_colsum)(n, k, l, C, W, out[v]);
      else if (f == 4)
        (v ? rewr_pair_same_names : orig_pair_same_names)(n, k, l, pos, crd,
                                                          vals, C, D, E,
                                                          out[v]);
      else if (f == 5)
        (v ? rewr_pair_between : orig_pair_between)(n, k, l, pos, crd, vals,
                                                    C, D, E, out[v]);
      else if (f == 6)
        (v ? rewr_pair_memset : orig_pair_memset)(n, k, l, pos, crd, vals, C,
                                                  W, out[v]);
      else if (f == 7)
        (v ? rewr_pair_zero_loop : orig_pair_zero_loop)(n, k, l, pos, crd,
                                                        vals, C, W, out[v]);
      else if (f == 8)
        (v ? rewr_pair_gcn_columns : orig_pair_gcn_columns)(
            n, k, l, pos, crd, vals, C, W, out[v]);
      else
        (v ? rewr_pair_position_twice : orig_pair_position_twice)(
            n, k, l, pos, crd, vals, C, pos, crd, vals, out[v]);
      if (ov)
        memcpy(out[v], copy[v], sizeof copy[v]);
    }
    char name[128];
    snprintf(name, sizeof name, "%s, %s", names[f], what);
    ok &= same_array(name, out[0], out[1], N * L + N * K);
  }
  return ok;
}

int main(void) {
  int ok = 1;
  build();
  ok &= run("finite", N, K, L, 0);
  E[4 * L + 1] = INFINITY;  /* row 4 is a column of rows with nonzeros */
  W[2] = -INFINITY;
  E[2 * L] = NAN;
  ok &= run("an empty sum times an infinity", N, 0, L, 0);
  ok &= run("infinities among the operands", N, K, L, 0);
  ok &= run("no row, infinities among the operands", 0, K, L, 0);
  build();
  vals[3] = INFINITY;
  vals[7] = NAN;
  ok &= run("K == 0, an infinite and a NaN scale", N, 0, L, 0);
  ok &= run("an infinite and a NaN scale", N, K, L, 0);
  /* vals[3] (row 3) times a zero term and terms of both signs. */
  C[3 * K] = 0;
  C[3 * K + 1] = -40;
  ok &= run("an infinite scale, a zero term and terms of both signs", N, K, L,
            0);
  build();
  ok &= run("L == 0", N, K, 0, 0);
  ok &= run("no row", 0, K, L, 0);
  ok &= run("the output is an input", N, K, L, 1);
  printf(ok ? "PASS: every output as the original's\n" : "FAIL\n");
  return !ok;
}
