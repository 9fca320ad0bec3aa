/* Separate kernels as edge-list code writes them: a COO list and dense
 * matrices in structs passed by value, elements read through an accessor
 * macro whose body parenthesizes its arguments, the coordinates declared
 * in the loop without a value and loaded after, the scores at the list's
 * positions in a temporary whose size is read from the list. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

typedef struct {
  uint64_t rows, cols;
  double *data;
} dense_t;
typedef struct {
  uint64_t nnz;
  uint64_t *row, *col;
  double *val;
} coo_t;
#define ELEM(M, r, c) ((M).data[(r) * (M).cols + (c)])

/* Edge scores S(e) * <U(row,:), V(col,:)>, then Y(row,:) += score * X(col,:). */
void pair_coo_struct(dense_t U, dense_t V, coo_t S, dense_t X, dense_t Y) {
  double *score = (double *)malloc(sizeof(double) * (S.nnz > 0 ? S.nnz : 1));
  if (!score)
    return;
  for (uint64_t e = 0; e < S.nnz; ++e) {
    uint64_t row, col;
    row = S.row[e];
    col = S.col[e];
    double dot = 0.0;
    for (uint64_t f = 0; f < U.cols; f++)
      dot += ELEM(U, row, f) * ELEM(V, col, f);
    score[e] = dot * S.val[e];
  }
  for (uint64_t e = 0; e < S.nnz; ++e) {
    uint64_t row, col;
    row = S.row[e];
    col = S.col[e];
    double w = score[e];
    for (uint64_t g = 0; g < X.cols; ++g)
      ELEM(Y, row, g) += w * ELEM(X, col, g);
  }
  free(score);
}

/* The scores stored in a member of a list passed by value (SpComm3D's
 * 'C.vv[i] = vp * S.vv[i]'): memory of the caller, still read after, so
 * the fused nest stores them once. */
void pair_coo_member(dense_t U, dense_t V, coo_t S, coo_t C, dense_t X,
                     dense_t Y) {
  for (uint64_t e = 0; e < S.nnz; ++e) {
    uint64_t row, col;
    row = S.row[e];
    col = S.col[e];
    double dot = 0.0;
    for (uint64_t f = 0; f < U.cols; f++)
      dot += ELEM(U, row, f) * ELEM(V, col, f);
    C.val[e] = dot * S.val[e];
  }
  for (uint64_t e = 0; e < S.nnz; ++e) {
    uint64_t row, col;
    row = S.row[e];
    col = S.col[e];
    double w = C.val[e];
    for (uint64_t g = 0; g < X.cols; ++g)
      ELEM(Y, row, g) += w * ELEM(X, col, g);
  }
}

/* Through a pointer to the list, the score passed through a sigmoid. */
void pair_coo_arrow(dense_t U, dense_t V, coo_t S, coo_t *C, dense_t X,
                    dense_t Y) {
  for (uint64_t e = 0; e < S.nnz; ++e) {
    uint64_t row, col;
    row = S.row[e];
    col = S.col[e];
    double dot = 0.0;
    for (uint64_t f = 0; f < U.cols; f++)
      dot += ELEM(U, row, f) * ELEM(V, col, f);
    C->val[e] = 1.0 / (1.0 + exp(-(dot * S.val[e])));
  }
  for (uint64_t e = 0; e < S.nnz; ++e) {
    uint64_t row, col;
    row = S.row[e];
    col = S.col[e];
    for (uint64_t g = 0; g < X.cols; ++g)
      ELEM(Y, row, g) += C->val[e] * ELEM(X, col, g);
  }
}
