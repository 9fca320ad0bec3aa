/* The original and the rewrite of inplace_overlap.c (renamed orig_<name>
 * and rewr_<name>): the output apart from the inputs, then on an operand
 * indexed by a coordinate read in place, then on B's values; coordinates
 * from 1 with the operand passed one row before its storage; no nonzero;
 * an infinity and a NaN among the values. Every element as the original's
 * (NaN and infinity aware, same_elem.h). */
#include <stdio.h>
#include <string.h>

#include "../harness/same_elem.h"

struct csr {
  const int *pos, *crd;
  const double *val;
};
struct mat {
  double *data;
};

#define BOTH(name, params)                                                     \
  void orig_##name params;                                                     \
  void rewr_##name params;
BOTH(csr_in_place, (int n, int K, int L, const int *pos, const int *crd,
                    const double *B, const double *C, const double *D,
                    const double *E, double *A))
BOTH(coo_in_place, (int nnz, int K, int L, const int *src, const int *dst,
                    const double *w, const double *x, const double *y,
                    const double *z, double *out))
BOTH(member_in_place, (int n, int L, const struct csr *B, const double *C,
                       const double *D, const double *E, struct mat *A))

enum { N = 9, K = 8, L = 8, NNZ = 30 };
static int pos[N + 1], crd[NNZ], rows[NNZ];
static double vals[NNZ];

/* A CSR pattern (shuffled into COO rows by the caller), coordinates
 * shifted by Shift. */
static void build(int shift) {
  int p = 0;
  for (int r = 0; r < N; r++) {
    pos[r] = p;
    for (int t = 0; t < 1 + r % 5 && p < NNZ; t++, p++) {
      crd[p] = (r * 2 + 3 * t) % N + shift;
      rows[p] = r;
      vals[p] = 0.5 + 0.125 * p;
    }
  }
  pos[N] = p;
  for (; p < NNZ; p++) { /* past the last row: never read */
    crd[p] = shift;
    rows[p] = 0;
    vals[p] = 0;
  }
}

static void fill(double *x, int n, double a, double b) {
  for (int e = 0; e < n; e++)
    x[e] = a + b * e;
}

/* Storage for the operands (and an output on them), and an output apart. */
static double store_o[4 * N * K + 64], store_r[4 * N * K + 64];
static double apart[2][N * L];

/* csr_in_place with the output at offset Out of a shared buffer holding
 * C, D and E (or apart when Out < 0); D and E passed Base rows before
 * their storage (coordinates from Base). */
static int run_csr(const char *what, int n, int out, int base) {
  double *bufs[2] = {store_o, store_r};
  for (int v = 0; v < 2; v++) {
    double *s = bufs[v];
    fill(s, 4 * N * K + 64, 0.25, 0.01);
    double *C = s, *D = s + N * K, *E = s + 2 * N * K;
    double *A = out < 0 ? apart[v] : s + out;
    if (out < 0)
      memset(A, 0, sizeof apart[v]);
    (v ? rewr_csr_in_place : orig_csr_in_place)(
        n, K, L, pos, crd, vals, C, D - base * K, E - base * L, A);
  }
  return same_array(what, store_o, store_r, 4 * N * K + 64) &&
         same_array(what, apart[0], apart[1], N * L);
}

