/* The original and the rewrite of taco_position_blocks.c (renamed orig_
 * and rewr_): a CSR matrix whose rows hold 0 to 10 nonzeros, so that
 * blocks of 4 start inside rows, end inside them, and lie whole inside
 * them; then an infinity in C, a NaN in B, the scores laid over C (the
 * calls run as written), and positions from 2 rather than 0 (valid for
 * the original, whose blocks then start elsewhere: the original runs).
 * Every element as the original's, the scores too, NaN- and Inf-aware
 * (same_elem.h). */
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

typedef void pair_kernel(taco_tensor_t *, taco_tensor_t *, taco_tensor_t *,
                         taco_tensor_t *, taco_tensor_t *, taco_tensor_t *);
pair_kernel orig_sddmm_spmm_blocks, rewr_sddmm_spmm_blocks;
typedef void paper_kernel(int, const int *, const int *, const double *,
                          const double *, const double *, const double *,
                          double *, int, int);
paper_kernel orig_paper_blocks, rewr_paper_blocks;

enum { I = 37, J = 11, K = 5, L = 6, F = 200, FROM = 2 };

static int pos[I + 1], crd[F + FROM];
static double bv[F + FROM], cv[I * K], dv[J * K], ev[J * L];

/* Rows of 0 to 10 nonzeros from First on. */
static void build(int first) {
  int z = first;
  for (int i = 0; i < I; i++) {
    pos[i] = z;
    int n = (i * 7) % 11;
    for (int q = 0; q < n; q++, z++) {
      crd[z] = (q * 3 + i) % J;
      bv[z] = 0.5 + 0.25 * (z % 5);
    }
  }
  pos[I] = z;
}

static void fill(void) {
  for (int x = 0; x < I * K; x++)
    cv[x] = 0.1 * (x % 7) - 0.3;
  for (int x = 0; x < J * K; x++)
    dv[x] = 1.25 - 0.05 * (x % 13);
  for (int x = 0; x < J * L; x++)
    ev[x] = 0.75 - 0.1 * (x % 9);
}

static taco_tensor_t tensor(int order, int32_t *dims, uint8_t ***indices,
                            double *vals) {
  taco_tensor_t t = {order, dims, indices, (uint8_t *)vals};
  return t;
}

/* A (I x L) = S * E, S = B .* (C * D'); overlaid: S over C. */
static int run_pair(const char *what, int overlaid) {
  enum { AC = I * L + F + FROM + I * K };
  static double ac[2][AC], s[2][F + FROM];
  static uint8_t *levels[2][2], **idx[2];
  static int32_t dims_a[2] = {I, L}, dims_b[2] = {I, J}, dims_c[2] = {I, K},
                 dims_d[2] = {J, K}, dims_e[2] = {J, L};
  levels[1][0] = (uint8_t *)pos, levels[1][1] = (uint8_t *)crd;
  idx[0] = levels[0], idx[1] = levels[1];
  for (int v = 0; v < 2; v++) {
    double *a = ac[v], *c = ac[v] + I * L;
    for (int e = 0; e < AC; e++)
      ac[v][e] = 7;
    for (int e = 0; e < F + FROM; e++)
      s[v][e] = -7;
    memcpy(c, cv, sizeof cv);
    taco_tensor_t A = tensor(2, dims_a, 0, a),
                  S = tensor(2, dims_b, idx, overlaid ? c : s[v]),
                  B = tensor(2, dims_b, idx, bv), C = tensor(2, dims_c, 0, c),
                  D = tensor(2, dims_d, 0, dv), E = tensor(2, dims_e, 0, ev);
    (v ? rewr_sddmm_spmm_blocks : orig_sddmm_spmm_blocks)(&A, &S, &B, &C, &D,
                                                          &E);
  }
  return same_array(what, ac[0], ac[1], AC) &&
         same_array("  and S", s[0], s[1], F + FROM);
}

static int run_paper(const char *what) {
  static double a[2][I * L];
  for (int v = 0; v < 2; v++) {
    for (int e = 0; e < I * L; e++)
      a[v][e] = 0.5;
    (v ? rewr_paper_blocks : orig_paper_blocks)(I, pos, crd, bv, cv, dv, ev,
                                                a[v], K, L);
  }
  return same_array(what, a[0], a[1], I * L);
}

int main(void) {
  build(0);
  fill();
  int ok = run_pair("pair, finite", 0);
  ok &= run_paper("paper, finite");
  cv[3] = INFINITY;
  ok &= run_pair("pair, an infinity in C", 0);
  ok &= run_paper("paper, an infinity in C");
  cv[3] = 0.25;
  bv[4] = NAN;
  ok &= run_pair("pair, a NaN in B", 0);
  ok &= run_paper("paper, a NaN in B");
  bv[4] = 1.5;
  /* The SDDMM's threads would race on C, which S overwrites: one thread,
   * where the original's result is defined. */
  int threads = omp_get_max_threads();
  omp_set_num_threads(1);
  ok &= run_pair("pair, S over C", 1);
  omp_set_num_threads(threads);
  build(FROM);
  ok &= run_pair("pair, positions from 2", 0);
  ok &= run_paper("paper, positions from 2");
  printf(ok ? "all ok\n" : "FAIL\n");
  return !ok;
}
