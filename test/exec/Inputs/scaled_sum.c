/* Sums stored scaled: 's = 0; for k: s += ...;' then a statement that
 * multiplies s (or a copy of it) by factors of the loops outside it. Read
 * as the sum of the scaled terms, fused, and run only when the loop inside
 * the sum runs (with K == 0 the original stores scale * 0). */

/* The scale first and last: B's value and E's row. */
void scaled_csr(int n, int K, int L, const int *pos, const int *crd,
                const double *B, const double *C, const double *D,
                const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++) {
        double s = 0;
        for (int k = 0; k < K; k++)
          s += C[i * K + k] * D[j * K + k];
        A[i * L + l] += B[p] * s * E[j * L + l];
      }
    }
}

/* A scalar and a copy of the sum. */
void scaled_copy(int n, int K, int L, double alpha, const int *pos,
                 const int *crd, const double *B, const double *C,
                 const double *D, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++) {
        double s = 0;
        for (int k = 0; k < K; k++)
          s += B[p] * C[i * K + k] * D[j * K + k];
        const double u = s;
        A[i * L + l] += alpha * (u * E[j * L + l]);
      }
    }
}
