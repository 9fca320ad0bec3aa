/* The original and the rewrite of call_pairs.c (renamed orig_ and rewr_):
 * a CSR matrix with empty rows and a repeated column, then the same with
 * an infinity in C and a NaN in B, no output column, an empty matrix; the
 * scores kept in the caller's array (compared too); a COO list in
 * scrambled order aggregated over its own edges, over a copy of them (the
 * same values in other arrays) and over another graph's (the two kernels
 * must then stay separate), the structs passed by value and by their
 * address. Every element as the original's, NaN- and
 * Inf-aware (same_elem.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../harness/same_elem.h"

typedef struct {
  long n;
  int *src, *dst;
  double *w;
} edges_t;
typedef struct {
  int rows, cols;
  double *data;
} mat_t;

typedef void csr_kernel(int, int *, int *, const double *, const double *,
                        const double *, const double *, double *, int, int);
typedef void kept_kernel(int, int *, int *, const double *, const double *,
                         const double *, const double *, double *, int, int,
                         double *);
typedef void coo_kernel(mat_t, mat_t, edges_t, edges_t, mat_t, mat_t, double *);
csr_kernel orig_csr_pair, rewr_csr_pair, orig_csr_pair_c89, rewr_csr_pair_c89;
kept_kernel orig_csr_pair_kept, rewr_csr_pair_kept, orig_csr_pair_locals,
    rewr_csr_pair_locals;
coo_kernel orig_coo_pair, rewr_coo_pair, orig_coo_pair_at, rewr_coo_pair_at;
typedef void width_kernel(int, int *, int *, const double *, const double *,
                          const double *, const double *, double *, int,
                          double *);
width_kernel orig_csr_pair_width, rewr_csr_pair_width;
typedef struct {
  int n;
  int *pos, *crd;
  double *w;
} graph_t;
typedef struct {
  graph_t *graph;
} net_t;
typedef void through_kernel(net_t *, const double *, const double *,
                            const double *, const double *, double *, int, int);
through_kernel orig_csr_pair_through, rewr_csr_pair_through;

enum { N = 11, K = 5, L = 6, E = 29 };
static int pos[N + 1], crd[E], src[E], dst[E], src2[E], dst2[E];
static double b[E], c[N * K], d[N * K], x[N * L], w[E];
static double a[2][N * L], t[2][E];

static void build(void) {
  int p = 0;
  for (int i = 0; i < N; i++) {
    pos[i] = p;
    int row = i % 4 == 1 ? 0 : 3 + i % 3; /* some rows empty */
    for (int q = 0; q < row && p < E; q++, p++) {
      crd[p] = (i * 5 + q * 3) % N;
      b[p] = 0.5 + 0.25 * (p % 5);
    }
  }
  pos[N] = p;
  crd[1] = crd[0]; /* a column twice in a row */
  for (int i = 0; i < N * K; i++) {
    c[i] = 0.1 * (i % 7) - 0.3;
    d[i] = 1.25 - 0.05 * i;
  }
  for (int i = 0; i < N * L; i++)
    x[i] = -0.5 + 0.02 * i;
  for (int e = 0; e < E; e++) {
    src[e] = (e * 7 + 3) % N; /* scrambled */
    dst[e] = (e * 4 + 1) % N;
    src2[e] = src[e];
    dst2[e] = (e * 2 + 5) % N;
    w[e] = 0.75 + 0.125 * (e % 4);
  }
}

static int run_csr(const char *what, int n, int l) {
  for (int v = 0; v < 2; v++) {
    for (int i = 0; i < N * L; i++)
      a[v][i] = 1;
    (v ? rewr_csr_pair : orig_csr_pair)(n, pos, crd, b, c, d, x, a[v], K, l);
  }
  int ok = same_array(what, a[0], a[1], N * L);
  for (int v = 0; v < 2; v++) {
    for (int i = 0; i < N * L; i++)
      a[v][i] = 1;
    (v ? rewr_csr_pair_c89 : orig_csr_pair_c89)(n, pos, crd, b, c, d, x, a[v],
                                                K, l);
  }
  return ok && same_array("  and in C89's style", a[0], a[1], N * L);
}

static int run_kept(const char *what, int l) {
  for (int v = 0; v < 2; v++) {
    for (int i = 0; i < N * L; i++)
      a[v][i] = 1;
    for (int e = 0; e < E; e++)
      t[v][e] = -7;
    (v ? rewr_csr_pair_kept : orig_csr_pair_kept)(N, pos, crd, b, c, d, x, a[v],
                                                  K, l, t[v]);
  }
  return same_array(what, a[0], a[1], N * L) &&
         same_array("  and the scores", t[0], t[1], E);
}

/* The graph's arrays named through each function's locals: the scores in
 * an array of their own, or laid over A (the overlap test then runs the
 * calls as written). */
