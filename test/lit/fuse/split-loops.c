// TACO's split loops (split(i, i0, i1, 16)): 'for (i0 = 0; i0 < (n + 15) /
// 16; i0++) for (i1 = 0; i1 < 16; i1++) { int i = i0 * 16 + i1; if (i >=
// n) continue; ... }' is read as the loop over i from 0 to n, and written
// back as the strip-mined loop it is: the strips stay, and so does a
// directive on them; a directive the rewrite writes goes on the strips too.
// RUN: lnr-rewrite %s -- > %t.c 2> %t.err
// RUN: %nochecks %t.c | FileCheck %s
// RUN: FileCheck --check-prefix=REMARK --implicit-check-not=remark: %s < %t.err
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -c -x c %t.c -o /dev/null
// RUN: lnr-rewrite %t.c -- 2>/dev/null | diff %t.c -
// RUN: lnr-rewrite --no-openmp %s -- 2>/dev/null | %nochecks | FileCheck --check-prefix=NOOMP %s
// RUN: lnr-rewrite --explain --line=%(line+25) %s -- 2>/dev/null | FileCheck --check-prefix=EXPLAIN %s

// The file's directive on the strips, kept there.
// CHECK-LABEL: void sddmm_spmm_split(
// CHECK:      #pragma omp parallel for schedule(runtime)
// CHECK-NEXT:   for (int i0 = 0; i0 < (n + 15) / 16; i0++)
// CHECK-NEXT:     for (int i = i0 * 16; i < i0 * 16 + 16 && i < n; i++) {
// CHECK-NEXT:       for (int p = pos[i]; p < pos[i + 1]; p++) {
// CHECK-NEXT:         int j = crd[p];
// CHECK:              t += vals[p] * C[i * K + k] * D[j * K + k];
// CHECK:              A[i * L + l] += t * E[j * L + l];
// NOOMP-LABEL: void sddmm_spmm_split(
// NOOMP:        #pragma omp parallel for schedule(runtime)
// NOOMP-NEXT:     for (int i0 = 0; i0 < (n + 15) / 16; i0++)
// EXPLAIN: openmp: kept the existing OpenMP directive on 'i'
void sddmm_spmm_split(int n, int K, int L, const int *pos, const int *crd,
                      const double *vals, const double *C, const double *D,
                      const double *E, double *restrict A) {
#pragma omp parallel for schedule(runtime)
  for (int i0 = 0; i0 < (n + 15) / 16; i0++)
    for (int i1 = 0; i1 < 16; i1++) {
      int i = i0 * 16 + i1;
      if (i >= n)
        continue;
      for (int p = pos[i]; p < pos[i + 1]; p++) {
        int j = crd[p];
        for (int k = 0; k < K; k++)
          for (int l = 0; l < L; l++)
            A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
    }
}
// REMARK: split-loops.c:[[@LINE-14]]:1: remark: fused 'A(i,l) += vals(i,j) * C(i,k) * D(j,k) * E(j,l)': O(nnz(vals_ij)*K*L) -> O(nnz(vals_ij)*(K+L)) [lnr-fuse]

// No directive, strips of 32 and 'i1 + i0 * 32': the rewrite parallelizes
// the strips (each writes its own rows of A), in the scan of j's extent
// (when the positions decrease, it walks the nest's loops) as in both
// schedules of the run-time choice.
// CHECK-LABEL: void spmm_gemm_split(
// CHECK:      } else {
// CHECK-NEXT: #pragma omp parallel for reduction(max
// CHECK:        for (int i0 = 0; i0 < (n + 31) / 32; i0++)
// CHECK-NEXT:     for (int i = i0 * 32; i < i0 * 32 + 32 && i < n; i++) {
// CHECK:      #pragma omp for schedule(dynamic, 64)
// CHECK-NEXT:   for (int i0 = 0; i0 < (n + 31) / 32; i0++)
// CHECK-NEXT:     for (int i = i0 * 32; i < i0 * 32 + 32 && i < n; i++) {
// CHECK:      for (int j = 0; j < j_extent; j++) {
// CHECK:      #pragma omp parallel for schedule(dynamic, 64)
// CHECK-NEXT:   for (int i0 = 0; i0 < (n + 31) / 32; i0++)
// CHECK-NEXT:     for (int i = i0 * 32; i < i0 * 32 + 32 && i < n; i++) {
// NOOMP-LABEL: void spmm_gemm_split(
// NOOMP-NOT:    #pragma omp
// NOOMP:          for (int i0 = 0; i0 < (n + 31) / 32; i0++)
void spmm_gemm_split(int n, int K, int L, const int *pos, const int *crd,
                     const double *vals, const double *C, const double *D,
                     double *restrict A) {
  for (int i0 = 0; i0 < (n + 31) / 32; i0++) {
    for (int i1 = 0; i1 < 32; i1++) {
      int i = i1 + i0 * 32;
      if (i >= n)
        continue;
      for (int p = pos[i]; p < pos[i + 1]; p++) {
        int j = crd[p];
        for (int k = 0; k < K; k++)
          for (int l = 0; l < L; l++)
            A[i * L + l] += vals[p] * C[j * K + k] * D[k * L + l];
      }
    }
  }
}
// REMARK: split-loops.c:[[@LINE-14]]:3: remark: fused 'A(i,l) += vals(i,j) * C(j,k) * D(k,l)': {{.*}} [lnr-fuse]
