// Bad input: the update adds two whole products (see refusals/unsupported-sum.c
// for a sum inside the product and a bias). Expected: untouched,
// [lnr-unsupported-sum].
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l] +
                          vals[p] * C[i * K + k] * E[j * L + l];
    }
}

// The same written as two accumulations in one body.
void sddmm_spmm_two_updates(int n, int K, int L, const int *rowptr,
                            const int *colidx, const double *vals,
                            const double *C, const double *D, const double *E,
                            double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++) {
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
          A[i * L + l] += vals[p] * C[i * K + k] * E[j * L + l];
        }
    }
}

// CHECK: bad-inputs/sum-of-products.c:16:80: remark: nest left unchanged: {{.*}}[lnr-unsupported-sum]
// CHECK: bad-inputs/sum-of-products.c:32:11: remark: nest left unchanged: {{.*}}[lnr-imperfect-nest]
