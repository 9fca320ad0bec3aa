/* Two fusable nests and one that is left unchanged. */
void first(int n, int K, int L, const int *rowptr, const int *colidx,
           const double *vals, const double *C, const double *D,
           const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}

void untouched(int n, double *restrict y, const double *x) {
  for (int i = 0; i < n; i++)
    y[i] += x[i] + 1.0;
}

void second(int n, int K, int L, const int *rowptr, const int *colidx,
            const double *vals, const double *C, const double *D,
            const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
