/* Separate kernels as edge-list code writes them: a COO list and dense
 * matrices in structs passed by value, elements read through an accessor
 * macro whose body parenthesizes its arguments, the coordinates declared
 * in the loop without a value and loaded after, the scores at the list's
 * positions in a temporary whose size is read from the list. */
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
