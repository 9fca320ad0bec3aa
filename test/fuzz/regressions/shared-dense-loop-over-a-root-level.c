// Fuzz regression (lnr_fuzz.py seed 123, case 90): B in DCSR, k the
// coordinate of its compressed first level. The producer t(k) = sum C(i,k,j)
// does not read B and runs densely over k; sharing that dense loop with the
// consumer, which walks B's second level at k's position kB, wrote
// 'B2_pos[kB]' outside any loop over kB (the rewrite did not compile). A
// loop the producer runs densely is not shared with a consumer that walks it
// over a compressed level: t(k) is a full temporary, and the consumer walks
// B's two levels.
// RUN: lnr-rewrite %s -- -I%samples/taco > %t.c 2> %t.err
// RUN: %nochecks %t.c | FileCheck %s
// RUN: FileCheck --check-prefix=REMARK %s < %t.err
// RUN: %cc -std=gnu99 -fopenmp -I%samples/taco -c -x c %t.c -o /dev/null
// REMARK: remark: fused 'A(l,m) += B(k,l) * C(i,k,j)'
// CHECK:      for (int32_t kB = B1_pos[0]; kB < B1_pos[1]; kB++) {
// CHECK-NEXT:   int32_t k = B1_crd[kB];
// CHECK-NEXT:   for (int32_t lB = B2_pos[kB]; lB < B2_pos[kB + 1]; lB++) {
#include "taco_tensor_t.h"

int kern(taco_tensor_t *A,
    taco_tensor_t *B,
    taco_tensor_t *C) {
  int A1_dimension = (int)(A->dimensions[0]);
  int A2_dimension = (int)(A->dimensions[1]);
  double* restrict A_vals = (double*)(A->vals);
  int B1_dimension = (int)(B->dimensions[0]);
  int* restrict B1_pos = (int*)(B->indices[0][0]);
  int* restrict B1_crd = (int*)(B->indices[0][1]);
  int* restrict B2_pos = (int*)(B->indices[1][0]);
  int* restrict B2_crd = (int*)(B->indices[1][1]);
  double* restrict B_vals = (double*)(B->vals);
  int C1_dimension = (int)(C->dimensions[0]);
  int C2_dimension = (int)(C->dimensions[1]);
  int C3_dimension = (int)(C->dimensions[2]);
  double* restrict C_vals = (double*)(C->vals);

  for (int32_t m = 0; m < A2_dimension; m++)
    for (int32_t kB = B1_pos[0]; kB < B1_pos[1]; kB++) {
      int32_t k = B1_crd[kB];
      for (int32_t j = 0; j < C3_dimension; j++)
        for (int32_t lB = B2_pos[kB]; lB < B2_pos[kB + 1]; lB++) {
          int32_t l = B2_crd[lB];
          int32_t lA = l * A2_dimension + m;
          double tiA_val = 0.0;
          for (int32_t i = 0; i < C1_dimension; i++) {
            int32_t iC = (i * C2_dimension + k) * C3_dimension + j;
            tiA_val += B_vals[lB] * C_vals[iC];
          }
          A_vals[lA] = A_vals[lA] + tiA_val;
        }
    }
  return 0;
}
