// A function of the file named exp (C allows it where <math.h> is not
// included) is not the C library's: '1 + exp(x)' is then no denominator of
// at least 1, and the sum it reads is added up in the original's order.
// RUN: lnr-rewrite %s -- > %t.c 2> %t.err
// RUN: FileCheck %s < %t.c
#include <stdlib.h>

static double exp(double x) { return x - 1.0; }

void own_exp(int n, int K, int L, const int *restrict pos,
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
      T[p] = 1.0 / (1.0 + exp(s * B[p]));
    }
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
  free(T);
}
// CHECK-LABEL: void own_exp(
// CHECK-NOT: t_part
// CHECK: t = 1.0 / (1.0 + exp(t * B[p]));
