/* Casts in loop bounds as legacy code writes them: positions read through
 * a cast that keeps every value ('(long)pos[i]') and dense bounds cast to
 * the loop variable's type ('k < (int)K'). */
#include <stddef.h>

void csr_long_positions(int n, int K, int L, const int *restrict pos,
                        const int *restrict crd, const double *restrict B,
                        const double *restrict C, const double *restrict D,
                        const double *restrict E, double *restrict A) {
  for (long i = 0; i < (long)n; i++)
    for (long p = (long)pos[i]; p < (long)pos[i + 1]; p++) {
      long j = crd[p];
      for (long k = 0; k < (long)K; k++)
        for (long l = 0; l < (long)L; l++)
          A[i * L + l] += B[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}

void csr_int_extents(int n, size_t K, size_t L, const int *restrict pos,
                     const int *restrict crd, const double *restrict B,
                     const double *restrict C, const double *restrict D,
                     const double *restrict E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < (int)K; k++)
        for (int l = 0; l < (int)L; l++)
          A[i * (int)L + l] += B[p] * C[i * (int)K + k] * D[j * (int)K + k] *
                               E[j * (int)L + l];
    }
}
