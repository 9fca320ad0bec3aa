// Statements other than coordinate loads ('int j = crd[p];'), dense positions
// and the update 'A[..] += product'.
// RUN: lnr-rewrite --remarks=all %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

int printf(const char *format, ...);

// Subtracting the product.
void sddmm_spmm_subtract(int n, int K, int L, const int *rowptr,
                         const int *colidx, const double *vals, const double *C,
                         const double *D, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] -= vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/unsupported-statement.c:[[@LINE-3]]:11: remark: nest left unchanged: the innermost statement is not an accumulation 'A[..] += product' [lnr-unsupported-statement]

// Printing the terms instead of summing them.
void sddmm_spmm_trace(int n, int K, int L, const int *rowptr, const int *colidx,
                      const double *vals, const double *C, const double *D,
                      const double *E) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          printf("%d %d %g\n", i, l,
                 vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l]);
    }
}
// CHECK: refusals/unsupported-statement.c:[[@LINE-4]]:11: remark: nest left unchanged: the innermost statement is not an accumulation 'A[..] += product' [lnr-unsupported-statement]

// A scalar accumulator: the sum of all elements of the result.
void sddmm_spmm_total(int n, int K, int L, const int *rowptr, const int *colidx,
                      const double *vals, const double *C, const double *D,
                      const double *E, double *restrict out) {
  double total = 0;
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          total += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
  *out = total;
}
// CHECK: refusals/unsupported-statement.c:[[@LINE-4]]:11: remark: nest left unchanged: the statement does not write an array element [lnr-unsupported-statement]

// A mask on the nonzeros.
void sddmm_spmm_masked(int n, int K, int L, const int *rowptr,
                       const int *colidx, const double *vals, const double *C,
                       const double *D, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      if (j != i)
        for (int k = 0; k < K; k++)
          for (int l = 0; l < L; l++)
            A[i * L + l] +=
                vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/unsupported-statement.c:[[@LINE-7]]:7: remark: nest left unchanged: an 'if' statement is not a loop nest statement [lnr-unsupported-statement]

// Two values declared at once: neither a coordinate, a position, a row
// pointer nor a value local (values: fuse/value-locals.c).
void sddmm_spmm_two_locals(int n, int K, int L, const int *rowptr,
                           const int *colidx, const double *vals,
                           const double *C, const double *D, const double *E,
                           double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      double b = vals[p], c = 1.0;
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += b * c * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/unsupported-statement.c:[[@LINE-6]]:7: remark: nest left unchanged: only coordinate loads ('int j = crd[p];'), dense positions ('int kC = i * K + k;'), row pointers and values ('double v = vals[p];') may be declared in the nest [lnr-unsupported-statement]

// Unfinished: the loop body only loads the coordinate.
void row_scan_declaration(int n, const int *rowptr, const int *colidx) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
    }
}
// CHECK: refusals/unsupported-statement.c:[[@LINE-3]]:7: remark: nest left unchanged: the loop body ends with a declaration [lnr-unsupported-statement]

// Unfinished: an empty loop body.
void row_scan_empty(int n, const int *rowptr) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
    }
}
// CHECK: refusals/unsupported-statement.c:[[@LINE-3]]:5: remark: nest left unchanged: the loop body is empty [lnr-unsupported-statement]

// A delay loop.
void row_scan_null(int n, const int *rowptr) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++)
      ;
}
// CHECK: refusals/unsupported-statement.c:[[@LINE-2]]:7: remark: nest left unchanged: an empty statement is not a loop nest statement [lnr-unsupported-statement]

// A nest inside a GNU statement expression: it is reported, with a remark,
// and left as it is (an earlier build skipped it silently).
double sddmm_spmm_in_expression(int n, int K, int L, const int *rowptr,
                                const int *colidx, const double *vals,
                                const double *C, const double *D,
                                const double *E, double *restrict A) {
  return ({
    for (int i = 0; i < n; i++)
      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        for (int k = 0; k < K; k++)
          for (int l = 0; l < L; l++)
            A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
    A[0];
  });
}
// CHECK: refusals/unsupported-statement.c:[[@LINE-10]]:5: remark: nest left unchanged: the nest is inside a statement expression ('({ ... })'); only nests that are statements of the function are rewritten [lnr-unsupported-statement]
