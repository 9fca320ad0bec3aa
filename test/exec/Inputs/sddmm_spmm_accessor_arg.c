/* <SDDMM, SpMM> with every dense access, the output's included, through one
 * accessor macro that takes the array as its argument. */
#define AT(A, i, j, ld) (A)[(i) * (ld) + (j)]

void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *restrict out) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          AT(out, i, l, L) +=
              vals[p] * AT(C, i, k, K) * AT(D, j, k, K) * AT(E, j, l, L);
    }
}
