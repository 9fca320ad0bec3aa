/* <SDDMM, SpMM> as TACO generates it with SparseLNR's schedules, one
 * function per kernel, called one after the other on TACO's tensor
 * structs: scores S(i,j) = sum_k B(i,j) * C(i,k) * D(j,k) at B's
 * nonzeros, then A(i,l) = sum_j S(i,j) * E(j,l). The SpMM zeroes A in a
 * nest of its own, strip-mines its rows by 16 and walks each row's
 * positions in blocks of 4, the loop over l between a block and its
 * positions; each function names the rows and columns its own way.
 *
 * The entry point takes the arrays of samples/separate/sddmm_then_spmm.c:
 * B an n x n CSR matrix (pos, crd, Bv), C and D n x K, E n x L and A n x
 * L, dense and row-major. It wraps them in structs, the scores in memory
 * of its own, freed after the calls.
 */
#include <stdint.h>
#include <stdlib.h>

typedef struct {
  int32_t order;
  int32_t *dimensions;
  uint8_t ***indices;
  uint8_t *vals;
} taco_tensor_t;

static int scores(taco_tensor_t *S, taco_tensor_t *B, taco_tensor_t *C,
                  taco_tensor_t *D) {
  double *restrict S_vals = (double *)(S->vals);
  int *restrict B2_pos = (int *)(B->indices[1][0]);
  int *restrict B2_crd = (int *)(B->indices[1][1]);
  double *restrict B_vals = (double *)(B->vals);
  int C1_dimension = (int)(C->dimensions[0]);
  int C2_dimension = (int)(C->dimensions[1]);
  double *restrict C_vals = (double *)(C->vals);
  int D2_dimension = (int)(D->dimensions[1]);
  double *restrict D_vals = (double *)(D->vals);

#pragma omp parallel for schedule(runtime)
  for (int32_t i100 = 0; i100 < C1_dimension; i100++) {
    for (int32_t i101B = B2_pos[i100]; i101B < B2_pos[(i100 + 1)]; i101B++) {
      int32_t i101 = B2_crd[i101B];
      double ti102S_val = 0.0;
      for (int32_t i102 = 0; i102 < D2_dimension; i102++) {
        int32_t i102C = i100 * C2_dimension + i102;
        int32_t i102D = i101 * D2_dimension + i102;
        ti102S_val += (B_vals[i101B] * C_vals[i102C]) * D_vals[i102D];
      }
      S_vals[i101B] = ti102S_val;
    }
  }
  return 0;
}

static int aggregate(taco_tensor_t *A, taco_tensor_t *S, taco_tensor_t *E) {
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

void taco_sddmm_then_spmm(int n, int K, int L, const int *pos, const int *crd,
                          const double *Bv, const double *C, const double *D,
                          const double *E, double *A) {
  double *T = malloc(sizeof(double) * (pos[n] > 0 ? pos[n] : 1));
  if (!T)
    return;
  int32_t dims_b[2] = {n, n}, dims_c[2] = {n, K}, dims_d[2] = {n, K};
  int32_t dims_e[2] = {n, L}, dims_a[2] = {n, L};
  uint8_t *levels[2][2] = {{0, 0}, {(uint8_t *)pos, (uint8_t *)crd}};
  uint8_t **indices[2] = {levels[0], levels[1]};
  taco_tensor_t tB = {2, dims_b, indices, (uint8_t *)Bv};
  taco_tensor_t tC = {2, dims_c, 0, (uint8_t *)C};
  taco_tensor_t tD = {2, dims_d, 0, (uint8_t *)D};
  taco_tensor_t tE = {2, dims_e, 0, (uint8_t *)E};
  taco_tensor_t tS = {2, dims_b, indices, (uint8_t *)T};
  taco_tensor_t tA = {2, dims_a, 0, (uint8_t *)A};
  scores(&tS, &tB, &tC, &tD);
  aggregate(&tA, &tS, &tE);
  free(T);
}
