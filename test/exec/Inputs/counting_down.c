/* Dense loops counting down (exec/counting_down.test): 'i-- > 0' with no
 * step, 'i >= 0' stepping 'i--' or '--k' from 'n - 1', '0 < l--', in
 * signed and unsigned types and C89 style. Each is read as the dense range
 * [0, n) and its header written back as it is. */

void down_post(int n, int K, int L, const int *restrict rowptr,
               const int *restrict colidx, const double *restrict vals,
               const double *restrict C, const double *restrict D,
               const double *restrict E, double *restrict A) {
  for (int i = n; i-- > 0;)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}

void down_ge(int n, int K, int L, const int *restrict rowptr,
             const int *restrict colidx, const double *restrict vals,
             const double *restrict C, const double *restrict D,
             const double *restrict E, double *restrict A) {
  for (int i = n - 1; i >= 0; i--)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = K - 1; k >= 0; --k)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}

void down_unsigned(unsigned n, int K, int L, const int *restrict rowptr,
                   const int *restrict colidx, const double *restrict vals,
                   const double *restrict C, const double *restrict D,
                   const double *restrict E, double *restrict A) {
  for (unsigned i = n; i-- > 0;)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = L; 0 < l--;)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}

void down_c89(int n, int K, int L, const int *restrict rowptr,
              const int *restrict colidx, const double *restrict vals,
              const double *restrict C, const double *restrict D,
              const double *restrict E, double *restrict A) {
  int i, p, j, k, l;
  for (i = n; i-- > 0;)
    for (p = rowptr[i]; p < rowptr[i + 1]; p++) {
      j = colidx[p];
      for (k = K; k-- > 0;)
        for (l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
