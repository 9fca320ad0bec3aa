// The names a rewrite declares avoid the identifiers of the branches of
// '#if' the preprocessor skipped too: another configuration of the build
// compiles them (here -DCOST_MODEL_OFF, whose macros would replace the
// run-time choice's cost and the temporary). The comments name each
// temporary as the code declares it.
// RUN: lnr-rewrite %s -- > %t.c 2> %t.err
// RUN: FileCheck %s < %t.c
// RUN: %cc -std=c99 -fopenmp -Wall -Wextra -Werror -c -x c %t.c -o /dev/null
// RUN: %cc -std=c99 -fopenmp -DCOST_MODEL_OFF -c -x c %t.c -o /dev/null

#ifdef COST_MODEL_OFF
#define then_cost 0.0
#define t 1
#endif

void spmm_gemm(int n, int K, int L, const int *pos, const int *crd,
               const double *Bv, const double *C, const double *D,
               double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = pos[i]; p < pos[i + 1]; p++) {
      int j = crd[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += Bv[p] * C[j * K + k] * D[k * L + l];
    }
}
// CHECK: const double then_cost_1 =
// CHECK: if (j_min != 0 || then_cost_1 <= else_cost) {
// CHECK-NEXT: /* Schedule: split {Bv,C}{D}, shared (i), temporary dense t_1(k);
// CHECK: double *t_1 =
// CHECK: /* Schedule: split {C,D}{Bv}, no loop shared, temporary dense t_1(j,l);
// CHECK: double *t_1 =
