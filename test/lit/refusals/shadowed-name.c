// A schedule whose temporaries are allocated calls the C library's malloc
// and free and sizes them in size_t; where a local variable, a parameter or
// a macro takes one of those names, the call would not compile (or would
// call something else), so that schedule is not written. A schedule with a
// scalar temporary needs none of them.
// RUN: lnr-rewrite --schedule='{vals,C}{D}' %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck %s < %t.err
// RUN: lnr-rewrite %s -- > %t.default.c 2> %t.default.err
// RUN: FileCheck --check-prefix=DEFAULT %s < %t.default.err
// RUN: %cc -std=c99 -fopenmp -fsyntax-only %t.default.c

#include <stdlib.h>

void local_size_t(int n, int K, int L, const int *rowptr, const int *colidx,
                  const double *vals, const double *C, const double *D,
                  double *restrict A) {
  int size_t = 0;
  (void)size_t;
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[j * K + k] * D[k * L + l];
    }
}
// CHECK: shadowed-name.c:[[@LINE-8]]:3: remark: nest left unchanged: 'size_t' means something else here, and the schedule's temporaries are allocated with the C library's malloc, calloc, free and size_t [lnr-shadowed-name]
// DEFAULT: shadowed-name.c:[[@LINE-9]]:3: remark: fused 'A(i,l) += vals(i,j) * C(j,k) * D(k,l)': O(nnz(vals_ij)*K*L) -> O(nnz(vals_ij)*K+K*L*n) [lnr-fuse]

void parameter_free(int n, int K, int L, const int *rowptr, const int *colidx,
                    const double *vals, const double *C, const double *D,
                    double *restrict A, int free) {
  (void)free;
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[j * K + k] * D[k * L + l];
    }
}
// CHECK: shadowed-name.c:[[@LINE-8]]:3: remark: nest left unchanged: 'free' means something else here{{.*}} [lnr-shadowed-name]
// DEFAULT: shadowed-name.c:[[@LINE-9]]:3: remark: fused {{.*}} [lnr-fuse]
