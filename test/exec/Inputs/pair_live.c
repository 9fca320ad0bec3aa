/* Separate kernels whose temporary is still read after the consumer
 * (pair_live.test): the fused nest stores it, once. */
#include <math.h>
#include <stdlib.h>

/* T, a parameter: stored, and covered by the run-time overlap test. */
void live_param(int n, int K, int L, const int *pos, const int *crd,
                const double *B, const double *C, const double *D,
                const double *E, double *T, double *A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      T[p] = s * B[p];
    }
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
}

/* T, a local read after the consumer, through a sigmoid. */
void live_local(int n, int K, int L, const int *pos, const int *crd,
                const double *B, const double *C, const double *D,
                const double *E, double *T, double *A) {
  double *S = malloc(sizeof(double) * (pos[n] > 0 ? pos[n] : 1));
  if (!S)
    return;
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      S[p] = 1.0 / (1.0 + exp(-(s * B[p])));
    }
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += S[p] * E[j * L + l];
    }
  for (int p = 0; p < pos[n]; p++)
    T[p] = S[p];
  free(S);
}

/* T, a parameter added to with no zeroing before: its old values are
 * part of what the consumer reads, and the two stay apart. */
void live_rows(int n, int K, int L, const int *pos, const int *crd,
               const double *B, const double *C, const double *D,
               const double *E, double *T, double *A) {
  (void)D;
  for (int i = 0; i < n; i++)
    for (int f = 0; f < K; f++)
      for (int p = pos[i]; p < pos[i + 1]; p++)
        T[i * K + f] += B[p] * C[crd[p] * K + f];
  for (int i = 0; i < n; i++)
    for (int f = 0; f < K; f++)
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[i * K + f] * E[f * L + l];
}

/* T and A restrict: no overlap test, and the fused nest stores T even
 * where the consumer's loop over l has no iteration (L == 0). */
void live_restrict(int n, int K, int L, const int *pos, const int *crd,
                   const double *B, const double *C, const double *D,
                   const double *E, double *restrict T, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      T[p] = B[p] * s;
    }
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
}
