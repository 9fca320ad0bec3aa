// <SpMM, GEMM>: A(i,l) = B(i,j) * C(j,k) * D(k,l), B CSR, the others dense
// row-major, already fused by TACO's own schedule:
//   reorder(i,j,k,l), precompute(B(i,j) * C(j,k), k, k, w)
// TACO computes the SpMM's row B(i,:) * C into the dense workspace w(k)
// (allocated per thread in the parallel loop, zeroed per row), then the
// GEMM's row of A from it. That is the schedule lnr-rewrite would choose:
// the nest is left as it is, with lnr-already-fused.
#include "taco_tensor_t.h"

int compute(taco_tensor_t *A, taco_tensor_t *B, taco_tensor_t *C,
            taco_tensor_t *D) {
  int A1_dimension = (int)(A->dimensions[0]);
  int A2_dimension = (int)(A->dimensions[1]);
  double* restrict A_vals = (double*)(A->vals);
  int B1_dimension = (int)(B->dimensions[0]);
  int* restrict B2_pos = (int*)(B->indices[1][0]);
  int* restrict B2_crd = (int*)(B->indices[1][1]);
  double* restrict B_vals = (double*)(B->vals);
  int C2_dimension = (int)(C->dimensions[1]);
  double* restrict C_vals = (double*)(C->vals);
  int D1_dimension = (int)(D->dimensions[0]);
  int D2_dimension = (int)(D->dimensions[1]);
  double* restrict D_vals = (double*)(D->vals);

  #pragma omp parallel for schedule(static)
  for (int32_t pA = 0; pA < (A1_dimension * A2_dimension); pA++) {
    A_vals[pA] = 0.0;
  }

  #pragma omp parallel for schedule(runtime)
  for (int32_t i = 0; i < B1_dimension; i++) {
    double* restrict w = 0;
    w = (double*)malloc(sizeof(double) * D1_dimension);
    for (int32_t pw = 0; pw < D1_dimension; pw++) {
      w[pw] = 0.0;
    }
    for (int32_t jB = B2_pos[i]; jB < B2_pos[(i + 1)]; jB++) {
      int32_t j = B2_crd[jB];
      for (int32_t k = 0; k < D1_dimension; k++) {
        int32_t kC = j * C2_dimension + k;
        w[k] = w[k] + B_vals[jB] * C_vals[kC];
      }
    }
    for (int32_t k = 0; k < D1_dimension; k++) {
      for (int32_t l = 0; l < D2_dimension; l++) {
        int32_t lA = i * A2_dimension + l;
        int32_t lD = k * D2_dimension + l;
        A_vals[lA] = A_vals[lA] + w[k] * D_vals[lD];
      }
    }
    free(w);
  }

  A->vals = (uint8_t*)A_vals;
  return 0;
}
