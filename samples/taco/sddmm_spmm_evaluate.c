// <SDDMM, SpMM>: A(i,l) = B(i,j) * C(i,k) * D(j,k) * E(j,l), B CSR, the
// others dense row-major, as TACO's `evaluate` writes it: assembly and
// compute in one function. The dense output's values are allocated by the
// kernel itself (`A_vals = (double*)malloc(...)`, whatever A->vals held
// before), zeroed, computed in the loop order i, j, l, k with the reduction
// over k in a scalar accumulator, and handed back with
// `A->vals = (uint8_t*)A_vals;`.
#include "taco_tensor_t.h"

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

  A_vals = (double*)malloc(sizeof(double) * A1_dimension * A2_dimension);

  #pragma omp parallel for schedule(static)
  for (int32_t pA = 0; pA < (A1_dimension * A2_dimension); pA++) {
    A_vals[pA] = 0.0;
  }

  #pragma omp parallel for schedule(runtime)
  for (int32_t i = 0; i < C1_dimension; i++) {
    for (int32_t jB = B2_pos[i]; jB < B2_pos[(i + 1)]; jB++) {
      int32_t j = B2_crd[jB];
      for (int32_t l = 0; l < E2_dimension; l++) {
        int32_t lA = i * A2_dimension + l;
        int32_t lE = j * E2_dimension + l;
        double tkA_val = 0.0;
        for (int32_t k = 0; k < D2_dimension; k++) {
          int32_t kC = i * C2_dimension + k;
          int32_t kD = j * D2_dimension + k;
          tkA_val += B_vals[jB] * C_vals[kC] * D_vals[kD] * E_vals[lE];
        }
        A_vals[lA] = A_vals[lA] + tkA_val;
      }
    }
  }

  A->vals = (uint8_t*)A_vals;
  return 0;
}
