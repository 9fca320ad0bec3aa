// A chain of compressed loops whose values are read at some levels and
// not at others: no tensor has those levels. (A chain with no values read
// at all is an unweighted graph's pattern: fuse/pattern.c.)
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

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
// CHECK: refusals/unsupported-pattern.c:[[@LINE-7]]:7: remark: nest left unchanged: the nest iterates the nonzeros at 'q' without reading their values at every level [lnr-unsupported-pattern]
