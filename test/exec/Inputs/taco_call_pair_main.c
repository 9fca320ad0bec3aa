/* The original and the rewrite of taco_call_pair.c (renamed orig_ and
 * rewr_): a CSF tensor B with empty slices and fibers, its T and X at B's
 * fibers; then an infinity in C, a NaN in B, T laid over X (the calls run
 * as written), T's rows wider than C's columns, T's fibers another
 * pattern's (the same), no column (B's third level NULL, never read). A CSR matrix
 * for the SDDMM and SpMM, with empty rows; an infinity in C, a NaN in B,
 * the scores laid over C (the calls run as written); the SpMM that zeroes
 * its output first, with A apart, laid over C, and with rows the SpMM
 * does not write where C is (the zeroing nest must not run before the
 * SDDMM reads C: the calls run as written). Every element as the
 * original's, the temporaries too, NaN- and Inf-aware (same_elem.h). */
#include <math.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../harness/same_elem.h"

typedef struct {
  int32_t order;
  int32_t *dimensions;
  uint8_t ***indices;
  uint8_t *vals;
} taco_tensor_t;

typedef void chain_kernel(taco_tensor_t *, taco_tensor_t *, taco_tensor_t *,
                          taco_tensor_t *, taco_tensor_t *);
typedef void pair_kernel(taco_tensor_t *, taco_tensor_t *, taco_tensor_t *,
                         taco_tensor_t *, taco_tensor_t *, taco_tensor_t *);
chain_kernel orig_ttm_chain, rewr_ttm_chain;
pair_kernel orig_sddmm_spmm, rewr_sddmm_spmm, orig_sddmm_spmm_zeroing,
    rewr_sddmm_spmm_zeroing;

enum { I = 7, J = 6, K = 5, L = 4, M = 3, W = L + 2, F = 40, Z = 90 };

/* B (I x J x K) in CSF: i dense, j and k compressed. */
static int pos2[I + 1], crd2[F], pos3[F + 1], crd3[Z];
static double bv[Z], cv[K * W], dv[W * M];
static int nfib;

static void build_csf(void) {
  int f = 0, z = 0;
  for (int i = 0; i < I; i++) {
    pos2[i] = f;
    int js = i % 3 == 1 ? 0 : 1 + i % 4; /* some slices empty */
    for (int q = 0; q < js; q++, f++) {
      crd2[f] = (q * 2 + i) % J;
      pos3[f] = z;
      int ks = (i + q) % 4 == 2 ? 0 : 1 + (i + q) % 3; /* empty fibers */
      for (int r = 0; r < ks; r++, z++) {
        crd3[z] = (r * 2 + q) % K;
        bv[z] = 0.5 + 0.25 * (z % 5);
      }
    }
  }
  pos2[I] = f;
  pos3[f] = z;
  nfib = f;
  for (int x = 0; x < K * W; x++)
    cv[x] = 0.1 * (x % 7) - 0.3;
  for (int x = 0; x < W * M; x++)
    dv[x] = 1.25 - 0.05 * x;
}

static uint8_t *levels3[3][2], **idx3[3];
static int32_t dims_b[3] = {I, J, K}, dims_c[2] = {K, L}, dims_d[2] = {L, M};
static int32_t dims_t[3] = {I, J, L}, dims_x[3] = {I, J, M};

static taco_tensor_t tensor(int order, int32_t *dims, uint8_t ***indices,
                            double *vals) {
  taco_tensor_t t = {order, dims, indices, (uint8_t *)vals};
  return t;
}

/* Wide: T's rows W apart, C with W columns, of which the kernels read L.
 * Other: T's fibers another pattern's, 3 per slice, more than B's third
 * level has (the fused loops would read it past its end). Columns: C's
 * and T's, and D's rows, 0 or L; with 0, B's third level is not there
 * (NULL), which the original never reads. */
static int run_ttm(const char *what, int overlaid, int wide, int other,
                   int columns) {
  static double t[2][F * W], x[2][F * W];
  static int other_pos[I + 1];
  static uint8_t *levels_t[3][2], **idx_t[3];
  levels3[1][0] = (uint8_t *)pos2, levels3[1][1] = (uint8_t *)crd2;
  levels3[2][0] = columns ? (uint8_t *)pos3 : 0;
  levels3[2][1] = columns ? (uint8_t *)crd3 : 0;
  for (int i = 0; i <= I; i++)
    other_pos[i] = 3 * i < F ? 3 * i : F;
  levels_t[1][0] = other ? (uint8_t *)other_pos : (uint8_t *)pos2;
  levels_t[1][1] = (uint8_t *)crd2;
  for (int l = 0; l < 3; l++)
    idx3[l] = levels3[l], idx_t[l] = levels_t[l];
  dims_t[2] = !columns ? 0 : wide ? W : L;
  dims_c[1] = !columns ? 0 : wide ? W : L;
  dims_d[0] = columns ? L : 0;
  for (int v = 0; v < 2; v++) {
    for (int e = 0; e < F * W; e++)
      t[v][e] = -7, x[v][e] = 3;
    double *tv = overlaid ? x[v] : t[v];
    taco_tensor_t B = tensor(3, dims_b, idx3, bv), C = tensor(2, dims_c, 0, cv),
                  D = tensor(2, dims_d, 0, dv),
                  T = tensor(3, dims_t, idx_t, tv),
                  X = tensor(3, dims_x, idx_t, x[v]);
    (v ? rewr_ttm_chain : orig_ttm_chain)(&X, &T, &B, &C, &D);
  }
  return same_array(what, x[0], x[1], F * W) &&
         same_array("  and T", t[0], t[1], F * W);
}

