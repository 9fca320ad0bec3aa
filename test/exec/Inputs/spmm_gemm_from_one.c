/* <SpMM, GEMM> over k = 1 .. K-1 only: the temporary t(k) has K - 1
 * elements, so the rewrite indexes it from 0 (t[k - 1]). */
void spmm_gemm(int n, int K, int L, const int *pos, const int *crd,
               const double *Bv, const double *C, const double *D,
               double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int k = 1; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += Bv[p] * C[crd[p] * K + k] * D[k * L + l];
}
