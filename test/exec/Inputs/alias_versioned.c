/* <SDDMM, SpMM> by hand without 'restrict': the output may overlap any
 * input, so the rewrite runs under a run-time overlap test and keeps this
 * nest as its fallback (alias_versioned.test). */
void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}

/* The rows of A in reverse: the subscript's coefficient of i is -L, so the
 * lowest element written is A[0] at the last row. */
void reversed(int n, int K, int L, const int *rowptr, const int *colidx,
              const double *vals, const double *C, const double *D,
              const double *E, double *A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[(n - 1 - i) * L + l] +=
              vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}

/* Positions counted from the row's start (read at rowptr[i] + p): the test
 * ranges over the same absolute positions as sddmm_spmm's. */
void relative(int n, int K, int L, const int *rowptr, const int *colidx,
              const double *vals, const double *C, const double *D,
              const double *E, double *A) {
  for (int i = 0; i < n; i++)
    for (int p = 0; p < rowptr[i + 1] - rowptr[i]; p++) {
      int j = colidx[rowptr[i] + p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[rowptr[i] + p] * C[i * K + k] * D[j * K + k] *
                          E[j * L + l];
    }
}
