/* <SpTTM, SpTTM> as TACO generates it, one function per kernel, called one
 * after the other on TACO's tensor structs (SparseLNR's ttm_ttm kernels
 * have this form): T(i,j,l) = sum_k B(i,j,k) * C(k,l) stored per fiber of
 * B, then X(i,j,m) = sum_l T(i,j,l) * D(l,m) at the same fibers. Each
 * function walks the fibers by a position variable of its own ('jB',
 * 'jT') and names the elements through dense positions of its own
 * ('lT = jB * T3_dimension + l').
 *
 * The entry point takes the arrays of samples/separate/spttm_then_spttm.c:
 * B an I x J x K 3-tensor in CSF (pos1/crd1, pos2/crd2, vals), C K x L and
 * D L x M dense and row-major, A at B's fibers, nnz(B_ij) x M. It wraps
 * them in structs, T's values in memory of its own.
 */
#include <stdint.h>
#include <stdlib.h>

typedef struct {
  int32_t order;
  int32_t *dimensions;
  uint8_t ***indices;
  uint8_t *vals;
} taco_tensor_t;

static int ttm_first(taco_tensor_t *T, taco_tensor_t *B, taco_tensor_t *C) {
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

static int ttm_second(taco_tensor_t *X, taco_tensor_t *T, taco_tensor_t *D) {
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

void taco_spttm_then_spttm(int I, int L, int M, const int *pos1,
                           const int *crd1, const int *pos2, const int *crd2,
                           const double *vals, const double *C,
                           const double *D, double *A) {
  int fibers = pos1[I];
  double *T = malloc(sizeof(double) * ((size_t)(fibers > 0 ? fibers : 1) *
                                       (size_t)(L > 0 ? L : 1)));
  if (!T)
    return;
  int32_t dims_b[3] = {I, 0, 0}, dims_c[2] = {0, L}, dims_d[2] = {L, M};
  int32_t dims_t[3] = {I, 0, L}, dims_x[3] = {I, 0, M};
  uint8_t *levels[3][2] = {{0, 0},
                           {(uint8_t *)pos1, (uint8_t *)crd1},
                           {(uint8_t *)pos2, (uint8_t *)crd2}};
  uint8_t **indices[3] = {levels[0], levels[1], levels[2]};
  taco_tensor_t tB = {3, dims_b, indices, (uint8_t *)vals};
  taco_tensor_t tC = {2, dims_c, 0, (uint8_t *)C};
  taco_tensor_t tD = {2, dims_d, 0, (uint8_t *)D};
  taco_tensor_t tT = {3, dims_t, indices, (uint8_t *)T};
  taco_tensor_t tX = {3, dims_x, indices, (uint8_t *)A};
  ttm_first(&tT, &tB, &tC);
  ttm_second(&tX, &tT, &tD);
  free(T);
}
