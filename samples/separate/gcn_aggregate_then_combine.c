/* A GCN layer as two separate kernels in one function: aggregate the
 * neighbours' features, T = B * X (n x F), then combine them, A = T * W.
 *
 * B is an n x n CSR matrix (pos, crd, Bv); X is n x F, W is F x G and A is
 * n x G, dense and row-major. T, n x F, is zeroed by calloc and freed after
 * the second nest (each nest parallel over rows, as graph code runs them):
 * fused, each row of T is a vector of F used at once.
 */
#include <stdlib.h>

void gcn_aggregate_then_combine(int n, int F, int G, const int *restrict pos,
                                const int *restrict crd,
                                const double *restrict Bv,
                                const double *restrict X,
                                const double *restrict W,
                                double *restrict A) {
  double *T = calloc((size_t)(n > 0 ? n : 1) * (F > 0 ? F : 1), sizeof(double));
  if (!T)
    return;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int f = 0; f < F; f++)
        T[i * F + f] += Bv[p] * X[crd[p] * F + f];
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int f = 0; f < F; f++)
      for (int g = 0; g < G; g++)
        A[i * G + g] += T[i * F + f] * W[f * G + g];
  free(T);
}
