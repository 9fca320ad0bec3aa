// <SDDMM, SpMM>: A(i,l) = B(i,j) * C(i,k) * D(j,k) * E(j,l), B CSR, the
// others dense row-major, as TACO writes it under the schedule of its
// load-balanced examples: i and j fused and split by B's positions,
// fuse(i, j, f), pos(f, fpos, B), split(fpos, fpos0, fpos1, 256), the
// chunks of 256 nonzeros in parallel (parallelize(fpos0, CPUThread,
// Atomics)). Each chunk finds the row of its first nonzero with
// taco_binarySearchBefore and moves to the next row where a row ends;
// rows shared by two chunks are summed into A with atomics.
#include "taco_tensor_t.h"

int compute(taco_tensor_t *A, taco_tensor_t *B, taco_tensor_t *C,
            taco_tensor_t *D, taco_tensor_t *E) {
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
  int D2_dimension = (int)(D->dimensions[1]);
  double* restrict D_vals = (double*)(D->vals);
  int E2_dimension = (int)(E->dimensions[1]);
  double* restrict E_vals = (double*)(E->vals);

  #pragma omp parallel for schedule(static)
  for (int32_t pA = 0; pA < (A1_dimension * A2_dimension); pA++) {
    A_vals[pA] = 0.0;
  }

  #pragma omp parallel for schedule(runtime)
  for (int32_t fpos0 = 0; fpos0 < ((B2_pos[B1_dimension] + 255) / 256); fpos0++) {
    int32_t pB2_begin = fpos0 * 256;
    int32_t pB2_end = TACO_MIN((fpos0 * 256 + 256),B2_pos[B1_dimension]);
    int32_t i_pos = taco_binarySearchBefore(B2_pos, 0, B1_dimension, pB2_begin);
    int32_t i = i_pos;
    for (int32_t fpos1 = 0; fpos1 < 256; fpos1++) {
      int32_t fposB = fpos0 * 256 + fpos1;
      if (fposB >= B2_pos[B1_dimension])
        continue;

      int32_t f = B2_crd[fposB];
      while (fposB == B2_pos[(i_pos + 1)]) {
        i_pos++;
        i = i_pos;
      }
      for (int32_t l = 0; l < E2_dimension; l++) {
        int32_t lA = i * A2_dimension + l;
        int32_t lE = f * E2_dimension + l;
        double tkA_val = 0.0;
        for (int32_t k = 0; k < D2_dimension; k++) {
          int32_t kC = i * C2_dimension + k;
          int32_t kD = f * D2_dimension + k;
          tkA_val += B_vals[fposB] * C_vals[kC] * D_vals[kD] * E_vals[lE];
        }
        #pragma omp atomic
        A_vals[lA] = A_vals[lA] + tkA_val;
      }
    }
  }
  return 0;
}
