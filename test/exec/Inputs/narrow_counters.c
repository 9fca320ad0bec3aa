/* <SDDMM, SpMM> whose dense loops count in types narrower than int, up to
 * bounds near their largest value: the original stops (k < K with K = 250
 * in an unsigned char), and so must every loop the rewrite adds (a
 * prefetch over a row steps by 8: in an unsigned char it would wrap at 256
 * before reaching 250). narrow_counters.test. */
void sddmm_spmm_u8(int n, int K, int L, const int *rowptr, const int *colidx,
                   const double *vals, const double *C, const double *D,
                   const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (unsigned char k = 0; k < K; k++)
        for (unsigned short l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}

void sddmm_spmm_s8(int n, int K, int L, const int *rowptr, const int *colidx,
                   const double *vals, const double *C, const double *D,
                   const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (signed char k = 0; k < K; k++)
        for (short l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
