// Bad input: a GNU C nested function (gcc accepts it, clang does not).
// Expected: exit status 2 with clang's error, the file untouched by -i.
// RUN: cp %s %t.c
// RUN: not lnr-rewrite -i %t.c -- 2> %t.err
// RUN: diff %s %t.c
// RUN: FileCheck %s < %t.err
// CHECK: error: function definition is not allowed here
// CHECK: lnr-rewrite: error: some files could not be parsed; nothing was rewritten

void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *restrict A) {
  void rows(void) {
    for (int i = 0; i < n; i++)
      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        for (int k = 0; k < K; k++)
          for (int l = 0; l < L; l++)
            A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
  }
  rows();
}
