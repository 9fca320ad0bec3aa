// Not a refusal: a fused nest whose producer and consumer share no loop
// declares its scalar temporary in front of the loops, so the replacement is
// wrapped in braces. An earlier build emitted a bare 'double t = 0;': under
// an unbraced 'if' that did not compile, and two such nests in one block
// both declared 't'. The rewritten file must still compile.
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: %cc -fopenmp -fsyntax-only -x c %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

// E scaled by the dot product of B's row sums with x: a(l) += (1' B x) E(l).
void guarded(int n, int L, const int *rowptr, const int *colidx,
             const double *vals, const double *x, const double *E,
             double *restrict a) {
  if (n > 0)
    for (int i = 0; i < n; i++)
      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        for (int l = 0; l < L; l++)
          a[l] += vals[p] * x[j] * E[l];
      }
}
// CHECK: refusals/top-level-temporary.c:[[@LINE-7]]:5: remark: fused {{.*}} [lnr-fuse]

void twice(int n, int L, const int *rowptr, const int *colidx,
           const double *vals, const double *x, const double *E,
           const double *F, double *restrict a, double *restrict b) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int l = 0; l < L; l++)
        a[l] += vals[p] * x[j] * E[l];
    }
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int l = 0; l < L; l++)
        b[l] += vals[p] * x[j] * F[l];
    }
}
// CHECK: refusals/top-level-temporary.c:[[@LINE-13]]:3: remark: fused {{.*}} [lnr-fuse]
// CHECK: refusals/top-level-temporary.c:[[@LINE-8]]:3: remark: fused {{.*}} [lnr-fuse]
