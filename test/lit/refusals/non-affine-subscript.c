// Dense subscripts that are not affine in the loop indices (and coordinates)
// cannot be read as tensor accesses.
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

// A hashed subscript.
void sddmm_spmm_modulo(int n, int K, int L, const int *rowptr,
                       const int *colidx, const double *vals, const double *C,
                       const double *D, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] +=
              vals[p] * C[(i * k) % K] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/non-affine-subscript.c:[[@LINE-3]]:27: remark: nest left unchanged: '(i * k) % K' is not an affine function of the indices [lnr-non-affine-subscript]

// A product of two indices.
void sddmm_spmm_product(int n, int K, int L, const int *rowptr,
                        const int *colidx, const double *vals, const double *C,
                        const double *D, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/non-affine-subscript.c:[[@LINE-3]]:39: remark: nest left unchanged: 'i * k' is not an affine function of the indices [lnr-non-affine-subscript]

// A dense operand indexed by the position p rather than the column j.
void sddmm_spmm_position(int n, int K, int L, const int *rowptr,
                         const int *colidx, const double *vals, const double *C,
                         const double *D, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[p * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/non-affine-subscript.c:[[@LINE-3]]:54: remark: nest left unchanged: the position 'p' indexes a dense array [lnr-non-affine-subscript]

// The same index twice in one subscript.
void sddmm_spmm_diagonal(int n, int K, int L, const int *rowptr,
                         const int *colidx, const double *vals, const double *C,
                         const double *D, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + i] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/non-affine-subscript.c:[[@LINE-3]]:39: remark: nest left unchanged: 'i' appears twice in the subscript [lnr-non-affine-subscript]

// The output's position held in a _Bool: every l >= 1 writes A[i + 1].
void sddmm_spmm_bool_position(int n, int K, int L, const int *rowptr,
                              const int *colidx, const double *vals,
                              const double *C, const double *D,
                              const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++) {
          _Bool lb = l;
          A[i + lb] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
        }
    }
}
// CHECK: refusals/non-affine-subscript.c:[[@LINE-5]]:11: remark: nest left unchanged: 'lb' holds 'l' in '_Bool', which does not keep every value of 'int': a subscript through it is no affine function of the indices [lnr-non-affine-subscript]
