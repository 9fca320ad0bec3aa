/* <SDDMM, SpMM>: A(i,l) = sum_jk B(i,j) * C(i,k) * D(j,k) * E(j,l)
 *
 * As samples/handwritten/sddmm_spmm_csr.c, written the C89 way legacy code
 * often is: the loop variables and the column are declared at the top of
 * the function and assigned in the loops. B is an n x m CSR matrix (rowptr,
 * colidx, vals); C is n x K, D is m x K, E is m x L and A is n x L, all
 * dense and row-major. A perfect nest costing O(nnz(B)*K*L).
 */
void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *restrict A) {
  int i, p, j, k, l;

  for (i = 0; i < n; i++) {
    for (p = rowptr[i]; p < rowptr[i + 1]; p++) {
      j = colidx[p];
      for (k = 0; k < K; k++) {
        for (l = 0; l < L; l++) {
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
        }
      }
    }
  }
}
