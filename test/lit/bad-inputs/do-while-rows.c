// Bad input: the row loop written as do/while around a for nest. The tool
// recovers only nests whose outermost loop is a 'for': the 'for' in the
// body is a nest of its own, whose bounds read the do loop's 'i', so it is
// left unchanged, with its remark (it had none before).
// Expected: untouched.
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err
// CHECK: bad-inputs/do-while-rows.c:[[@LINE+8]]:7: remark: nest left unchanged: the loop bounds are neither {{.*}}[lnr-unsupported-loop]

void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *restrict A) {
  int i = 0;
  if (n > 0)
    do {
      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        for (int k = 0; k < K; k++)
          for (int l = 0; l < L; l++)
            A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
    } while (++i < n);
}
