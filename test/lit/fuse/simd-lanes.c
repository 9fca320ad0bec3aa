// The innermost loop over l runs as vector lanes where its index is
// multiplied by a nonzero constant in the output's subscript, computed in
// a signed type: its lanes write distinct elements while i holds its
// value, though the rows 'i * S' are not proved apart (S is not L). In an
// unsigned subscript the coefficient may wrap to 0 ('l * 65536u *
// 65536u' is 0 in 32 bits): no lanes there.
// RUN: lnr-rewrite --no-split-reductions %s -- > %t.c 2> %t.err
// RUN: FileCheck %s < %t.c
void rows_not_apart(int n, int K, int L, int S, const int *rowptr,
                    const int *colidx, const double *vals, const double *C,
                    const double *D, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * S + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK-LABEL: void rows_not_apart(
// CHECK:      {{^}}#pragma omp simd{{$}}
// CHECK-NEXT: {{^ *}}for (int l = 0; l < L; l++) {
// CHECK-NEXT: {{^ *}}A[i * S + l] += t * E[j * L + l];

void coefficient_wraps(int n, int K, int L, const int *rowptr,
                       const int *colidx, const double *vals, const double *C,
                       const double *D, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i + l * 65536u * 65536u] +=
              vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK-LABEL: void coefficient_wraps(
// CHECK-NOT:  {{^}}#pragma omp simd{{$}}
// CHECK:      {{^ *}}for (int l = 0; l < L; l++) {
// CHECK-NEXT: {{^ *}}A[i + l * 65536u * 65536u] += t * E[j * L + l];
