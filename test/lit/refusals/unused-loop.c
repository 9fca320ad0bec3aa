// Regression: a loop whose index no access uses (here a benchmark's
// repetition loop) multiplies every term by its trip count; fusing the nest
// used to drop it, so A received one copy of the sum instead of 'reps'
// (found by differential testing of generated kernels). The nest is now left
// unchanged with the reason.
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --check-prefix=OUT --match-full-lines %s < %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err
// OUT: for (int r = 0; r < reps; r++){{( \{)?}}

void sddmm_spmm_repeated(int reps, int n, int K, int L, const int *rowptr,
                         const int *colidx, const double *vals, const double *C,
                         const double *D, const double *E, double *restrict A) {
  for (int r = 0; r < reps; r++)
    for (int i = 0; i < n; i++)
      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        for (int k = 0; k < K; k++)
          for (int l = 0; l < L; l++)
            A[i * L + l] +=
                vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
}
// CHECK: refusals/unused-loop.c:[[@LINE-10]]:3: remark: {{.*}} [lnr-{{.*}}]
