#define _XOPEN_SOURCE 700
#include <math.h>
// (The file begins with its feature-test macro, as legacy files do.)
// The includes a rewrite needs go after the file's feature-test macros:
// above '#define _XOPEN_SOURCE 700', the overlap test's <stdint.h> would be
// read without it, and <math.h> after it would not define M_PI.
// RUN: lnr-rewrite %s -- -std=c99 > %t.c 2> %t.err
// RUN: FileCheck %s < %t.c
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -c -x c %t.c -o /dev/null


// CHECK: {{^}}#define _XOPEN_SOURCE 700{{$}}
// CHECK-NEXT: {{^}}#include <stdint.h>{{$}}
// CHECK-NEXT: {{^}}#include <math.h>{{$}}

double scale(void) { return M_PI; }

void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
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
