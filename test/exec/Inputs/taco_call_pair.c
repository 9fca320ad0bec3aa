/* Separate kernels as TACO generates them, one function per kernel, each
 * naming its own position variables and dense positions: the first walks
 * B's level by 'jB' and stores 'T_vals[lT]' with
 * 'lT = jB * T3_dimension + l'; the second walks T's own copy of that
 * level by 'jT' and reads 'T_vals[lT]' with 'lT = jT * T3_dimension + l'.
 * <TTM, TTM> with a sparse intermediate, T(i,j,l) = B(i,j,k) * C(k,l)
 * then X(i,j,m) = T(i,j,l) * D(l,m); and <SDDMM, SpMM> with the scores
 * at B's positions, S(i,j) = B(i,j) * C(i,k) * D(j,k) then
 * A(i,l) += S(i,j) * E(j,l), A zeroed by the caller. */
#include <stdint.h>
#include <stdlib.h>

typedef struct {
  int32_t order;
  int32_t *dimensions;
  uint8_t ***indices;
  uint8_t *vals;
} taco_tensor_t;

int ttm_first(taco_tensor_t *T, taco_tensor_t *B, taco_tensor_t *C) {
  int T3_dimension = (int)(T->dimensions[2]);
  double *restrict T_vals = (double *)(T->vals);
  int B1_dimension = (int)(B->dimensions[0]);
  int *restrict B2_pos = (int *)(B->indices[1][0]);
  int *restrict B3_pos = (int *)(B->indices[2][0]);
  int *restrict B3_crd = (int *)(B->indices[2][1]);
  double *restrict B_vals = (double *)(B->vals);
  int C2_dimension = (int)(C->dimensions[1]);
  double *restrict C_vals = (double *)(C->vals);

#pragma omp parallel for schedule(runtime)
  for (int32_t i = 0; i < B1_dimension; i++) {
    for (int32_t jB = B2_pos[i]; jB < B2_pos[(i + 1)]; jB++) {
      for (int32_t l = 0; l < C2_dimension; l++) {
        int32_t lT = jB * T3_dimension + l;
        double tkT_val = 0.0;
        for (int32_t kB = B3_pos[jB]; kB < B3_pos[(jB + 1)]; kB++) {
          int32_t k = B3_crd[kB];
          int32_t lC = k * C2_dimension + l;
          tkT_val += B_vals[kB] * C_vals[lC];
        }
        T_vals[lT] = tkT_val;
      }
    }
  }
  return 0;
}

int ttm_second(taco_tensor_t *X, taco_tensor_t *T, taco_tensor_t *D) {
  int X3_dimension = (int)(X->dimensions[2]);
  double *restrict X_vals = (double *)(X->vals);
  int T1_dimension = (int)(T->dimensions[0]);
  int T3_dimension = (int)(T->dimensions[2]);
  int *restrict T2_pos = (int *)(T->indices[1][0]);
  double *restrict T_vals = (double *)(T->vals);
  int D1_dimension = (int)(D->dimensions[0]);
  int D2_dimension = (int)(D->dimensions[1]);
  double *restrict D_vals = (double *)(D->vals);

#pragma omp parallel for schedule(runtime)
  for (int32_t i = 0; i < T1_dimension; i++) {
    for (int32_t jT = T2_pos[i]; jT < T2_pos[(i + 1)]; jT++) {
      for (int32_t m = 0; m < D2_dimension; m++) {
        int32_t mX = jT * X3_dimension + m;
        double tlX_val = 0.0;
        for (int32_t l = 0; l < D1_dimension; l++) {
          int32_t lT = jT * T3_dimension + l;
          int32_t mD = l * D2_dimension + m;
          tlX_val += T_vals[lT] * D_vals[mD];
        }
        X_vals[mX] = tlX_val;
      }
    }
  }
  return 0;
}

/* T is the caller's: stored once, in the fused nest. */
void ttm_chain(taco_tensor_t *X, taco_tensor_t *T, taco_tensor_t *B,
               taco_tensor_t *C, taco_tensor_t *D) {
  ttm_first(T, B, C);
  ttm_second(X, T, D);
}

