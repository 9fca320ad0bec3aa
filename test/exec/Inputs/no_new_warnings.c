/* Kernels whose extents, positions and coordinates are unsigned, and one
 * counting in an unsigned char up to an unsigned K: every comparison the
 * rewrite adds (the overlap test's ranges, a prefetch or an unrolled loop
 * up to an extent, the scans) compares as the original's do, so that the
 * rewrite builds with -Wall -Wextra -Werror wherever the original does.
 * no_new_warnings.test. */
#include <stdlib.h>

/* <SpTTM, SpTTM> as one nest, not restrict: the overlap test's ranges
 * multiply by the unsigned M and J. */
void spttm_one_nest(unsigned I, unsigned J, unsigned M, const unsigned *pos1,
                    const unsigned *pos2, const unsigned *crd2,
                    const double *vals, const double *C, const double *D,
                    double *A) {
  for (unsigned i = 0; i < I; i++)
    for (unsigned p1 = pos1[i]; p1 < pos1[i + 1]; p1++)
      for (unsigned p2 = pos2[p1]; p2 < pos2[p1 + 1]; p2++) {
        unsigned k = crd2[p2];
        for (unsigned j = 0; j < J; j++)
          for (unsigned m = 0; m < M; m++)
            A[p1 * M + m] += vals[p2] * C[k * J + j] * D[j * M + m];
      }
}

/* The same as two nests through a workspace per fiber, not restrict. */
void spttm_two_nests(unsigned I, unsigned L, unsigned M, const unsigned *pos1,
                     const unsigned *pos2, const unsigned *crd2,
                     const double *vals, const double *C, const double *D,
                     double *A) {
  unsigned fibers = pos1[I];
  double *T = calloc((size_t)(fibers > 0 ? fibers : 1) * (L > 0 ? L : 1),
                     sizeof(double));
  if (!T)
    return;
  for (unsigned i = 0; i < I; i++)
    for (unsigned p1 = pos1[i]; p1 < pos1[i + 1]; p1++)
      for (unsigned p2 = pos2[p1]; p2 < pos2[p1 + 1]; p2++) {
        unsigned k = crd2[p2];
        for (unsigned l = 0; l < L; l++)
          T[p1 * L + l] += vals[p2] * C[k * L + l];
      }
  for (unsigned i = 0; i < I; i++)
    for (unsigned p1 = pos1[i]; p1 < pos1[i + 1]; p1++)
      for (unsigned l = 0; l < L; l++)
        for (unsigned m = 0; m < M; m++)
          A[p1 * M + m] += T[p1 * L + l] * D[l * M + m];
  free(T);
}

/* <SDDMM, SpMM> counting k in an unsigned char up to an unsigned K: the
 * prefetch over a row and the partial sums' 'k + 7 < K' compare in
 * unsigned int, as 'k < K' does. */
void sddmm_spmm_u8(unsigned n, unsigned K, unsigned L, const unsigned *rowptr,
                   const unsigned *colidx, const double *vals, const double *C,
                   const double *D, const double *E, double *restrict A) {
  for (unsigned i = 0; i < n; i++)
    for (unsigned p = rowptr[i]; p < rowptr[i + 1]; p++) {
      unsigned j = colidx[p];
      for (unsigned char k = 0; k < K; k++)
        for (unsigned l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}

/* A plain char index j of a temporary t(j) (legacy code's small loop
 * counters): 't[j]' alone is -Wchar-subscripts (-Wall), where the file's
 * own subscripts are sums ('C[l * J + j]'). */
void spmm_gemm_char(int I, int J, int K, const int *pos, const int *crd,
                    const double *vals, const double *C, const double *D,
                    double *restrict A) {
  for (int i = 0; i < I; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int l = crd[p];
      for (char j = 0; j < J; j++)
        for (int k = 0; k < K; k++)
          A[i * K + k] += vals[p] * C[l * J + j] * D[j * K + k];
    }
}
