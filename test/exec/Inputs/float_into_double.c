/* <SDDMM, SpMM> with float operands summed into a double output: the
 * original converts every float term to double and sums in double, so the
 * fused temporary must sum in double too. */
void sddmm_spmm_f2d(int n, int K, int L, const int *rowptr, const int *colidx,
                    const float *vals, const float *C, const float *D,
                    const float *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
