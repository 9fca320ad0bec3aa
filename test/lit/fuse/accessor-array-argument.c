// An accessor macro that takes the array as an argument, shared by every
// tensor: AT(C, i, k, K). The tensor is named from the argument (the AST's
// base), and the rewrite writes every access, the output's included, as
// the macro's use, shifted indices parenthesized. An earlier build refused
// each nest with "the statement is written inside a macro" [lnr-macro]: the
// statement starts (and may end) in a macro's expansion, only its operator
// is written in the file.
// RUN: lnr-rewrite --no-runtime-choice %s -- > %t.c 2> %t.err
// RUN: %nochecks %t.c | FileCheck %s
// RUN: FileCheck --check-prefix=REMARK --implicit-check-not=remark: %s < %t.err
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -c -x c %t.c -o /dev/null
// RUN: lnr-rewrite --no-runtime-choice %t.c -- 2>/dev/null | diff %t.c -

#define AT(A, i, j, ld) (A)[(i) * (ld) + (j)]

// CHECK-LABEL: void sddmm_spmm_at(
// CHECK:            if (p + 1 < rowptr[i + 1]) {
// CHECK:              __builtin_prefetch(&AT(D, colidx[p + 1], pf, K));
// CHECK:            vals[p] * AT(C, i, (k + k_lane), K) *
// CHECK:            t += vals[p] * AT(C, i, k, K) * AT(D, j, k, K);
// CHECK:            AT(out, i, l, L) += t * AT(E, j, l, L);
void sddmm_spmm_at(int n, int K, int L, const int *rowptr, const int *colidx,
                   const double *vals, const double *C, const double *D,
                   const double *E, double *restrict out) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          AT(out, i, l, L) += vals[p] * AT(C, i, k, K) * AT(D, j, k, K) * AT(E, j, l, L);
    }
}
// REMARK: fuse/accessor-array-argument.c:[[@LINE-8]]:3: remark: fused 'out(i,l) += vals(i,j) * C(i,k) * D(j,k) * E(j,l)': O(nnz(vals_ij)*K*L) -> O(nnz(vals_ij)*(K+L)) [lnr-fuse]

// SpMM-GEMM with 'A = A + ...', struct members as arrays and no 'restrict':
// the overlap test bounds each array through the macro's arguments (the
// stride 'L' is written in the file, its parentheses in the macro's body).
// CHECK-LABEL: void spmm_gemm_at(
// CHECK:        uintptr_t A_begin =
// CHECK:        uintptr_t o_C_begin =
// CHECK-NEXT:       (uintptr_t)(o->C) +
// CHECK:        t[k] += Bv_val * AT(o_C, j, k, K);
// CHECK:        AT(A, i, l, L) += t[k] * AT(o_D, k, l, L) +
// CHECK-NEXT:                    t[k + 1] * AT(o_D, (k + 1), l, L) +
struct ops {
  const double *C, *D;
};
void spmm_gemm_at(int n, int K, int L, const int *pos, const int *crd,
                  const double *Bv, const struct ops *o, double *A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          AT(A, i, l, L) = AT(A, i, l, L) + Bv[p] * AT(o->C, j, k, K) * AT(o->D, k, l, L);
    }
}
// REMARK: fuse/accessor-array-argument.c:[[@LINE-8]]:3: remark: fused 'A(i,l) += Bv(i,j) * o->C(j,k) * o->D(k,l)': {{.*}}, under a run-time overlap test (the original nest runs when the output overlaps an input) [lnr-fuse]

// The output through a macro that names the array in its body: the same
// statement, refused the same way before.
#define A_AT(r, c) A[(r) * L + (c)]
// CHECK-LABEL: void output_macro(
// CHECK:              A_AT(i, l) += t[k] * D[k * L + l];
void output_macro(int n, int K, int L, const int *pos, const int *crd,
                  const double *Bv, const double *C, const double *D,
                  double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A_AT(i, l) += Bv[p] * C[j * K + k] * D[k * L + l];
    }
}
// REMARK: fuse/accessor-array-argument.c:[[@LINE-8]]:3: remark: fused 'A(i,l) += Bv(i,j) * C(j,k) * D(k,l)': {{.*}} [lnr-fuse]
