// Without 'restrict', the overlap test also covers what the nest reads from
// memory besides its indexed accesses: bounds and strides in a struct
// (d->n, d->K, d->L) and an array pointer held in one (m->vals). The
// original nest reads them on every iteration, so an output over them
// would change them under its own writes.
// RUN: lnr-rewrite %s -- > %t.c 2> %t.err
// RUN: FileCheck --check-prefix=REMARK %s < %t.err
// RUN: %nochecks %t.c | FileCheck %s
// RUN: %cc -fsyntax-only -Wall -Werror -fopenmp %t.c
// The same text on every run (the subscripts' terms were once summed in
// the order of their declarations' addresses).
// RUN: lnr-rewrite %s -- 2> /dev/null > %t.2.c && cmp %t.c %t.2.c
// RUN: lnr-rewrite %s -- 2> /dev/null > %t.3.c && cmp %t.c %t.3.c
// RUN: lnr-rewrite %s -- 2> /dev/null > %t.4.c && cmp %t.c %t.4.c

struct dims {
  int n, K, L;
};
struct csr {
  const int *rowptr, *colidx;
  const double *vals;
};

void kernel(const struct dims *d, const struct csr *m, const double *C,
            const double *D, const double *E, double *A) {
  for (int i = 0; i < d->n; i++)
    for (int p = m->rowptr[i]; p < m->rowptr[i + 1]; p++) {
      int j = m->colidx[p];
      for (int k = 0; k < d->K; k++)
        for (int l = 0; l < d->L; l++)
          A[i * d->L + l] +=
              m->vals[p] * C[i * d->K + k] * D[j * d->K + k] * E[j * d->L + l];
    }
}
// REMARK: versioned-memory-reads.c:[[@LINE-9]]:3: remark: fused {{.*}}, under a run-time overlap test (the original nest runs when the output overlaps an input) [lnr-fuse]
// CHECK: int no_overlap =
// CHECK-DAG: (uintptr_t)(&(d->n))
// CHECK-DAG: (uintptr_t)(&(d->K))
// CHECK-DAG: (uintptr_t)(&(d->L))
// CHECK-DAG: (uintptr_t)(&(m->vals))
// CHECK-DAG: (uintptr_t)(&(m->rowptr))
// CHECK-DAG: (uintptr_t)(&(m->colidx))
// CHECK-DAG: (uintptr_t)(m->vals)
// CHECK-DAG: (uintptr_t)(m->colidx)
// CHECK-DAG: (uintptr_t)(m->rowptr)
// CHECK: if (no_overlap) {
// CHECK: /* lnr-rewrite: the original nest, run when the arrays may overlap */
