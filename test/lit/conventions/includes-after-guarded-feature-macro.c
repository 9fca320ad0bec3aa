#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <math.h>
// A feature-test macro defined under '#ifndef', as legacy files guard it:
// the includes a rewrite needs go after its '#endif', not inside the
// block, where a build with -D_GNU_SOURCE would skip them.
// RUN: lnr-rewrite %s -- -std=c99 > %t.c 2> %t.err
// RUN: FileCheck %s < %t.c
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -c -x c %t.c -o /dev/null
// RUN: %cc -std=c99 -D_GNU_SOURCE -fopenmp -Wall -Wextra -Werror -c -x c %t.c -o /dev/null

// CHECK:      {{^}}#ifndef _GNU_SOURCE{{$}}
// CHECK-NEXT: {{^}}#define _GNU_SOURCE{{$}}
// CHECK-NEXT: {{^}}#endif{{$}}
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
