/* Inclusive bounds the rewrite does not read as exclusive ones. */

/* Compared in unsigned arithmetic: 'p <= end - 1' wraps at end = 0. */
void unsigned_end(unsigned n, int K, int L, const unsigned *pos,
                  const int *crd, const double *B, const double *C,
                  const double *D, const double *E, double *restrict A) {
  for (unsigned i = 0; i < n; i++)
    for (unsigned p = pos[i]; p <= pos[i + 1] - 1; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += B[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}

/* 'p <= pos[i + 1]' reads one position past the row: not a CSR row. */
void past_the_row(int n, int K, int L, const int *pos, const int *crd,
                  const double *B, const double *C, const double *D,
                  const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p <= pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += B[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
