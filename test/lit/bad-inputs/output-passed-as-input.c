// Bad input: the output passed again as an input. Without 'restrict' the
// callee cannot know: the rewrite runs under a run-time overlap test, and
// this caller's call takes the original nest (test/exec/alias_versioned.test
// runs such calls); with --no-alias-check the nest is left unchanged
// [lnr-possible-alias]. A caller that passes the same array twice to a
// 'restrict' output breaks the restrict contract itself (undefined
// behaviour in C), so there the rewrite is allowed and the caller is at
// fault.
// RUN: lnr-rewrite --no-alias-check %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err
// RUN: lnr-rewrite %s -- 2>&1 > %t.v.c | FileCheck --check-prefix=VERSIONED %s
// RUN: grep -c '^ *if (no_overlap) {$' %t.v.c | FileCheck --check-prefix=TWO %s
// TWO: {{^2$}}

void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: output-passed-as-input.c:[[@LINE-8]]:3: remark: nest left unchanged: {{.*}}[lnr-possible-alias]
// VERSIONED: output-passed-as-input.c:[[@LINE-9]]:3: remark: fused {{.*}}, under a run-time overlap test (the original nest runs when the output overlaps an input) [lnr-fuse]

// E is A: row j of the output scales the term.
void caller(int n, int K, const int *rowptr, const int *colidx,
            const double *vals, const double *C, const double *D, double *A) {
  sddmm_spmm(n, K, n, rowptr, colidx, vals, C, D, A, A);
}
