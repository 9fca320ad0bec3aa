// Unweighted graphs: a compressed level whose values no subscript reads is
// the pattern of a tensor of ones at its nonzeros ('rowptr_pattern'),
// named in the notation, which the rewrite never multiplies by.
// RUN: lnr-rewrite --remarks=all %s -- > %t.c 2> %t.err
// RUN: %nochecks %t.c | FileCheck %s
// RUN: FileCheck --check-prefix=REMARK --implicit-check-not=remark: %s < %t.err
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -c -x c %t.c -o /dev/null
// RUN: lnr-rewrite %t.c -- 2>/dev/null | diff %t.c -

#include <math.h>
#include <stdlib.h>

// <SDDMM, SpMM> on an unweighted graph.
// CHECK-LABEL: void sddmm_spmm_pattern(
// CHECK:      #pragma omp parallel for schedule(dynamic, 64)
// CHECK:        int j = colidx[p];
// CHECK:        double t = 0;
// CHECK:        t_part[k_lane] +=
// CHECK-NEXT:       C[i * K + (k + k_lane)] * D[j * K + (k + k_lane)];
// CHECK:        t += C[i * K + k] * D[j * K + k];
// CHECK:        A[i * L + l] += t * E[j * L + l];
// CHECK-NOT:  {{ \* 1[;)]}}
// CHECK-LABEL: void degree_scaled(
void sddmm_spmm_pattern(int n, int K, int L, const int *rowptr,
                        const int *colidx, const double *C, const double *D,
                        const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// REMARK: pattern.c:[[@LINE-8]]:3: remark: fused 'A(i,l) += C(i,k) * D(j,k) * E(j,l) * rowptr_pattern(i,j)': O(nnz(rowptr_pattern_ij)*K*L) -> O(nnz(rowptr_pattern_ij)*(K+L)) [lnr-fuse]

// Only the ones: each row's degree, counted once instead of once per l.
// CHECK:        double t = 0;
// CHECK-NEXT:   for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
// CHECK-NEXT:     t += 1;
// CHECK-NEXT:   }
// CHECK:        A[i * L + l] += t * x[i] * E[i * L + l];
void degree_scaled(int n, int L, const int *rowptr, const double *x,
                   const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++)
      for (int l = 0; l < L; l++)
        A[i * L + l] += x[i] * E[i * L + l];
}
// REMARK: pattern.c:[[@LINE-5]]:3: remark: fused 'A(i,l) += x(i) * E(i,l) * rowptr_pattern(i,p_index)': {{.*}} [lnr-fuse]

// A name the file takes is not the pattern's.
void taken_name(int n, int K, int L, const int *pos, const int *crd,
                const double *C, const double *D, const double *E,
                double *restrict A, double pos_pattern) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += pos_pattern * C[i * K + k] * D[crd[p] * K + k] *
                          E[crd[p] * L + l];
}
// REMARK: pattern.c:[[@LINE-7]]:3: remark: fused 'A(i,l) += pos_pattern * C(i,k) * D(crd[p],k) * E(crd[p],l) * pos_pattern2(i,crd[p])': {{.*}} [lnr-fuse]

// An unweighted SpMV: nothing to gain, said as for a weighted one.
void spmv_pattern(int n, const int *pos, const int *crd, const double *x,
                  double *restrict y) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++)
      y[i] += x[crd[p]];
}
// REMARK: pattern.c:[[@LINE-4]]:3: remark: nest left unchanged: {{.*}} [lnr-no-gain]

// A comment in the producer's function stays in the fallback copy, out of
// the summary (where '/*' would nest: -Wcomment) and out of the remark.
static double sig(double x) { return 1.0 / (1.0 + exp(-x)); }
// CHECK-LABEL: void commented_map(
// CHECK:      /* lnr-rewrite: O(i,k) += Y(j,k) * (1.0 - sig((sum_k_p X(i,k_p) * Y(j,k_p) *
// CHECK-NEXT:  * pos_pattern(i,j)))), which costs
// CHECK:      t = 1.0 - sig(t);
// CHECK:      E[p] = 1.0 - sig(s /* the edge's score */);
void commented_map(int n, int K, const int *restrict pos,
                   const int *restrict crd, const double *restrict X,
                   const double *restrict Y, double *restrict O) {
  double *E = malloc(sizeof(double) * (pos[n] > 0 ? pos[n] : 1));
  if (!E)
    return;
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += X[i * K + k] * Y[j * K + k];
      E[p] = 1.0 - sig(s /* the edge's score */);
    }
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++)
        O[i * K + k] += E[p] * Y[j * K + k];
    }
  free(E);
}
// REMARK: pattern.c:[[@LINE-16]]:3: remark: fused 'O(i,k) += Y(j,k) * (1.0 - sig((sum_k_p X(i,k_p) * Y(j,k_p) * pos_pattern(i,j))))' with the nest at line [[@LINE-8]], {{.*}} [lnr-fuse]

// Two hops over one graph: each nest's pattern is 'pos_pattern', and the
// producer's is renamed apart in the composed kernel.
void two_hops(int n, int K, int L, const int *restrict pos,
              const int *restrict crd, const double *restrict X,
              const double *restrict Y, const double *restrict Z,
              double *restrict O) {
  double *E = malloc(sizeof(double) * (pos[n] > 0 ? pos[n] : 1));
  if (!E)
    return;
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      double s = 0;
      for (int k = 0; k < K; k++)
        s += X[i * K + k] * Y[j * K + k];
      E[p] = s;
    }
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int q = pos[j]; q < pos[j + 1]; q++) {
        int h = crd[q];
        for (int l = 0; l < L; l++)
          O[i * L + l] += E[p] * Z[h * L + l];
      }
    }
  free(E);
}
// REMARK: pattern.c:[[@LINE-19]]:3: remark: fused 'O(i,l) += X(i,k) * Y(j,k) * pos_pattern2(i,j) * Z(h,l) * pos_pattern(j,h)' with the nest at line [[@LINE-11]], {{.*}} [lnr-fuse]
