// Fuzz regression (lnr_fuzz.py seed 11, cases 917, 1181, 1626, 1635, 2049,
// 2259, 2558, 2971, reduced; the 'members' style with accessor macros): a
// factor read through an accessor macro whose body indexes a struct member
// ('ops->E[...]'). The recovery named a dense tensor from its base's text,
// which is empty inside a macro's body: the factor was taken for a sparse
// tensor's values and assignTensors read past its list of value reads (a
// segmentation fault or std::bad_alloc). The tensor is now named from the
// AST ('ops->E'), and the rewrite compiles.
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
