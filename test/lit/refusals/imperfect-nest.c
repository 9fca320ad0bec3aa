// A loop body with more than one statement besides the coordinate load: only
// perfect nests are recovered. The remark points at the second statement.
// RUN: lnr-rewrite --remarks=all %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

// Already fused (the tool's own output for the sample, without the pragma).
void sddmm_spmm_fused(int n, int K, int L, const int *rowptr, const int *colidx,
                      const double *vals, const double *C, const double *D,
                      const double *E, double *restrict A) {
  for (int i = 0; i < n; i++) {
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      double t = 0;
      for (int k = 0; k < K; k++) {
        t += vals[p] * C[i * K + k] * D[j * K + k];
      }
      for (int l = 0; l < L; l++) {
        A[i * L + l] += t * E[j * L + l];
      }
    }
  }
}
// CHECK: refusals/imperfect-nest.c:[[@LINE-6]]:7: remark: nest left unchanged: the loop body holds more than one statement; only perfect nests are rewritten [lnr-imperfect-nest]

// The output row is cleared before it is accumulated.
void spmm_clear_row(int n, int K, int L, const int *rowptr, const int *colidx,
                    const double *vals, const double *C, const double *D,
                    const double *E, double *restrict A) {
  for (int i = 0; i < n; i++) {
    for (int l = 0; l < L; l++)
      A[i * L + l] = 0;
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
  }
}
// CHECK: refusals/imperfect-nest.c:[[@LINE-8]]:5: remark: nest left unchanged: the loop body holds more than one statement; only perfect nests are rewritten [lnr-imperfect-nest]

// A guard in front of the update.
void sddmm_spmm_lower(int n, int K, int L, const int *rowptr, const int *colidx,
                      const double *vals, const double *C, const double *D,
                      const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      if (j > i)
        break;
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/imperfect-nest.c:[[@LINE-5]]:7: remark: nest left unchanged: the loop body holds more than one statement; only perfect nests are rewritten [lnr-imperfect-nest]
