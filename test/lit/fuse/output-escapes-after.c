// TACO's compute and evaluate end with `A->vals = (uint8_t*)A_vals;`: the
// output, restrict, escapes into memory, but only after the nest, which no
// pointer set after it reads: no run-time overlap test. An escape before the
// nest, or after it in a loop that runs the nest again, or with a goto in
// the function, keeps the test (the inputs are read from memory).
// RUN: lnr-rewrite %s -- -I%samples/taco > %t.out 2> %t.err
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

#include "taco_tensor_t.h"

// TACO's evaluate: A_vals allocated by the kernel, stored back at the end.
int evaluate(taco_tensor_t *A, taco_tensor_t *B, taco_tensor_t *C,
             taco_tensor_t *D, taco_tensor_t *E) {
  int A1_dimension = (int)(A->dimensions[0]);
  int A2_dimension = (int)(A->dimensions[1]);
  double* restrict A_vals = (double*)(A->vals);
  int* restrict B2_pos = (int*)(B->indices[1][0]);
  int* restrict B2_crd = (int*)(B->indices[1][1]);
  double* restrict B_vals = (double*)(B->vals);
  int C1_dimension = (int)(C->dimensions[0]);
  int C2_dimension = (int)(C->dimensions[1]);
  double* restrict C_vals = (double*)(C->vals);
  int D2_dimension = (int)(D->dimensions[1]);
  double* restrict D_vals = (double*)(D->vals);
  int E2_dimension = (int)(E->dimensions[1]);
  double* restrict E_vals = (double*)(E->vals);
  A_vals = (double*)calloc(A1_dimension * A2_dimension, sizeof(double));
  for (int32_t i = 0; i < C1_dimension; i++) {
    for (int32_t jB = B2_pos[i]; jB < B2_pos[(i + 1)]; jB++) {
      int32_t j = B2_crd[jB];
      for (int32_t k = 0; k < D2_dimension; k++) {
        for (int32_t l = 0; l < E2_dimension; l++) {
          A_vals[i * A2_dimension + l] += B_vals[jB] * C_vals[i * C2_dimension + k] * D_vals[j * D2_dimension + k] * E_vals[j * E2_dimension + l];
        }
      }
    }
  }
  A->vals = (uint8_t*)A_vals;
  return 0;
}
// CHECK: output-escapes-after.c:[[@LINE-13]]:3: remark: fused 'A(i,l) += B(i,j) * C(i,k) * D(j,k) * E(j,l)': O(nnz(B_ij)*D2_dimension*E2_dimension) -> O(nnz(B_ij)*(D2_dimension+E2_dimension)) [lnr-fuse]

// The same store before the nest: an input read from memory after it may
// be the output.
int escapes_before(taco_tensor_t *A, taco_tensor_t *B, taco_tensor_t *C,
                   taco_tensor_t *D, taco_tensor_t *E) {
  int A2_dimension = (int)(A->dimensions[1]);
  double* restrict A_vals = (double*)(A->vals);
  A->vals = (uint8_t*)A_vals;
  int* restrict B2_pos = (int*)(B->indices[1][0]);
  int* restrict B2_crd = (int*)(B->indices[1][1]);
  double* restrict B_vals = (double*)(B->vals);
  int C1_dimension = (int)(C->dimensions[0]);
  int C2_dimension = (int)(C->dimensions[1]);
  double* restrict C_vals = (double*)(C->vals);
  int D2_dimension = (int)(D->dimensions[1]);
  double* restrict D_vals = (double*)(D->vals);
  int E2_dimension = (int)(E->dimensions[1]);
  double* restrict E_vals = (double*)(E->vals);
  for (int32_t i = 0; i < C1_dimension; i++) {
    for (int32_t jB = B2_pos[i]; jB < B2_pos[(i + 1)]; jB++) {
      int32_t j = B2_crd[jB];
      for (int32_t k = 0; k < D2_dimension; k++) {
        for (int32_t l = 0; l < E2_dimension; l++) {
          A_vals[i * A2_dimension + l] += B_vals[jB] * C_vals[i * C2_dimension + k] * D_vals[j * D2_dimension + k] * E_vals[j * E2_dimension + l];
        }
      }
    }
  }
  return 0;
}
// CHECK: output-escapes-after.c:[[@LINE-12]]:3: remark: fused {{.*}}, under a run-time overlap test (the original nest runs when the output overlaps an input) [lnr-fuse]

