// Unweighted graphs: a compressed level whose values no subscript reads is
// the pattern of a tensor of ones at its nonzeros ('rowptr_pattern'),
// named in the notation, which the rewrite never multiplies by.
// RUN: lnr-rewrite --remarks=all %s -- > %t.c 2> %t.err
// RUN: %nochecks %t.c | FileCheck %s
// RUN: FileCheck --check-prefix=REMARK --implicit-check-not=remark: %s < %t.err
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -c -x c %t.c -o /dev/null
// RUN: lnr-rewrite %t.c -- 2>/dev/null | diff %t.c -

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
