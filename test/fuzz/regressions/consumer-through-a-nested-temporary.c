// Fuzz regression (lnr_fuzz.py seed 2000, case 2959): the consumer of t(l)
// (summed over i) adds A += t1 * alpha, where t1 is summed from t; with
// C3_dimension <= 0 the original computes nothing, but the consumer ran with
// t = 0 and an infinite B gave t1 = 0 * inf = NaN. A consumer whose
// statements add products of a temporary filled from t is skipped too.
// RUN: lnr-rewrite %s -- -I%samples/taco > %t.c 2> %t.err
// RUN: FileCheck --check-prefix=REMARK %s < %t.err
// RUN: FileCheck %s < %t.c
// REMARK: remark: fused
// CHECK: {{^ *}}if (C3_dimension > 0) {
// CHECK: {{^ *}}double t1 = 0;
#include "taco_tensor_t.h"

int kern(taco_tensor_t *A,
    taco_tensor_t *B,
    taco_tensor_t *C,
    double alpha) {
  int A1_dimension = (int)(A->dimensions[0]);
  int A2_dimension = (int)(A->dimensions[1]);
  int A3_dimension = (int)(A->dimensions[2]);
  double* restrict A_vals = (double*)(A->vals);
  int B2_dimension = (int)(B->dimensions[1]);
  int* restrict B2_pos = (int*)(B->indices[1][0]);
  int* restrict B2_crd = (int*)(B->indices[1][1]);
  double* restrict B_vals = (double*)(B->vals);
  int C1_dimension = (int)(C->dimensions[0]);
  int C2_dimension = (int)(C->dimensions[1]);
  int C3_dimension = (int)(C->dimensions[2]);
  double* restrict C_vals = (double*)(C->vals);

  for (int32_t k = 0; k < A3_dimension; k++) {
    for (int32_t m = 0; m < A2_dimension; m++) {
      for (int32_t i = 0; i < C3_dimension; i++) {
        for (int32_t lB = B2_pos[m]; lB < B2_pos[m + 1]; lB++) {
          int32_t l = B2_crd[lB];
          for (int32_t j = 0; j < A1_dimension; j++) {
            int32_t jC = (j * C2_dimension + l) * C3_dimension + i;
            int32_t jA = (j * A2_dimension + m) * A3_dimension + k;
            A_vals[jA] += alpha * C_vals[jC] * B_vals[lB];
          }
        }
      }
    }
  }
  return 0;
}
