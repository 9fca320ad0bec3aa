// An int output rounds every accumulated double term; summing the terms
// first (what the fused nest does) would compute something else.
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck %s < %t.err

void sddmm_spmm_int_out(int n, int K, int L, const int *rowptr,
                        const int *colidx, const double *vals, const double *C,
                        const double *D, const double *E, int *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: mixed-types.c:15:11: remark: nest left unchanged: the output is 'int' but the product is 'double'{{.*}} [lnr-mixed-types]
