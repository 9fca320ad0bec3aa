/* <SpMM, GEMM> with positions counted from the row's start: the consumer
 * (a GEMM per row) runs only where the row is not empty,
 * '0 < pos[i + 1] - pos[i]'. */
void spmm_gemm(int n, int K, int L, const int *pos, const int *crd,
               const double *Bv, const double *C, const double *D,
               double *restrict A) {
  for (int i = 0; i < n; i++) {
    for (int p = 0; p < pos[i + 1] - pos[i]; p++) {
      int j = crd[pos[i] + p];
      for (int k = 0; k < K; k++) {
        for (int l = 0; l < L; l++) {
          A[i * L + l] += C[j * K + k] * D[k * L + l] * Bv[pos[i] + p];
        }
      }
    }
  }
}
