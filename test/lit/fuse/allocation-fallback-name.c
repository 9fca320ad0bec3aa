// The flag a failed allocation clears takes a name the file does not use
// (allocation-fallback.c): here 'allocated' is a parameter.
// RUN: lnr-rewrite --no-runtime-choice %s -- 2> /dev/null > %t.out
// RUN: FileCheck %s < %t.out
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -fsyntax-only -x c %t.out

#include <stdlib.h>

void named(int n, int K, int L, const int *pos, const int *crd,
           const double *Bv, const double *C, const double *D,
           double *restrict A, int *allocated) {
  *allocated = 1;
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += Bv[p] * C[j * K + k] * D[k * L + l];
    }
}
// CHECK:      {{^}}  *allocated = 1;
// CHECK-NEXT: /* lnr-rewrite: {{.*}}
// CHECK: */{{$}}
// CHECK-NEXT: {{^}}  {
// CHECK-NEXT: {{^}}    int allocated_1 = 1;
// CHECK-NEXT: if ({{.*}} > 0{{.*}}) {
// CHECK-NEXT: {{^}}#pragma omp parallel shared(allocated_1)
// CHECK:      {{^}}        __atomic_store_n(&allocated_1, 0, __ATOMIC_RELAXED);
// CHECK:      {{^}}      if (allocated_1) {
// CHECK:      {{^}}    if (!allocated_1) {
