// Schedules that need a temporary the code generator cannot write yet: one
// stored at the positions of a sparse tensor's nonzeros.
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

// SDDMM weighted by the row sums of F, loop order l, i, k, j:
// A(i,j) += F(i,l) * C(i,k) * B(i,j) * D(j,k). The cheaper schedule keeps the
// SDDMM terms in a temporary t(j) over the nonzeros of row i.
void sddmm_row_weighted(int n, int m, int K, int L, const int *rowptr,
                        const int *colidx, const double *vals, const double *C,
                        const double *D, const double *F, double *restrict A) {
  for (int l = 0; l < L; l++)
    for (int i = 0; i < n; i++)
      for (int k = 0; k < K; k++)
        for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
          int j = colidx[p];
          A[i * m + j] += C[i * K + k] * F[i * L + l] * vals[p] * D[j * K + k];
        }
}
// CHECK: refusals/unsupported-temporary.c:[[@LINE-8]]:3: remark: nest left unchanged: the schedule stores t(j) at the positions of 'vals', which the code generator does not write yet [lnr-unsupported-temporary]

// A(i,j) += B(i,j) * D(j,k) * u(l): the schedule keeps t(i,j) over all the
// nonzeros of B.
void scaled_by_sums(int n, int m, int K, int L, const int *rowptr,
                    const int *colidx, const double *vals, const double *D,
                    const double *u, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int k = 0; k < K; k++)
      for (int l = 0; l < L; l++)
        for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
          int j = colidx[p];
          A[i * m + j] += D[j * K + k] * vals[p] * u[l];
        }
}
// CHECK: refusals/unsupported-temporary.c:[[@LINE-8]]:3: remark: nest left unchanged: the schedule stores t(i,j) at the positions of 'vals', which the code generator does not write yet [lnr-unsupported-temporary]
