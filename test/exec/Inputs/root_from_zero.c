/* Kernels over a tensor whose first level is compressed and walked from 0,
 * as ATL's generated code walks it: 'for (q = 0; q < pos1[1]; q++)', the
 * root's coordinate crd1[q], the next level's positions read at q. */

/* <SDDMM, SpMM>, the coordinates read in place. */
void sddmm_spmm(int K, int L, const int *restrict pos1,
                const int *restrict crd1, const int *restrict pos2,
                const int *restrict crd2, const double *restrict vals,
                const double *restrict C, const double *restrict D,
                const double *restrict E, double *restrict A) {
  for (int q = 0; q < pos1[1]; q++)
    for (int p = pos2[q]; p < pos2[q + 1]; p++)
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[crd1[q] * L + l] += vals[p] * C[crd1[q] * K + k] *
                                D[crd2[p] * K + k] * E[crd2[p] * L + l];
}

/* <SpMM, GEMM> without 'restrict' (under the run-time overlap test), the
 * coordinates in locals. */
void spmm_gemm(int K, int L, const int *pos1, const int *crd1, const int *pos2,
               const int *crd2, const double *vals, const double *C,
               const double *D, double *A) {
  for (int q = 0; q < pos1[1]; q++) {
    int i = crd1[q];
    for (int p = pos2[q]; p < pos2[q + 1]; p++) {
      int j = crd2[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[j * K + k] * D[k * L + l];
    }
  }
}

/* <MTTKRP, GEMM> over a CSF tensor whose every level is compressed. */
void mttkrp_gemm(int J, int M, const int *restrict pos1,
                 const int *restrict crd1, const int *restrict pos2,
                 const int *restrict crd2, const int *restrict pos3,
                 const int *restrict crd3, const double *restrict vals,
                 const double *restrict C, const double *restrict D,
                 const double *restrict E, double *restrict A) {
  for (int q = 0; q < pos1[1]; q++)
    for (int p = pos2[q]; p < pos2[q + 1]; p++)
      for (int r = pos3[p]; r < pos3[p + 1]; r++)
        for (int j = 0; j < J; j++)
          for (int m = 0; m < M; m++)
            A[crd1[q] * M + m] += vals[r] * C[crd3[r] * J + j] *
                                  D[crd2[p] * J + j] * E[j * M + m];
}
