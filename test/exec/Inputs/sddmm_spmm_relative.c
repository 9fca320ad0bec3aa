/* <SDDMM, SpMM> with positions counted from the row's start: p runs over
 * [0, rowptr[i + 1] - rowptr[i]) and every read is at rowptr[i] + p. */
void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = 0; p < rowptr[i + 1] - rowptr[i]; p++) {
      int j = colidx[rowptr[i] + p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[rowptr[i] + p] * C[i * K + k] * D[j * K + k] *
                          E[j * L + l];
    }
}
