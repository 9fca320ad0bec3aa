/* The paper's kernels as separate kernels, the way real code writes them
 * (pair_paper.test): a first nest fills a temporary freed after the second
 * nest, which reads it. */
#include <stdlib.h>
#include <string.h>

/* <MTTKRP, GEMM>: an MTTKRP over a CSF tensor into a calloc'd I x J
 * workspace T, then T times E. */
void mttkrp_then_gemm(int I, int J, int M, const int *restrict pos1,
                      const int *restrict crd1, const int *restrict pos2,
                      const int *restrict crd2, const double *restrict vals,
                      const double *restrict C, const double *restrict D,
                      const double *restrict E, double *restrict A) {
  double *T = calloc((size_t)I * J + 1, sizeof(double));
  if (!T)
    return;
  for (int i = 0; i < I; i++)
    for (int p1 = pos1[i]; p1 < pos1[i + 1]; p1++) {
      int k = crd1[p1];
      for (int p2 = pos2[p1]; p2 < pos2[p1 + 1]; p2++) {
        int l = crd2[p2];
        for (int j = 0; j < J; j++)
          T[i * J + j] += vals[p2] * C[l * J + j] * D[k * J + j];
      }
    }
  for (int i = 0; i < I; i++)
    for (int j = 0; j < J; j++)
      for (int m = 0; m < M; m++)
        A[i * M + m] += T[i * J + j] * E[j * M + m];
  free(T);
}

/* <SpTTM, SpTTM>: the first TTM into a workspace per fiber (i,j) of B,
 * nnz(B_ij) x L, zeroed by memset; the second reads it at the same fiber. */
void spttm_then_spttm(int I, int L, int M, const int *restrict pos1,
                      const int *restrict crd1, const int *restrict pos2,
                      const int *restrict crd2, const double *restrict vals,
                      const double *restrict C, const double *restrict D,
                      double *restrict A) {
  int fibers = pos1[I];
  (void)crd1; /* the fibers' coordinates: not read */
  double *T = malloc(((size_t)fibers * L + 1) * sizeof(double));
  if (!T)
    return;
  memset(T, 0, ((size_t)fibers * L + 1) * sizeof(double));
  for (int i = 0; i < I; i++)
    for (int p1 = pos1[i]; p1 < pos1[i + 1]; p1++)
      for (int p2 = pos2[p1]; p2 < pos2[p1 + 1]; p2++) {
        int k = crd2[p2];
        for (int l = 0; l < L; l++)
          T[p1 * L + l] += vals[p2] * C[k * L + l];
      }
  for (int i = 0; i < I; i++)
    for (int p1 = pos1[i]; p1 < pos1[i + 1]; p1++)
      for (int l = 0; l < L; l++)
        for (int m = 0; m < M; m++)
          A[p1 * M + m] += T[p1 * L + l] * D[l * M + m];
  free(T);
}

/* <SpMMH, GEMM>: B times the Hadamard product of C and D into an n x J
 * workspace, then times E. */
void spmmh_then_gemm(int n, int J, int L, const int *restrict row_start,
                     const int *restrict col, const double *restrict val,
                     const double *restrict C, const double *restrict D,
                     const double *restrict E, double *restrict A) {
  double *T = calloc((size_t)n * J + 1, sizeof(double));
  if (!T)
    return;
  for (int i = 0; i < n; i++)
    for (int q = row_start[i]; q < row_start[i + 1]; q++) {
      int k = col[q];
      for (int j = 0; j < J; j++)
        T[i * J + j] += val[q] * C[k * J + j] * D[k * J + j];
    }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < J; j++)
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[i * J + j] * E[j * L + l];
  free(T);
}

/* <MTTKRP, GEMM> without restrict: fused under the run-time overlap test. */
void mttkrp_then_gemm_alias(int I, int J, int M, const int *pos1,
                            const int *crd1, const int *pos2, const int *crd2,
                            const double *vals, const double *C,
                            const double *D, const double *E, double *A) {
  double *T = calloc((size_t)I * J + 1, sizeof(double));
  if (!T)
    return;
  for (int i = 0; i < I; i++)
    for (int p1 = pos1[i]; p1 < pos1[i + 1]; p1++) {
      int k = crd1[p1];
      for (int p2 = pos2[p1]; p2 < pos2[p1 + 1]; p2++) {
        int l = crd2[p2];
        for (int j = 0; j < J; j++)
          T[i * J + j] += vals[p2] * C[l * J + j] * D[k * J + j];
      }
    }
  for (int i = 0; i < I; i++)
    for (int j = 0; j < J; j++)
      for (int m = 0; m < M; m++)
        A[i * M + m] += T[i * J + j] * E[j * M + m];
  free(T);
}

/* <SpTTM, SpTTM> without restrict: fused under the run-time overlap test. */
void spttm_then_spttm_alias(int I, int L, int M, const int *pos1,
                            const int *crd1, const int *pos2, const int *crd2,
                            const double *vals, const double *C,
                            const double *D, double *A) {
  (void)crd1;
  double *T = calloc((size_t)pos1[I] * L + 1, sizeof(double));
  if (!T)
    return;
  for (int i = 0; i < I; i++)
    for (int p1 = pos1[i]; p1 < pos1[i + 1]; p1++)
      for (int p2 = pos2[p1]; p2 < pos2[p1 + 1]; p2++) {
        int k = crd2[p2];
        for (int l = 0; l < L; l++)
          T[p1 * L + l] += vals[p2] * C[k * L + l];
      }
  for (int i = 0; i < I; i++)
    for (int p1 = pos1[i]; p1 < pos1[i + 1]; p1++)
      for (int l = 0; l < L; l++)
        for (int m = 0; m < M; m++)
          A[p1 * M + m] += T[p1 * L + l] * D[l * M + m];
  free(T);
}

/* <SpTTM, SpTTM> with blocks of L values at a stride S written apart
 * (TACO's 'p1 * A3_dimension + l' with l < C2_dimension): where L > S the
 * producer's next block overwrites a block's last values before the
 * consumer reads them; fused under a check that L == S. */
void spttm_strided(int I, int S, int L, int M, const int *restrict pos1,
                   const int *restrict pos2, const int *restrict crd2,
                   const double *restrict vals, const double *restrict C,
                   const double *restrict D, double *restrict A) {
  double *T = calloc((size_t)pos1[I] * S + L + 1, sizeof(double));
  if (!T)
    return;
  for (int i = 0; i < I; i++)
    for (int p1 = pos1[i]; p1 < pos1[i + 1]; p1++)
      for (int p2 = pos2[p1]; p2 < pos2[p1 + 1]; p2++) {
        int k = crd2[p2];
        for (int l = 0; l < L; l++)
          T[p1 * S + l] += vals[p2] * C[k * L + l];
      }
  for (int i = 0; i < I; i++)
    for (int p1 = pos1[i]; p1 < pos1[i + 1]; p1++)
      for (int l = 0; l < L; l++)
        for (int m = 0; m < M; m++)
          A[p1 * M + m] += T[p1 * S + l] * D[l * M + m];
  free(T);
}
