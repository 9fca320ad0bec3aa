/* TACO's split of a fiber's positions into blocks of 4 (`pos(j, jpos, S)`,
 * `split(jpos, jpos0, jpos1, 4)`): each block either tests every
 * position against the fiber's bounds or, when it lies inside the fiber,
 * runs untested. <SDDMM, SpMM> as two TACO kernels, the SpMM zeroing its
 * output, strip-mining its rows by 16 and walking each row's blocks with
 * the loop over l between a block and its positions; and the paper's
 * A(i,l) = B(i,j) * C(i,k) * D(j,k) * E(j,l) in one nest whose blocks hold
 * their positions innermost. */
#include <stdint.h>
#include <stdlib.h>

typedef struct {
  int32_t order;
  int32_t *dimensions;
  uint8_t ***indices;
  uint8_t *vals;
} taco_tensor_t;

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
        tkS_val += (B_vals[jB] * C_vals[kC]) * D_vals[kD];
      }
      S_vals[jB] = tkS_val;
    }
  }
  return 0;
}

int spmm_blocks(taco_tensor_t *A, taco_tensor_t *S, taco_tensor_t *E) {
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

#pragma omp parallel for schedule(dynamic, 1)
  for (int32_t i0 = 0; i0 < ((S1_dimension + 15) / 16); i0++) {
    for (int32_t i1 = 0; i1 < 16; i1++) {
      int32_t i = i0 * 16 + i1;
      if (i >= S1_dimension)
        continue;

      for (int32_t jpos0 = S2_pos[i] / 4; jpos0 < ((S2_pos[(i + 1)] + 3) / 4);
           jpos0++) {
        int32_t jposS = jpos0 * 4;
        if (jpos0 * 4 < S2_pos[i] ||
            (jpos0 * 4 + 4) + ((jpos0 * 4 + 4) - jpos0 * 4) >=
                S2_pos[(i + 1)]) {
          for (int32_t l = 0; l < E2_dimension; l++) {
            int32_t lA = i * A2_dimension + l;
            for (int32_t jpos1 = 0; jpos1 < 4; jpos1++) {
              int32_t jposS = jpos0 * 4 + jpos1;
              if (jposS < S2_pos[i] || jposS >= S2_pos[(i + 1)])
                continue;

              int32_t j = S2_crd[jposS];
              int32_t lE = j * E2_dimension + l;
              A_vals[lA] = A_vals[lA] + S_vals[jposS] * E_vals[lE];
            }
          }
        } else {
#pragma clang loop interleave(enable) vectorize(enable)
          for (int32_t l = 0; l < E2_dimension; l++) {
            int32_t lA = i * A2_dimension + l;
            for (int32_t jpos1 = 0; jpos1 < 4; jpos1++) {
              int32_t jposS = jpos0 * 4 + jpos1;
              int32_t j = S2_crd[jposS];
              int32_t lE = j * E2_dimension + l;
              A_vals[lA] = A_vals[lA] + S_vals[jposS] * E_vals[lE];
            }
          }
        }
      }
    }
  }
  return 0;
}

/* S is the caller's: stored once, in the fused nest. */
void sddmm_spmm_blocks(taco_tensor_t *A, taco_tensor_t *S, taco_tensor_t *B,
                       taco_tensor_t *C, taco_tensor_t *D, taco_tensor_t *E) {
  sddmm(S, B, C, D);
  spmm_blocks(A, S, E);
}

/* One nest, each block's positions innermost of the blocks' loops. */
void paper_blocks(int n, const int *pos, const int *crd, const double *B,
                  const double *C, const double *D, const double *E,
                  double *restrict A, int K, int L) {
  for (int i = 0; i < n; i++) {
    for (int b = pos[i] / 4; b < (pos[i + 1] + 3) / 4; b++) {
      if (b * 4 < pos[i] || b * 4 + 3 >= pos[i + 1]) {
        for (int o = 0; o < 4; o++) {
          int p = b * 4 + o;
          if (p < pos[i] || p >= pos[i + 1])
            continue;
          int j = crd[p];
          for (int k = 0; k < K; k++)
            for (int l = 0; l < L; l++)
              A[i * L + l] += B[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
        }
      } else {
        for (int o = 0; o < 4; o++) {
          int p = b * 4 + o;
          int j = crd[p];
          for (int k = 0; k < K; k++)
            for (int l = 0; l < L; l++)
              A[i * L + l] += B[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
        }
      }
    }
  }
}
