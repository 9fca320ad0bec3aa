// Several pairs of calls in one file are inlined in one parse of it. A
// block that does not compile at its calls (here the second function, defined
// after its caller, names a global declared after that caller) fails that
// parse; each pair is then parsed alone, and the others are still fused.
// RUN: lnr-rewrite --remarks=all %s -- > %t.c 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -c -x c %t.c -o /dev/null
// RUN: lnr-rewrite %t.c -- 2>/dev/null | diff %t.c -
#include <stdlib.h>

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

static void aggregate(int n, const int *pos, const int *crd, const double *T,
                      const double *E, double *A, int L) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
}

static void aggregate_late(int n, const int *pos, const int *crd,
                           const double *T, const double *E, double *A);

void first(int n, int *pos, int *crd, const double *B, const double *C,
           const double *D, const double *E, double *A, int K, int L) {
  double *T = malloc(sizeof(double) * (pos[n] > 0 ? pos[n] : 1));
  scores(n, pos, crd, B, C, D, T, K);
  aggregate(n, pos, crd, T, E, A, L);
  free(T);
}
// CHECK: call-pairs-in-one-parse.c:[[@LINE-4]]:3: remark: fused {{.*}} with the nest of 'aggregate', called next, {{.*}} [lnr-fuse]

void second(int n, int *pos, int *crd, const double *B, const double *C,
            const double *D, const double *E, double *A, int K) {
  double *T = malloc(sizeof(double) * (pos[n] > 0 ? pos[n] : 1));
  scores(n, pos, crd, B, C, D, T, K);
  aggregate_late(n, pos, crd, T, E, A);
  free(T);
}
// CHECK-NOT: call-pairs-in-one-parse.c:[[@LINE-5]]:3: remark

void third(int n, int *pos, int *crd, const double *B, const double *C,
           const double *D, const double *E, double *A, int K, int L) {
  double *T = malloc(sizeof(double) * (pos[n] > 0 ? pos[n] : 1));
  scores(n, pos, crd, B, C, D, T, K);
  aggregate(n, pos, crd, T, E, A, L);
  free(T);
}
// CHECK: call-pairs-in-one-parse.c:[[@LINE-4]]:3: remark: fused {{.*}} with the nest of 'aggregate', called next, {{.*}} [lnr-fuse]

int late_width = 4;
static void aggregate_late(int n, const int *pos, const int *crd,
                           const double *T, const double *E, double *A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < late_width; l++)
        A[i * late_width + l] += T[p] * E[j * late_width + l];
    }
}
