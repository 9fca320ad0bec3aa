/* Positions converted to a type that does not hold every value: a
 * negative position would change, so the nest is left as written. */
#include <stddef.h>

void csr_size_t_positions(int n, int K, int L, const int *restrict pos,
                          const int *restrict crd, const double *restrict B,
                          const double *restrict C, const double *restrict D,
                          const double *restrict E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (size_t p = (size_t)pos[i]; p < (size_t)pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += B[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
