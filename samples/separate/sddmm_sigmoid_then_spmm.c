/* SDDMM -> sigmoid -> SpMM as separate kernels, in FusedMM's types
 * (float values, int64_t ids): each edge's weight is one minus the
 * sigmoid of the dot product of its endpoints' features, E(i,j) = 1 -
 * sigmoid(sum_k X(i,k) * Y(j,k)) at the nonzeros of the graph; then
 * O(i,k) += sum_j E(i,j) * Y(j,k). FusedMM's SDDMMSPMMCsrSigmoid computes
 * the same, fused by hand.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

static float sigmoid(float x) { return 1.0f / (1.0f + expf(-x)); }

void sddmm_sigmoid_then_spmm(int64_t n, int64_t dim,
                             const int64_t *restrict indptr,
                             const int64_t *restrict indices,
                             const float *restrict X, const float *restrict Y,
                             float *restrict O) {
  float *E = malloc(sizeof(float) * (indptr[n] > 0 ? indptr[n] : 1));
  if (!E)
    return;
#pragma omp parallel for
  for (int64_t i = 0; i < n; i++) {
    for (int64_t p = indptr[i]; p < indptr[i + 1]; p++) {
      int64_t j = indices[p];
      float s = 0;
      for (int64_t k = 0; k < dim; k++)
        s += X[i * dim + k] * Y[j * dim + k];
      E[p] = 1.0f - sigmoid(s);
    }
  }
#pragma omp parallel for
  for (int64_t i = 0; i < n; i++) {
    for (int64_t p = indptr[i]; p < indptr[i + 1]; p++) {
      int64_t j = indices[p];
      for (int64_t k = 0; k < dim; k++)
        O[i * dim + k] += E[p] * Y[j * dim + k];
    }
  }
  free(E);
}
