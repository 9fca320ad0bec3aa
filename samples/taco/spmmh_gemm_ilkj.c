// <SpMM with a Hadamard product, GEMM>: A(i,l) = B(i,k) * C(k,j) * D(k,j) *
// E(j,l), B CSR, the others dense row-major, in TACO's default loop order
// (no schedule), forall(i, forall(l, forall(k, forall(j, ...)))): the
// reduction over k and j accumulates in one scalar and A is assigned once
// per element (no zeroing loop).
#include "taco_tensor_t.h"

int compute(taco_tensor_t *A, taco_tensor_t *B, taco_tensor_t *C,
            taco_tensor_t *D, taco_tensor_t *E) {
  int A2_dimension = (int)(A->dimensions[1]);
  double* restrict A_vals = (double*)(A->vals);
  int B1_dimension = (int)(B->dimensions[0]);
  int* restrict B2_pos = (int*)(B->indices[1][0]);
  int* restrict B2_crd = (int*)(B->indices[1][1]);
  double* restrict B_vals = (double*)(B->vals);
  int C2_dimension = (int)(C->dimensions[1]);
  double* restrict C_vals = (double*)(C->vals);
  int D2_dimension = (int)(D->dimensions[1]);
  double* restrict D_vals = (double*)(D->vals);
  int E1_dimension = (int)(E->dimensions[0]);
  int E2_dimension = (int)(E->dimensions[1]);
  double* restrict E_vals = (double*)(E->vals);

  #pragma omp parallel for schedule(runtime)
  for (int32_t i = 0; i < B1_dimension; i++) {
    for (int32_t l = 0; l < E2_dimension; l++) {
      int32_t lA = i * A2_dimension + l;
      double tkA_val = 0.0;
      for (int32_t kB = B2_pos[i]; kB < B2_pos[(i + 1)]; kB++) {
        int32_t k = B2_crd[kB];
        for (int32_t j = 0; j < E1_dimension; j++) {
          int32_t jC = k * C2_dimension + j;
          int32_t jD = k * D2_dimension + j;
          int32_t lE = j * E2_dimension + l;
          tkA_val += ((B_vals[kB] * C_vals[jC]) * D_vals[jD]) * E_vals[lE];
        }
      }
      A_vals[lA] = tkA_val;
    }
  }
  return 0;
}