int sddmm(taco_tensor_t *S, taco_tensor_t *B, taco_tensor_t *C,
          taco_tensor_t *D) {
  double *restrict S_vals = (double *)(S->vals);
  int B1_dimension = (int)(B->dimensions[0]);
  int *restrict B2_pos = (int *)(B->indices[1][0]);
  int *restrict B2_crd = (int *)(B->indices[1][1]);
  double *restrict B_vals = (double *)(B->vals);
  int C2_dimension = (int)(C->dimensions[1]);
  double *restrict C_vals = (double *)(C->vals);
  int D2_dimension = (int)(D->dimensions[1]);
  double *restrict D_vals = (double *)(D->vals);

#pragma omp parallel for schedule(runtime)
  for (int32_t i = 0; i < B1_dimension; i++) {
    for (int32_t jB = B2_pos[i]; jB < B2_pos[(i + 1)]; jB++) {
      int32_t j = B2_crd[jB];
      double tkS_val = 0.0;
      for (int32_t k = 0; k < D2_dimension; k++) {
        int32_t kC = i * C2_dimension + k;
        int32_t kD = j * D2_dimension + k;
        tkS_val += C_vals[kC] * D_vals[kD];
      }
      S_vals[jB] = B_vals[jB] * tkS_val;
    }
  }
  return 0;
}

int spmm(taco_tensor_t *A, taco_tensor_t *S, taco_tensor_t *E) {
  int A2_dimension = (int)(A->dimensions[1]);
  double *restrict A_vals = (double *)(A->vals);
  int S1_dimension = (int)(S->dimensions[0]);
  int *restrict S2_pos = (int *)(S->indices[1][0]);
  int *restrict S2_crd = (int *)(S->indices[1][1]);
  double *restrict S_vals = (double *)(S->vals);
  int E2_dimension = (int)(E->dimensions[1]);
  double *restrict E_vals = (double *)(E->vals);

#pragma omp parallel for schedule(runtime)
  for (int32_t i = 0; i < S1_dimension; i++) {
    for (int32_t jS = S2_pos[i]; jS < S2_pos[(i + 1)]; jS++) {
      int32_t j = S2_crd[jS];
      for (int32_t l = 0; l < E2_dimension; l++) {
        int32_t lA = i * A2_dimension + l;
        int32_t lE = j * E2_dimension + l;
        A_vals[lA] += S_vals[jS] * E_vals[lE];
      }
    }
  }
  return 0;
}

/* S is the caller's: stored once, in the fused nest. */
void sddmm_spmm(taco_tensor_t *A, taco_tensor_t *S, taco_tensor_t *B,
                taco_tensor_t *C, taco_tensor_t *D, taco_tensor_t *E) {
  sddmm(S, B, C, D);
  spmm(A, S, E);
}

/* As TACO generates it for a dense output: A zeroed by the kernel first. */
int spmm_zeroing(taco_tensor_t *A, taco_tensor_t *S, taco_tensor_t *E) {
  int A1_dimension = (int)(A->dimensions[0]);
  int A2_dimension = (int)(A->dimensions[1]);
  double *restrict A_vals = (double *)(A->vals);
  int S1_dimension = (int)(S->dimensions[0]);
  int *restrict S2_pos = (int *)(S->indices[1][0]);
  int *restrict S2_crd = (int *)(S->indices[1][1]);
  double *restrict S_vals = (double *)(S->vals);
  int E2_dimension = (int)(E->dimensions[1]);
  double *restrict E_vals = (double *)(E->vals);

#pragma omp parallel for schedule(static)
  for (int32_t pA = 0; pA < (A1_dimension * A2_dimension); pA++) {
    A_vals[pA] = 0.0;
  }

#pragma omp parallel for schedule(runtime)
  for (int32_t i = 0; i < S1_dimension; i++) {
    for (int32_t jS = S2_pos[i]; jS < S2_pos[(i + 1)]; jS++) {
      int32_t j = S2_crd[jS];
      for (int32_t l = 0; l < E2_dimension; l++) {
        int32_t lA = i * A2_dimension + l;
        int32_t lE = j * E2_dimension + l;
        A_vals[lA] += S_vals[jS] * E_vals[lE];
      }
    }
  }
  return 0;
}

/* The zeroing nest between the two kernels' nests runs first in the fused
 * one, once A is apart from what the SDDMM reads and writes. */
void sddmm_spmm_zeroing(taco_tensor_t *A, taco_tensor_t *S, taco_tensor_t *B,
                        taco_tensor_t *C, taco_tensor_t *D, taco_tensor_t *E) {
  sddmm(S, B, C, D);
  spmm_zeroing(A, S, E);
}
