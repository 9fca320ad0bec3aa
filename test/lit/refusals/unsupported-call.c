// A function call among the factors: the tool cannot tell what it reads or
// how often it may be evaluated.
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

double fabs(double x);
double kernel_weight(int i, int j);

// Magnitudes of the values of B.
void sddmm_spmm_abs(int n, int K, int L, const int *rowptr, const int *colidx,
                    const double *vals, const double *C, const double *D,
                    const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] +=
              fabs(vals[p]) * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/unsupported-call.c:[[@LINE-3]]:15: remark: nest left unchanged: the nest calls a function [lnr-unsupported-call]

// A weight computed from the coordinates.
void sddmm_spmm_weight(int n, int K, int L, const int *rowptr,
                       const int *colidx, const double *vals, const double *C,
                       const double *D, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * kernel_weight(i, j) * C[i * K + k] *
                          D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/unsupported-call.c:[[@LINE-4]]:37: remark: nest left unchanged: the nest calls a function [lnr-unsupported-call]

// A builtin.
void sddmm_spmm_builtin(int n, int K, int L, const int *rowptr,
                        const int *colidx, const double *vals, const double *C,
                        const double *D, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] *
                          __builtin_sqrt(E[j * L + l]);
    }
}
// CHECK: refusals/unsupported-call.c:[[@LINE-3]]:27: remark: nest left unchanged: the nest calls a function [lnr-unsupported-call]
