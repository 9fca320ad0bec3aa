/* <SDDMM, SpMM> written with locals that only name values: the nonzero's
 * value, the dense rows' elements and SSA-style products, each declared at
 * the loop where it is known. */
void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      double v = vals[p];
      for (int k = 0; k < K; k++) {
        double c = C[i * K + k];
        double d = D[j * K + k];
        double t2 = v * c;
        for (int l = 0; l < L; l++) {
          double t3 = t2 * d;
          double t4 = t3 * E[j * L + l];
          A[i * L + l] += t4;
        }
      }
    }
}
