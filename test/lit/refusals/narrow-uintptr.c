// Legacy code's own 'typedef unsigned int uintptr_t;' cannot hold an
// address on a 64-bit target: a run-time overlap test comparing addresses
// in it would miss an overlap across a 4 GiB boundary. A nest that needs
// the test is left as it is; one whose output is restrict needs none.
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

typedef unsigned int uintptr_t;

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
// CHECK: narrow-uintptr.c:[[@LINE-8]]:3: remark: nest left unchanged: the file's 'uintptr_t' is 'unsigned int', which cannot hold an address, and the run-time overlap test compares the arrays' addresses as uintptr_t [lnr-shadowed-name]

void restricted(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: narrow-uintptr.c:[[@LINE-8]]:3: remark: fused {{.*}} [lnr-fuse]
