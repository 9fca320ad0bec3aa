/* <SDDMM, SpMM> in single precision:
 *   A(i,l) = sum_jk B(i,j) * C(i,k) * D(j,k) * E(j,l)
 *
 * As sddmm_spmm_csr.c, with float values and operands: B is an n x m CSR
 * matrix (rowptr, colidx, vals); C is n x K, D is m x K, E is m x L and A is
 * n x L, all dense and row-major.
 */
void sddmm_spmm_float(int n, int K, int L, const int *rowptr,
                      const int *colidx, const float *vals, const float *C,
                      const float *D, const float *E, float *restrict A) {
  for (int i = 0; i < n; i++) {
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++) {
        for (int l = 0; l < L; l++) {
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
        }
      }
    }
  }
}
