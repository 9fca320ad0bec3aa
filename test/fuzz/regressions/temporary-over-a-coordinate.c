// Fuzz regression (lnr_fuzz.py seed 7, case 42): the schedule's temporary
// t(k), per iteration of i, is indexed by B's coordinate k and filled over
// B's nonzeros: where no nonzero has column k, t[k] stays 0 and the consumer
// added 0 * inf = NaN where the original computes nothing. No loop of the
// consumer can tell which k had a nonzero: the schedule is refused by name.
// RUN: lnr-rewrite %s -- -I%samples/taco > %t.c 2> %t.err
// RUN: diff %s %t.c
// RUN: FileCheck %s < %t.err
// CHECK: remark: nest left unchanged: the temporary 't' is filled by the compressed loop over 'k', whose empty fibers leave elements that the original never computes{{.*}} [lnr-unsupported-schedule]
#include "taco_tensor_t.h"

int kern(taco_tensor_t *A,
    taco_tensor_t *B,
    taco_tensor_t *C,
    taco_tensor_t *D,
    taco_tensor_t *E,
    taco_tensor_t *F) {
  int A1_dimension = (int)(A->dimensions[0]);
  int A2_dimension = (int)(A->dimensions[1]);
  int A3_dimension = (int)(A->dimensions[2]);
  double* restrict A_vals = (double*)(A->vals);
  int B1_dimension = (int)(B->dimensions[0]);
  int* restrict B2_pos = (int*)(B->indices[1][0]);
  int* restrict B2_crd = (int*)(B->indices[1][1]);
  double* restrict B_vals = (double*)(B->vals);
  double* restrict C_vals = (double*)(C->vals);
  int D1_dimension = (int)(D->dimensions[0]);
  int D2_dimension = (int)(D->dimensions[1]);
  int D3_dimension = (int)(D->dimensions[2]);
  double* restrict D_vals = (double*)(D->vals);
  double* restrict E_vals = (double*)(E->vals);
  double* restrict F_vals = (double*)(F->vals);

  for (int32_t l = 0; l < A2_dimension; l++) {
    for (int32_t j = 0; j < B1_dimension; j++) {
      for (int32_t kB = B2_pos[j]; kB < B2_pos[j + 1]; kB++) {
        int32_t k = B2_crd[kB];
        for (int32_t i = 0; i < A3_dimension; i++) {
          int32_t iD = j * D2_dimension * D3_dimension + i * D3_dimension + k;
          int32_t iA = k * A2_dimension * A3_dimension + l * A3_dimension + i;
          A_vals[iA] += B_vals[kB] * F_vals[k] * E_vals[k] * C_vals[k] * D_vals[iD];
        }
      }
    }
  }
  return 0;
}
