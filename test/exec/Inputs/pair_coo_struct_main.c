/* The original and the rewrite of pair_coo_struct.c (renamed orig_ and
 * rewr_) on a COO list in scrambled order with a repeated entry: finite
 * values; an infinite and a NaN score scale; an infinity among U's
 * elements; an empty sum (no feature, U.cols == 0) against an infinity in
 * X; no output column; an empty list with null arrays; Y's data on X's
 * (the overlap test runs the original). Every element as the original's
 * (same_elem.h). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../harness/same_elem.h"

typedef struct {
  uint64_t rows, cols;
  double *data;
} dense_t;
typedef struct {
  uint64_t nnz;
  uint64_t *row, *col;
  double *val;
} coo_t;

void orig_pair_coo_struct(dense_t U, dense_t V, coo_t S, dense_t X, dense_t Y);
void rewr_pair_coo_struct(dense_t U, dense_t V, coo_t S, dense_t X, dense_t Y);
typedef void member_kernel(dense_t U, dense_t V, coo_t S, coo_t C, dense_t X,
                           dense_t Y);
typedef void arrow_kernel(dense_t U, dense_t V, coo_t S, coo_t *C, dense_t X,
                          dense_t Y);
member_kernel orig_pair_coo_member, rewr_pair_coo_member;
arrow_kernel orig_pair_coo_arrow, rewr_pair_coo_arrow;

enum { N = 9, F = 6, G = 5, NNZ = 31 };
static uint64_t row[NNZ], col[NNZ];
static double val[NNZ], u[N * F], v[N * F], x[N * G], y[2][N * G];
/* The scores of the member kernels, each variant its own, and X's data
 * copied for each (the scores may be laid over it). */
static double score[2][NNZ], xs[2][N * G + NNZ];

static void build(void) {
  for (int p = 0; p < NNZ; p++) {
    row[p] = (uint64_t)((p * 7) % N);
    col[p] = (uint64_t)((p * 4 + 1) % N);
    val[p] = 0.5 + 0.125 * (p % 6);
  }
  row[NNZ - 1] = row[3]; /* an entry repeated */
  col[NNZ - 1] = col[3];
  for (int i = 0; i < N * F; i++) {
    u[i] = 0.25 + 0.01 * i;
    v[i] = 1.5 - 0.02 * i;
  }
  for (int i = 0; i < N * G; i++)
    x[i] = -0.75 + 0.03 * i;
}

static int run(const char *what, uint64_t nnz, uint64_t f, uint64_t g,
               int overlap) {
  for (int w = 0; w < 2; w++) {
    for (int i = 0; i < N * G; i++)
      y[w][i] = 1;
    dense_t U = {N, f, u}, V = {N, f, v};
    coo_t S = {nnz, nnz ? row : NULL, nnz ? col : NULL, nnz ? val : NULL};
    dense_t X = {N, g, overlap ? y[w] : x}, Y = {N, g, y[w]};
    if (overlap)
      memcpy(y[w], x, sizeof x);
    (w ? rewr_pair_coo_struct : orig_pair_coo_struct)(U, V, S, X, Y);
  }
  return same_array(what, y[0], y[1], N * G);
}

/* The kernels storing the scores in a member of C (by value, or through a
 * pointer): Y and the scores as the original's. Overlaid: the scores are
 * laid over X's data, where the overlap test must run the original. */
static int run_member(const char *what, uint64_t nnz, uint64_t f, uint64_t g,
                      int overlaid) {
  int ok = 1;
  for (int k = 0; k < 2; k++) {
    for (int w = 0; w < 2; w++) {
      for (int i = 0; i < N * G; i++)
        y[w][i] = 1;
      memset(score[w], 0, sizeof score[w]);
      memset(xs[w], 0, sizeof xs[w]);
      memcpy(xs[w], x, sizeof x);
      dense_t U = {N, f, u}, V = {N, f, v};
      coo_t S = {nnz, nnz ? row : NULL, nnz ? col : NULL, nnz ? val : NULL};
      coo_t C = S;
      C.val = overlaid ? xs[w] + 2 : score[w];
      dense_t X = {N, g, xs[w]}, Y = {N, g, y[w]};
      if (k == 0)
        (w ? rewr_pair_coo_member : orig_pair_coo_member)(U, V, S, C, X, Y);
      else
        (w ? rewr_pair_coo_arrow : orig_pair_coo_arrow)(U, V, S, &C, X, Y);
    }
    char name[128];
    snprintf(name, sizeof name, "%s, %s", k ? "arrow" : "member", what);
    ok &= same_array(name, y[0], y[1], N * G);
    snprintf(name, sizeof name, "%s, %s, the scores", k ? "arrow" : "member",
             what);
    ok &= same_array(name, score[0], score[1], NNZ);
    ok &= same_array(name, xs[0], xs[1], N * G + NNZ);
  }
  return ok;
}

int main(void) {
  int ok = 1;
  build();
  ok &= run("finite", NNZ, F, G, 0);
  val[4] = INFINITY;
  ok &= run("an infinite scale", NNZ, F, G, 0);
  val[4] = NAN;
  ok &= run("a NaN scale", NNZ, F, G, 0);
  build();
  u[2 * F + 1] = INFINITY;
  ok &= run("an infinity in U", NNZ, F, G, 0);
  build();
  x[3] = INFINITY;
  ok &= run("an empty sum, an infinity in X", NNZ, 0, G, 0);
  build();
  ok &= run("no output column", NNZ, F, 0, 0);
  ok &= run("an empty list, null arrays", 0, F, G, 0);
  ok &= run("Y on X", NNZ, F, G, 1);
  ok &= run_member("finite", NNZ, F, G, 0);
  ok &= run_member("the scores over X", NNZ, F, G, 1);
  ok &= run_member("no output column", NNZ, F, 0, 0);
  ok &= run_member("an empty list, null arrays", 0, F, G, 0);
  val[4] = NAN;
  u[2 * F + 1] = INFINITY;
  ok &= run_member("a NaN scale, an infinity in U", NNZ, F, G, 0);
  build();
  x[3] = INFINITY;
  ok &= run_member("an empty sum, an infinity in X", NNZ, 0, G, 0);
  if (ok)
    printf("PASS: every output as the original's\n");
  return !ok;
}
