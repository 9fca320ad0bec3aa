// Fuzz regression (open: XFAIL) (lnr_fuzz.py seed 11, cases 917, 1181,
// 1626, 1635, 2049, 2259, 2558, 2971, reduced; the 'members' style with
// accessor macros): a factor read through an accessor macro whose body
// indexes a struct member ('ops->E[...]'). The recovery names a dense
// tensor from its base's text when the base is not a variable, and the
// text of an expression inside a macro's body is empty: the factor is
// taken for a sparse tensor's values, and assignTensors reads past its
// list of value reads (a segmentation fault or std::bad_alloc; the same
// without the sparse tensor). Expected: the tool names the tensor from the
// AST (or refuses with lnr-macro) and exits 0. Until then the fuzzer does
// not combine its 'members' style with accessor macros (pick_members).
// XFAIL: *
// RUN: lnr-rewrite %s -- > %t.c 2> %t.err
// RUN: FileCheck %s < %t.err
// CHECK: remark: {{.*}}[lnr-{{fuse|macro}}]
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -fsyntax-only -x c %t.c

typedef struct {
  const double *E;
} fz_ops;
#define E_AT(a0, a1) ops->E[(a0) * L + (a1)]

void kern(int n, int K, int L, const int *pos, const int *crd,
          const double *vals, const double *C, const fz_ops *ops,
          double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += E_AT(k, l) * vals[p] * C[j * K + k];
    }
}
