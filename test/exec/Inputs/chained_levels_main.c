/* Runs the original and the rewritten kernels of chained_levels.c on
   random CSR matrices (empty rows; rows of B that reach one row of C
   several times; rows of C whose every E row is empty; an infinity in D
   or a NaN in x in some cases) and compares the outputs, NaN and Inf
   included. Where there is an infinity every value is positive: a sum
   that meets infinities of both signs, or an infinity times 0, may give
   NaN in one grouping and an infinity in another, which the
   floating-point contract allows (docs/floating-point.md). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../harness/same_elem.h"

typedef const int *Ints;
typedef const double *Doubles;
typedef void Scaled(int, int, Ints, Ints, Doubles, Ints, Ints, Doubles, Doubles,
                    Doubles, double *);
typedef void Four(int, int, Ints, Ints, Doubles, Ints, Ints, Ints, Doubles,
                  Doubles, Doubles, double *);
typedef void Three(int, int, Ints, Ints, Doubles, Ints, Ints, Doubles, Ints,
                   Ints, Doubles, Doubles, Doubles, double *);
typedef void Spmv(int, Ints, Ints, Doubles, Ints, Ints, Doubles, Doubles,
                  double *);
Scaled orig_scaled_rows, rewr_scaled_rows, orig_scaled_rows_c89,
    rewr_scaled_rows_c89;
Four orig_scaled_rows_four, rewr_scaled_rows_four;
Three orig_three_rows, rewr_three_rows;
Spmv orig_spmv_spmv, rewr_spmv_spmv;
Scaled orig_coo_scaled_rows, rewr_coo_scaled_rows;
Scaled orig_scaled_rows_alias, rewr_scaled_rows_alias,
    orig_coo_scaled_rows_alias, rewr_coo_scaled_rows_alias;

static unsigned seed = 2026;
static int next(int n) {
  seed = seed * 1103515245u + 12345u;
  return (int)((seed >> 8) % (unsigned)n);
}

struct Csr {
  int *pos, *crd;
  double *v;
};

/* Rows rows over Columns columns; about a quarter of the rows empty, or
   every row when Empty; values in (0, 4] when Positive. */
static struct Csr csr(int Rows, int Columns, int Empty, int Positive) {
  struct Csr M;
  M.pos = malloc(sizeof(int) * (Rows + 1));
  M.crd = malloc(sizeof(int) * (Rows * 7 + 1));
  M.v = malloc(sizeof(double) * (Rows * 7 + 1));
  M.pos[0] = 0;
  for (int r = 0; r < Rows; r++) {
    int count = Empty || next(4) == 0 ? 0 : 1 + next(7);
    for (int q = 0; q < count; q++) {
      M.crd[M.pos[r] + q] = next(Columns);
      M.v[M.pos[r] + q] =
          Positive ? (1 + next(1000)) / 250.0 : (next(2000) - 1000) / 250.0;
    }
    M.pos[r + 1] = M.pos[r] + count;
  }
  return M;
}

static void release(struct Csr M) {
  free(M.pos);
  free(M.crd);
  free(M.v);
}

static int same(const char *what, int c, const double *X, const double *Y,
                int n) {
  for (int q = 0; q < n; q++) {
    double x = X[q], y = Y[q], err;
    if (!same_elem(x, y, fabs(x), 1.0, 1e-9, &err)) {
      printf("FAIL: %s, case %d: [%d] = %g, rewritten %g\n", what, c, q, x, y);
      return 0;
    }
  }
  printf("ok: %s, case %d\n", what, c);
  return 1;
}

/* The outputs of a kernel run as written (A1) and rewritten (A2). */
#define RUN(orig, rewr, ...)                                                   \
  do {                                                                         \
    memset(A1, 0, sizeof(double) * (n * L + 1));                               \
    memset(A2, 0, sizeof(double) * (n * L + 1));                               \
    orig(__VA_ARGS__, A1);                                                     \
    rewr(__VA_ARGS__, A2);                                                     \
  } while (0)

