/* As sddmm_spmm_relative.c, the coordinate read in place and the position
 * written p + rowptr[i]. */
void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = 0; p < rowptr[i + 1] - rowptr[i]; p++)
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p + rowptr[i]] * C[i * K + k] *
                          D[colidx[p + rowptr[i]] * K + k] *
                          E[colidx[p + rowptr[i]] * L + l];
}
