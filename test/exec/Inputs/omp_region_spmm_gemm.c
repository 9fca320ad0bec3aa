/* <SpMM, GEMM> in SPLATT's style: C89 variables, private to the region;
 * the rewrite's per-thread row of B*C splits its directive into 'parallel'
 * and 'for' again. */
void spmm_gemm(int n, int K, int L, const int *pos, const int *crd,
               const double *Bv, const double *C, const double *D,
               double *restrict A) {
  int i, p, j, k, l;
#pragma omp parallel private(p, j, k, l)
  {
#pragma omp for schedule(static)
    for (i = 0; i < n; i++)
      for (p = pos[i]; p < pos[i + 1]; p++) {
        j = crd[p];
        for (k = 0; k < K; k++)
          for (l = 0; l < L; l++)
            A[i * L + l] += Bv[p] * C[j * K + k] * D[k * L + l];
      }
  }
}
