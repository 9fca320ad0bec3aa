// A rewrite whose temporaries are allocated calls the C library's malloc
// and free, sizes them in size_t and, when the file has not, includes
// <stdlib.h> at its top. What the file declares of those names must agree
// with the header: a function of another type or of internal linkage, a
// typedef of another type, a poisoned name would make the rewritten file
// fail to compile (or call the file's own function). Such a schedule is
// not written; the default run picks one with a scalar temporary, which
// compiles. Declarations the header agrees with leave the names to it.
// RUN: lnr-rewrite --schedule='{vals,C}{D}' %s -- -DSTATIC_FREE 2>&1 >/dev/null | FileCheck --check-prefix=FREE %s
// RUN: lnr-rewrite --schedule='{vals,C}{D}' %s -- -DFREE_OF_INT 2>&1 >/dev/null | FileCheck --check-prefix=FREE %s
// RUN: lnr-rewrite --schedule='{vals,C}{D}' %s -- -DPOISONED 2>&1 >/dev/null | FileCheck --check-prefix=FREE %s
// RUN: lnr-rewrite --schedule='{vals,C}{D}' %s -- -DINT_SIZE_T 2>&1 >/dev/null | FileCheck --check-prefix=SIZE %s
// RUN: lnr-rewrite --schedule='{vals,C}{D}' %s -- -DMALLOC_OF_INT 2>&1 >/dev/null | FileCheck --check-prefix=MALLOC %s
// RUN: lnr-rewrite --schedule='{vals,C}{D}' %s -- -DAGREEING > %t.agreeing.c 2> %t.agreeing.err
// RUN: FileCheck --check-prefix=AGREEING %s < %t.agreeing.err
// RUN: %cc -std=c99 -fopenmp -fsyntax-only -DAGREEING %t.agreeing.c
// RUN: lnr-rewrite %s -- -DSTATIC_FREE > %t.free.c
// RUN: %cc -std=c99 -fopenmp -fsyntax-only -DSTATIC_FREE %t.free.c
// RUN: lnr-rewrite %s -- -DINT_SIZE_T > %t.size.c
// RUN: %cc -std=c99 -fopenmp -fsyntax-only -DINT_SIZE_T %t.size.c
// RUN: lnr-rewrite %s -- -DPOISONED > %t.poisoned.c
// RUN: %cc -std=c99 -fopenmp -fsyntax-only -DPOISONED %t.poisoned.c
// RUN: lnr-rewrite %s -- -DWIDE_UINTPTR 2>&1 >/dev/null | FileCheck --check-prefix=UINTPTR %s

#if defined(STATIC_FREE)
static int free(int x) { return x; }
#elif defined(FREE_OF_INT)
int free(int x);
#elif defined(POISONED)
#include <stdlib.h>
#pragma GCC poison free
#elif defined(INT_SIZE_T)
typedef int size_t;
#elif defined(MALLOC_OF_INT)
void *malloc(int n);
#elif defined(AGREEING)
typedef __SIZE_TYPE__ size_t;
void *malloc(size_t n);
void free(void *p);
struct free {
  int unused;
};
#elif defined(WIDE_UINTPTR)
typedef unsigned long long uintptr_t;
#endif

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
// FREE: library-names-conflicting.c:[[@LINE-8]]:3: remark: nest left unchanged: 'free' means something else here{{.*}}[lnr-shadowed-name]
// SIZE: library-names-conflicting.c:[[@LINE-9]]:3: remark: nest left unchanged: 'size_t' means something else here{{.*}}[lnr-shadowed-name]
// MALLOC: library-names-conflicting.c:[[@LINE-10]]:3: remark: nest left unchanged: 'malloc' means something else here{{.*}}[lnr-shadowed-name]
// AGREEING: library-names-conflicting.c:[[@LINE-11]]:3: remark: fused {{.*}}[lnr-fuse]

// An output not declared restrict needs the run-time overlap test, which
// compares addresses as uintptr_t: a file's own of another type than
// <stdint.h>'s would conflict with the header.
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
// UINTPTR: library-names-conflicting.c:[[@LINE-8]]:3: remark: nest left unchanged: the file's 'uintptr_t' is 'unsigned long long', which <stdint.h> declares as 'unsigned long'{{.*}}[lnr-shadowed-name]
