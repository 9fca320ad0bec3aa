// A feature-test macro defined after the file's first declaration: the
// <stdint.h> the overlap test needs, inserted above it, would read the C
// library without it, and M_PI (which -std=c99 declares only under
// _GNU_SOURCE) would be undeclared. The file is parsed again with the
// include; it does not compile, so the nest is left as it is, with the
// error. (header-conflicts.c: declarations that conflict.)
// RUN: lnr-rewrite %s -- -std=c99 > %t.c 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: diff %s %t.c

static const int version = 3;
#define _GNU_SOURCE
#include <math.h>
double kpi(void) { return M_PI * version; }

void unrestricted(int n, int K, int L, const int *rowptr, const int *colidx,
                  const double *vals, const double *C, const double *D,
                  const double *E, double *A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: feature-macro-after-code.c:[[@LINE-8]]:3: remark: nest left unchanged: the file does not compile with <stdint.h> included (use of undeclared identifier 'M_PI' at feature-macro-after-code.c:14), and the run-time overlap test compares the arrays' addresses as uintptr_t [lnr-shadowed-name]
