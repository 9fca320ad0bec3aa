/* <SDDMM, SpMM> in the order i, l, (j, k): the whole reduction is summed in
 * a scalar and assigned to A once per (i, l). With a leading dimension lda
 * the rows of A may overlap (lda < L): the original keeps the last sum
 * written to an element, so "zero A, then accumulate" would compute
 * something else. With the row length L itself, each (i, l) has its own
 * element and the nest is rewritten. */
void assigned_lda(int n, int K, int L, int lda, const int *rowptr,
                  const int *colidx, const double *vals, const double *C,
                  const double *D, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int l = 0; l < L; l++) {
      double s = 0;
      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        for (int k = 0; k < K; k++)
          s += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
      A[i * lda + l] = s;
    }
}

void assigned_rows(int n, int K, int L, const int *rowptr, const int *colidx,
                   const double *vals, const double *C, const double *D,
                   const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int l = 0; l < L; l++) {
      double s = 0;
      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        for (int k = 0; k < K; k++)
          s += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
      A[i * L + l] = s;
    }
}
