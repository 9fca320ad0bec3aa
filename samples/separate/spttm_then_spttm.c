/* <SpTTM, SpTTM> as two separate kernels in one function, the way TTM
 * chains are written (SparseLNR's ttm_ttm test kernels, with a sparse
 * intermediate): T(i,j,l) = sum_k B(i,j,k) * C(k,l) stored per fiber of B,
 * then A(i,j,m) = sum_l T(i,j,l) * D(l,m) at the same fibers.
 *
 * B is an I x J x K 3-tensor in CSF (pos1/crd1 for its second level, pos2/
 * crd2 for its third, vals); C is K x L and D is L x M, dense and row-major.
 * T and A are stored at B's fibers (i,j): nnz(B_ij) x L and nnz(B_ij) x M
 * values, row-major. T is zeroed by calloc and freed after the second nest
 * (each nest parallel over i): fused, each fiber's row of T is a vector of
 * L used at once.
 */
#include <stdlib.h>

void spttm_then_spttm(int I, int L, int M, const int *restrict pos1,
                      const int *restrict crd1, const int *restrict pos2,
                      const int *restrict crd2, const double *restrict vals,
                      const double *restrict C, const double *restrict D,
                      double *restrict A) {
  (void)crd1; /* the fibers' coordinates: neither nest needs them */
  int fibers = pos1[I];
  double *T = calloc((size_t)(fibers > 0 ? fibers : 1) * (L > 0 ? L : 1),
                     sizeof(double));
  if (!T)
    return;
#pragma omp parallel for
  for (int i = 0; i < I; i++)
    for (int p1 = pos1[i]; p1 < pos1[i + 1]; p1++)
      for (int p2 = pos2[p1]; p2 < pos2[p1 + 1]; p2++) {
        int k = crd2[p2];
        for (int l = 0; l < L; l++)
          T[p1 * L + l] += vals[p2] * C[k * L + l];
      }
#pragma omp parallel for
  for (int i = 0; i < I; i++)
    for (int p1 = pos1[i]; p1 < pos1[i + 1]; p1++)
      for (int l = 0; l < L; l++)
        for (int m = 0; m < M; m++)
          A[p1 * M + m] += T[p1 * L + l] * D[l * M + m];
  free(T);
}
