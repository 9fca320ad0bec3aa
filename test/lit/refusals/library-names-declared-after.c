// Nests are read as the parser completes each function, but what the
// whole file makes of the C library's names decides: a narrow
// 'uintptr_t' typedef declared after the kernel would conflict with the
// <stdint.h> the overlap test includes at the top. The nest is left as it
// is, as if read after the whole file (macro-declared-after.c: a macro).
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

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
// CHECK: library-names-declared-after.c:[[@LINE-8]]:3: remark: nest left unchanged: the file's 'uintptr_t' is 'unsigned int', which cannot hold an address{{.*}}[lnr-shadowed-name]

typedef unsigned int uintptr_t;
