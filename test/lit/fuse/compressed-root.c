// A compressed first level (DCSR, and CSF with every level compressed):
// the outer loop walks the root's positions pos1[0] to pos1[1], and the
// next level's positions are read at the root's position q. The recovery
// reads it as a compressed level whose parent is the root; the rewrite
// keeps its header, looks one root position ahead for the prefetch (never
// past pos1[1]), skips a consumer where a row's fiber is empty, counts the
// root's entries as pos1[1] - pos1[0] in the run-time choice, and does not
// parallelize the loop over q by itself: two positions of the root may
// hold one coordinate, and write one row of A. A file's own directive on
// it is kept (the original has the same race then).
// RUN: lnr-rewrite --no-split-reductions %s -- > %t.c 2> %t.err
// RUN: %nochecks %t.c | FileCheck %s
// RUN: FileCheck --check-prefix=REMARK --implicit-check-not=remark: %s < %t.err
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -c -x c %t.c -o /dev/null
// RUN: lnr-rewrite --no-split-reductions %t.c -- 2>/dev/null | diff %t.c -
// RUN: lnr-rewrite --explain --no-split-reductions %s -- 2>/dev/null | FileCheck --check-prefix=EXPLAIN %s

// CHECK-LABEL: void dcsr_sddmm_spmm(
// CHECK-NOT:  #pragma omp parallel
// CHECK:      for (int q = pos1[0]; q < pos1[1]; q++) {
// CHECK-NEXT:   int i = crd1[q];
// CHECK-NEXT: #ifdef __GNUC__
// CHECK-NEXT:   if (q + 1 < pos1[1]) {
// CHECK:          __builtin_prefetch(&C[crd1[q + 1] * K + pf]);
// CHECK:        for (int p = pos2[q]; p < pos2[q + 1]; p++) {
// CHECK-NEXT:     int j = crd2[p];
// CHECK:              t += vals_val * C[i * K + k] * D[j * K + k];
// CHECK:              A[i * L + l] += t * E[j * L + l];
void dcsr_sddmm_spmm(int K, int L, const int *pos1, const int *crd1,
                     const int *pos2, const int *crd2, const double *vals,
                     const double *C, const double *D, const double *E,
                     double *restrict A) {
  for (int q = pos1[0]; q < pos1[1]; q++) {
    int i = crd1[q];
    for (int p = pos2[q]; p < pos2[q + 1]; p++) {
      int j = crd2[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
  }
}
// REMARK: fuse/compressed-root.c:[[@LINE-10]]:3: remark: fused 'A(i,l) += vals(i,j) * C(i,k) * D(j,k) * E(j,l)': O(nnz(vals_ij)*K*L) -> O(nnz(vals_ij)*(K+L)) [lnr-fuse]
// EXPLAIN-LABEL: nest in 'dcsr_sddmm_spmm'
// EXPLAIN-NEXT:  notation: A(i,l) += vals(i,j) * C(i,k) * D(j,k) * E(j,l)
// EXPLAIN-NEXT:  formats: A dense, vals DCSR (compressed i, compressed j), C dense, D dense, E dense
// EXPLAIN-NEXT:  loop order: i(vals), j(vals), k, l
// EXPLAIN:       openmp: not parallelized: the outer loop over 'i' is compressed
// EXPLAIN:       for i in vals level 1
// EXPLAIN-NEXT:    for j in vals level 2

// The file's directive stays on the root's loop, split around the
// per-thread vector; the consumer runs only for a row whose fiber is not
// empty.
// CHECK-LABEL: void dcsr_spmm_gemm(
// CHECK:      #pragma omp for schedule(dynamic, 16)
// CHECK-NEXT:   for (int q = pos1[0]; q < pos1[1]; q++) {
// CHECK-NEXT:     int i = crd1[q];
// CHECK:          for (int p = pos2[q]; p < pos2[q + 1]; p++) {
// CHECK:            t[k] += vals_val * C[j * K + k];
// CHECK:          if (pos2[q] < pos2[q + 1]) {
// CHECK:              A[i * L + l] += t[k] * D[k * L + l];
void dcsr_spmm_gemm(int K, int L, const int *pos1, const int *crd1,
                    const int *pos2, const int *crd2, const double *vals,
                    const double *C, const double *D, double *restrict A) {
#pragma omp parallel for schedule(dynamic, 16)
  for (int q = pos1[0]; q < pos1[1]; q++) {
    int i = crd1[q];
    for (int p = pos2[q]; p < pos2[q + 1]; p++) {
      int j = crd2[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[j * K + k] * D[k * L + l];
    }
  }
}
// REMARK: fuse/compressed-root.c:[[@LINE-11]]:1: remark: fused 'A(i,l) += vals(i,j) * C(j,k) * D(k,l)': O(nnz(vals_ij)*K*L) -> O(nnz(vals_ij)*K+nnz(vals_i)*K*L) [lnr-fuse]
// EXPLAIN-LABEL: nest in 'dcsr_spmm_gemm'
// EXPLAIN:       openmp: kept the existing OpenMP directive on 'i', split into 'parallel' and 'for' around the per-thread temporaries

// Without the directive, the two schedules' costs are compared at run time:
// the root's entries are pos1[1] - pos1[0], the nonzeros below them
// pos2[pos1[1]] when the root's last fiber is not empty.
// CHECK-LABEL: void dcsr_spmm_gemm_choice(
// CHECK:      for (int q = pos1[0]; q < pos1[1]; q++) {
// CHECK-NEXT:   for (int p = pos2[q]; p < pos2[q + 1]; p++) {
// CHECK-NEXT:     int j = crd2[p];
// CHECK:      (double)(pos1[1] - pos1[0]) * (double)K +
// CHECK-NEXT:   5.0 *
// CHECK-NEXT:     (pos1[1] > pos1[0] ? (double)pos2[pos1[1]]
// CHECK-NEXT:                        : (double)(pos1[1] - pos1[0])) *
void dcsr_spmm_gemm_choice(int K, int L, const int *pos1, const int *crd1,
                           const int *pos2, const int *crd2,
                           const double *vals, const double *C,
                           const double *D, double *restrict A) {
  for (int q = pos1[0]; q < pos1[1]; q++) {
    int i = crd1[q];
    for (int p = pos2[q]; p < pos2[q + 1]; p++) {
      int j = crd2[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[j * K + k] * D[k * L + l];
    }
  }
}
// REMARK: fuse/compressed-root.c:[[@LINE-10]]:3: remark: fused 'A(i,l) += vals(i,j) * C(j,k) * D(k,l)': O(nnz(vals_ij)*K*L) -> O(nnz(vals_ij)*K+nnz(vals_i)*K*L) or O(nnz(vals_ij)*L+K*L*j_extent), whichever costs less at run time [lnr-fuse]

// <MTTKRP, GEMM> with every level of B compressed (TACO's CSF
// {Sparse, Sparse, Sparse}): a vector temporary per root position.
// CHECK-LABEL: void sss_mttkrp_gemm(
// CHECK:      for (int q = pos1[0]; q < pos1[1]; q++) {
// CHECK-NEXT:   int i = crd1[q];
// CHECK:        t[j] = 0;
// CHECK:        for (int p = pos2[q]; p < pos2[q + 1]; p++) {
// CHECK:          for (int r = pos3[p]; r < pos3[p + 1]; r++) {
// CHECK:              t[j] += vals_val * C[l * J + j] * D[k * J + j];
// CHECK:              A[i * M + m] += t[j] * E[j * M + m];
void sss_mttkrp_gemm(int J, int M, const int *pos1, const int *crd1,
                     const int *pos2, const int *crd2, const int *pos3,
                     const int *crd3, const double *vals, const double *C,
                     const double *D, const double *E, double *restrict A) {
  for (int q = pos1[0]; q < pos1[1]; q++) {
    int i = crd1[q];
    for (int p = pos2[q]; p < pos2[q + 1]; p++) {
      int k = crd2[p];
      for (int r = pos3[p]; r < pos3[p + 1]; r++) {
        int l = crd3[r];
        for (int j = 0; j < J; j++)
          for (int m = 0; m < M; m++)
            A[i * M + m] +=
                vals[r] * C[l * J + j] * D[k * J + j] * E[j * M + m];
      }
    }
  }
}
// REMARK: fuse/compressed-root.c:[[@LINE-14]]:3: remark: fused 'A(i,m) += vals(i,k,l) * C(l,j) * D(k,j) * E(j,m)': O(nnz(vals_ikl)*J*M) -> O(nnz(vals_ikl)*J+nnz(vals_i)*J*M) [lnr-fuse]
// EXPLAIN-LABEL: nest in 'sss_mttkrp_gemm'
// EXPLAIN:       formats: A dense, vals CSF (compressed i, compressed k, compressed l), C dense, D dense, E dense
// EXPLAIN:       loop order: i(vals), k(vals), l(vals), j, m
