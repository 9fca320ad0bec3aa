// Every nest here is suppressed by a comment in one of clang-tidy's
// forms: the file comes out unchanged, without a remark or an error.

void same_line(int n, int K, int L, const int *rowptr, const int *colidx,
               const double *vals, const double *C, const double *D,
               const double *E, double *restrict A) {
  for (int i = 0; i < n; i++) // NOLINT
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++)
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[colidx[p] * K + k] *
                          E[colidx[p] * L + l];
}

void named(int n, int K, int L, const int *rowptr, const int *colidx,
           const double *vals, const double *C, const double *D,
           const double *E, double *restrict A) {
  for (int i = 0; i < n; i++) /* NOLINT(lnr-no-gain, lnr-fuse) */
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++)
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[colidx[p] * K + k] *
                          E[colidx[p] * L + l];
}

void next_line_glob(int n, int K, int L, const int *rowptr, const int *colidx,
                    const double *vals, const double *C, const double *D,
                    const double *E, double *restrict A) {
  // NOLINTNEXTLINE(lnr-*)
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++)
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[colidx[p] * K + k] *
                          E[colidx[p] * L + l];
}

void pragma_first(int n, int K, int L, const int *rowptr, const int *colidx,
                  const double *vals, const double *C, const double *D,
                  const double *E, double *restrict A) {
  // NOLINTNEXTLINE(*)
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++)
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[colidx[p] * K + k] *
                          E[colidx[p] * L + l];
}

// NOLINTBEGIN(lnr-fuse)
void block(int n, int K, int L, const int *rowptr, const int *colidx,
           const double *vals, const double *C, const double *D,
           const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++)
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[colidx[p] * K + k] *
                          E[colidx[p] * L + l];
}
// NOLINTEND(lnr-fuse)

// A refusal's remark is suppressed the same way.
void refused(int n, int K, int L, const int *rowptr, const int *colidx,
             const double *vals, const double *C, const double *D,
             const double *E, double *restrict A) {
  for (int i = 0; i < n; i++) // NOLINT(lnr-unsupported-sum)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++)
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[colidx[p] * K + k] +
                          E[colidx[p] * L + l];
}
