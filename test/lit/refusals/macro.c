// Loops and statements written inside macros: the tool edits source text and
// cannot rewrite a macro's expansion.
// RUN: lnr-rewrite --remarks=all %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

#define FOR(v, n) for (int v = 0; v < (n); v++)
#define ACCUMULATE(out, value) out += value
#define ACC_A A[i * L + l] +=
#define PARALLEL_FOR _Pragma("omp parallel for")

// The outer loop comes from a macro.
void sddmm_spmm_for_macro(int n, int K, int L, const int *rowptr,
                          const int *colidx, const double *vals,
                          const double *C, const double *D, const double *E,
                          double *restrict A) {
  FOR(i, n) {
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
  }
}
// CHECK: refusals/macro.c:[[@LINE-9]]:3: remark: nest left unchanged: the loop is written inside a macro [lnr-macro]

// An inner loop comes from a macro.
void sddmm_spmm_inner_for_macro(int n, int K, int L, const int *rowptr,
                                const int *colidx, const double *vals,
                                const double *C, const double *D,
                                const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      FOR(k, K) {
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
    }
}
// CHECK: refusals/macro.c:[[@LINE-6]]:7: remark: nest left unchanged: the loop is written inside a macro [lnr-macro]

// The statement is a macro with the output and the product as arguments; the
// remark points at the first argument.
void sddmm_spmm_statement_macro(int n, int K, int L, const int *rowptr,
                                const int *colidx, const double *vals,
                                const double *C, const double *D,
                                const double *E, double *restrict A) {
  for (int i = 0; i < n; i++) {
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++) {
        for (int l = 0; l < L; l++) {
          ACCUMULATE(A[i * L + l],
                     vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l]);
        }
      }
    }
  }
}
// CHECK: refusals/macro.c:[[@LINE-7]]:22: remark: nest left unchanged: the statement is written inside a macro [lnr-macro]

// The statement starts inside a macro.
void sddmm_spmm_output_macro(int n, int K, int L, const int *rowptr,
                             const int *colidx, const double *vals,
                             const double *C, const double *D, const double *E,
                             double *restrict A) {
  for (int i = 0; i < n; i++) {
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++) {
        for (int l = 0; l < L; l++) {
          ACC_A vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
        }
      }
    }
  }
}
// CHECK: refusals/macro.c:[[@LINE-6]]:11: remark: nest left unchanged: the statement is written inside a macro [lnr-macro]

// The statement macro as the unbraced body of the innermost loop (an earlier
// build blamed the k loop: "the loop is written inside a macro").
void sddmm_spmm_unbraced_macro(int n, int K, int L, const int *rowptr,
                               const int *colidx, const double *vals,
                               const double *C, const double *D,
                               const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          ACCUMULATE(A[i * L + l],
                     vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l]);
    }
}
// CHECK: refusals/macro.c:[[@LINE-4]]:22: remark: nest left unchanged: the statement is written inside a macro [lnr-macro]

// The OpenMP directive comes from a macro (an earlier build said "the OpenMP
// directive is not on a plain 'for'").
void sddmm_spmm_pragma_macro(int n, int K, int L, const int *rowptr,
                             const int *colidx, const double *vals,
                             const double *C, const double *D, const double *E,
                             double *restrict A) {
  PARALLEL_FOR
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/macro.c:[[@LINE-9]]:3: remark: nest left unchanged: the OpenMP directive is written inside a macro [lnr-macro]
