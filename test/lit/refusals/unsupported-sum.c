// The right-hand side adds terms: only a single product of factors is
// distributed into producer and consumer.
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

// A sum of two dense operands inside the product.
void sddmm_spmm_shifted(int n, int K, int L, const int *rowptr,
                        const int *colidx, const double *vals, const double *C,
                        const double *D, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] +=
              vals[p] * (C[i * K + k] + D[j * K + k]) * E[j * L + l];
    }
}
// CHECK: refusals/unsupported-sum.c:[[@LINE-3]]:39: remark: nest left unchanged: the statement adds terms; only a product of factors is distributed [lnr-unsupported-sum]

// A bias added to every term.
void sddmm_spmm_bias(int n, int K, int L, const int *rowptr, const int *colidx,
                     const double *vals, const double *C, const double *D,
                     const double *E, const double *bias, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] +=
              vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l] + bias[l];
    }
}
// CHECK: refusals/unsupported-sum.c:[[@LINE-3]]:68: remark: nest left unchanged: the statement adds terms; only a product of factors is distributed [lnr-unsupported-sum]

// A difference inside the product, written as A[x] = A[x] + ...
void sddmm_spmm_difference(int n, int K, int L, const int *rowptr,
                           const int *colidx, const double *vals,
                           const double *C, const double *D, const double *E,
                           double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] = A[i * L + l] +
                         vals[p] * (C[i * K + k] - D[j * K + k]) * E[j * L + l];
    }
}
// CHECK: refusals/unsupported-sum.c:[[@LINE-3]]:50: remark: nest left unchanged: the statement adds terms; only a product of factors is distributed [lnr-unsupported-sum]