// After the nest, in a loop that runs the nest again (the inputs read from
// memory inside it).
int escapes_in_loop(int reps, taco_tensor_t *A, taco_tensor_t *B,
                    taco_tensor_t *C, taco_tensor_t *D, taco_tensor_t *E) {
  for (int r = 0; r < reps; r++) {
    int A2_dimension = (int)(A->dimensions[1]);
    double* restrict A_vals = (double*)(A->vals);
    int* restrict B2_pos = (int*)(B->indices[1][0]);
    int* restrict B2_crd = (int*)(B->indices[1][1]);
    double* restrict B_vals = (double*)(B->vals);
    int C1_dimension = (int)(C->dimensions[0]);
    int C2_dimension = (int)(C->dimensions[1]);
    double* restrict C_vals = (double*)(C->vals);
    int D2_dimension = (int)(D->dimensions[1]);
    double* restrict D_vals = (double*)(D->vals);
    int E2_dimension = (int)(E->dimensions[1]);
    double* restrict E_vals = (double*)(E->vals);
    while (C1_dimension > 0) {
      for (int32_t i = 0; i < C1_dimension; i++) {
        for (int32_t jB = B2_pos[i]; jB < B2_pos[(i + 1)]; jB++) {
          int32_t j = B2_crd[jB];
          for (int32_t k = 0; k < D2_dimension; k++) {
            for (int32_t l = 0; l < E2_dimension; l++) {
              A_vals[i * A2_dimension + l] += B_vals[jB] * C_vals[i * C2_dimension + k] * D_vals[j * D2_dimension + k] * E_vals[j * E2_dimension + l];
            }
          }
        }
      }
      A->vals = (uint8_t*)A_vals;
      C1_dimension--;
    }
  }
  return 0;
}
// CHECK: output-escapes-after.c:[[@LINE-16]]:7: remark: fused {{.*}}, under a run-time overlap test (the original nest runs when the output overlaps an input) [lnr-fuse]

// After the nest, with a goto in the function.
int escapes_with_goto(taco_tensor_t *A, taco_tensor_t *B, taco_tensor_t *C,
                      taco_tensor_t *D, taco_tensor_t *E) {
  int A2_dimension = (int)(A->dimensions[1]);
  double* restrict A_vals = (double*)(A->vals);
  int* restrict B2_pos = (int*)(B->indices[1][0]);
  int* restrict B2_crd = (int*)(B->indices[1][1]);
  double* restrict B_vals = (double*)(B->vals);
  int C1_dimension = (int)(C->dimensions[0]);
  int C2_dimension = (int)(C->dimensions[1]);
  double* restrict C_vals = (double*)(C->vals);
  int D2_dimension = (int)(D->dimensions[1]);
  double* restrict D_vals = (double*)(D->vals);
  int E2_dimension = (int)(E->dimensions[1]);
  double* restrict E_vals = (double*)(E->vals);
again:
  for (int32_t i = 0; i < C1_dimension; i++) {
    for (int32_t jB = B2_pos[i]; jB < B2_pos[(i + 1)]; jB++) {
      int32_t j = B2_crd[jB];
      for (int32_t k = 0; k < D2_dimension; k++) {
        for (int32_t l = 0; l < E2_dimension; l++) {
          A_vals[i * A2_dimension + l] += B_vals[jB] * C_vals[i * C2_dimension + k] * D_vals[j * D2_dimension + k] * E_vals[j * E2_dimension + l];
        }
      }
    }
  }
  A->vals = (uint8_t*)A_vals;
  B_vals = (double*)(B->vals);
  if (C1_dimension-- > 0)
    goto again;
  return 0;
}
// CHECK: output-escapes-after.c:[[@LINE-16]]:3: remark: fused {{.*}}, under a run-time overlap test (the original nest runs when the output overlaps an input) [lnr-fuse]
