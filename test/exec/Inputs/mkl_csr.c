/* MKL's four-array CSR: row i's nonzeros are [pntrb[i], pntre[i]). */
void mkl_sddmm_spmm(int n, int K, int L, const int *pntrb, const int *pntre,
                    const int *colidx, const double *vals, const double *C,
                    const double *D, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pntrb[i]; p < pntre[i]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}

void mkl_spmm_gemm(int n, int K, int L, const int *pntrb, const int *pntre,
                   const int *colidx, const double *vals, const double *C,
                   const double *D, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pntrb[i]; p < pntre[i]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[j * K + k] * D[k * L + l];
    }
}
