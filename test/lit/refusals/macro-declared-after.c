// Nests are read as the parser completes each function, but what the
// whole file makes of the C library's names decides: with 'free' a macro
// from the kernel's end on, the schedule whose temporaries are allocated
// is not written, as if the nest were read after the whole file
// (library-names-declared-after.c: a typedef).
// RUN: lnr-rewrite --schedule='{vals,C}{D}' %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

#include <stdlib.h>

void spmm_gemm(int n, int K, int L, const int *rowptr, const int *colidx,
               const double *vals, const double *C, const double *D,
               double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[j * K + k] * D[k * L + l];
    }
}
// CHECK: macro-declared-after.c:[[@LINE-8]]:3: remark: nest left unchanged: 'free' means something else here{{.*}}[lnr-shadowed-name]

int after_the_kernel; /* the parser's look-ahead ends here */
#define free(p) release(p)
