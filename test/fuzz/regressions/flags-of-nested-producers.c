// Fuzz regression (lnr_fuzz.py seed 7, case 635, by hand): the shared t(i)
// and the scalar t1 nested in its phase both learn that the producer ran
// from the same compressed loop; only t1's flag was set there, so the GEMV
// consuming t was always skipped.
// RUN: lnr-rewrite %s -- > %t.c 2> %t.err
// RUN: FileCheck --check-prefix=REMARK %s < %t.err
// RUN: FileCheck %s < %t.c
// RUN: %cc -std=c99 -fopenmp -fsyntax-only %t.c
// REMARK: remark: fused
// CHECK: int t_ran = 0;
// CHECK: int t1_ran = 0;
// CHECK: for (int q = pos[l]; q < pos[l + 1]; q++) {
// CHECK-DAG: t_ran = 1;
// CHECK-DAG: t1_ran = 1;
// CHECK: if ({{.*}}t1_ran) {
// CHECK: if ({{.*}}t_ran) {
#include <stdlib.h>

void kern(int I, int K, int L, int J, const int *pos, const int *crd,
          const double *Bv, const double *C, const double *D, const double *E,
          const double *F, double *restrict A) {
  for (int i = 0; i < I; i++)
    for (int l = 0; l < L; l++)
      for (int j = 0; j < J; j++)
        for (int k = 0; k < K; k++)
          for (int q = pos[l]; q < pos[l + 1]; q++) {
            int m = crd[q];
            A[k] += E[k * I + i] * F[j * L + m] * Bv[q] * C[j * I + i] *
                    D[m * L + l];
          }
}
