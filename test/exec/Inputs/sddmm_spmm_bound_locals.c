/* <SDDMM, SpMM> with the row's bounds in locals, two in one declaration
 * (FusedMM's style): 'const int row_start = rowptr[i], row_end = rowptr[i +
 * 1];'. */
void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *restrict A) {
  for (int i = 0; i < n; i++) {
    const int row_start = rowptr[i], row_end = rowptr[i + 1];
    for (int p = row_start; p < row_end; p++) {
      const int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
  }
}
