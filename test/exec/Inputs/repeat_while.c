/* <SDDMM, SpMM> repeated by a 'while' loop around the nest, as a timing
 * loop would: the nest in the loop's body is rewritten like any other. */
void sddmm_spmm_repeat(int iter, int n, int K, int L, const int *rowptr,
                       const int *colidx, const double *vals, const double *C,
                       const double *D, const double *E, double *restrict A) {
  while (iter-- > 0) {
    for (int i = 0; i < n; i++)
      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        for (int k = 0; k < K; k++)
          for (int l = 0; l < L; l++)
            A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
  }
}
