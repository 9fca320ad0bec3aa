// The types a rewrite declares its temporaries, hoisted values and
// conversions in are spelled as the file spells them, unless the function
// shadows that name: here 'wide' is a parameter, and 'wide t = 0;' would
// not compile. The rewrite spells the type itself ('unsigned long').
// RUN: lnr-rewrite %s -- > %t.c 2> %t.err
// RUN: FileCheck --check-prefix=REMARK %s < %t.err
// RUN: FileCheck %s < %t.c
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -c -x c %t.c -o /dev/null

typedef unsigned long wide;

void kernel(int n, int K, int L, const int *rowptr, const int *colidx,
            const unsigned *vals, const unsigned *C, const unsigned *D,
            const wide *E,
            wide *restrict A, int wide) {
  (void)wide;
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += E[j * L + l] * vals[p] * C[i * K + k] * D[j * K + k];
    }
}
// REMARK: remark: fused
// CHECK: unsigned long t = 0;
// CHECK: t += (unsigned long)vals[p] * (unsigned long)C[i * K + k] *
// CHECK-NEXT: (unsigned long)D[j * K + k];
