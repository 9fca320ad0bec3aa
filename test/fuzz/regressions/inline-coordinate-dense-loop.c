// Fuzz regression (fixed) (lnr_fuzz.py --tsan seed 11, case 17): a TACO
// kernel whose coordinate is read in place (B2_crd[kB]), and whose extent
// the tensor structs give. The search chose a schedule that loops densely
// over that coordinate, and the generator wrote 'for (int B2_crd[kB] = 0;
// ...)', which does not compile. Now that schedule is refused by name
// (there is no variable to loop over) and the next one is tried; here none
// is left, so the nest stays as it was and a second run changes nothing.
// RUN: lnr-rewrite --no-openmp %s -- -I%samples/taco > %t.once.c 2> %t.err
// RUN: FileCheck %s < %t.err
// CHECK: remark: nest left unchanged: the schedule loops densely over the coordinate 'B2_crd[kB]', which the nest reads in place: there is no variable to loop over [lnr-unsupported-schedule]
// RUN: diff %s %t.once.c
#include "taco_tensor_t.h"

int kern(taco_tensor_t *A,
    taco_tensor_t *B,
    taco_tensor_t *C) {
  int A1_dimension = (int)(A->dimensions[0]);
  int A2_dimension = (int)(A->dimensions[1]);
  double* restrict A_vals = (double*)(A->vals);
  int B1_dimension = (int)(B->dimensions[0]);
  int* restrict B2_pos = (int*)(B->indices[1][0]);
  int* restrict B2_crd = (int*)(B->indices[1][1]);
  double* restrict B_vals = (double*)(B->vals);
  int C1_dimension = (int)(C->dimensions[0]);
  int C2_dimension = (int)(C->dimensions[1]);
  double* restrict C_vals = (double*)(C->vals);

  for (int32_t j = 0; j < A2_dimension; j++) {
    for (int32_t l = 0; l < B1_dimension; l++) {
      for (int32_t kB = B2_pos[l]; kB < B2_pos[l + 1]; kB++) {
        for (int32_t i = 0; i < C1_dimension; i++) {
          A_vals[B2_crd[kB] * A2_dimension + j] += B_vals[kB] * C_vals[i * C2_dimension + B2_crd[kB]];
        }
      }
    }
  }
  return 0;
}
