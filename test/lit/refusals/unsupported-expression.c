// Factors that are neither array elements, scalars nor products of them.
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

// Division by a dense operand.
void sddmm_spmm_divide(int n, int K, int L, const int *rowptr,
                       const int *colidx, const double *vals, const double *C,
                       const double *D, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] / C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/unsupported-expression.c:[[@LINE-3]]:35: remark: nest left unchanged: the operator '/' is not a product of tensor factors [lnr-unsupported-expression]

// A negated factor.
void sddmm_spmm_negate(int n, int K, int L, const int *rowptr,
                       const int *colidx, const double *vals, const double *C,
                       const double *D, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += -vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/unsupported-expression.c:[[@LINE-3]]:27: remark: nest left unchanged: '-vals[p]' is not an array element or a scalar [lnr-unsupported-expression]

// Single-precision values widened by an explicit cast.
void sddmm_spmm_cast(int n, int K, int L, const int *rowptr, const int *colidx,
                     const float *vals, const double *C, const double *D,
                     const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] +=
              (double)vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/unsupported-expression.c:[[@LINE-3]]:15: remark: nest left unchanged: '(double)vals[p]' is not an array element or a scalar [lnr-unsupported-expression]

// The lower triangle of B, selected by a comparison.
void sddmm_spmm_lower(int n, int K, int L, const int *rowptr, const int *colidx,
                      const double *vals, const double *C, const double *D,
                      const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] +=
              (j <= i) * vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/unsupported-expression.c:[[@LINE-3]]:18: remark: nest left unchanged: the operator '<=' is not a product of tensor factors [lnr-unsupported-expression]
