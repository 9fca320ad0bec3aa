// Bad input: an input pointer derived from the restrict output inside the
// function. 'const double *E = A;' is based on A, so reading A through E is
// allowed by the restrict rules, and the original reads the output as it is
// updated; a fused nest reads E(j,l) at other times and computes something
// else. Found by the review of bad inputs (the tool fused it, and the exec harness showed
// the difference); fixed: the nest is left unchanged with
// [lnr-output-read].
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err
// CHECK: output-alias-local.c:{{[0-9]+}}:{{[0-9]+}}: remark: nest left unchanged: {{.*}}'E'{{.*}}'A'{{.*}}[lnr-output-read]

void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E_unused, double *restrict A) {
  const double *E = A; /* E(j,l) is the output's row j */
  (void)E_unused;
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
