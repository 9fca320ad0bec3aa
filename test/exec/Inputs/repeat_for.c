/* <SDDMM, SpMM> repeated by a 'for' loop whose variable the body does not
 * use, as a timing loop would: the nest in the loop's body is rewritten like
 * any other, the loop kept. */
void sddmm_spmm_repeat(int iter, int n, int K, int L, const int *rowptr,
                       const int *colidx, const double *vals, const double *C,
                       const double *D, const double *E, double *restrict A) {
  for (int t = 0; t < iter; t++) {
    for (int i = 0; i < n; i++)
      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        for (int k = 0; k < K; k++)
          for (int l = 0; l < L; l++)
            A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
  }
}
