// A signed integer kernel: every term the original forms fits (each is
// 1e9 * 0 here when E is 0), but the fused nest's temporary
// t = sum_k vals * C * D would reach 4e9 and overflow, undefined behaviour
// the original does not have. Refused by name, the file unchanged; the
// same kernel in unsigned arithmetic, which wraps alike in any order, is
// rewritten.
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: %nochecks %t.out | FileCheck --check-prefix=OUT %s

void sddmm_spmm_int(int n, int K, int L, const int *rowptr, const int *colidx,
                    const int *vals, const int *C, const int *D, const int *E,
                    int *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: signed-overflow.c:{{[0-9]+}}:{{[0-9]+}}: remark: nest left unchanged: the nest sums in 'int', a signed integer type: the fused nest's partial sums, in another order, could overflow where the original's do not [lnr-signed-overflow]
// OUT:      void sddmm_spmm_int(
// OUT-NOT:  lnr-rewrite:
// OUT:      void sddmm_spmm_unsigned(

void sddmm_spmm_unsigned(int n, int K, int L, const int *rowptr,
                         const int *colidx, const unsigned *vals,
                         const unsigned *C, const unsigned *D,
                         const unsigned *E, unsigned *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: signed-overflow.c:{{[0-9]+}}:3: remark: fused {{.*}}[lnr-fuse]
// OUT:      lnr-rewrite: A(i,l) +=