static int run_locals(const char *what, int overlaid) {
  for (int v = 0; v < 2; v++) {
    for (int i = 0; i < N * L; i++)
      a[v][i] = 1;
    for (int e = 0; e < E; e++)
      t[v][e] = -7;
    (v ? rewr_csr_pair_locals : orig_csr_pair_locals)(
        N, pos, crd, b, c, d, x, a[v], K, L, overlaid ? a[v] : t[v]);
  }
  return same_array(what, a[0], a[1], N * L) &&
         same_array("  and the scores", t[0], t[1], E);
}

/* The graph reached through a struct's pointer: as run_locals. */
static int run_through(const char *what, int overlaid) {
  for (int v = 0; v < 2; v++) {
    for (int i = 0; i < N * L; i++)
      a[v][i] = 1;
    for (int e = 0; e < E; e++)
      t[v][e] = -7;
    graph_t g = {N, pos, crd, overlaid ? a[v] : t[v]};
    net_t net = {&g};
    (v ? rewr_csr_pair_through : orig_csr_pair_through)(&net, b, c, d, x,
                                                        a[v], K, L);
  }
  return same_array(what, a[0], a[1], N * L) &&
         same_array("  and the scores", t[0], t[1], E);
}

/* The width's local renamed apart from the fallback's 'L / 2'; with E
 * laid over A, the overlap test runs the calls as written. */
static int run_width(const char *what, int overlaid) {
  static double e[2][N * L];
  for (int v = 0; v < 2; v++) {
    for (int i = 0; i < N * L; i++)
      a[v][i] = 1, e[v][i] = x[i];
    for (int q = 0; q < E; q++)
      t[v][q] = -7;
    double *out = overlaid ? e[v] : a[v];
    (v ? rewr_csr_pair_width : orig_csr_pair_width)(N, pos, crd, b, c, d, e[v],
                                                    out, L, t[v]);
  }
  return same_array(what, a[0], a[1], N * L) &&
         same_array("  and E", e[0], e[1], N * L) &&
         same_array("  and the scores", t[0], t[1], E);
}

/* Over: 0 S's own edges, 1 a copy of them, 2 another graph's. At: the
 * pair that passes the structs by their address. */
static int run_coo(const char *what, long n, int over, int at) {
  for (int v = 0; v < 2; v++) {
    for (int i = 0; i < N * L; i++)
      a[v][i] = 1;
    for (int e = 0; e < E; e++)
      t[v][e] = -7;
    mat_t U = {N, K, c}, V = {N, K, d}, X = {N, L, x}, Y = {N, L, a[v]};
    edges_t S = {n, src, dst, w};
    edges_t R = over == 0   ? S
                : over == 1 ? (edges_t){n, src2, dst, w}
                            : (edges_t){n, src2, dst2, w};
    coo_kernel *kernel = at ? (v ? rewr_coo_pair_at : orig_coo_pair_at)
                            : (v ? rewr_coo_pair : orig_coo_pair);
    kernel(U, V, S, R, X, Y, t[v]);
  }
  return same_array(what, a[0], a[1], N * L) &&
         same_array("  and the scores", t[0], t[1], E);
}

int main(void) {
  build();
  int ok = run_csr("csr, finite", N, L);
  c[K + 2] = INFINITY;
  ok &= run_csr("csr, an infinity in C", N, L);
  b[4] = NAN;
  ok &= run_csr("csr, a NaN in B", N, L);
  c[K + 2] = 0.5;
  b[4] = 1.5;
  ok &= run_csr("csr, no output column", N, 0);
  ok &= run_csr("csr, no row", 0, L);
  ok &= run_kept("csr kept, finite", L);
  ok &= run_kept("csr kept, no output column", 1);
  ok &= run_locals("csr locals, finite", 0);
  ok &= run_locals("csr locals, scores over A", 1);
  ok &= run_through("csr through memory, finite", 0);
  ok &= run_through("csr through memory, scores over A", 1);
  ok &= run_width("csr width, finite", 0);
  ok &= run_width("csr width, E is A", 1);
  ok &= run_coo("coo, its own edges", E, 0, 0);
  ok &= run_coo("coo, a copy of its edges", E, 1, 0);
  ok &= run_coo("coo, another graph's edges", E, 2, 0);
  ok &= run_coo("coo, no edge", 0, 0, 0);
  ok &= run_coo("coo at, its own edges", E, 0, 1);
  ok &= run_coo("coo at, a copy of its edges", E, 1, 1);
  ok &= run_coo("coo at, another graph's edges", E, 2, 1);
  ok &= run_coo("coo at, no edge", 0, 0, 1);
  printf("%s\n", ok ? "all ok" : "FAIL");
  return !ok;
}
