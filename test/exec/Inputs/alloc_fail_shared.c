/* <SDDMM, SpMM> by hand, A(i,l) += vals(i,j) C(i,k) D(j,k) E(j,l), with and
 * without 'restrict': rewritten as two kernels ('{vals,C,D}{E}!'), whose
 * temporary at vals' positions is allocated once, shared by the threads;
 * the second is versioned under the run-time overlap test too
 * (alloc_fail.test). */
void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
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

void sddmm_spmm_may_alias(int n, int K, int L, const int *rowptr,
                          const int *colidx, const double *vals,
                          const double *C, const double *D, const double *E,
                          double *A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
