// A nest in the body of a 'while' or 'do' loop (a repeat loop, as in a
// benchmark's timing loop) is a nest like any other: it is recovered,
// rewritten in place and reported; the loop around it repeats it. An
// earlier build skipped such nests without a remark.
// RUN: lnr-rewrite --remarks=all --no-prefetch --no-split-reductions %s -- > %t.c 2> %t.err
// RUN: %nochecks %t.c | FileCheck %s
// RUN: FileCheck --check-prefix=REMARK --implicit-check-not=remark: %s < %t.err
// The rewrite is valid C99 with every warning an error, and idempotent.
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -c -x c %t.c -o /dev/null
// RUN: lnr-rewrite --remarks=all --no-prefetch --no-split-reductions %t.c -- 2>/dev/null | diff %t.c -

// CHECK-LABEL: void repeat_while(
// CHECK:      while (iter-- > 0) {
// CHECK-NEXT: /* lnr-rewrite: {{.*}}
// CHECK: */{{$}}
// CHECK-NEXT: if ({{.*}} > 0{{.*}}) {
// CHECK-NEXT: #pragma omp parallel for schedule(dynamic, 64)
// CHECK-NEXT:   for (int i = 0; i < n; i++) {
// CHECK:          double t = 0;
// CHECK:            t += vals_val * C[i * K + k] * D[j * K + k];
// CHECK:            A[i * L + l] += t * E[j * L + l];
// CHECK:      }
// CHECK-NEXT: }
void repeat_while(int iter, int n, int K, int L, const int *rowptr,
                  const int *colidx, const double *vals, const double *C,
                  const double *D, const double *E, double *restrict A) {
  while (iter-- > 0) {
    for (int i = 0; i < n; i++)
      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        for (int k = 0; k < K; k++)
          for (int l = 0; l < L; l++)
            A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
  }
}
// REMARK: fuse/repeat-loops.c:[[@LINE-9]]:5: remark: fused 'A(i,l) += vals(i,j) * C(i,k) * D(j,k) * E(j,l)': O(nnz(vals_ij)*K*L) -> O(nnz(vals_ij)*(K+L)) [lnr-fuse]

// The body of a 'do' loop without braces: the directive goes in front of
// the loop it is on.
// CHECK-LABEL: void repeat_do(
// CHECK:      {{^  do$}}
// CHECK-NEXT: /* lnr-rewrite: {{.*}}
// CHECK: */{{$}}
// CHECK-NEXT: if ({{.*}} > 0{{.*}}) {
// CHECK-NEXT: #pragma omp parallel for schedule(dynamic, 64)
// CHECK-NEXT:   for (int i = 0; i < n; i++) {
// CHECK:            A[i * L + l] += t * E[j * L + l];
// CHECK:      while (--iter > 0);
void repeat_do(int iter, int n, int K, int L, const int *rowptr,
               const int *colidx, const double *vals, const double *C,
               const double *D, const double *E, double *restrict A) {
  do
    for (int i = 0; i < n; i++)
      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        for (int k = 0; k < K; k++)
          for (int l = 0; l < L; l++)
            A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
  while (--iter > 0);
}
// REMARK: fuse/repeat-loops.c:[[@LINE-9]]:5: remark: fused 'A(i,l) += vals(i,j) * C(i,k) * D(j,k) * E(j,l)': O(nnz(vals_ij)*K*L) -> O(nnz(vals_ij)*(K+L)) [lnr-fuse]

// Two nests in one 'while' body, the first in a nested 'while': each gets
// its own remark, in order.
void two_in_while(int iter, int n, int K, int L, const int *rowptr,
                  const int *colidx, const double *vals, const double *C,
                  const double *D, const double *E, double *restrict A,
                  double *restrict Z) {
  while (iter-- > 0) {
    int again = 2;
    while (again-- > 0)
      for (int i = 0; i < n; i++)
        for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
          int j = colidx[p];
          for (int k = 0; k < K; k++)
            for (int l = 0; l < L; l++)
              A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
        }
    for (int i = 0; i < n; i++)
      Z[i] += A[i * L];
  }
}
// REMARK: fuse/repeat-loops.c:[[@LINE-11]]:7: remark: fused 'A(i,l) += {{.*}}[lnr-fuse]
// REMARK: fuse/repeat-loops.c:[[@LINE-5]]:5: remark: nest left unchanged: {{.*}}[lnr-

// A 'for' repeat loop, its variable unused by its body (a benchmark's
// repetition loop): the nest in its body is rewritten, the loop kept as
// written. It used to be the nest, refused with "no access uses 'r'".
// CHECK-LABEL: void repeat_for(
// CHECK:      for (int r = 0; r < reps; r++)
// CHECK-NEXT: /* lnr-rewrite: {{.*}}
// CHECK: */{{$}}
// CHECK-NEXT: if ({{.*}} > 0{{.*}}) {
// CHECK-NEXT: #pragma omp parallel for schedule(dynamic, 64)
// CHECK-NEXT:   for (int i = 0; i < n; i++) {
// CHECK:            A[i * L + l] += t * E[j * L + l];
// CHECK:      for (r = 0; r < reps; ++r) {
// CHECK-NEXT: /* lnr-rewrite: {{.*}}
// CHECK: */{{$}}
// CHECK-NEXT: if ({{.*}} > 0{{.*}}) {
// CHECK-NEXT: #pragma omp parallel for schedule(dynamic, 64)
// CHECK-NEXT:   for (int i = 0; i < n; i++) {
// CHECK:            A[i * L + l] += t * E[j * L + l];
void repeat_for(int reps, int n, int K, int L, const int *rowptr,
                const int *colidx, const double *vals, const double *C,
                const double *D, const double *E, double *restrict A) {
  for (int r = 0; r < reps; r++)
    for (int i = 0; i < n; i++)
      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        for (int k = 0; k < K; k++)
          for (int l = 0; l < L; l++)
            A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
  int r;
  for (r = 0; r < reps; ++r) {
    for (int i = 0; i < n; i++)
      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        for (int k = 0; k < K; k++)
          for (int l = 0; l < L; l++)
            A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
  }
}
// REMARK: fuse/repeat-loops.c:[[@LINE-18]]:5: remark: fused 'A(i,l) += {{.*}}[lnr-fuse]
// REMARK: fuse/repeat-loops.c:[[@LINE-10]]:5: remark: fused 'A(i,l) += {{.*}}[lnr-fuse]
