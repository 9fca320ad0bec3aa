/* <SDDMM, SpMM> with C99 two-dimensional arrays: A(i,l) = B(i,j) * C(i,k) *
 * D(j,k) * E(j,l), B in CSR, the dense operands as variably modified array
 * parameters indexed C[i][k].
 */
void sddmm_spmm_2d(int n, int K, int L, const int *rowptr, const int *colidx,
                   const double *vals, const double C[][K],
                   const double D[][K], const double E[][L],
                   double (*restrict A)[L]) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i][l] += vals[p] * C[i][k] * D[j][k] * E[j][l];
    }
}
