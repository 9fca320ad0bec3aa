// A rewrite whose temporaries call malloc includes <stdlib.h>, and one
// whose overlap test compares addresses as uintptr_t includes <stdint.h>,
// when the file does not. Legacy code declares some of those headers'
// names its own way; the header would then break the file. The file is
// parsed again with the include, with the same compile command, and a
// header it does not compile with is not added: a nest that needs it is
// written without it (a scalar temporary) or left as it is, with the
// error. Declarations the header agrees with change nothing.
// RUN: lnr-rewrite %s -- -DINT64 > %t.int64.c 2> %t.int64.err
// RUN: FileCheck --check-prefix=INT64 %s < %t.int64.err
// RUN: %cc -std=gnu99 -fopenmp -c -DINT64 %t.int64.c -o /dev/null
// RUN: not grep -q '= (double \*)malloc' %t.int64.c
// RUN: lnr-rewrite --schedule='{vals,C}{D}' %s -- -DINT64 2>&1 >/dev/null | FileCheck --check-prefix=FORCED %s
// RUN: lnr-rewrite --schedule='{vals,C}{D}' %s -- -DRAND 2>&1 >/dev/null | FileCheck --check-prefix=RAND %s
// RUN: lnr-rewrite --schedule='{vals,C}{D}' %s -- -DDIV_T 2>&1 >/dev/null | FileCheck --check-prefix=DIV %s
// RUN: lnr-rewrite --schedule='{vals,C}{D}' %s -- -DMACRO_NAME 2>&1 >/dev/null | FileCheck --check-prefix=MACRO %s
// RUN: lnr-rewrite %s -- -DRAND > %t.rand.c
// RUN: %cc -std=gnu99 -fopenmp -c -DRAND %t.rand.c -o /dev/null
// RUN: lnr-rewrite %s -- -DAGREEING > %t.agreeing.c 2> %t.agreeing.err
// RUN: FileCheck --check-prefix=AGREEING %s < %t.agreeing.err
// RUN: grep -q '#include <stdlib.h>' %t.agreeing.c
// RUN: grep -q '#include <stdint.h>' %t.agreeing.c
// RUN: %cc -std=gnu99 -fopenmp -c -DAGREEING %t.agreeing.c -o /dev/null

#if defined(INT64)
typedef long long int64_t; // <stdint.h>'s, and <stdlib.h>'s through
                           // <sys/types.h>, is 'long' on LP64 Linux
#elif defined(RAND)
static int rand(void) { return 4; }
#elif defined(DIV_T)
typedef struct {
  int q;
} div_t;
#elif defined(MACRO_NAME)
static int RAND_MAX = 7; // <stdlib.h> defines RAND_MAX as a macro
#elif defined(AGREEING)
typedef unsigned int uint;
typedef __INT64_TYPE__ int64_t;
void free(void *p);
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
// INT64: header-conflicts.c:[[@LINE-8]]:3: remark: fused 'A(i,l) += vals(i,j) * C(j,k) * D(k,l)': O(nnz(vals_ij)*K*L) -> O(nnz(vals_ij)*K+K*L*n) [lnr-fuse]
// FORCED: header-conflicts.c:[[@LINE-9]]:3: remark: nest left unchanged: the schedule's temporaries are allocated with the C library's malloc, calloc and free, and the file does not compile with <stdlib.h> included (typedef redefinition with different types ('long long' vs {{.*}}) at header-conflicts.c:26) [lnr-shadowed-name]
// RAND: header-conflicts.c:[[@LINE-10]]:3: remark: nest left unchanged: {{.*}}does not compile with <stdlib.h> included (static declaration of 'rand' follows non-static declaration at header-conflicts.c:29) [lnr-shadowed-name]
// DIV: header-conflicts.c:[[@LINE-11]]:3: remark: nest left unchanged: {{.*}}does not compile with <stdlib.h> included ({{.*}}div_t{{.*}}) [lnr-shadowed-name]
// MACRO: header-conflicts.c:[[@LINE-12]]:3: remark: nest left unchanged: {{.*}}does not compile with <stdlib.h> included ({{.*}}at header-conflicts.c:35) [lnr-shadowed-name]
// AGREEING: header-conflicts.c:[[@LINE-13]]:3: remark: fused {{.*}}[lnr-fuse]

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
// INT64: header-conflicts.c:[[@LINE-8]]:3: remark: nest left unchanged: the file does not compile with <stdint.h> included (typedef redefinition with different types ('long long' vs {{.*}}) at header-conflicts.c:26), and the run-time overlap test compares the arrays' addresses as uintptr_t [lnr-shadowed-name]
// AGREEING: header-conflicts.c:[[@LINE-9]]:3: remark: fused {{.*}}[lnr-fuse]
