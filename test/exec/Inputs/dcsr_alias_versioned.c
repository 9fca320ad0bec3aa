/* B in DCSR (its first level compressed too: rows crd1[q] for q from
 * pos1[0] to pos1[1], each row's positions read at q) by hand without
 * 'restrict': the output may overlap any input, so the rewrite runs under a
 * run-time overlap test whose ranges include the root's positions
 * [pos1[0], pos1[1]) and the rows the root lists (a scan of crd1), and
 * keeps the nest as its fallback (dcsr_alias_versioned.test). */
void sddmm_spmm(int K, int L, const int *pos1, const int *crd1,
                const int *pos2, const int *crd2, const double *vals,
                const double *C, const double *D, const double *E,
                double *A) {
  for (int q = pos1[0]; q < pos1[1]; q++) {
    int i = crd1[q];
    for (int p = pos2[q]; p < pos2[q + 1]; p++) {
      int j = crd2[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
  }
}

/* <SpMM, GEMM>: two schedules chosen at run time, under the same test. */
void spmm_gemm(int K, int L, const int *pos1, const int *crd1,
               const int *pos2, const int *crd2, const double *vals,
               const double *C, const double *D, const double *E,
               double *A) {
  (void)E;
  for (int q = pos1[0]; q < pos1[1]; q++) {
    int i = crd1[q];
    for (int p = pos2[q]; p < pos2[q + 1]; p++) {
      int j = crd2[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[j * K + k] * D[k * L + l];
    }
  }
}
