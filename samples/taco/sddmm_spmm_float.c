// <SDDMM, SpMM> in single precision: A(i,l) = B(i,j) * C(i,k) * D(j,k) *
// E(j,l), B CSR, the others dense row-major, every tensor float, in the
// loop order of sddmm_spmm.c, forall(i, forall(j, forall(l, forall(k, ...)))),
// with the reduction over k innermost in a float scalar accumulator. The
// file also has what TACO writes beside compute: a helper with a `while`
// loop (TACO's generated files carry binary searches over crd arrays) and
// `assemble`, which allocates the dense output. The tool must leave both
// alone.
#include "taco_tensor_t.h"

// The first position p in [arrayStart, arrayEnd) with array[p] >= target,
// or arrayEnd when there is none.
int taco_binarySearchAfter(int *array, int arrayStart, int arrayEnd,
                           int target) {
  int lo = arrayStart;
  int hi = arrayEnd;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (array[mid] < target) {
      lo = mid + 1;
    }
    else {
      hi = mid;
    }
  }
  return lo;
}

int assemble(taco_tensor_t *A, taco_tensor_t *B, taco_tensor_t *C,
             taco_tensor_t *D, taco_tensor_t *E) {
  int A1_dimension = (int)(A->dimensions[0]);
  int A2_dimension = (int)(A->dimensions[1]);
  float* restrict A_vals = (float*)(A->vals);

  A_vals = (float*)malloc(sizeof(float) * (A1_dimension * A2_dimension));

  A->vals = (uint8_t*)A_vals;
  return 0;
}

int compute(taco_tensor_t *A, taco_tensor_t *B, taco_tensor_t *C,
            taco_tensor_t *D, taco_tensor_t *E) {
  int A1_dimension = (int)(A->dimensions[0]);
  int A2_dimension = (int)(A->dimensions[1]);
  float* restrict A_vals = (float*)(A->vals);
  int* restrict B2_pos = (int*)(B->indices[1][0]);
  int* restrict B2_crd = (int*)(B->indices[1][1]);
  float* restrict B_vals = (float*)(B->vals);
  int C1_dimension = (int)(C->dimensions[0]);
  int C2_dimension = (int)(C->dimensions[1]);
  float* restrict C_vals = (float*)(C->vals);
  int D2_dimension = (int)(D->dimensions[1]);
  float* restrict D_vals = (float*)(D->vals);
  int E2_dimension = (int)(E->dimensions[1]);
  float* restrict E_vals = (float*)(E->vals);

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
        float tkA_val = 0.0;
        for (int32_t k = 0; k < D2_dimension; k++) {
          int32_t kC = i * C2_dimension + k;
          int32_t kD = j * D2_dimension + k;
          tkA_val += ((B_vals[jB] * C_vals[kC]) * D_vals[kD]) * E_vals[lE];
        }
        A_vals[lA] = A_vals[lA] + tkA_val;
      }
    }
  }
  return 0;
}