int main(void) {
  int ok = 1;
  build(0);
  ok &= run_csr("csr, apart", N, -1, 0);
  ok &= run_csr("csr, output on D", N, N * K + 5, 0);
  ok &= run_csr("csr, output on E", N, 2 * N * K + 3, 0);
  ok &= run_csr("csr, output on C", N, 2, 0);
  ok &= run_csr("csr, no row", 0, 7, 0);
  vals[4] = 1.0 / 0.0;
  vals[7] = 0.0 / 0.0;
  ok &= run_csr("csr, inf and nan, output on E", N, 2 * N * K, 0);
  build(1);
  ok &= run_csr("csr, coordinates from 1, apart", N, -1, 1);
  ok &= run_csr("csr, coordinates from 1, output on D", N, N * K + 1, 1);

  /* COO: the CSR pattern's rows as a list, shuffled. */
  build(0);
  int nnz = pos[N], src[NNZ], dst[NNZ];
  double w[NNZ];
  for (int e = 0; e < nnz; e++) {
    int q = (e * 7) % nnz;
    dst[e] = rows[q];
    src[e] = crd[q];
    w[e] = vals[q];
  }
  for (int where = -1; where < 3; where++) {
    static double so[4 * N * K], sr[4 * N * K], ao[N * L], ar[N * L];
    fill(so, 4 * N * K, 1.0, -0.003);
    fill(sr, 4 * N * K, 1.0, -0.003);
    memset(ao, 0, sizeof ao);
    memset(ar, 0, sizeof ar);
    /* where: -1 apart, 0 on x, 1 on y, 2 on z. */
    double *oo = where < 0 ? ao : so + where * N * K + 1;
    double *orr = where < 0 ? ar : sr + where * N * K + 1;
    orig_coo_in_place(nnz, K, L, src, dst, w, so, so + N * K, so + 2 * N * K,
                      oo);
    rewr_coo_in_place(nnz, K, L, src, dst, w, sr, sr + N * K, sr + 2 * N * K,
                      orr);
    char what[32];
    snprintf(what, sizeof what, "coo, output at %d", where);
    ok &= same_array(what, so, sr, 4 * N * K) & same_array(what, ao, ar, N * L);
  }
  orig_coo_in_place(0, K, L, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
  rewr_coo_in_place(0, K, L, NULL, NULL, NULL, NULL, NULL, NULL, NULL);

  /* Members: apart, then the output on D. */
  for (int on_d = 0; on_d < 2; on_d++) {
    static double so[3 * N * K], sr[3 * N * K], ao[N * L], ar[N * L];
    fill(so, 3 * N * K, 0.5, 0.02);
    fill(sr, 3 * N * K, 0.5, 0.02);
    memset(ao, 0, sizeof ao);
    memset(ar, 0, sizeof ar);
    struct csr B = {pos, crd, vals};
    struct mat Mo = {on_d ? so + N * K + 2 : ao};
    struct mat Mr = {on_d ? sr + N * K + 2 : ar};
    orig_member_in_place(N, L, &B, so, so + N * K, so + 2 * N * K, &Mo);
    rewr_member_in_place(N, L, &B, sr, sr + N * K, sr + 2 * N * K, &Mr);
    ok &= same_array(on_d ? "member, output on D" : "member, apart", so, sr,
                     3 * N * K) &
          same_array("member output", ao, ar, N * L);
  }
  /* K == 0: the nests read no coordinate and no operand (null here), nor
   * may the rewrite, its scan of the coordinates included. */
  static double none_o[N * L], none_r[N * L];
  build(0);
  orig_csr_in_place(N, 0, L, pos, NULL, NULL, NULL, NULL, NULL, none_o);
  rewr_csr_in_place(N, 0, L, pos, NULL, NULL, NULL, NULL, NULL, none_r);
  ok &= same_array("csr, K == 0, null arrays", none_o, none_r, N * L);
  orig_coo_in_place(nnz, 0, L, NULL, NULL, NULL, NULL, NULL, NULL, none_o);
  rewr_coo_in_place(nnz, 0, L, NULL, NULL, NULL, NULL, NULL, NULL, none_r);
  ok &= same_array("coo, K == 0, null arrays", none_o, none_r, N * L);
  struct csr P = {pos, NULL, NULL};
  struct mat Mo = {none_o}, Mr = {none_r};
  orig_member_in_place(N, 0, &P, NULL, NULL, NULL, &Mo);
  rewr_member_in_place(N, 0, &P, NULL, NULL, NULL, &Mr);
  ok &= same_array("member, L == 0, null arrays", none_o, none_r, N * L);
  if (ok)
    printf("PASS: every output as the original's\n");
  return !ok;
}
