/* samples/handwritten/sddmm_spmm_c89.c with the variables used again after
 * the nest, each assigned before it is read: dead after the nest, so the
 * nest is rewritten (with private(i, p, j, k, l)); the loop after it halves
 * A and is left as it is. */
void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *restrict A) {
  int i, p, j, k, l;

  for (i = 0; i < n; i++)
    for (p = rowptr[i]; p < rowptr[i + 1]; p++) {
      j = colidx[p];
      for (k = 0; k < K; k++)
        for (l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
  k = l = j = p = 0;
  for (i = 0; i < n * L; i++)
    A[i] *= 0.5;
  (void)(k + l + j + p);
}
