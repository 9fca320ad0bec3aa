// An int output rounds every accumulated double term; summing the terms
// first (what the fused nest does) would compute something else. A narrow
// integer output wraps, and a _Bool saturates, on every accumulation.
// Complex elements are not summed by the rewrite at all.
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck %s < %t.err

void sddmm_spmm_int_out(int n, int K, int L, const int *rowptr,
                        const int *colidx, const double *vals, const double *C,
                        const double *D, const double *E, int *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: mixed-types.c:[[@LINE-3]]:11: remark: nest left unchanged: the output is 'int' but the product is 'double'{{.*}} [lnr-mixed-types]

void narrow_out(int n, int K, int L, const int *rowptr, const int *colidx,
                const int *vals, const int *C, const int *D, const int *E,
                short *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: mixed-types.c:[[@LINE-3]]:11: remark: nest left unchanged: the output is 'short', which wraps or saturates on every accumulation; partial sums would not [lnr-mixed-types]

void bool_out(int n, int K, int L, const int *rowptr, const int *colidx,
              const _Bool *vals, const _Bool *C, const _Bool *D,
              const _Bool *E, _Bool *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: mixed-types.c:[[@LINE-3]]:11: remark: nest left unchanged: the output is '_Bool', which wraps or saturates on every accumulation; partial sums would not [lnr-mixed-types]

// A float accumulator summed into a double output: the loops inside it sum
// in float, those outside in double; a fused temporary would sum across
// both in one type.
void float_accumulator(int n, int K, int L, const int *rowptr,
                       const int *colidx, const float *vals, const float *C,
                       const float *D, const float *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int l = 0; l < L; l++) {
        float t = 0;
        for (int k = 0; k < K; k++)
          t += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
        A[i * L + l] += t;
      }
    }
}
// CHECK: mixed-types.c:[[@LINE-4]]:9: remark: nest left unchanged: the nest sums in 'float' in 't' and in 'double' in the output; {{.*}} [lnr-mixed-types]

void complex_elements(int n, int K, int L, const int *rowptr,
                      const int *colidx, const _Complex double *vals,
                      const _Complex double *C, const _Complex double *D,
                      const _Complex double *E, _Complex double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: mixed-types.c:[[@LINE-3]]:11: remark: nest left unchanged: the output is '_Complex double' and the product '_Complex double'; the rewrite sums real floating-point and integer elements only [lnr-mixed-types]

// An unsigned product wraps at 32 bits before it meets the unsigned long
// factor; the fused nest, grouping vals, C and D apart, would multiply
// them in unsigned long, as it must when E comes first (and converts
// every factor: test/exec/mixed_factor_types.test).
void unsigned_prefix(int n, int K, int L, const int *rowptr, const int *colidx,
                     const unsigned *vals, const unsigned *C,
                     const unsigned *D, const unsigned long *E,
                     unsigned long *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: mixed-types.c:[[@LINE-3]]:50: remark: nest left unchanged: the product multiplies in 'unsigned int', which wraps, before it converts to 'unsigned long'; the fused nest's partial products would not wrap [lnr-mixed-types]
