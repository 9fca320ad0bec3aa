// <MTTKRP, GEMM>: A(i,m) = B(i,k,l) * C(l,j) * D(k,j) * E(j,m), B a 3-tensor
// with every level compressed ({Sparse, Sparse, Sparse}: B1_pos/B1_crd,
// B2_pos/B2_crd, B3_pos/B3_crd), the others dense row-major, as TACO writes
// it after reorder(i,k,l,j,m), parallelized over i: m innermost, no scalar
// accumulator, A zeroed first and accumulated as A_vals[mA] = A_vals[mA] +
// ... The outer loop walks B's first level from B1_pos[0] to B1_pos[1].
#include "taco_tensor_t.h"

int compute(taco_tensor_t *A, taco_tensor_t *B, taco_tensor_t *C,
            taco_tensor_t *D, taco_tensor_t *E) {
  int A1_dimension = (int)(A->dimensions[0]);
  int A2_dimension = (int)(A->dimensions[1]);
  double* restrict A_vals = (double*)(A->vals);
  int* restrict B1_pos = (int*)(B->indices[0][0]);
  int* restrict B1_crd = (int*)(B->indices[0][1]);
  int* restrict B2_pos = (int*)(B->indices[1][0]);
  int* restrict B2_crd = (int*)(B->indices[1][1]);
  int* restrict B3_pos = (int*)(B->indices[2][0]);
  int* restrict B3_crd = (int*)(B->indices[2][1]);
  double* restrict B_vals = (double*)(B->vals);
  int C2_dimension = (int)(C->dimensions[1]);
  double* restrict C_vals = (double*)(C->vals);
  int D2_dimension = (int)(D->dimensions[1]);
  double* restrict D_vals = (double*)(D->vals);
  int E1_dimension = (int)(E->dimensions[0]);
  int E2_dimension = (int)(E->dimensions[1]);
  double* restrict E_vals = (double*)(E->vals);

  #pragma omp parallel for schedule(static)
  for (int32_t pA = 0; pA < (A1_dimension * A2_dimension); pA++) {
    A_vals[pA] = 0.0;
  }

  #pragma omp parallel for schedule(runtime)
  for (int32_t iB = B1_pos[0]; iB < B1_pos[1]; iB++) {
    int32_t i = B1_crd[iB];
    for (int32_t kB = B2_pos[iB]; kB < B2_pos[(iB + 1)]; kB++) {
      int32_t k = B2_crd[kB];
      for (int32_t lB = B3_pos[kB]; lB < B3_pos[(kB + 1)]; lB++) {
        int32_t l = B3_crd[lB];
        for (int32_t j = 0; j < E1_dimension; j++) {
          int32_t jC = l * C2_dimension + j;
          int32_t jD = k * D2_dimension + j;
          for (int32_t m = 0; m < E2_dimension; m++) {
            int32_t mA = i * A2_dimension + m;
            int32_t mE = j * E2_dimension + m;
            A_vals[mA] = A_vals[mA] + ((B_vals[lB] * C_vals[jC]) * D_vals[jD]) * E_vals[mE];
          }
        }
      }
    }
  }
  return 0;
}