/* A (I x L) = S * E, S = B .* (C * D'), B the CSR of B's first two levels.
 * Overlaid 1: S over C; 2: A over C; 3: A with two rows more than S, C
 * right after S's rows of A, among the rows only the zeroing nest writes.
 * Zeroing: the SpMM zeroes A itself (the caller leaves 7s in it). */
static int run_pair(const char *what, int overlaid, int zeroing) {
  enum { AC = (I + 2) * L + I * K };
  static double ac[2][AC], s[2][F];
  static uint8_t *levels2[2][2], **idx2[2];
  static int32_t dims_a[2] = {I, L}, dims_bb[2] = {I, J}, dims_cc[2] = {I, K},
                 dims_dd[2] = {J, K}, dims_e[2] = {J, L};
  levels2[1][0] = (uint8_t *)pos2, levels2[1][1] = (uint8_t *)crd2;
  idx2[0] = levels2[0], idx2[1] = levels2[1];
  dims_a[0] = overlaid == 3 ? I + 2 : I;
  for (int v = 0; v < 2; v++) {
    /* A, then C: apart, or C over A (2), or C after I rows of A (3). */
    double *a = ac[v], *c = ac[v] + (overlaid == 2   ? 0
                                     : overlaid == 3 ? I * L
                                                     : (I + 2) * L);
    for (int e = 0; e < AC; e++)
      ac[v][e] = zeroing ? 7 : 0;
    for (int e = 0; e < F; e++)
      s[v][e] = -7;
    for (int e = 0; e < I * K; e++)
      c[e] = e == 3 ? cv[3] : 0.05 * (e % 9) - 0.2;
    taco_tensor_t A = tensor(2, dims_a, 0, a),
                  S = tensor(2, dims_bb, idx2, overlaid == 1 ? c : s[v]),
                  B = tensor(2, dims_bb, idx2, bv),
                  C = tensor(2, dims_cc, 0, c), D = tensor(2, dims_dd, 0, dv),
                  E = tensor(2, dims_e, 0, dv);
    if (zeroing)
      (v ? rewr_sddmm_spmm_zeroing : orig_sddmm_spmm_zeroing)(&A, &S, &B, &C,
                                                              &D, &E);
    else
      (v ? rewr_sddmm_spmm : orig_sddmm_spmm)(&A, &S, &B, &C, &D, &E);
  }
  return same_array(what, ac[0], ac[1], AC) &&
         same_array("  and S", s[0], s[1], F);
}

int main(void) {
  build_csf();
  int ok = run_ttm("ttm, finite", 0, 0, 0, 1);
  ok &= run_ttm("ttm, T's rows wider", 0, 1, 0, 1);
  /* T's rows and X's, laid over each other at other strides, are shared
   * by the fibers of several threads: one thread, where the original's
   * result is defined (as for the scores over C below). */
  int threads = omp_get_max_threads();
  omp_set_num_threads(1);
  ok &= run_ttm("ttm, T over X", 1, 0, 0, 1);
  omp_set_num_threads(threads);
  ok &= run_ttm("ttm, T's fibers another pattern's", 0, 0, 1, 1);
  ok &= run_ttm("ttm, no column", 0, 0, 0, 0);
  cv[3] = INFINITY;
  ok &= run_ttm("ttm, an infinity in C", 0, 0, 0, 1);
  ok &= run_pair("sddmm spmm, an infinity in C", 0, 0);
  ok &= run_pair("sddmm spmm zeroing, an infinity in C", 0, 1);
  cv[3] = 0.25;
  bv[4] = NAN;
  ok &= run_ttm("ttm, a NaN in B", 0, 0, 0, 1);
  ok &= run_pair("sddmm spmm, a NaN in B", 0, 0);
  bv[4] = 1.5;
  ok &= run_pair("sddmm spmm, finite", 0, 0);
  /* The SDDMM's threads would race on C, which S overwrites: one thread,
   * where the original's result is defined. */
  omp_set_num_threads(1);
  ok &= run_pair("sddmm spmm, S over C", 1, 0);
  omp_set_num_threads(threads);
  ok &= run_pair("sddmm spmm zeroing, finite", 0, 1);
  ok &= run_pair("sddmm spmm zeroing, A over C", 2, 1);
  ok &= run_pair("sddmm spmm zeroing, C in rows of A only zeroed", 3, 1);
  printf(ok ? "all ok\n" : "FAIL\n");
  return !ok;
}
