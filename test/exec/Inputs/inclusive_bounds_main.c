/* The original and the rewrite of inclusive_bounds.c (renamed orig_<name>
 * and rewr_<name>) on one CSR matrix and its 1-based copy, at sizes that
 * include no rows and empty rows: every element of the outputs as the
 * original's (NaN and infinity aware, same_elem.h). */
#include <stdio.h>
#include <string.h>

#include "../harness/same_elem.h"

#define BOTH(name, params)                                                     \
  void orig_##name params;                                                     \
  void rewr_##name params;
BOTH(sddmm_spmm_1based,
     (int n, int K, int L, const int *rowstr, const int *colidx,
      const double *a, const double *C, const double *D, const double *E,
      double *restrict A))
BOTH(spmm_gemm_last,
     (int last, int K, int L, const int *pos, const int *crd, const double *B,
      const double *C, const double *D, double *restrict A))

enum { N = 9, K = 5, L = 3, NNZ = 20 };
static int pos[N + 1], crd[NNZ], rowstr[N + 2], colidx[NNZ + 1];
static double vals[NNZ + 1], C[(N + 1) * K], D[(N + 1) * K], E[(N + 1) * L],
    G[K * L];
static double orig[(N + 1) * L], rewr[(N + 1) * L];

static void build(void) {
  /* Row r holds columns (r * 3 + t) % N for t < r % 4: rows 0, 4, 8 empty. */
  int p = 0;
  for (int r = 0; r < N; r++) {
    pos[r] = p;
    for (int t = 0; t < r % 4 && p < NNZ; t++, p++) {
      crd[p] = (r * 3 + t) % N;
      vals[p] = 0.5 + 0.125 * p;
    }
  }
  pos[N] = p;
  /* The 1-based copy: row r + 1, column c + 1, nonzero p + 1. */
  for (int r = 0; r <= N; r++)
    rowstr[r + 1] = pos[r] + 1;
  for (int q = 0; q < p; q++)
    colidx[q + 1] = crd[q] + 1;
  memmove(vals + 1, vals, sizeof vals - sizeof vals[0]);
  for (int x = 0; x < (N + 1) * K; x++)
    C[x] = 0.25 + 0.01 * x, D[x] = 1.0 - 0.005 * x;
  for (int x = 0; x < (N + 1) * L; x++)
    E[x] = 0.75 - 0.02 * x;
  for (int x = 0; x < K * L; x++)
    G[x] = 0.1 * (x % 7) - 0.3;
}

static int compare(const char *name) { return same_array(name, orig, rewr, (N + 1) * L); }

int main(void) {
  build();
  int ok = 1;
  /* n rows of the 1-based matrix: all, none, one. */
  const int rows[] = {N, 0, 1};
  for (unsigned c = 0; c < 3; c++) {
    char name[64];
    memset(orig, 0, sizeof orig);
    memset(rewr, 0, sizeof rewr);
    orig_sddmm_spmm_1based(rows[c], K, L, rowstr, colidx, vals, C, D, E, orig);
    rewr_sddmm_spmm_1based(rows[c], K, L, rowstr, colidx, vals, C, D, E, rewr);
    snprintf(name, sizeof name, "1-based, n = %d", rows[c]);
    ok &= compare(name);
  }
  /* The last row of the 0-based matrix (the values shifted back by one):
   * all rows, none (last = -1), only row 0. */
  const int last[] = {N - 1, -1, 0};
  for (unsigned c = 0; c < 3; c++) {
    char name[64];
    memset(orig, 0, sizeof orig);
    memset(rewr, 0, sizeof rewr);
    orig_spmm_gemm_last(last[c], K, L, pos, crd, vals + 1, C, G, orig);
    rewr_spmm_gemm_last(last[c], K, L, pos, crd, vals + 1, C, G, rewr);
    snprintf(name, sizeof name, "last row %d", last[c]);
    ok &= compare(name);
  }
  if (ok)
    printf("PASS: every output as the original's\n");
  return !ok;
}
