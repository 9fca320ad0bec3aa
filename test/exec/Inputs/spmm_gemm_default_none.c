/* <SpMM, GEMM> under the file's own 'default(none)' directive, which the
 * rewrite keeps on the phase over the file's outer loop: with the run-time
 * choice, the second schedule fills a temporary shared by the threads
 * first, which the kept directive must name (default_none.test). */
#include <stdlib.h>

void spmm_gemm(int n, int K, int L, const int *pos, const int *crd,
               const double *Bv, const double *C, const double *D,
               double *restrict A) {
#pragma omp parallel for default(none) shared(n, K, L, pos, crd, Bv, C, D, A) schedule(static)
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += Bv[p] * C[j * K + k] * D[k * L + l];
    }
}
