// '=' instead of '+=' inside a reduction keeps only the last term; the fused
// nest would sum them, so the nest is refused.
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

void sddmm_spmm_assign(int n, int K, int L, const int *rowptr,
                       const int *colidx, const double *vals, const double *C,
                       const double *D, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] = vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/assign-in-reduction.c:[[@LINE-8]]:3: remark: nest left unchanged: 'A(i,l)' is assigned, not accumulated, inside the reduction loop over 'j'; only its last value is kept [lnr-assign-in-reduction]

// SpMM written with '=': the reduction over the nonzeros j is lost.
void spmm_assign(int n, int L, const int *rowptr, const int *colidx,
                 const double *vals, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] = vals[p] * E[j * L + l];
    }
}
// CHECK: refusals/assign-in-reduction.c:[[@LINE-7]]:3: remark: nest left unchanged: 'A(i,l)' is assigned, not accumulated, inside the reduction loop over 'j'; only its last value is kept [lnr-assign-in-reduction]
