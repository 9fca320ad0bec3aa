// <SpTTM, SpTTM> with a sparse output, as TACO writes it: A(i,j,m) = B(i,j,k)
// * C(k,l) * D(l,m), B a CSF 3-tensor (dense i, compressed j, compressed k),
// C and D dense row-major, A sparse with B's (i,j) pattern (dense i,
// compressed j, dense m; its pos and crd assembled beforehand). TACO's loop
// order i, j, m, k, l: the reduction over k and l sums in a scalar and is
// assigned to A's element, and A's fibers are walked with a counter, jA,
// incremented after each fiber of B. No subscript reads j, so TACO never
// loads B2_crd: the level of j is walked by position only. Each element
// costs nnz(B(i,j,:)) * L, the nest nnz(B) * L * M.
#include "taco_tensor_t.h"

int compute(taco_tensor_t *A, taco_tensor_t *B, taco_tensor_t *C,
            taco_tensor_t *D) {
  int A3_dimension = (int)(A->dimensions[2]);
  double* restrict A_vals = (double*)(A->vals);
  int B1_dimension = (int)(B->dimensions[0]);
  int* restrict B2_pos = (int*)(B->indices[1][0]);
  int* restrict B3_pos = (int*)(B->indices[2][0]);
  int* restrict B3_crd = (int*)(B->indices[2][1]);
  double* restrict B_vals = (double*)(B->vals);
  int C2_dimension = (int)(C->dimensions[1]);
  double* restrict C_vals = (double*)(C->vals);
  int D2_dimension = (int)(D->dimensions[1]);
  double* restrict D_vals = (double*)(D->vals);

  int32_t jA = 0;
  for (int32_t i = 0; i < B1_dimension; i++) {
    for (int32_t jB = B2_pos[i]; jB < B2_pos[(i + 1)]; jB++) {
      for (int32_t m = 0; m < D2_dimension; m++) {
        int32_t mA = jA * A3_dimension + m;
        double tkA_val = 0.0;
        for (int32_t kB = B3_pos[jB]; kB < B3_pos[(jB + 1)]; kB++) {
          int32_t k = B3_crd[kB];
          for (int32_t l = 0; l < C2_dimension; l++) {
            int32_t lC = k * C2_dimension + l;
            int32_t mD = l * D2_dimension + m;
            tkA_val += (B_vals[kB] * C_vals[lC]) * D_vals[mD];
          }
        }
        A_vals[mA] = tkA_val;
      }
      jA++;
    }
  }
  return 0;
}
