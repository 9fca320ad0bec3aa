/* <SDDMM, SpMM> in the style of scipy's CSR arrays (indptr, indices, data),
 * with the column read in place (`D[indices[p] * K + k]`) rather than loaded
 * into a local.
 */
void sddmm_spmm_inline(int n, int K, int L, const int *indptr,
                       const int *indices, const double *data,
                       const double *C, const double *D, const double *E,
                       double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = indptr[i]; p < indptr[i + 1]; p++)
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += data[p] * C[i * K + k] * D[indices[p] * K + k] *
                          E[indices[p] * L + l];
}
