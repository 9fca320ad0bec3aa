// Separate kernels in two functions whose consumer walks the scores'
// positions by 'q' and expands a macro whose body names a global 'p', the
// producer's position variable: named as the producer's, the consumer's
// position would be what the macro reads inside the fused loop over 'p'.
// The calls stay as written, with the reason at the first.
// RUN: lnr-rewrite --remarks=all %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=lnr-fuse %s < %t.err
#include <stdlib.h>

static double p = 2.0;
#define SCALE p

static void scores(int n, const int *pos, const int *crd, const double *B,
                   const double *C, const double *D, double *T, int K) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += C[i * K + k] * D[j * K + k];
      T[p] = B[p] * s;
    }
}

static void aggregate_scaled(int n, const int *pos, const int *crd,
                             const double *T, const double *E, double *A,
                             int L) {
  for (int i = 0; i < n; i++)
    for (int q = pos[i]; q < pos[i + 1]; q++) {
      int j = crd[q];
      for (int l = 0; l < L; l++)
        A[i * L + l] += SCALE * T[q] * E[j * L + l];
    }
}

void scaled_by_global_p(int n, const int *pos, const int *crd,
                        const double *B, const double *C, const double *D,
                        const double *E, double *A, int K, int L) {
  double *T = malloc(sizeof(double) * pos[n]);
  scores(n, pos, crd, B, C, D, T, K);
  aggregate_scaled(n, pos, crd, T, E, A, L);
  free(T);
}
// CHECK: call-pairs-position-macro.c:[[@LINE-4]]:3: remark: calls left unchanged: the nest of 'aggregate_scaled' is not fused with the nest of 'scores', which writes 'T': the consumer's position variable 'q' is the producer's 'p', a name the consumer uses for another value {{\[}}lnr-separate-kernels]
