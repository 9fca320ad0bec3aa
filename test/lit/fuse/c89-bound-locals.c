// A loop's bounds in locals declared at the top of the function, the C89
// way, and assigned in the loop's parent ('row_start = rowptr[i];'), read
// only by the header of the loop inside: read as FusedMM's 'const int
// row_start = rowptr[i], ...;', the header written back with the values,
// the locals dead after the nest (the rewrite no longer assigns them) and
// listed in 'private'.
// RUN: lnr-rewrite %s -- -std=c89 > %t.c 2> %t.err
// RUN: %nochecks %t.c | FileCheck %s
// RUN: FileCheck --check-prefix=REMARK --implicit-check-not=remark: %s < %t.err
// The rewrite is C89 (this file's own '//' lines dropped):
// RUN: sed '/^\/\//d' %t.c > %t.strict.c
// RUN: %cc -std=c89 -pedantic-errors -fopenmp -fsyntax-only %t.strict.c
// RUN: clang-14 -std=c89 -pedantic-errors -fopenmp -fsyntax-only %t.strict.c
// RUN: lnr-rewrite %t.c -- -std=c89 2>/dev/null | diff %t.c -
// Run against their originals: exec/c89_forms.test.

void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *__restrict A) {
  int i, row_start, row_end, p, j, k, l;
  for (i = 0; i < n; i++) {
    row_start = rowptr[i];
    row_end = rowptr[i + 1];
    for (p = row_start; p < row_end; p++) {
      j = colidx[p];
      for (k = 0; k < K; k++)
        for (l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
  }
}

// The end read after the nest: left as it is.
int row_end_after(int n, int K, int L, const int *rowptr, const int *colidx,
                  const double *vals, const double *C, const double *D,
                  const double *E, double *__restrict A) {
  int i, row_start, row_end, p, j, k, l;
  for (i = 0; i < n; i++) {
    row_start = rowptr[i];
    row_end = rowptr[i + 1];
    for (p = row_start; p < row_end; p++) {
      j = colidx[p];
      for (k = 0; k < K; k++)
        for (l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
  }
  return row_end;
}

// Read in the body besides the header ('C[row_start]'): not a bound, read
// as a value that is not an affine function of the indices; left as it is.
void row_start_read(int n, int K, int L, const int *rowptr,
                    const int *colidx, const double *vals, const double *C,
                    const double *D, const double *E, double *__restrict A) {
  int i, row_start, p, j, k, l;
  for (i = 0; i < n; i++) {
    row_start = rowptr[i];
    for (p = row_start; p < rowptr[i + 1]; p++) {
      j = colidx[p];
      for (k = 0; k < K; k++)
        for (l = 0; l < L; l++)
          A[i * L + l] += vals[p] * C[i * K + k] * D[j * K + k] *
                          E[j * L + l] * C[row_start];
    }
  }
}

// CHECK-LABEL: void sddmm_spmm(
// CHECK:      #pragma omp parallel for schedule(dynamic, 64) private(i, row_start, row_end,
// CHECK-NEXT:                                                        p, j, k, l)
// CHECK-NEXT:   for (i = 0; i < n; i++) {
// CHECK-NEXT:     for (p = rowptr[i]; p < rowptr[i + 1]; p++) {
// CHECK-NOT:  row_start =
// CHECK:      A[i * L + l] += t * E[j * L + l];
// CHECK:      (void)row_start;
// CHECK-NEXT: (void)row_end;
// CHECK-LABEL: int row_end_after(
// CHECK:      row_end = rowptr[i + 1];
// REMARK: c89-bound-locals.c:21:3: remark: fused
// REMARK: c89-bound-locals.c:48:10: remark: nest left unchanged: 'row_end' is declared outside the nest and read after it (line 48) before it is assigned again
// REMARK: c89-bound-locals.c:58:17: remark: nest left unchanged: 'rowptr[i]' is not an affine function of the indices [lnr-non-affine-subscript]
