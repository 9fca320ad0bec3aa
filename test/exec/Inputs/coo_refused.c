/* COO nests the rewrite leaves as they are, each for a named reason. */

/* SpMM then GEMM: the gain needs a row finished before its GEMM, which
 * unsorted positions do not give. */
void coo_spmm_gemm(int nnz, int K, int L, const int *restrict row,
                   const int *restrict col, const double *restrict v,
                   const double *restrict C, const double *restrict D,
                   double *restrict A) {
  for (int e = 0; e < nnz; e++) {
    int i = row[e];
    int j = col[e];
    for (int k = 0; k < K; k++)
      for (int l = 0; l < L; l++)
        A[i * L + l] += v[e] * C[j * K + k] * D[k * L + l];
  }
}

/* MTTKRP in COO: nothing to gain, as in CSF. */
void coo_mttkrp(int nnz, int R, const int *restrict ii, const int *restrict jj,
                const int *restrict kk, const double *restrict v,
                const double *restrict B, const double *restrict C,
                double *restrict A) {
  for (int x = 0; x < nnz; x++) {
    int i = ii[x];
    int j = jj[x];
    int k = kk[x];
    for (int r = 0; r < R; r++)
      A[i * R + r] += v[x] * B[j * R + r] * C[k * R + r];
  }
}

/* The positions in parallel: two of them may hold the same row. */
void coo_parallel(int nnz, int K, int L, const int *restrict row,
                  const int *restrict col, const double *restrict v,
                  const double *restrict C, const double *restrict D,
                  const double *restrict E, double *restrict A) {
#pragma omp parallel for
  for (int e = 0; e < nnz; e++) {
    int i = row[e];
    int j = col[e];
    for (int k = 0; k < K; k++)
      for (int l = 0; l < L; l++)
        A[i * L + l] += v[e] * C[i * K + k] * D[j * K + k] * E[j * L + l];
  }
}

/* The output assigned at each position: the last of a repeated row wins. */
void coo_assigned(int nnz, int K, const int *restrict row,
                  const int *restrict col, const double *restrict v,
                  const double *restrict C, const double *restrict D,
                  double *restrict A) {
  for (int e = 0; e < nnz; e++) {
    int i = row[e];
    int j = col[e];
    for (int k = 0; k < K; k++)
      A[i * K + k] = v[e] * C[i * K + k] * D[j * K + k];
  }
}
