/* <SpMM, GEMM> in loop order i, l, p, k with a scalar accumulator whose sum
 * is copied into a local before it is stored (ATL's style):
 * 'double x = acc; A[i * L + l] += x;'. */
void spmm_gemm(int n, int K, int L, const int *pos, const int *crd,
               const double *Bv, const double *C, const double *D,
               double *restrict A) {
  for (int i = 0; i < n; i++) {
    for (int l = 0; l < L; l++) {
      double acc = 0;
      for (int p = pos[i]; p < pos[i + 1]; p++) {
        int j = crd[p];
        for (int k = 0; k < K; k++)
          acc += Bv[p] * C[j * K + k] * D[k * L + l];
      }
      double x = acc;
      A[i * L + l] += x;
    }
  }
}
