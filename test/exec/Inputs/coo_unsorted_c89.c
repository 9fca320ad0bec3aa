/* A coordinate list in C89: every variable declared before the loops. */
void edges_c89(long nnz, long K, long L, const long *row, const long *col,
               const double *vals, const double *C, const double *D,
               const double *E, double *A) {
  long p, k, l, i, j;
  for (p = 0; p < nnz; p++) {
    i = row[p];
    j = col[p];
    for (k = 0; k < K; k++)
      for (l = 0; l < L; l++)
        A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
  }
}

/* The ids declared where they are loaded: the overlap test's scan loads
   both before it keeps their ranges (C89 takes no declaration after a
   statement). */
void edges_c89_declared(long nnz, long K, long L, const long *row,
                        const long *col, const double *vals, const double *C,
                        const double *D, const double *E, double *A) {
  long p, k, l;
  for (p = 0; p < nnz; p++) {
    long i = row[p];
    long j = col[p];
    for (k = 0; k < K; k++)
      for (l = 0; l < L; l++)
        A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
  }
}
