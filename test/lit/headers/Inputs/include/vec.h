/* A kernel in a header whose rewrite needs malloc: <SpMM, GEMM>. */
#ifndef VEC_H
#define VEC_H

#include <stdio.h>

static inline void spmm_gemm(int n, int K, int L, const int *pos, const int *crd,
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

#endif
