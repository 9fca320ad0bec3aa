// A compressed first level walked from 0 (ATL's generated code: 'for (q =
// 0; q < pos1[1]; q++)', the coordinate read in place as crd1[q], the next
// level's positions at q). Its variable is read only as a position, so the
// loop is the root's, from pos1[0] to pos1[1], when pos1[0] is 0: the
// rewrite checks that at run time and runs the original nest otherwise. A
// loop from 0 whose variable is an index stays the dense loop it is.
// RUN: lnr-rewrite --no-split-reductions %s -- > %t.c 2> %t.err
// RUN: %nochecks %t.c | FileCheck %s
// RUN: FileCheck --check-prefix=REMARK --implicit-check-not=remark: %s < %t.err
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -c -x c %t.c -o /dev/null
// RUN: lnr-rewrite --no-split-reductions %t.c -- 2>/dev/null | diff %t.c -
// RUN: lnr-rewrite --explain --no-split-reductions %s -- 2>/dev/null | FileCheck --check-prefix=EXPLAIN %s
// RUN: lnr-rewrite --remarks=all --no-split-reductions %s -- 2>&1 >/dev/null | FileCheck --check-prefix=ALL %s

// <SDDMM, SpMM> with B's first level compressed: the header kept, the
// prefetch one root position ahead (never past pos1[1]), the original nest
// the fallback.
// CHECK-LABEL: void sddmm_spmm_from_zero(
// CHECK:      int checked = 1;
// CHECK-NEXT: checked &= pos1[0] == 0;
// CHECK-NEXT: if (checked) {
// CHECK-NOT:  #pragma omp parallel
// CHECK:        for (int q = 0; q < pos1[1]; q++) {
// CHECK-NEXT: #ifdef __GNUC__
// CHECK-NEXT:     if (q + 1 < pos1[1]) {
// CHECK:            __builtin_prefetch(&C[crd1[q + 1] * K + pf]);
// CHECK:          for (int p = pos2[q]; p < pos2[q + 1]; p++) {
// CHECK:                t += vals_val * C[crd1[q] * K + k] * D[crd2[p] * K + k];
// CHECK:                A[crd1[q] * L + l] += t * E[crd2[p] * L + l];
// CHECK:      } else {
// CHECK-NEXT:   /* lnr-rewrite: the original nest, run when a run-time check fails */
// CHECK-NEXT:   for (int q = 0; q < pos1[1]; q++)
void sddmm_spmm_from_zero(int K, int L, const int *restrict pos1,
                          const int *restrict crd1, const int *restrict pos2,
                          const int *restrict crd2, const double *restrict vals,
                          const double *restrict C, const double *restrict D,
                          const double *restrict E, double *restrict A) {
  for (int q = 0; q < pos1[1]; q++)
    for (int p = pos2[q]; p < pos2[q + 1]; p++)
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[crd1[q] * L + l] += vals[p] * C[crd1[q] * K + k] *
                                D[crd2[p] * K + k] * E[crd2[p] * L + l];
}
// REMARK: compressed-root-from-zero.c:[[@LINE-7]]:3: remark: fused 'A(crd1[q],l) += vals(crd1[q],crd2[p]) * C(crd1[q],k) * D(crd2[p],k) * E(crd2[p],l)': O(nnz(vals_{crd1[q],crd2[p]})*K*L) -> O(nnz(vals_{crd1[q],crd2[p]})*(K+L)) [lnr-fuse]
// EXPLAIN-LABEL: nest in 'sddmm_spmm_from_zero'
// EXPLAIN-NEXT:  notation: A(crd1[q],l) += vals(crd1[q],crd2[p]) * C(crd1[q],k) * D(crd2[p],k) * E(crd2[p],l)
// EXPLAIN-NEXT:  formats: A dense, vals DCSR (compressed crd1[q], compressed crd2[p]), C dense, D dense, E dense
// EXPLAIN:       first positions: 'pos1[0] == 0', checked: the loop from 0 is read as the compressed first level from its first position; the original nest runs otherwise
// EXPLAIN:       openmp: not parallelized: the outer loop over 'crd1[q]' is compressed

