// A compressed loop whose values are never read (a pattern matrix): the
// tensor that the loop iterates is unknown.
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

// <SDDMM, SpMM> with an unweighted graph as B.
void sddmm_spmm_pattern(int n, int K, int L, const int *rowptr,
                        const int *colidx, const double *C, const double *D,
                        const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/unsupported-pattern.c:[[@LINE-7]]:5: remark: nest left unchanged: the nest iterates the nonzeros at 'p' without reading their values [lnr-unsupported-pattern]

// A CSF tensor whose values are read at the middle level only: the innermost
// compressed level has no values of its own.
void csf_middle_values(int n, int L, const int *pos1, const int *crd1,
                       const double *vals1, const int *pos2, const int *crd2,
                       const double *C, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pos1[i]; p < pos1[i + 1]; p++) {
      int j = crd1[p];
      for (int q = pos2[p]; q < pos2[p + 1]; q++) {
        int k = crd2[q];
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals1[p] * C[k * L + l] * E[j * L + l];
      }
    }
}
// CHECK: refusals/unsupported-pattern.c:[[@LINE-7]]:7: remark: nest left unchanged: the nest iterates the nonzeros at 'q' without reading their values [lnr-unsupported-pattern]
