// A sum stored through an element-wise function is regrouped into partial
// sums (as any sum the rewrite computes) when the function is continuous in
// it: a rounding of the sum then moves the function's value by a rounding.
// Under a function with a jump, the sum is added up in the original's order
// (docs/supported-c.md). test/exec/pair_map.test runs a step on a sum that
// the regrouping moves across the jump; map-continuity-own-exp.c, a
// function of the file named exp.
// RUN: lnr-rewrite %s -- > %t.c 2> %t.err
// RUN: FileCheck %s < %t.c
// RUN: FileCheck --check-prefix=REMARK --implicit-check-not=remark: %s < %t.err
#include <math.h>
#include <stdlib.h>

static double sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }
static double trunc_int(int x) { return x; }

// Continuous: a continuous function of the C library.
void tanh_score(int n, int K, int L, const int *restrict pos,
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
      T[p] = tanh(s * B[p]);
    }
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
  free(T);
}
// REMARK: map-continuity.c:[[@LINE-16]]:3: remark: fused {{.*}} [lnr-fuse]
// CHECK-LABEL: void tanh_score(
// CHECK: double t_part[8]
// CHECK: /* lnr-rewrite: the original nest

// Continuous: a ReLU through fmax.
void relu_fmax(int n, int K, int L, const int *restrict pos,
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
      T[p] = fmax(s * B[p], 0.0);
    }
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
  free(T);
}
// REMARK: map-continuity.c:[[@LINE-16]]:3: remark: fused {{.*}} [lnr-fuse]
// CHECK-LABEL: void relu_fmax(
// CHECK: double t_part[8]
// CHECK: /* lnr-rewrite: the original nest

// Continuous: a LeakyReLU written the other way round, both sides 0 at 0.
void leaky_below(int n, int K, int L, const int *restrict pos,
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
      T[p] = 0 > s * B[p] ? 0.01 * (s * B[p]) : s * B[p];
    }
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
  free(T);
}
// REMARK: map-continuity.c:[[@LINE-16]]:3: remark: fused {{.*}} [lnr-fuse]
// CHECK-LABEL: void leaky_below(
// CHECK: double t_part[8]
// CHECK: /* lnr-rewrite: the original nest

// Continuous: a static function returning a continuous expression.
void sigmoid_static(int n, int K, int L, const int *restrict pos,
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
      T[p] = sigmoid(s * B[p]);
    }
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
  free(T);
}
// REMARK: map-continuity.c:[[@LINE-16]]:3: remark: fused {{.*}} [lnr-fuse]
// CHECK-LABEL: void sigmoid_static(
// CHECK: double t_part[8]
// CHECK: /* lnr-rewrite: the original nest

// A jump: a branch whose sides differ at 0.
void shifted(int n, int K, int L, const int *restrict pos,
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
      T[p] = s * B[p] > 0 ? s * B[p] : 1.0;
    }
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
  free(T);
}
// REMARK: map-continuity.c:[[@LINE-16]]:3: remark: fused {{.*}} [lnr-fuse]
// CHECK-LABEL: void shifted(
// CHECK-NOT: t_part
// CHECK: double t = 0;
// CHECK-NEXT: for (int k = 0; k < K; k++) {
// CHECK-NEXT: t += C[i * K + k] * D[j * K + k];
// CHECK: /* lnr-rewrite: the original nest

// A jump: a branch at another point than 0.
void threshold(int n, int K, int L, const int *restrict pos,
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
      T[p] = s * B[p] > 0.5 ? s * B[p] : 0.0;
    }
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
  free(T);
}
// REMARK: map-continuity.c:[[@LINE-16]]:3: remark: fused {{.*}} [lnr-fuse]
// CHECK-LABEL: void threshold(
// CHECK-NOT: t_part
// CHECK: double t = 0;
// CHECK-NEXT: for (int k = 0; k < K; k++) {
// CHECK-NEXT: t += C[i * K + k] * D[j * K + k];
// CHECK: /* lnr-rewrite: the original nest

// A jump: a square root, undefined below 0.
void root(int n, int K, int L, const int *restrict pos,
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
      T[p] = sqrt(s * B[p]);
    }
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
  free(T);
}
// REMARK: map-continuity.c:[[@LINE-16]]:3: remark: fused {{.*}} [lnr-fuse]
// CHECK-LABEL: void root(
// CHECK-NOT: t_part
// CHECK: double t = 0;
// CHECK-NEXT: for (int k = 0; k < K; k++) {
// CHECK-NEXT: t += C[i * K + k] * D[j * K + k];
// CHECK: /* lnr-rewrite: the original nest

// A jump: the sum passed to an 'int' parameter.
void truncated(int n, int K, int L, const int *restrict pos,
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
      T[p] = trunc_int(s * B[p]);
    }
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
  free(T);
}
// REMARK: map-continuity.c:[[@LINE-16]]:3: remark: fused {{.*}} [lnr-fuse]
// CHECK-LABEL: void truncated(
// CHECK-NOT: t_part
// CHECK: double t = 0;
// CHECK-NEXT: for (int k = 0; k < K; k++) {
// CHECK-NEXT: t += C[i * K + k] * D[j * K + k];
// CHECK: /* lnr-rewrite: the original nest

// A jump: a pole at 0.
void quotient(int n, int K, int L, const int *restrict pos,
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
      T[p] = 1.0 / (s * B[p]);
    }
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
  free(T);
}
// REMARK: map-continuity.c:[[@LINE-16]]:3: remark: fused {{.*}} [lnr-fuse]
// CHECK-LABEL: void quotient(
// CHECK-NOT: t_part
// CHECK: double t = 0;
// CHECK-NEXT: for (int k = 0; k < K; k++) {
// CHECK-NEXT: t += C[i * K + k] * D[j * K + k];
// CHECK: /* lnr-rewrite: the original nest

// A jump: a side that is 1, its literals read exactly, not as 0.
void tiny_literal(int n, int K, int L, const int *restrict pos,
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
      T[p] = s * B[p] > 0 ? s * B[p] : 1e-400L * 1e400L;
    }
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
  free(T);
}
// REMARK: map-continuity.c:[[@LINE-16]]:3: remark: fused {{.*}} [lnr-fuse]
// CHECK-LABEL: void tiny_literal(
// CHECK-NOT: t_part
// CHECK: double t = 0;
// CHECK-NEXT: for (int k = 0; k < K; k++) {
// CHECK-NEXT: t += C[i * K + k] * D[j * K + k];
// CHECK: /* lnr-rewrite: the original nest

// A jump: a side that is NaN at 0: 0 times a constant that overflows.
void overflowing_scale(int n, int K, int L, const int *restrict pos,
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
      T[p] = s * B[p] > 0 ? s * B[p] : 0 * exp(1000.0);
    }
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] += T[p] * E[j * L + l];
    }
  free(T);
}
// REMARK: map-continuity.c:[[@LINE-16]]:3: remark: fused {{.*}} [lnr-fuse]
// CHECK-LABEL: void overflowing_scale(
// CHECK-NOT: t_part
// CHECK: double t = 0;
// CHECK-NEXT: for (int k = 0; k < K; k++) {
// CHECK-NEXT: t += C[i * K + k] * D[j * K + k];
// CHECK: /* lnr-rewrite: the original nest
