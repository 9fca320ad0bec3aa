// An assert in the nest, with and without NDEBUG (where it expands to
// '(void)0'): the checks run as the loops read, in their order; a rewrite
// would drop or move them, so the nest is kept, with a remark of its own.
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: --implicit-check-not=note: %s < %t.err
// RUN: lnr-rewrite %s -- -DNDEBUG > %t.ndebug.out 2> %t.ndebug.err
// RUN: diff %s %t.ndebug.out
// RUN: FileCheck --implicit-check-not=remark: --implicit-check-not=note: %s < %t.ndebug.err
#include <assert.h>

// Tile-fusion's SpMM checks each product's subscript in the innermost loop.
void sddmm_spmm_checked(int n, int K, int L, const int *rowptr,
                        const int *colidx, const double *vals,
                        const double *C, const double *D, const double *E,
                        double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++) {
          assert(i * L + l < n * L);
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
        }
    }
}
// CHECK: refusals/assert.c:[[@LINE-5]]:11: remark: nest left unchanged: the nest checks 'assert(i * L + l < n * L)' as it runs; the rewrite would drop or move the check, so the nest is kept as written [lnr-assert]

// A coordinate checked where it is loaded.
void sddmm_spmm_coordinate(int n, int K, int L, const int *rowptr,
                           const int *colidx, const double *vals,
                           const double *C, const double *D,
                           const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      assert(j >= 0 && j < n);
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/assert.c:[[@LINE-6]]:7: remark: nest left unchanged: the nest checks 'assert(j >= 0 && j < n)' {{.*}} [lnr-assert]
