// The nest reads the array it writes: reordering the reads after distribution
// would see different values.
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

// The output is also a factor: row j of A scales the term.
void sddmm_spmm_in_place(int n, int K, int L, const int *rowptr,
                         const int *colidx, const double *vals, const double *C,
                         const double *D, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * A[j * L + l];
    }
}
// CHECK: refusals/output-read.c:[[@LINE-3]]:67: remark: nest left unchanged: the output 'A' is also read as a factor [lnr-output-read]

// Gauss-Seidel style sweep written as A[x] = A[x] + ...
void sweep(int n, int L, const int *rowptr, const int *colidx,
           const double *vals, const double *w, double *restrict x) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int l = 0; l < L; l++)
        x[i * L + l] = x[i * L + l] + vals[p] * w[l] * x[j * L + l];
    }
}
// CHECK: refusals/output-read.c:[[@LINE-3]]:56: remark: nest left unchanged: the output 'x' is also read as a factor [lnr-output-read]

// The rank is stored in the output's first element.
void sddmm_spmm_rank_in_output(int n, int L, const int *rowptr,
                               const int *colidx, const double *vals,
                               const double *C, const double *D,
                               const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < (int)A[0]; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * L + k] * D[j * L + k] * E[j * L + l];
    }
}
// CHECK: refusals/output-read.c:[[@LINE-5]]:32: remark: nest left unchanged: the output 'A' is read inside the nest it writes [lnr-output-read]
