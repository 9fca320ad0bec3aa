// Suppression comments that do not name the nest's remark: every nest here is
// rewritten.

void other_name(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *restrict A) {
  for (int i = 0; i < n; i++) // NOLINT(lnr-no-gain)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++)
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[colidx[p] * K + k] *
                          E[colidx[p] * L + l];
}

void negative_glob(int n, int K, int L, const int *rowptr, const int *colidx,
                   const double *vals, const double *C, const double *D,
                   const double *E, double *restrict A) {
  for (int i = 0; i < n; i++) // NOLINT(-lnr-fuse)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++)
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[colidx[p] * K + k] *
                          E[colidx[p] * L + l];
}

void two_lines_above(int n, int K, int L, const int *rowptr, const int *colidx,
                     const double *vals, const double *C, const double *D,
                     const double *E, double *restrict A) {
  // NOLINTNEXTLINE
  int unused = 0;
  (void)unused;
  for (int i = 0; i < n; i++) // NOLINTFOO is no suppression
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++)
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[colidx[p] * K + k] *
                          E[colidx[p] * L + l];
}

// The end of a block closes its beginning only with the same list of
// names: both comments are unmatched (a warning each), and suppress nothing.
// NOLINTBEGIN
void mismatched_block(int n, int K, int L, const int *rowptr,
                      const int *colidx, const double *vals, const double *C,
                      const double *D, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++)
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[colidx[p] * K + k] *
                          E[colidx[p] * L + l];
}
// NOLINTEND(lnr-fuse)
