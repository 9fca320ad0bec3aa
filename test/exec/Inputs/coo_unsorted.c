/* Coordinate (COO) lists whose positions are not sorted by row, as graph
 * code keeps its edges: each nest fused per position, its rows run on the
 * threads after a stable counting sort of the positions into buckets of
 * rows. */
#include <stdint.h>

/* GAT-style scores then aggregation over an edge list, int ids. */
void edges(int nnz, int K, int L, const int *restrict src,
           const int *restrict dst, const double *restrict w,
           const double *restrict x, const double *restrict y,
           const double *restrict z, double *restrict out) {
  for (int e = 0; e < nnz; e++) {
    int i = dst[e];
    int j = src[e];
    for (int k = 0; k < K; k++)
      for (int l = 0; l < L; l++)
        out[i * L + l] += w[e] * x[i * K + k] * y[j * K + k] * z[j * L + l];
  }
}

/* 64-bit ids, which may be negative (the output passed past its start),
 * the list from a position other than 0. */
void edges64(int64_t first, int64_t last, int64_t K, int64_t L,
             const int64_t *restrict row, const int64_t *restrict col,
             const float *restrict v, const float *restrict C,
             const float *restrict D, const float *restrict E,
             float *restrict A) {
  for (int64_t p = first; p < last; p++) {
    int64_t i = row[p];
    int64_t j = col[p];
    for (int64_t k = 0; k < K; k++)
      for (int64_t l = 0; l < L; l++)
        A[i * L + l] += v[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
  }
}

/* Unsigned short ids widened, positions in size_t. */
void edges_short(unsigned long nnz, int K, int L,
                 const unsigned short *restrict src,
                 const unsigned short *restrict dst, const double *restrict w,
                 const double *restrict x, const double *restrict y,
                 const double *restrict z, double *restrict out) {
  for (unsigned long e = 0; e < nnz; e++) {
    int i = dst[e];
    int j = src[e];
    for (int k = 0; k < K; k++)
      for (int l = 0; l < L; l++)
        out[i * L + l] += w[e] * x[i * K + k] * y[j * K + k] * z[j * L + l];
  }
}
