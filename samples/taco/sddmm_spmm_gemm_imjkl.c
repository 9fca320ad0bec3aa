// <SDDMM, SpMM, GEMM>: A(i,m) = B(i,j) * C(i,k) * D(j,k) * F(j,l) * W(l,m),
// B CSR, the others dense row-major, in TACO's default loop order (no
// schedule), forall(i, forall(m, forall(j, forall(k, forall(l, ...))))):
// the reduction over j, k and l accumulates in one scalar and A is assigned
// once per element (no zeroing loop).
#include "taco_tensor_t.h"

int compute(taco_tensor_t *A, taco_tensor_t *B, taco_tensor_t *C,
            taco_tensor_t *D, taco_tensor_t *F, taco_tensor_t *W) {
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
  int F2_dimension = (int)(F->dimensions[1]);
  double* restrict F_vals = (double*)(F->vals);
  int W1_dimension = (int)(W->dimensions[0]);
  int W2_dimension = (int)(W->dimensions[1]);
  double* restrict W_vals = (double*)(W->vals);

  #pragma omp parallel for schedule(runtime)
  for (int32_t i = 0; i < C1_dimension; i++) {
    for (int32_t m = 0; m < W2_dimension; m++) {
      int32_t mA = i * A2_dimension + m;
      double tjA_val = 0.0;
      for (int32_t jB = B2_pos[i]; jB < B2_pos[(i + 1)]; jB++) {
        int32_t j = B2_crd[jB];
        for (int32_t k = 0; k < D2_dimension; k++) {
          int32_t kC = i * C2_dimension + k;
          int32_t kD = j * D2_dimension + k;
          for (int32_t l = 0; l < W1_dimension; l++) {
            int32_t lF = j * F2_dimension + l;
            int32_t mW = l * W2_dimension + m;
            tjA_val += (((B_vals[jB] * C_vals[kC]) * D_vals[kD]) * F_vals[lF]) * W_vals[mW];
          }
        }
      }
      A_vals[mA] = tjA_val;
    }
  }
  return 0;
}
