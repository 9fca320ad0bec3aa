/* <MTTKRP, GEMM> as two separate kernels in one function, the way tensor
 * decomposition code writes it: the MTTKRP of a CSF tensor into a dense
 * workspace, T(i,j) = sum_kl B(i,k,l) * C(l,j) * D(k,j), then its product
 * with a factor, A = T * E.
 *
 * B is an I x K x L 3-tensor in CSF (pos1/crd1 for its second level, pos2/
 * crd2 for its third, vals); C is L x J, D is K x J, E is J x M and A is
 * I x M, dense and row-major. T, I x J, is zeroed by calloc and freed after
 * the second nest (each nest parallel over i): fused, each row of T is a
 * vector of J used at once.
 */
#include <stdlib.h>

void mttkrp_then_gemm(int I, int J, int M, const int *restrict pos1,
                      const int *restrict crd1, const int *restrict pos2,
                      const int *restrict crd2, const double *restrict vals,
                      const double *restrict C, const double *restrict D,
                      const double *restrict E, double *restrict A) {
  double *T = calloc((size_t)(I > 0 ? I : 1) * (J > 0 ? J : 1), sizeof(double));
  if (!T)
    return;
#pragma omp parallel for
  for (int i = 0; i < I; i++)
    for (int p1 = pos1[i]; p1 < pos1[i + 1]; p1++) {
      int k = crd1[p1];
      for (int p2 = pos2[p1]; p2 < pos2[p1 + 1]; p2++) {
        int l = crd2[p2];
        for (int j = 0; j < J; j++)
          T[i * J + j] += vals[p2] * C[l * J + j] * D[k * J + j];
      }
    }
#pragma omp parallel for
  for (int i = 0; i < I; i++)
    for (int j = 0; j < J; j++)
      for (int m = 0; m < M; m++)
        A[i * M + m] += T[i * J + j] * E[j * M + m];
  free(T);
}
