/* <SpMM, GEMM> with coordinates narrower than their extent, or negative.
 * The run-time choice may re-associate, with a temporary over the
 * coordinate's extent found by a scan. */
#include <stdint.h>

/* Columns are unsigned char: with column 255 present the extent is 256. */
void spmm_gemm_u8(int n, int K, int L, const int *rowptr, const uint8_t *colidx,
                  const double *vals, const double *C, const double *D,
                  double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      uint8_t j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[j * K + k] * D[k * L + l];
    }
}

/* Signed columns, relative to C's base: C points into the middle of an
 * array, and C[j * K + k] with negative j is legal C. */
void spmm_gemm_s16(int n, int K, int L, const int *rowptr, const short *colidx,
                   const double *vals, const double *C, const double *D,
                   double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      short j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[j * K + k] * D[k * L + l];
    }
}
