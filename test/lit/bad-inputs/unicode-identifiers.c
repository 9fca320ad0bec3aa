// Bad input: identifiers spelled in UTF-8 (C99 extended characters).
// Expected: fused, proved by execution, the names kept.
// RUN: lnr-rewrite %s -- > %t.rewritten.c 2> %t.err
// RUN: FileCheck %s < %t.err
// CHECK: remark: fused 'Å(i,l) += vals(i,j) * Ç(i,k) * Ð(j,k) * É(j,l)'{{.*}}[lnr-fuse]
// RUN: sh %S/Inputs/prove.sh %cc %harness %t %s %t.rewritten.c | FileCheck --check-prefix=EXEC %s
// EXEC: PASS: lnr_rewritten matches lnr_original on all cases

void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *Ç, const double *Ð,
                const double *É, double *restrict Å) {
  for (int i = 0; i < n; i++) {
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++) {
        for (int l = 0; l < L; l++) {
          Å[i * L + l] += vals[p] * Ç[i * K + k] * Ð[j * K + k] * É[j * L + l];
        }
      }
    }
  }
}
