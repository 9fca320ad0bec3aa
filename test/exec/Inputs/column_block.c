/* A block of columns j0 .. j0 + m - 1 of a CSR matrix, times an operand
   that holds exactly the block's m rows: C[(j - j0) * K + k]. */
void block_spmm_gemm(int n, int K, int L, int j0, const int *pos,
                     const int *crd, const double *Bv, const double *C,
                     const double *D, double *restrict A) {
  for (int i = 0; i < n; i++) {
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++) {
        for (int l = 0; l < L; l++) {
          A[i * L + l] += Bv[p] * C[(j - j0) * K + k] * D[k * L + l];
        }
      }
    }
  }
}

/* Coordinates from 1, and an operand passed as a pointer one row before
   its first (Numerical Recipes' 1-based vectors): C[j * K + k] with j >=
   1 never reads row 0. */
void one_based_spmm_gemm(int n, int K, int L, const int *pos, const int *crd,
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
