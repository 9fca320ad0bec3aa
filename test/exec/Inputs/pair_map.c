/* Separate kernels with an element-wise function between them: edge
 * scores (an SDDMM at B's nonzeros) go through a sigmoid, a LeakyReLU (a
 * static function of the file, or written in place), fmax(exp(x), ..) or
 * a step, then an SpMM reads them. Fused per nonzero: the score's sum into a
 * scalar, the function applied to it, then the row update. */
#include <math.h>
#include <stdlib.h>

static double leaky(double x) { return x > 0 ? x : 0.2 * x; }

void pair_sigmoid(int n, int K, int L, const int *restrict pos,
                  const int *restrict crd, const double *restrict B,
                  const double *restrict C, const double *restrict D,
                  const double *restrict E, double *restrict A) {
  double *T = malloc(sizeof(double) * (pos[n] > 0 ? pos[n] : 1));
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      T[p] = 1.0 / (1.0 + exp(-(s * B[p])));
    }
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
  free(T);
}

void pair_leaky(int n, int K, int L, const int *restrict pos,
                const int *restrict crd, const double *restrict B,
                const double *restrict C, const double *restrict D,
                const double *restrict E, double *restrict A) {
  double *T = malloc(sizeof(double) * (pos[n] > 0 ? pos[n] : 1));
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      T[p] = leaky(B[p] * s);
    }
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
  free(T);
}

/* The function written in place (a LeakyReLU), the product three times. */
void pair_relu(int n, int K, int L, const int *restrict pos,
               const int *restrict crd, const double *restrict B,
               const double *restrict C, const double *restrict D,
               const double *restrict E, double *restrict A) {
  double *T = malloc(sizeof(double) * (pos[n] > 0 ? pos[n] : 1));
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      T[p] = s * B[p] > 0 ? s * B[p] : 0.1 * (s * B[p]);
    }
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
  free(T);
}

void pair_exp(int n, int K, int L, const int *restrict pos,
              const int *restrict crd, const double *restrict B,
              const double *restrict C, const double *restrict D,
              const double *restrict E, double *restrict A) {
  double *T = malloc(sizeof(double) * (pos[n] > 0 ? pos[n] : 1));
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      T[p] = fmax(exp(s * B[p]), 1e-3);
    }
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
  free(T);
}

/* A step of the score (1 where it is positive, 0 elsewhere): a jump at 0,
 * where a sum regrouped to the other side of it changes the score from 0
 * to 1. Fused, the sum is added up in the original's order. */
void pair_step(int n, int K, int L, const int *restrict pos,
               const int *restrict crd, const double *restrict B,
               const double *restrict C, const double *restrict D,
               const double *restrict E, double *restrict A) {
  double *T = malloc(sizeof(double) * (pos[n] > 0 ? pos[n] : 1));
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      T[p] = s * B[p] > 0 ? 1.0 : 0.0;
    }
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
  free(T);
}

/* GCN's (A·X)·W with a ReLU between the two products, the second walking
 * W's columns outside its sum: fused row by row, a scalar per (i, f), the
 * consumer's loops over g and f exchanged. (B the values, C is X, D is W.) */
void pair_row_relu(int n, int K, int L, const int *restrict pos,
                   const int *restrict crd, const double *restrict B,
                   const double *restrict C, const double *restrict D,
                   const double *restrict E, double *restrict A) {
  double *T = malloc(sizeof(double) * (n * K > 0 ? n * K : 1));
  (void)E;
  for (int i = 0; i < n; i++)
    for (int f = 0; f < K; f++) {
      double s = 0;
      for (int p = pos[i]; p < pos[i + 1]; p++)
        s += B[p] * C[crd[p] * K + f];
      T[i * K + f] = s > 0 ? s : 0;
    }
  for (int i = 0; i < n; i++)
    for (int g = 0; g < L; g++)
      for (int f = 0; f < K; f++)
        A[i * L + g] += T[i * K + f] * D[f * L + g];
  free(T);
}

/* The consumer sums the ReLU's elements over f without f in its output: the
 * function applies to each element, not to their sum, so the pair stays
 * apart (D's first row is W). */
void pair_row_over_f(int n, int K, int L, const int *restrict pos,
                     const int *restrict crd, const double *restrict B,
                     const double *restrict C, const double *restrict D,
                     const double *restrict E, double *restrict A) {
  double *T = malloc(sizeof(double) * (n * K > 0 ? n * K : 1));
  (void)E;
  for (int i = 0; i < n; i++)
    for (int f = 0; f < K; f++) {
      double s = 0;
      for (int p = pos[i]; p < pos[i + 1]; p++)
        s += B[p] * C[crd[p] * K + f];
      T[i * K + f] = s > 0 ? s : 0;
    }
  for (int i = 0; i < n; i++)
    for (int g = 0; g < L; g++)
      for (int f = 0; f < K; f++)
        A[i * L + g] += T[i * K + f] * D[g];
  free(T);
}
