/* No include guard: each inclusion defines the function KERNEL names. */
static inline void KERNEL(int n, int K, int L, const int *rowptr,
                          const int *colidx, const double *vals,
                          const double *C, const double *D, const double *E,
                          double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
