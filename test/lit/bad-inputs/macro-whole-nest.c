// Bad input: the whole nest is the expansion of one object-like macro (see
// also refusals/macro.c for loops and statements written in macros).
// Expected: untouched, [lnr-macro].
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

#define SDDMM_SPMM_NEST                                                        \
  for (int i = 0; i < n; i++)                                                  \
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {                          \
      int j = colidx[p];                                                       \
      for (int k = 0; k < K; k++)                                              \
        for (int l = 0; l < L; l++)                                            \
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l]; \
    }

void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *restrict A) {
  SDDMM_SPMM_NEST
}

// A function-like macro taking the update as its argument.
#define ROWS(body)                                                             \
  for (int i = 0; i < n; i++)                                                  \
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {                          \
      int j = colidx[p];                                                       \
      body                                                                     \
    }

void sddmm_spmm_body_arg(int n, int K, int L, const int *rowptr,
                         const int *colidx, const double *vals,
                         const double *C, const double *D, const double *E,
                         double *restrict A) {
  ROWS(for (int k = 0; k < K; k++) for (int l = 0; l < L; l++)
           A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];)
}

// CHECK: bad-inputs/macro-whole-nest.c:20:3: remark: nest left unchanged: {{.*}}[lnr-macro]
// CHECK: bad-inputs/macro-whole-nest.c:35:3: remark: nest left unchanged: {{.*}}[lnr-macro]
