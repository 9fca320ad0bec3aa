// Bad input: the coordinates are volatile. The fused nest still loads each
// coordinate once per nonzero, as the original does, so the rewrite is
// allowed. Expected: rewritten with one load of colidx[p], proved by
// execution.
// RUN: lnr-rewrite %s -- > %t.rewritten.c 2> %t.err
// RUN: FileCheck %s < %t.err
// CHECK: remark: fused 'A(i,l) += vals(i,j) * C(i,k) * D(j,k) * E(j,l)'{{.*}}[lnr-fuse]
// RUN: sh %S/Inputs/prove.sh %cc %harness %t %s %t.rewritten.c | FileCheck --check-prefix=EXEC %s
// EXEC: PASS: lnr_rewritten matches lnr_original on all cases
// RUN: grep -c '= colidx\[p\];' %t.rewritten.c | FileCheck --check-prefix=ONCE %s
// ONCE: {{^}}1{{$}}

void sddmm_spmm(int n, int K, int L, const int *rowptr,
                const volatile int *colidx, const double *vals,
                const double *C, const double *D, const double *E,
                double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
