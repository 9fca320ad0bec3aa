/* <SDDMM, SpMM>: A(i,l) = sum_jk B(i,j) * C(i,k) * D(j,k) * E(j,l)
 *
 * B is an n x m CSR matrix (rowptr, colidx, vals); C is n x K, D is m x K,
 * E is m x L and A is n x L, all dense and row-major. Written the way the
 * kernel is usually written by hand: a perfect nest costing O(nnz(B)*K*L).
 */
void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *restrict A) {
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
