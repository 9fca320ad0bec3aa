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

enum { N = 9, F = 6, G = 5, NNZ = 31 };
static uint64_t row[NNZ], col[NNZ];
static double val[NNZ], u[N * F], v[N * F], x[N * G], y[2][N * G];

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
  if (ok)
    printf("PASS: every output as the original's\n");
  return !ok;
}
