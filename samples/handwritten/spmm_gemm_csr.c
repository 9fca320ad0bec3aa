/* <SpMM, GEMM>: A(i,l) = sum_jk B(i,j) * C(j,k) * D(k,l)
 *
 * B is an n x m CSR matrix (pos, crd, Bv); C is m x K, D is K x L and A is
 * n x L, all dense and row-major. Written as a perfect nest costing
 * O(nnz(B)*K*L); fused, the row i of B*C is formed once and multiplied by D.
 */
void spmm_gemm(int n, int K, int L, const int *pos, const int *crd,
               const double *Bv, const double *C, const double *D,
               double *restrict A) {
  for (int i = 0; i < n; i++) {
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++) {
        for (int l = 0; l < L; l++) {
          A[i * L + l] += Bv[p] * C[j * K + k] * D[k * L + l];
        }
      }
    }
  }
}
