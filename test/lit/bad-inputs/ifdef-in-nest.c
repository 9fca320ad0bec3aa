// Bad input: preprocessor conditionals inside the nest. A rewrite is made
// from the branch active when the tool parses the file: built with
// -DSCALED afterwards, it would compute what the original computes without
// it. Found by the review of bad inputs (the tool fused the nest and dropped the #else
// branch; execution with -DSCALED showed the difference); fixed: the nest
// is left unchanged with [lnr-macro].
// RUN: lnr-rewrite --remarks=all %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err
// CHECK: ifdef-in-nest.c:{{[0-9]+}}:{{[0-9]+}}: remark: nest left unchanged: the nest holds a preprocessor directive ('#ifdef SCALED'){{.*}}[lnr-macro]
// The same with -DSCALED (the other branch parsed):
// RUN: lnr-rewrite --remarks=all %s -- -DSCALED 2>&1 > /dev/null | FileCheck --check-prefix=SCALED %s
// SCALED: remark: nest left unchanged: the nest holds a preprocessor directive ('#ifdef SCALED'){{.*}}[lnr-macro]

void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
#ifdef SCALED
          A[i * L + l] += 2.0 * vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
#else
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
#endif
    }
}

// A nest that would gain nothing says so, whatever its directives.
void spmv_scaled(int n, const int *rowptr, const int *colidx,
                 const double *vals, const double *x, double *restrict y) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++)
#ifdef SCALED
      y[i] += 2.0 * vals[p] * x[colidx[p]];
#else
      y[i] += vals[p] * x[colidx[p]];
#endif
}
// CHECK: ifdef-in-nest.c:[[@LINE-8]]:3: remark: nest left unchanged: {{.*}}[lnr-no-gain]
// SCALED: remark: nest left unchanged: {{.*}}[lnr-no-gain]
