/* The original and the rewrite of coo.c (renamed orig_<name> and
 * rewr_<name>) on coordinate lists sorted by row, shuffled, with repeated
 * entries, empty, with every position in one row, and with an infinity
 * and a NaN among the values: every element of the outputs as the
 * original's (NaN and infinity aware, same_elem.h). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../harness/same_elem.h"

#define BOTH(name, params)                                                     \
  void orig_##name params;                                                     \
  void rewr_##name params;
BOTH(edge_sddmm_spmm,
     (int nnz, int K, int L, const int *restrict src, const int *restrict dst,
      const double *restrict w, const double *restrict x,
      const double *restrict y, const double *restrict z, double *restrict out))
BOTH(coo_sddmm_spmm_long,
     (long nnz, long K, long L, const int64_t *restrict row,
      const int64_t *restrict col, const double *restrict vals,
      const double *restrict C, const double *restrict D,
      const double *restrict E, double *restrict A))

BOTH(coo_no_restrict,
     (int nnz, int K, int L, const int *row, const int *col, const double *v,
      const double *C, const double *D, const double *E, double *A))

BOTH(edge_in_place,
     (int nnz, int K, int L, const int *restrict src, const int *restrict dst,
      const double *restrict w, const double *restrict x,
      const double *restrict y, const double *restrict z,
      double *restrict out))
BOTH(edge_one_declaration,
     (int nnz, int K, int L, const int *restrict src, const int *restrict dst,
      const double *restrict w, const double *restrict x,
      const double *restrict y, const double *restrict z,
      double *restrict out))
BOTH(edge_unset_declaration,
     (uint64_t nnz, uint64_t K, uint64_t L, const uint64_t *restrict ii,
      const uint64_t *restrict jj, const double *restrict w,
      const double *restrict x, const double *restrict y,
      const double *restrict z, double *restrict out))
BOTH(coo_batched,
     (int B, int nnz, int K, int L, const int *restrict src,
      const int *restrict dst, const double *restrict w,
      const double *restrict x, const double *restrict y,
      const double *restrict z, double *restrict out))

enum { N = 7, K = 11, L = 5, NNZ = 24 };
static int rows[NNZ], cols[NNZ];
static int64_t rows64[NNZ], cols64[NNZ];
static uint64_t urows[NNZ], ucols[NNZ];
static double vals[NNZ], C[N * K], D[N * K], E[N * L];
static double orig[N * L], rewr[N * L];

/* Case c's list: 0 sorted by row, 1 shuffled, 2 every entry twice (a
 * repeated coordinate), 3 every position in row 3, 4 with an infinity and
 * a NaN among the values. */
static void build(int c) {
  for (int p = 0; p < NNZ; p++) {
    int q = c == 1 ? (p * 7) % NNZ : c == 2 ? p / 2 : p;
    rows[p] = c == 3 ? 3 : (q * 5) / NNZ * N / 5 % N;
    cols[p] = (q * 3 + 1) % N;
    vals[p] = 0.5 + 0.125 * q;
    rows64[p] = rows[p];
    cols64[p] = cols[p];
    urows[p] = (uint64_t)rows[p];
    ucols[p] = (uint64_t)cols[p];
  }
  if (c == 4) {
    vals[3] = 1.0 / 0.0;
    vals[9] = 0.0 / 0.0;
  }
  for (int x = 0; x < N * K; x++)
    C[x] = 0.25 + 0.01 * x, D[x] = 1.0 - 0.005 * x;
  for (int x = 0; x < N * L; x++)
    E[x] = 0.75 - 0.02 * x;
}

