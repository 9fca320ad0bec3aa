// Array accesses that are not read as tensor accesses.
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

// Row pointers.
void sddmm_spmm_rows(int n, int K, int L, const int *rowptr, const int *colidx,
                     const double *vals, const double *const *Crows,
                     const double *D, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * Crows[i][k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/unsupported-access.c:[[@LINE-3]]:37: remark: nest left unchanged: 'Crows' holds pointers to rows, which may overlap; only arrays of arrays ('double C[][K]') are read as matrices [lnr-unsupported-access]

// The row offset is applied to the pointer.
void sddmm_spmm_offset_base(int n, int K, int L, const int *rowptr,
                            const int *colidx, const double *vals,
                            const double *C, const double *D, const double *E,
                            double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] +=
              vals[p] * (C + i * K)[k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/unsupported-access.c:[[@LINE-3]]:25: remark: nest left unchanged: the array base depends on the nest [lnr-unsupported-access]

// The values of B squared.
void sddmm_spmm_squared(int n, int K, int L, const int *rowptr,
                        const int *colidx, const double *vals, const double *C,
                        const double *D, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] +=
              vals[p] * vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/unsupported-access.c:[[@LINE-3]]:25: remark: nest left unchanged: the values 'vals' are read twice [lnr-unsupported-access]

// A second value array (weights) on the pattern of B.
void sddmm_spmm_weighted(int n, int K, int L, const int *rowptr,
                         const int *colidx, const double *vals,
                         const double *weight, const double *C, const double *D,
                         const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] +=
              vals[p] * weight[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/unsupported-access.c:[[@LINE-3]]:25: remark: nest left unchanged: two value arrays share the positions of 'p' [lnr-unsupported-access]

// E read both as a matrix and as a vector.
void sddmm_spmm_reuse(int n, int K, int L, const int *rowptr, const int *colidx,
                      const double *vals, const double *C, const double *D,
                      const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] +=
              vals[p] * E[k] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/unsupported-access.c:[[@LINE-9]]:3: remark: nest left unchanged: 'E' is read with different numbers of indices [lnr-unsupported-access]

// The output is a member of an array's element: not read (a member reached
// from a variable is: exec/struct_outputs.test).
struct dense {
  int cols;
  double *restrict data;
};
void sddmm_spmm_struct(int n, int K, int L, const int *rowptr,
                       const int *colidx, const double *vals, const double *C,
                       const double *D, const double *E, struct dense *out) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          out[0].data[i * L + l] +=
              vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/unsupported-access.c:[[@LINE-4]]:11: remark: nest left unchanged: the output 'out[0].data' is neither a variable nor a member reached from one [lnr-unsupported-access]
