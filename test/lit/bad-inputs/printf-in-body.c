// Bad input: a printf or a call beside the update (see
// refusals/unsupported-statement.c for printf as the only statement and
// refusals/unsupported-call.c for calls among the factors). Expected:
// untouched, each nest with its remark.
// RUN: lnr-rewrite --remarks=all %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

int printf(const char *, ...);
double weight(int i, int j);

void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++) {
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
          printf("%d %d\n", i, l);
        }
    }
}

// A call in a subscript.
void sddmm_spmm_call_subscript(int n, int K, int L, const int *rowptr,
                               const int *colidx, const double *vals,
                               const double *C, const double *D,
                               const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + (int)weight(i, k)] *
                          D[j * K + k] * E[j * L + l];
    }
}

// A builtin printf as the statement of the innermost loop.
void sddmm_spmm_trace(int n, int K, int L, const int *rowptr,
                      const int *colidx, const double *vals, const double *C,
                      const double *D, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          __builtin_printf("%g\n", vals[p] * C[i * K + k] * D[j * K + k] *
                                       E[j * L + l] * A[i * L + l]);
    }
}

// CHECK: bad-inputs/printf-in-body.c:21:11: remark: nest left unchanged: {{.*}}[lnr-imperfect-nest]
// CHECK: bad-inputs/printf-in-body.c:36:37: remark: nest left unchanged: {{.*}}[lnr-side-effect]
// CHECK: bad-inputs/printf-in-body.c:50:11: remark: nest left unchanged: {{.*}}[lnr-unsupported-statement]
