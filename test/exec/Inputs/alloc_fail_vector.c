/* <SpMM, GEMM> by hand, A(i,l) += Bv(i,j) C(j,k) D(k,l), with and without
 * 'restrict': rewritten with --no-runtime-choice, each thread allocates its
 * own t(k); the second is versioned under the run-time overlap test too
 * (alloc_fail.test). */
void spmm_gemm(int n, int K, int L, const int *pos, const int *crd,
               const double *Bv, const double *C, const double *D,
               double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += Bv[p] * C[j * K + k] * D[k * L + l];
    }
}

void spmm_gemm_may_alias(int n, int K, int L, const int *pos, const int *crd,
                         const double *Bv, const double *C, const double *D,
                         double *A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += Bv[p] * C[j * K + k] * D[k * L + l];
    }
}