int main(void) {
  int ok = 1;
  const int counts[] = {NNZ, NNZ, NNZ, NNZ, NNZ, 0, 1};
  for (unsigned c = 0; c < sizeof counts / sizeof *counts; c++) {
    char name[64];
    int nnz = counts[c];
    build(c < 5 ? (int)c : 1);
    memset(orig, 0, sizeof orig);
    memset(rewr, 0, sizeof rewr);
    orig_edge_sddmm_spmm(nnz, K, L, cols, rows, vals, C, D, E, orig);
    rewr_edge_sddmm_spmm(nnz, K, L, cols, rows, vals, C, D, E, rewr);
    snprintf(name, sizeof name, "edge list, case %u", c);
    ok &= same_array(name, orig, rewr, N * L);
    memset(orig, 0, sizeof orig);
    memset(rewr, 0, sizeof rewr);
    orig_coo_sddmm_spmm_long(nnz, K, L, rows64, cols64, vals, C, D, E, orig);
    rewr_coo_sddmm_spmm_long(nnz, K, L, rows64, cols64, vals, C, D, E, rewr);
    snprintf(name, sizeof name, "64-bit ids, case %u", c);
    ok &= same_array(name, orig, rewr, N * L);
    memset(orig, 0, sizeof orig);
    memset(rewr, 0, sizeof rewr);
    orig_edge_in_place(nnz, K, L, cols, rows, vals, C, D, E, orig);
    rewr_edge_in_place(nnz, K, L, cols, rows, vals, C, D, E, rewr);
    snprintf(name, sizeof name, "in place, case %u", c);
    ok &= same_array(name, orig, rewr, N * L);
    memset(orig, 0, sizeof orig);
    memset(rewr, 0, sizeof rewr);
    orig_edge_one_declaration(nnz, K, L, cols, rows, vals, C, D, E, orig);
    rewr_edge_one_declaration(nnz, K, L, cols, rows, vals, C, D, E, rewr);
    snprintf(name, sizeof name, "one declaration, case %u", c);
    ok &= same_array(name, orig, rewr, N * L);
    memset(orig, 0, sizeof orig);
    memset(rewr, 0, sizeof rewr);
    orig_edge_unset_declaration(nnz, K, L, urows, ucols, vals, C, D, E, orig);
    rewr_edge_unset_declaration(nnz, K, L, urows, ucols, vals, C, D, E, rewr);
    snprintf(name, sizeof name, "declared unset, case %u", c);
    ok &= same_array(name, orig, rewr, N * L);
  }
  /* Without restrict: the output apart from the inputs, then on E itself
   * (the fallback runs the original nest). */
  static double arena_o[N * L], arena_r[N * L];
  build(1);
  memset(orig, 0, sizeof orig);
  memset(rewr, 0, sizeof rewr);
  orig_coo_no_restrict(NNZ, K, L, rows, cols, vals, C, D, E, orig);
  rewr_coo_no_restrict(NNZ, K, L, rows, cols, vals, C, D, E, rewr);
  ok &= same_array("no restrict, apart", orig, rewr, N * L);
  memcpy(arena_o, E, sizeof arena_o);
  memcpy(arena_r, E, sizeof arena_r);
  orig_coo_no_restrict(NNZ, K, L, rows, cols, vals, C, D, arena_o, arena_o);
  rewr_coo_no_restrict(NNZ, K, L, rows, cols, vals, C, D, arena_r, arena_r);
  ok &= same_array("no restrict, output on E", arena_o, arena_r, N * L);
  /* A batch of 2 (rows 0..15 and 16..31 of z and the output), then none
   * with null arrays: the original reads nothing then. */
  static double zb[32 * L], ob[32 * L], rb[32 * L];
  for (int x = 0; x < 32 * L; x++)
    zb[x] = 0.5 - 0.01 * x;
  build(1);
  memset(ob, 0, sizeof ob);
  memset(rb, 0, sizeof rb);
  orig_coo_batched(2, NNZ, K, L, cols, rows, vals, C, D, zb, ob);
  rewr_coo_batched(2, NNZ, K, L, cols, rows, vals, C, D, zb, rb);
  ok &= same_array("batch of 2", ob, rb, 32 * L);
  orig_coo_batched(0, NNZ, K, L, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
  rewr_coo_batched(0, NNZ, K, L, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
  printf("ok: empty batch, null arrays\n");
  /* A long list sorted by row, rows of very different lengths: its rows
   * split between the threads at row boundaries. */
  enum { BIG = 60000, ROWS = 300, BK = 4, BL = 6 };
  static int brow[BIG], bcol[BIG];
  static double bval[BIG], bC[ROWS * BK], bD[ROWS * BK], bE[ROWS * BL],
      bo[ROWS * BL], br[ROWS * BL];
  for (int p = 0; p < BIG; p++) {
    brow[p] = (int)((long)p * p / BIG * ROWS / BIG);
    bcol[p] = (p * 7) % ROWS;
    bval[p] = 1.0 + (p % 5) * 0.25;
  }
  for (int x = 0; x < ROWS * BK; x++)
    bC[x] = 0.5 + 0.001 * x, bD[x] = 1.0 - 0.0005 * x;
  for (int x = 0; x < ROWS * BL; x++)
    bE[x] = 0.25 + 0.0007 * x;
  memset(bo, 0, sizeof bo);
  memset(br, 0, sizeof br);
  orig_edge_sddmm_spmm(BIG, BK, BL, bcol, brow, bval, bC, bD, bE, bo);
  rewr_edge_sddmm_spmm(BIG, BK, BL, bcol, brow, bval, bC, bD, bE, br);
  ok &= same_array("long sorted list", bo, br, ROWS * BL);
  memset(bo, 0, sizeof bo);
  memset(br, 0, sizeof br);
  orig_edge_one_declaration(BIG, BK, BL, bcol, brow, bval, bC, bD, bE, bo);
  rewr_edge_one_declaration(BIG, BK, BL, bcol, brow, bval, bC, bD, bE, br);
  ok &= same_array("long sorted list, one declaration", bo, br, ROWS * BL);
  if (ok)
    printf("PASS: every output as the original's\n");
  return !ok;
}