// Without 'restrict', under the run-time overlap test, whose ranges read
// pos2 at pos1[0]: the test reads them only once pos1[0] is 0. The
// coordinate in a local, as TACO writes it.
// CHECK-LABEL: void spmm_gemm_from_zero(
// CHECK:      int no_overlap = pos1[0] == 0 &&
// CHECK-NEXT:     (long long)(pos1[0]) < (long long)(pos1[1]) &&
// CHECK-NOT:  checked
// CHECK:      for (int q = 0; q < pos1[1]; q++) {
// CHECK-NEXT:   int i = crd1[q];
// CHECK:      /* lnr-rewrite: the original nest, run when a run-time check fails */
void spmm_gemm_from_zero(int K, int L, const int *pos1, const int *crd1,
                         const int *pos2, const int *crd2, const double *vals,
                         const double *C, const double *D, double *A) {
  for (int q = 0; q < pos1[1]; q++) {
    int i = crd1[q];
    for (int p = pos2[q]; p < pos2[q + 1]; p++) {
      int j = crd2[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[j * K + k] * D[k * L + l];
    }
  }
}
// REMARK: compressed-root-from-zero.c:[[@LINE-10]]:3: remark: fused 'A(i,l) += vals(i,j) * C(j,k) * D(k,l)': {{.*}}, under a run-time overlap test (the original nest runs when the output overlaps an input) [lnr-fuse]

// A dense loop over the rows from 0 to n (CSR) is no root, and a dense
// loop to pos1[1] whose variable indexes the rows of A and C is none
// either: both are rewritten as dense loops, with no check.
// CHECK-LABEL: void sddmm_spmm_rows(
// CHECK-NOT:  checked
// CHECK:      #pragma omp parallel for
// CHECK-NEXT: for (int i = 0; i < n; i++) {
// CHECK-LABEL: void sddmm_spmm_rows_to_pos(
// CHECK-NOT:  checked
// CHECK:      #pragma omp parallel for
// CHECK-NEXT: for (int q = 0; q < pos1[1]; q++) {
// CHECK-LABEL: void mttkrp_from_zero(
void sddmm_spmm_rows(int n, int K, int L, const int *restrict rowptr,
                     const int *restrict colidx, const double *restrict vals,
                     const double *restrict C, const double *restrict D,
                     const double *restrict E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++)
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[colidx[p] * K + k] *
                          E[colidx[p] * L + l];
}
// REMARK: compressed-root-from-zero.c:[[@LINE-7]]:3: remark: fused {{.*}} [lnr-fuse]
// EXPLAIN-LABEL: nest in 'sddmm_spmm_rows'
// EXPLAIN:       formats: A dense, vals CSR (dense i, compressed colidx[p]), C dense, D dense, E dense
// EXPLAIN-NOT:   first positions

void sddmm_spmm_rows_to_pos(int K, int L, const int *restrict pos1,
                            const int *restrict pos2, const int *restrict crd2,
                            const double *restrict vals,
                            const double *restrict C, const double *restrict D,
                            const double *restrict E, double *restrict A) {
  for (int q = 0; q < pos1[1]; q++)
    for (int p = pos2[q]; p < pos2[q + 1]; p++)
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[q * L + l] +=
              vals[p] * C[q * K + k] * D[crd2[p] * K + k] * E[crd2[p] * L + l];
}
// REMARK: compressed-root-from-zero.c:[[@LINE-7]]:3: remark: fused {{.*}} [lnr-fuse]
// EXPLAIN-LABEL: nest in 'sddmm_spmm_rows_to_pos'
// EXPLAIN:       formats: A dense, vals CSR (dense q, compressed crd2[p]), C dense, D dense, E dense
// EXPLAIN-NOT:   first positions

// MTTKRP over a CSF tensor whose every level is compressed, its root
// walked from 0 and its values named by locals (as ATL's MTTKRP): read,
// and named for its real reason. Every split of the product leaves its
// loops, nothing is written.
void mttkrp_from_zero(int R, const int *pos, const int *pos0, const int *pos1,
                      const int *crd1, const int *crd2, const int *crd3,
                      const double *vals, const double *C, const double *D,
                      double *out) {
  for (int q = 0; q < pos[1]; q++) {
    for (int p = pos0[q]; p < pos0[q + 1]; p++) {
      for (int r = pos1[p]; r < pos1[p + 1]; r++) {
        for (int j = 0; j < R; j++) {
          double c = 0;
          c = C[R * crd3[r] + j];
          double v = vals[r] * c;
          out[R * crd1[q] + j] += v * D[R * crd2[p] + j];
        }
      }
    }
  }
}
// ALL: compressed-root-from-zero.c:[[@LINE-13]]:3: remark: nest left unchanged: every index of the factors after the split and of the output is also iterated by the factors before it; distribution removes no loop [lnr-no-gain]
// EXPLAIN-LABEL: nest in 'mttkrp_from_zero'
// EXPLAIN:       formats: out dense, vals CSF (compressed crd1[q], compressed crd2[p], compressed crd3[r]), C dense, D dense
