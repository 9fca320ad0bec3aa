/* C99 matrices without restrict (a VLA parameter, a fixed extent, a 2-D
 * output): the run-time overlap test bounds each from its type's extents,
 * and the original nest runs when the output overlaps an input. */
void sddmm_spmm_vla(int n, int K, int L, const int *rowptr, const int *colidx,
                    const double *vals, const double (*C)[K],
                    const double (*D)[K], const double *E, double (*A)[L]) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i][l] += vals[p] * C[i][k] * D[j][k] * E[j * L + l];
    }
}

void spmm_gemm_fixed(int n, const int *rowptr, const int *colidx,
                     const double *vals, const double C[][6],
                     const double D[6][5], double *A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < 6; k++)
        for (int l = 0; l < 5; l++)
          A[i * 5 + l] += vals[p] * C[j][k] * D[k][l];
    }
}
