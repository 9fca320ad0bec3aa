// Bad input: a volatile output. Every '+=' of the original is a volatile
// read and write of A(i,l), K*L of them per nonzero; a fused nest makes L,
// a different sequence of volatile accesses (observable behaviour, C11
// 5.1.2.3p6). Found by the review of bad inputs (the tool fused it, while volatile factors
// were refused); fixed: left unchanged with [lnr-side-effect].
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err
// CHECK: volatile-output.c:{{[0-9]+}}:{{[0-9]+}}: remark: nest left unchanged: the output is volatile{{.*}}[lnr-side-effect]
// RUN: lnr-rewrite --assume-no-alias %s -- 2>&1 > /dev/null | FileCheck %s

void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, volatile double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
