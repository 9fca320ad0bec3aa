/* <SDDMM, SpMM> in FusedMM's style: a '#pragma omp parallel' region whose
 * one statement is the nest under '#pragma omp for'. */
void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *restrict A) {
#pragma omp parallel default(shared)
  {
#pragma omp for schedule(dynamic, 4) nowait
    for (int i = 0; i < n; i++) {
      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        for (int k = 0; k < K; k++)
          for (int l = 0; l < L; l++)
            A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
    }
  }
}
