/* The original and the rewrite of bound_casts.c (renamed orig_<name> and
 * rewr_<name>) on one CSR matrix with empty rows, with all its rows, none
 * and one: every element of the outputs as the original's (NaN and
 * infinity aware, same_elem.h). */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "../harness/same_elem.h"

#define BOTH(name, params)                                                     \
  void orig_##name params;                                                     \
  void rewr_##name params;
BOTH(csr_long_positions,
     (int n, int K, int L, const int *restrict pos, const int *restrict crd,
      const double *restrict B, const double *restrict C,
      const double *restrict D, const double *restrict E, double *restrict A))
BOTH(csr_int_extents, (int n, size_t K, size_t L, const int *restrict pos,
                       const int *restrict crd, const double *restrict B,
                       const double *restrict C, const double *restrict D,
                       const double *restrict E, double *restrict A))

enum { N = 9, K = 6, L = 5, NNZ = 24 };
static int pos[N + 1], crd[NNZ];
static double vals[NNZ], C[N * K], D[N * K], E[N * L];
static double orig[N * L], rewr[N * L];

static void build(void) {
  /* Row r holds columns (r * 2 + t) % N for t < r % 4: rows 0, 4, 8 empty. */
  int p = 0;
  for (int r = 0; r < N; r++) {
    pos[r] = p;
    for (int t = 0; t < r % 4 && p < NNZ; t++, p++) {
      crd[p] = (r * 2 + t) % N;
      vals[p] = 0.5 + 0.125 * p;
    }
  }
  pos[N] = p;
  for (int x = 0; x < N * K; x++)
    C[x] = 0.25 + 0.01 * x, D[x] = 1.0 - 0.005 * x;
  for (int x = 0; x < N * L; x++)
    E[x] = 0.75 - 0.02 * x;
}

int main(void) {
  build();
  int ok = 1;
  const int rows[] = {N, 0, 1};
  for (unsigned c = 0; c < 3; c++) {
    char name[64];
    memset(orig, 0, sizeof orig);
    memset(rewr, 0, sizeof rewr);
    orig_csr_long_positions(rows[c], K, L, pos, crd, vals, C, D, E, orig);
    rewr_csr_long_positions(rows[c], K, L, pos, crd, vals, C, D, E, rewr);
    snprintf(name, sizeof name, "long positions, n = %d", rows[c]);
    ok &= same_array(name, orig, rewr, N * L);
    memset(orig, 0, sizeof orig);
    memset(rewr, 0, sizeof rewr);
    orig_csr_int_extents(rows[c], K, L, pos, crd, vals, C, D, E, orig);
    rewr_csr_int_extents(rows[c], K, L, pos, crd, vals, C, D, E, rewr);
    snprintf(name, sizeof name, "int extents, n = %d", rows[c]);
    ok &= same_array(name, orig, rewr, N * L);
  }
  if (ok)
    printf("PASS: every output as the original's\n");
  return !ok;
}
