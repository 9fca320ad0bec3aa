// Bad input: two nests in one function accumulate into the same output, the
// second reading what the first wrote only through the output itself.
// Expected: both fused, each with its temporaries (no name clash), the
// rewrite proved by execution.
// RUN: lnr-rewrite %s -- > %t.rewritten.c 2> %t.err
// RUN: FileCheck %s < %t.err
// CHECK: two-nests-one-output.c:16:3: remark: fused 'A(i,l) += vals(i,j) * C(i,k) * D(j,k) * E(j,l)'{{.*}}[lnr-fuse]
// CHECK: two-nests-one-output.c:23:3: remark: fused 'A(i,l) += vals(i,j) * D(j,k) * C(i,k) * E(j,l)'{{.*}}[lnr-fuse]
// RUN: sh %S/Inputs/prove.sh %cc %harness %t %s %t.rewritten.c | FileCheck --check-prefix=EXEC %s
// EXEC: PASS: lnr_rewritten matches lnr_original on all cases
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -fsyntax-only -x c %t.rewritten.c

void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * D[j * K + k] * C[i * K + k] * E[j * L + l];
    }
}
