// A '#pragma omp parallel' region whose one statement is the nest under
// '#pragma omp for' (FusedMM's and SPLATT's style) reads as the one
// '#pragma omp parallel for' with the clauses of both ('nowait' dropped:
// the end of the region waits anyway), and the whole region is replaced.
// RUN: lnr-rewrite %s -- > %t.c 2> %t.err
// RUN: FileCheck --check-prefix=REMARK --implicit-check-not=remark: %s < %t.err
// RUN: %nochecks %t.c | FileCheck %s
// RUN: lnr-rewrite --explain %s -- 2> /dev/null | FileCheck --check-prefix=EXPLAIN %s
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -fsyntax-only -x c %t.c
// Idempotent: the rewrite is not rewritten again.
// RUN: lnr-rewrite %t.c -- 2> /dev/null | diff %t.c -

void sddmm_spmm_region(int n, int K, int L, const int *rowptr,
                       const int *colidx, const double *vals, const double *C,
                       const double *D, const double *E, double *restrict A) {
  int before = 0;
  (void)before;
#pragma omp parallel num_threads(2) default(shared)
  {
#pragma omp for schedule(static) nowait
    for (int i = 0; i < n; i++)
      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        for (int k = 0; k < K; k++)
          for (int l = 0; l < L; l++)
            A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
  }
  (void)before;
}
// REMARK: fuse/omp-parallel-region.c:[[@LINE-11]]:1: remark: fused 'A(i,l) += vals(i,j) * C(i,k) * D(j,k) * E(j,l)'{{.*}} [lnr-fuse]
// EXPLAIN: openmp: kept the existing OpenMP directive on 'i'; the file's '#pragma omp parallel' region around '#pragma omp for' read as '#pragma omp parallel for num_threads(2) default(shared) schedule(static)', the whole region replaced
// CHECK:      (void)before;
// CHECK-NEXT: /* lnr-rewrite: {{.*}}
// CHECK: */{{$}}
// CHECK-NEXT: if ({{.*}} > 0{{.*}}) {
// CHECK-NEXT: #pragma omp parallel for num_threads(2) default(shared) schedule(static)
// CHECK-NEXT:   for (int i = 0; i < n; i++) {
// CHECK-NOT:  #pragma omp for
// CHECK:      (void)before;
// CHECK-NEXT: }

// Without braces, C89 loop variables listed in the region's 'private'.
void spmm_gemm_region(int n, int K, int L, const int *rowptr,
                      const int *colidx, const double *vals, const double *C,
                      const double *D, double *restrict A) {
  int i, p, j, k, l;
#pragma omp parallel private(p, j, k, l)
#pragma omp for
  for (i = 0; i < n; i++)
    for (p = rowptr[i]; p < rowptr[i + 1]; p++) {
      j = colidx[p];
      for (k = 0; k < K; k++)
        for (l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[j * K + k] * D[k * L + l];
    }
}
// REMARK: fuse/omp-parallel-region.c:[[@LINE-9]]:1: remark: fused 'A(i,l) += vals(i,j) * C(j,k) * D(k,l)'{{.*}} [lnr-fuse]
// CHECK:      int i, p, j, k, l;
// The per-thread row of the temporary splits it into 'parallel' and 'for'
// (the work-shared loop runs where every thread allocated its row).
// CHECK:      {{^}}#pragma omp parallel private(p, j, k, l) shared(allocated)
// CHECK-NEXT: {
// CHECK-NEXT:   double *t = (double *)malloc(sizeof(double) * (K > 0 ? K : 1));
// CHECK:      {{^}}#pragma omp barrier
// CHECK-NEXT:   if (allocated) {
// CHECK-NEXT: #pragma omp for{{$}}
// CHECK-NEXT:   for (i = 0; i < n; i++) {
