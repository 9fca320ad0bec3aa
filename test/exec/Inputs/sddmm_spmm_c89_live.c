/* samples/handwritten/sddmm_spmm_c89.c where the last column 'j' is read
 * after the nest: the rewrite would leave another value in it (and a
 * parallel one an unspecified one), so the nest is left as it is. */
void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *restrict A) {
  int i, p, j = 0, k, l;

  for (i = 0; i < n; i++)
    for (p = rowptr[i]; p < rowptr[i + 1]; p++) {
      j = colidx[p];
      for (k = 0; k < K; k++)
        for (l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
  if (n > 0 && L > 0)
    A[0] += j;
}
