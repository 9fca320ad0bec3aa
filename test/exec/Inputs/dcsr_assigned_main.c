/* The original and the rewrite of dcsr_assigned.c (renamed orig_<name> and
 * rewr_<name>) on roots that list each row once (the rewrite runs), list a
 * row twice or out of order (the original runs: only the last sum of a row
 * listed twice is kept), have no entry, one entry, or empty fibers, and
 * with an infinity and a NaN among the values; the output starts with
 * values the kernels must overwrite where they assign and keep elsewhere.
 * Every element as the original's (NaN and infinity aware, same_elem.h). */
#include <stdio.h>
#include <string.h>

#include "../harness/same_elem.h"

#define BOTH(name, params)                                                     \
  void orig_##name params;                                                     \
  void rewr_##name params;
BOTH(spmm_gemm_dcsr,
     (int K, int L, const int *restrict pos1, const int *restrict crd1,
      const int *restrict pos2, const int *restrict crd2,
      const double *restrict vals, const double *restrict C,
      const double *restrict D, double *restrict A))
BOTH(spmm_gemm_dcsr_in_place,
     (int K, int L, const int *restrict pos1, const int *restrict crd1,
      const int *restrict pos2, const int *restrict crd2,
      const double *restrict vals, const double *restrict C,
      const double *restrict D, double *restrict A))
BOTH(spmm_gemm_dcsr_long,
     (long K, long L, const long *restrict pos1, const long *restrict crd1,
      const long *restrict pos2, const long *restrict crd2,
      const double *restrict vals, const double *restrict C,
      const double *restrict D, double *restrict A))

enum { ROWS = 9, COLS = 7, K = 5, L = 4, ROOT = 6, NNZ = 20 };
static int pos1[2], crd1[ROOT], pos2[ROOT + 1], crd2[NNZ];
static long lpos1[2], lcrd1[ROOT], lpos2[ROOT + 1], lcrd2[NNZ];
static double vals[NNZ], C[COLS * K], D[K * L];

/* Case c's root: 0 rows 1, 2, 4, 5, 7, 8; 1 row 4 listed twice; 2 rows out
 * of order; 3 no entry; 4 one entry; 5 empty fibers among the rows; 6 an
 * infinity and a NaN among the values. */
static void build(int c) {
  static const int rows[][ROOT] = {{1, 2, 4, 5, 7, 8}, {1, 2, 4, 4, 7, 8},
                                   {1, 4, 2, 5, 7, 8}, {0},
                                   {3},                {0, 2, 3, 5, 6, 8},
                                   {1, 2, 4, 5, 7, 8}};
  int n = c == 3 ? 0 : c == 4 ? 1 : ROOT;
  pos1[0] = 0;
  pos1[1] = n;
  int p = 0;
  for (int q = 0; q < n; q++) {
    crd1[q] = rows[c][q];
    pos2[q] = p;
    int count = c == 5 && q % 2 ? 0 : 1 + (q * 3) % 4;
    for (int t = 0; t < count && p < NNZ; t++, p++) {
      crd2[p] = (q + 2 * t) % COLS;
      vals[p] = 0.5 + 0.25 * p;
    }
  }
  pos2[n] = p;
  if (c == 6) {
    vals[2] = 1.0 / 0.0;
    vals[5] = 0.0 / 0.0;
  }
  lpos1[0] = pos1[0];
  lpos1[1] = pos1[1];
  for (int q = 0; q <= n; q++)
    lpos2[q] = pos2[q];
  for (int q = 0; q < n; q++)
    lcrd1[q] = crd1[q];
  for (int e = 0; e < p; e++)
    lcrd2[e] = crd2[e];
}

int main(void) {
  int ok = 1;
  for (int x = 0; x < COLS * K; x++)
    C[x] = 0.25 + 0.01 * x;
  for (int x = 0; x < K * L; x++)
    D[x] = 1.0 - 0.02 * x;
  static const char *names[] = {"distinct rows",  "a row twice",
                                "out of order",   "no entry",
                                "one entry",      "empty fibers",
                                "inf and nan"};
  for (int c = 0; c < 7; c++) {
    static double Ao[ROWS * L], Ar[ROWS * L];
    char name[64];
    build(c);
    for (int x = 0; x < ROWS * L; x++)
      Ao[x] = Ar[x] = -7.0 + x;
    orig_spmm_gemm_dcsr(K, L, pos1, crd1, pos2, crd2, vals, C, D, Ao);
    rewr_spmm_gemm_dcsr(K, L, pos1, crd1, pos2, crd2, vals, C, D, Ar);
    snprintf(name, sizeof name, "int, %s", names[c]);
    ok &= same_array(name, Ao, Ar, ROWS * L);
    for (int x = 0; x < ROWS * L; x++)
      Ao[x] = Ar[x] = 1.0 + 0.5 * x;
    orig_spmm_gemm_dcsr_in_place(K, L, pos1, crd1, pos2, crd2, vals, C, D, Ao);
    rewr_spmm_gemm_dcsr_in_place(K, L, pos1, crd1, pos2, crd2, vals, C, D, Ar);
    snprintf(name, sizeof name, "in place, %s", names[c]);
    ok &= same_array(name, Ao, Ar, ROWS * L);
    for (int x = 0; x < ROWS * L; x++)
      Ao[x] = Ar[x] = 3.0 - x;
    orig_spmm_gemm_dcsr_long(K, L, lpos1, lcrd1, lpos2, lcrd2, vals, C, D, Ao);
    rewr_spmm_gemm_dcsr_long(K, L, lpos1, lcrd1, lpos2, lcrd2, vals, C, D, Ar);
    snprintf(name, sizeof name, "long, %s", names[c]);
    ok &= same_array(name, Ao, Ar, ROWS * L);
  }
  if (ok)
    printf("PASS: every output as the original's\n");
  return !ok;
}
