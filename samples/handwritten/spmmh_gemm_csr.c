/* <SpMM with a Hadamard product, GEMM>:
 *   A(i,l) = sum_kj B(i,k) * C(k,j) * D(k,j) * E(j,l)
 *
 * B is an n x m CSR matrix (row_start, col, val); C and D are m x J, E is
 * J x L and A is n x L, all dense and row-major. A perfect nest costing
 * O(nnz(B)*J*L).
 */
void spmmh_gemm(int n, int J, int L, const int *row_start, const int *col,
                const double *val, const double *C, const double *D,
                const double *E, double *restrict A) {
  for (int i = 0; i < n; i++) {
    for (int q = row_start[i]; q < row_start[i + 1]; q++) {
      int k = col[q];
      for (int j = 0; j < J; j++) {
        for (int l = 0; l < L; l++) {
          A[i * L + l] += val[q] * C[k * J + j] * D[k * J + j] * E[j * L + l];
        }
      }
    }
  }
}
