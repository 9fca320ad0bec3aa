/* A GCN layer as an embedded GCN code writes it (IMAX2's gcn.c, (A·H)·W
 * when the layer widens): the aggregation T = B * X one column of X at a
 * time (f outermost, a row's sum into a scalar, then stored), then the
 * combination A = T * W, an element's sum into a scalar, then stored.
 *
 * B is an n x n CSR matrix (pos, crd, Bv); X is n x F, W is F x G and A is
 * n x G, dense and row-major. T, n x F, is allocated and freed here. Each
 * nest is parallel over its outer loop. Fused, the rows run outermost as
 * the combination runs them, and each row of T is used as it is made.
 */
#include <stdlib.h>

void gcn_columns_then_combine(int n, int F, int G, const int *restrict pos,
                              const int *restrict crd,
                              const double *restrict Bv,
                              const double *restrict X,
                              const double *restrict W, double *restrict A) {
  double *T = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1) *
                     (size_t)(F > 0 ? F : 1));
  if (!T)
    return;
#pragma omp parallel for
  for (int f = 0; f < F; f++)
    for (int i = 0; i < n; i++) {
      double s = 0;
      for (int p = pos[i]; p < pos[i + 1]; p++)
        s += Bv[p] * X[crd[p] * F + f];
      T[i * F + f] = s;
    }
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int g = 0; g < G; g++) {
      double s = 0;
      for (int f = 0; f < F; f++)
        s += T[i * F + f] * W[f * G + g];
      A[i * G + g] = s;
    }
  free(T);
}
