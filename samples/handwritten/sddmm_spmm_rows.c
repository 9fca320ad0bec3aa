/* <SDDMM, SpMM> with row pointers: A(i,l) = B(i,j) * C(i,k) * D(j,k) *
 * E(j,l), B in CSR, each dense row taken once as a pointer (`Ci = C + i*K`)
 * and indexed by the column alone.
 */
void sddmm_spmm_rows(int n, int K, int L, const int *rowptr,
                     const int *colidx, const double *vals, const double *C,
                     const double *D, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++) {
    const double *Ci = C + i * K;
    double *Ai = &A[i * L];
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      const double *Dj = D + j * K;
      const double *Ej = E + j * L;
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          Ai[l] += vals[p] * Ci[k] * Dj[k] * Ej[l];
    }
  }
}
