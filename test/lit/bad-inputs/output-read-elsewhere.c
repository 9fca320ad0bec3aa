// Bad input: the output read elsewhere in the nest than as a factor (see
// refusals/output-read.c for a factor and a loop bound). Expected: untouched,
// [lnr-output-read].
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

// In a subscript of an input.
void output_in_subscript(int n, int K, int L, const int *rowptr, const int *colidx,
        const double *vals, const double *C, const double *D,
        const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + (int)A[0]] * D[j * K + k] * E[j * L + l];
    }
}

// In the output's own subscript.
void output_in_output_subscript(int n, int K, int L, const int *rowptr, const int *colidx,
        const double *vals, const double *C, const double *D,
        const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + (int)A[l]] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}

// As a scalar factor.
void output_scalar(int n, int K, int L, const int *rowptr, const int *colidx,
        const double *vals, const double *C, const double *D,
        const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += A[0] * vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}

// CHECK: bad-inputs/output-read-elsewhere.c:17:52: remark: nest left unchanged: {{.*}}[lnr-output-read]
// CHECK: bad-inputs/output-read-elsewhere.c:30:21: remark: nest left unchanged: {{.*}}[lnr-non-affine-subscript]
// CHECK: bad-inputs/output-read-elsewhere.c:43:27: remark: nest left unchanged: {{.*}}[lnr-output-read]
