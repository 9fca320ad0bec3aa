// <SDDMM, SpMM>: A(i,l) = B(i,j) * C(i,k) * D(j,k) * E(j,l), B CSR, the
// others dense row-major, as TACO writes it under the schedule of its
// parallel examples: i split by 16 (split(i, i0, i1, 16)) and the strips
// run in parallel (parallelize(i0, CPUThread, NoRaces)). TACO rebuilds i
// from the strip and the offset and skips what lies past the last row. The
// reduction over k is innermost in a scalar accumulator.
#include "taco_tensor_t.h"

int compute(taco_tensor_t *A, taco_tensor_t *B, taco_tensor_t *C,
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

  #pragma omp parallel for schedule(static)
  for (int32_t pA = 0; pA < (A1_dimension * A2_dimension); pA++) {
    A_vals[pA] = 0.0;
  }

  #pragma omp parallel for schedule(runtime)
  for (int32_t i0 = 0; i0 < ((C1_dimension + 15) / 16); i0++) {
    for (int32_t i1 = 0; i1 < 16; i1++) {
      int32_t i = i0 * 16 + i1;
      if (i >= C1_dimension)
        continue;

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
  }
  return 0;
}
