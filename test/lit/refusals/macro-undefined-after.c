// A 'free' macro defined before the kernel and undefined after it: the
// temporaries' free(t) would expand to the macro where the nest is, though
// the end of the file knows no macro. The tool reads a function's nests as
// the parser completes it, where the macro is one; what it read there
// still counts when the end of the file differs: the schedule whose
// temporaries are allocated is not written.
// RUN: lnr-rewrite --schedule='{vals,C}{D}' %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

#include <stdlib.h>

void release(void *p);
#define free(p) release(p)

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
// CHECK: macro-undefined-after.c:[[@LINE-8]]:3: remark: nest left unchanged: 'free' means something else here{{.*}}[lnr-shadowed-name]

int after_the_kernel; /* the parser's look-ahead ends here */
#undef free
