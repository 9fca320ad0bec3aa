/* Loops with inclusive bounds, as NPB CG and 1-based Fortran-style C write
 * them (exec/inclusive_bounds.test): rows 1 to n, 'k <= rowstr[j + 1] - 1'
 * over a row's nonzeros, 'x <= K - 1' over a dense index. Each is read as
 * its exclusive bound and rewritten with its header as written. */

/* <SDDMM, SpMM> over rows 1..n of 1-based arrays (row 0 unused). */
void sddmm_spmm_1based(int n, int K, int L, const int *rowstr,
                       const int *colidx, const double *a, const double *C,
                       const double *D, const double *E,
                       double *restrict A) {
  int j, k, x, l;
  for (j = 1; j <= n; j++) {
    for (k = rowstr[j]; k <= rowstr[j + 1] - 1; k++) {
      int c = colidx[k];
      for (x = 0; x <= K - 1; x++)
        for (l = 0; l <= L - 1; l++)
          A[j * L + l] += a[k] * C[j * K + x] * D[c * K + x] * E[c * L + l];
    }
  }
}

/* <SpMM, GEMM>, 0-based rows 'i <= last', the dense loops inclusive. */
void spmm_gemm_last(int last, int K, int L, const int *pos, const int *crd,
                    const double *B, const double *C, const double *D,
                    double *restrict A) {
  for (int i = 0; i <= last; i++)
    for (int p = pos[i]; p <= pos[i + 1] - 1; p++) {
      int j = crd[p];
      for (int k = 0; k <= K - 1; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += B[p] * C[j * K + k] * D[k * L + l];
    }
}
