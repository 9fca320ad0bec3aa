/* <SpMM, GEMM> through an accessor macro that takes the array as its
 * argument, the output assigned its sum ('A = A + ...') and not declared
 * 'restrict': the rewrite runs under a run-time overlap test. */
#define AT(A, i, j, ld) (A)[(i) * (ld) + (j)]

void spmm_gemm(int n, int K, int L, const int *pos, const int *crd,
               const double *Bv, const double *C, const double *D, double *A) {
  for (int i = 0; i < n; i++) {
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++) {
        for (int l = 0; l < L; l++) {
          AT(A, i, l, L) = AT(A, i, l, L) + Bv[p] * AT(C, j, k, K) * AT(D, k, l, L);
        }
      }
    }
  }
}
