/* Graph attention's scores and aggregation as two separate kernels in one
 * function: each edge's score, the dot product of its two endpoints'
 * features scaled by the edge's weight, goes through a LeakyReLU, T(i,j)
 * = leaky(B(i,j) * sum_k C(i,k) * D(j,k)) at B's nonzeros; then A(i,l) +=
 * sum_j T(i,j) * E(j,l).
 *
 * B is an n x n CSR matrix (pos, crd, Bv); C and D are n x K, E is n x L
 * and A is n x L, dense and row-major. T holds nnz(B) scores and is freed
 * after the second nest: fused, each score is a scalar, passed through
 * the function once its sum is complete and used at once.
 */
#include <stdlib.h>

static double leaky(double x) { return x > 0 ? x : 0.2 * x; }

void gat_scores_then_aggregate(int n, int K, int L, const int *restrict pos,
                               const int *restrict crd,
                               const double *restrict Bv,
                               const double *restrict C,
                               const double *restrict D,
                               const double *restrict E, double *restrict A) {
  double *T = malloc(sizeof(double) * (pos[n] > 0 ? pos[n] : 1));
  if (!T)
    return;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      T[p] = leaky(Bv[p] * s);
    }
  }
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
  }
  free(T);
}
