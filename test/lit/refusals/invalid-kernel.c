// A coordinate that shadows an enclosing loop variable gives two loops over
// one index name; the recovered kernel fails its own validation.
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

// Columns are called k in the inner loop and shadow the outer k.
void sddmm_shadowed(int n, int K, const int *rowptr, const int *colidx,
                    const double *vals, const double *C, const double *d,
                    double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int k = 0; k < K; k++)
      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
        int k = colidx[p];
        A[i * K + k] += vals[p] * C[i * K + k] * d[k];
      }
}
// CHECK: refusals/invalid-kernel.c:[[@LINE-7]]:3: remark: nest left unchanged: two loops over 'k' [lnr-invalid-kernel]
