// A scalar accumulator declared at the top of the function, the C89 way,
// and started by an assignment ('s = 0;' before the loop that sums into it,
// 'A[..] = s;' after), or copied by one ('x = acc;'): read as TACO's
// 'double s = 0;', rewritten when the scalars are dead after the nest (the
// rewrite no longer writes them), listed in 'private', and marked used
// after the nest ('(void)s;', -Wunused-variable).
// RUN: lnr-rewrite %s -- -std=c89 > %t.c 2> %t.err
// RUN: %nochecks %t.c | FileCheck %s
// RUN: FileCheck --check-prefix=REMARK --implicit-check-not=remark: %s < %t.err
// The rewrite is C89 (this file's own '//' lines dropped):
// RUN: sed '/^\/\//d' %t.c > %t.strict.c
// RUN: %cc -std=c89 -pedantic-errors -fopenmp -fsyntax-only %t.strict.c
// RUN: clang-14 -std=c89 -pedantic-errors -fopenmp -fsyntax-only %t.strict.c
// RUN: lnr-rewrite %t.c -- -std=c89 2>/dev/null | diff %t.c -
// The same kernels run against their originals: exec/c89_forms.test.

// CHECK-LABEL: void assigned_rows(
// CHECK:      #pragma omp parallel for schedule(static) private(i, l, s, p, j, k)
// CHECK:      A[i * L + l] = 0;
// CHECK:      #pragma omp parallel for schedule(dynamic, 64) private(i, l, s, p, j, k)
// CHECK-NOT:  s = 0;
// CHECK:      A[i * L + l] += t * E[j * L + l];
// CHECK:      (void)s;
/* A sum accumulated in a scalar declared at the top of the function (C89
 * style), started by an assignment ('s = 0;') and stored after the loop. */
void assigned_rows(int n, int K, int L, const int *rowptr, const int *colidx,
                   const double *vals, const double *C, const double *D,
                   const double *E, double *__restrict A) {
  int i, l, p, j, k;
  double s;
  for (i = 0; i < n; i++)
    for (l = 0; l < L; l++) {
      s = 0;
      for (p = rowptr[i]; p < rowptr[i + 1]; p++) {
        j = colidx[p];
        for (k = 0; k < K; k++)
          s += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
      A[i * L + l] = s;
    }
}

/* The sum copied into another such scalar before it is added. */
void spmm_gemm(int n, int K, int L, const int *pos, const int *crd,
               const double *Bv, const double *C, const double *D,
               double *__restrict A) {
  int i, l, p, j, k;
  double acc, x;
  for (i = 0; i < n; i++)
    for (l = 0; l < L; l++) {
      acc = 0;
      for (p = pos[i]; p < pos[i + 1]; p++) {
        j = crd[p];
        for (k = 0; k < K; k++)
          acc += Bv[p] * C[j * K + k] * D[k * L + l];
      }
      x = acc;
      A[i * L + l] += x;
    }
}

/* The last sum read after the nest: the rewrite would leave another value
 * in 's', so the nest is left as it is. */
double last_sum(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *__restrict A) {
  int i, l, p, j, k;
  double s;
  for (i = 0; i < n; i++)
    for (l = 0; l < L; l++) {
      s = 0;
      for (p = rowptr[i]; p < rowptr[i + 1]; p++) {
        j = colidx[p];
        for (k = 0; k < K; k++)
          s += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
      A[i * L + l] = s;
    }
  return s;
}

// The remarks: lines 31 and 49 rewritten, line 79's sum read after the nest.
// REMARK: c89-accumulator.c:31:3: remark: fused 'A(i,l) += vals(i,j) * C(i,k) * D(j,k) * E(j,l)'
// REMARK: c89-accumulator.c:49:3: remark: fused 'A(i,l) += Bv(i,j) * C(j,k) * D(k,l)'
// REMARK: c89-accumulator.c:79:10: remark: nest left unchanged: 's' is declared outside the nest and read after it (line 79) before it is assigned again; the rewritten nest leaves another value in it [lnr-live-induction-variable]
// CHECK-LABEL: void spmm_gemm(
// CHECK:      #pragma omp parallel for schedule(dynamic, 64) private(i, l, x, acc, p, j, k)
// CHECK-NOT:  acc = 0;
// CHECK-NOT:  x = acc;
// CHECK:      A[i * L + l] += t * D[k * L + l];
// CHECK:      (void)x;
// CHECK-NEXT: (void)acc;
// CHECK-LABEL: double last_sum(
// CHECK:      s = 0;
// CHECK:      return s;
