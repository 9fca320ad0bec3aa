/* <SpMM, GEMM> with the row's length in a local, positions counted from the
 * row's start: 'int len = pos[i + 1] - pos[i]; for (p = 0; p < len; p++)',
 * read at 'pos[i] + p'. */
void spmm_gemm(int n, int K, int L, const int *pos, const int *crd,
               const double *Bv, const double *C, const double *D,
               double *restrict A) {
  for (int i = 0; i < n; i++) {
    int len = pos[i + 1] - pos[i];
    for (int p = 0; p < len; p++) {
      int j = crd[pos[i] + p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += Bv[pos[i] + p] * C[j * K + k] * D[k * L + l];
    }
  }
}