int main(void) {
  int ok = 1;
  for (int c = 0; c < 8; c++) {
    int n = c == 0 ? 0 : 1 + next(80), m = 1 + next(60), p = 1 + next(50);
    int r = 1 + next(30), L = c == 1 ? 0 : 1 + next(11);
    int Positive = c >= 4;
    struct Csr B = csr(n, m, 0, Positive), C = csr(m, p, c == 2, Positive),
               E = csr(p, r, c == 5, Positive);
    /* x is indexed by C's columns (p) or by E's (r). */
    int X = p > r ? p : r;
    double *x = malloc(sizeof(double) * X);
    double *D = malloc(sizeof(double) * (m * L + 1));
    for (int q = 0; q < X; q++)
      x[q] = Positive ? 1 + next(7) : next(7) - 3;
    for (int q = 0; q < m * L; q++)
      D[q] = Positive ? (1 + next(100)) / 50.0 : (next(200) - 100) / 50.0;
    if (Positive && c != 6 && m * L > 0)
      for (int q = 0; q < 3; q++)
        D[next(m * L)] = INFINITY;
    if (c == 6)
      x[next(X)] = NAN;
    double *A1 = malloc(sizeof(double) * (n * L + 1));
    double *A2 = malloc(sizeof(double) * (n * L + 1));
    int *Ce = malloc(sizeof(int) * m);
    for (int q = 0; q < m; q++)
      Ce[q] = C.pos[q + 1];
    RUN(orig_scaled_rows, rewr_scaled_rows, n, L, B.pos, B.crd, B.v, C.pos,
        C.crd, C.v, x, D);
    ok &= same("scaled rows", c, A1, A2, n * L);
    RUN(orig_scaled_rows_four, rewr_scaled_rows_four, n, L, B.pos, B.crd, B.v,
        C.pos, Ce, C.crd, C.v, x, D);
    ok &= same("four arrays", c, A1, A2, n * L);
    RUN(orig_scaled_rows_c89, rewr_scaled_rows_c89, n, L, B.pos, B.crd, B.v,
        C.pos, C.crd, C.v, x, D);
    ok &= same("c89", c, A1, A2, n * L);
    /* C's columns are E's rows: p of them. */
    RUN(orig_three_rows, rewr_three_rows, n, L, B.pos, B.crd, B.v, C.pos, C.crd,
        C.v, E.pos, E.crd, E.v, x, D);
    ok &= same("three matrices", c, A1, A2, n * L);
    double *y1 = calloc(n + 1, sizeof(double)),
           *y2 = calloc(n + 1, sizeof(double));
    orig_spmv_spmv(n, B.pos, B.crd, B.v, C.pos, C.crd, C.v, x, y1);
    rewr_spmv_spmv(n, B.pos, B.crd, B.v, C.pos, C.crd, C.v, x, y2);
    ok &= same("spmv spmv", c, y1, y2, n);
    /* B as a COO list: its positions in row order, or in odd cases
       shuffled. */
    int nnz = B.pos[n];
    int *row = malloc(sizeof(int) * (nnz + 1));
    for (int i = 0; i < n; i++)
      for (int q = B.pos[i]; q < B.pos[i + 1]; q++)
        row[q] = i;
    for (int q = nnz - 1; c % 2 && q > 0; q--) {
      int o = next(q + 1), t = row[q], u = B.crd[q];
      double v = B.v[q];
      row[q] = row[o], B.crd[q] = B.crd[o], B.v[q] = B.v[o];
      row[o] = t, B.crd[o] = u, B.v[o] = v;
    }
    RUN(orig_coo_scaled_rows, rewr_coo_scaled_rows, nnz, L, row, B.crd, B.v,
        C.pos, C.crd, C.v, x, D);
    ok &= same(c % 2 ? "coo shuffled" : "coo", c, A1, A2, n * L);
    /* Without restrict: apart, then the output laid over D (the original
       runs, reading D as it writes it). */
    RUN(orig_scaled_rows_alias, rewr_scaled_rows_alias, n, L, B.pos, B.crd,
        B.v, C.pos, C.crd, C.v, x, D);
    ok &= same("no restrict", c, A1, A2, n * L);
    RUN(orig_coo_scaled_rows_alias, rewr_coo_scaled_rows_alias, nnz, L, row,
        B.crd, B.v, C.pos, C.crd, C.v, x, D);
    ok &= same("coo, no restrict", c, A1, A2, n * L);
    if (n * L > 0 && m * L > 0) {
      int Over = (n > m ? n : m) * L;
      double *O1 = malloc(sizeof(double) * Over),
             *O2 = malloc(sizeof(double) * Over);
      for (int q = 0; q < Over; q++)
        O1[q] = O2[q] = q < m * L ? D[q] : 0.5;
      orig_scaled_rows_alias(n, L, B.pos, B.crd, B.v, C.pos, C.crd, C.v, x, O1,
                             O1);
      rewr_scaled_rows_alias(n, L, B.pos, B.crd, B.v, C.pos, C.crd, C.v, x, O2,
                             O2);
      ok &= same("no restrict, output on D", c, O1, O2, Over);
      for (int q = 0; q < Over; q++)
        O1[q] = O2[q] = q < m * L ? D[q] : 0.5;
      orig_coo_scaled_rows_alias(nnz, L, row, B.crd, B.v, C.pos, C.crd, C.v, x,
                                 O1, O1);
      rewr_coo_scaled_rows_alias(nnz, L, row, B.crd, B.v, C.pos, C.crd, C.v, x,
                                 O2, O2);
      ok &= same("coo, no restrict, output on D", c, O1, O2, Over);
      free(O1), free(O2);
    }
    free(row);
    release(B), release(C), release(E);
    free(x), free(D), free(A1), free(A2), free(Ce), free(y1), free(y2);
  }
  printf(ok ? "PASS\n" : "FAIL\n");
  return !ok;
}
