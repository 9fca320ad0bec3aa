/* <SDDMM, SpMM> with the row's bounds in locals, the C89 way: declared at
 * the top of the function and assigned in the loop over i ('row_start =
 * rowptr[i]; row_end = rowptr[i + 1];'), read only by the header of the
 * loop over the row's positions. */
void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *__restrict A) {
  int i, row_start, row_end, p, j, k, l;
  for (i = 0; i < n; i++) {
    row_start = rowptr[i];
    row_end = rowptr[i + 1];
    for (p = row_start; p < row_end; p++) {
      j = colidx[p];
      for (k = 0; k < K; k++)
        for (l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
  }
}

/* <SpMM, GEMM> with the row's length in a local and its positions counted
 * from the row's start ('len = pos[i + 1] - pos[i]; for (p = 0; p < len;
 * p++)', read at 'pos[i] + p'). */
void spmm_gemm(int n, int K, int L, const int *pos, const int *crd,
               const double *Bv, const double *C, const double *D,
               double *__restrict A) {
  int i, len, p, j, k, l;
  for (i = 0; i < n; i++) {
    len = pos[i + 1] - pos[i];
    for (p = 0; p < len; p++) {
      j = crd[pos[i] + p];
      for (k = 0; k < K; k++)
        for (l = 0; l < L; l++)
          A[i * L + l] += Bv[pos[i] + p] * C[j * K + k] * D[k * L + l];
    }
  }
}
