// Locals that only name a loop's bounds (FusedMM's `const IdType row_start
// = indptr[rid], row_end = indptr[rid + 1];`, or a row's length): each use
// in a header is read, and written, as the local's initializer. A local
// that anything else reads, or that narrows its value, is not a bound.
// RUN: lnr-rewrite --no-split-reductions %s -- > %t.c 2> %t.err
// RUN: %nochecks %t.c | FileCheck %s
// RUN: FileCheck --check-prefix=REMARK --implicit-check-not=remark: %s < %t.err
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -c -x c %t.c -o /dev/null
// RUN: lnr-rewrite --no-split-reductions %t.c -- 2>/dev/null | diff %t.c -

// CHECK-LABEL: void two_declarators(
// CHECK:         for (int i = 0; i < n; i++) {
// CHECK-NEXT:      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
// CHECK-NOT:     {{^ *}}const int row_start
// CHECK-LABEL: void row_length(
void two_declarators(int n, int K, int L, const int *rowptr,
                     const int *colidx, const double *vals, const double *C,
                     const double *D, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++) {
    const int row_start = rowptr[i], row_end = rowptr[i + 1];
    for (int p = row_start; p < row_end; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
  }
}
// REMARK: fuse/bound-locals.c:[[@LINE-10]]:3: remark: fused 'A(i,l) += vals(i,j) * C(i,k) * D(j,k) * E(j,l)'{{.*}} [lnr-fuse]

// CHECK:         for (int p = 0; p < (rowptr[i + 1] - rowptr[i]); p++) {
// CHECK-NEXT:      int j = colidx[rowptr[i] + p];
// CHECK-NOT:     {{^ *}}int len
// CHECK-LABEL: void bound_read_in_body(
void row_length(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *restrict A) {
  for (int i = 0; i < n; i++) {
    int len = rowptr[i + 1] - rowptr[i];
    for (int p = 0; p < len; p++) {
      int j = colidx[rowptr[i] + p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[rowptr[i] + p] * C[i * K + k] * D[j * K + k] *
                          E[j * L + l];
    }
  }
}
// REMARK: fuse/bound-locals.c:[[@LINE-11]]:3: remark: fused 'A(i,l) += vals(i,j) * C(i,k) * D(j,k) * E(j,l)'{{.*}} [lnr-fuse]

// Read by a subscript too: a value of the nest, not a bound.
void bound_read_in_body(int n, int K, int L, const int *rowptr,
                        const int *colidx, const double *vals,
                        const double *C, const double *D, const double *E,
                        double *restrict A) {
  for (int i = 0; i < n; i++) {
    int b = rowptr[i];
    for (int p = b; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[b * K + k] * D[j * K + k] * E[j * L + l];
    }
  }
}
// REMARK: fuse/bound-locals.c:[[@LINE-9]]:13: remark: nest left unchanged: 'rowptr[i]' is not an affine function of the indices [lnr-non-affine-subscript]

// A short holds an int's positions only when they are small: the loop
// would not be the one written with 'rowptr[i]'.
void narrowing_bound(int n, int K, int L, const int *rowptr,
                     const int *colidx, const double *vals, const double *C,
                     const double *D, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++) {
    short b = rowptr[i], e = rowptr[i + 1];
    for (int p = b; p < e; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
  }
}
// REMARK: fuse/bound-locals.c:[[@LINE-9]]:5: remark: nest left unchanged: {{.*}} [lnr-unsupported-statement]

// An inner variable of the same name: the headers are not rewritten by
// name. 'b' is then no bound, and the nest is refused.
void shadowed_bound(int n, int K, int L, const int *rowptr,
                    const int *colidx, const double *vals, const double *C,
                    const double *D, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++) {
    const int b = rowptr[i], e = rowptr[i + 1];
    for (int p = b; p < e; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int b = 0; b < L; b++)
          A[i * L + b] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + b];
    }
  }
}
// REMARK: fuse/bound-locals.c:[[@LINE-9]]:5: remark: nest left unchanged: {{.*}} [lnr-unsupported-statement]
