// Regression: a loop whose index no access uses multiplies every term by its
// trip count; fusing the nest used to drop it, so A received one copy of the
// sum instead of 'reps' (found by differential testing of generated
// kernels). Outermost, with a variable its body does not use, it is a repeat
// loop (a benchmark's timing loop): kept as written, and the nest in its
// body rewritten (fuse/repeat-loops.c). Inside the nest it is still refused
// with the reason.
// RUN: lnr-rewrite --remarks=all %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

void sddmm_spmm_repeated(int reps, int n, int K, int L, const int *rowptr,
                         const int *colidx, const double *vals, const double *C,
                         const double *D, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int r = 0; r < reps; r++)
      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        for (int k = 0; k < K; k++)
          for (int l = 0; l < L; l++)
            A[i * L + l] +=
                vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
}
// CHECK: refusals/unused-loop.c:[[@LINE-9]]:5: remark: nest left unchanged: no access uses 'r': the loop repeats the statement, and a fused nest would not [lnr-unsupported-loop]

// The repeat loop's variable is read by a statement of its body: the loop
// is the nest, and is refused.
void repeat_variable_read(int reps, int n, int K, const double *C,
                          double *restrict A) {
  for (int r = 0; r < reps; r++)
    for (int i = 0; i < n; i++)
      for (int k = 0; k < K; k++)
        A[i] += C[i * K + k] * (r < 2);
}
// CHECK: refusals/unused-loop.c:[[@LINE-2]]:35: remark: nest left unchanged: the operator {{.*}} [lnr-unsupported-expression]
