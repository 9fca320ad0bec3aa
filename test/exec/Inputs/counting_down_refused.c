/* Counting down where the rewrite would change what the nest computes or
 * cannot read it (exec/counting_down.test). */

/* 'i >= 0' in an unsigned type never ends. */
void down_unsigned_ge(unsigned n, int K, int L, const int *restrict rowptr,
                      const int *restrict colidx, const double *restrict vals,
                      const double *restrict C, const double *restrict D,
                      const double *restrict E, double *restrict A) {
  for (unsigned i = n - 1; i >= 0; i--)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}

/* Positions counted down. */
void down_positions(int n, int K, int L, const int *restrict rowptr,
                    const int *restrict colidx, const double *restrict vals,
                    const double *restrict C, const double *restrict D,
                    const double *restrict E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i + 1]; p-- > rowptr[i];) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}

/* The first value narrowed: 'short i = n' with n = 70000 runs another
   number of iterations than [0, n). */
void down_narrowed(int n, int K, int L, const int *restrict rowptr,
                   const int *restrict colidx, const double *restrict vals,
                   const double *restrict C, const double *restrict D,
                   const double *restrict E, double *restrict A) {
  for (short i = n; i-- > 0;)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
