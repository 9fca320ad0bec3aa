/* <SDDMM, SpMM, GEMM>:
 *   A(i,m) = sum_jkl B(i,j) * C(i,k) * D(j,k) * F(j,l) * W(l,m)
 *
 * B is an n x nc CSR matrix (rowptr, colidx, vals); C is n x K, D is nc x K,
 * F is nc x L, W is L x M and A is n x M, all dense and row-major. A perfect
 * nest costing O(nnz(B)*K*L*M).
 */
void sddmm_spmm_gemm(int n, int K, int L, int M, const int *rowptr,
                     const int *colidx, const double *vals, const double *C,
                     const double *D, const double *F, const double *W,
                     double *restrict A) {
  for (int i = 0; i < n; i++) {
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++) {
        for (int l = 0; l < L; l++) {
          for (int m = 0; m < M; m++) {
            A[i * M + m] += vals[p] * C[i * K + k] * D[j * K + k] *
                            F[j * L + l] * W[l * M + m];
          }
        }
      }
    }
  }
}
