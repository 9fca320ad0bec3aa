// A file as TACO writes it: helpers that pack and unpack tensors, an
// assemble with a sparse output, a zeroing loop, a copy, a plain SpMV, and
// kernels worth a remark (one rewritten, two refused for a reason that
// blocks a gain).
#include <stdint.h>
#include <stdlib.h>
#include <math.h>

typedef struct {
  int32_t order;
  int32_t *dimensions;
  uint8_t ***indices;
  uint8_t *vals;
} tensor_t;

tensor_t *init_tensor(int32_t order, int32_t *dimensions) {
  tensor_t *t = (tensor_t *)malloc(sizeof(tensor_t));
  t->order = order;
  t->dimensions = (int32_t *)malloc(order * sizeof(int32_t));
  t->indices = (uint8_t ***)malloc(order * sizeof(uint8_t **));
  for (int32_t i = 0; i < order; i++) {
    t->dimensions[i] = dimensions[i];
    t->indices[i] = (uint8_t **)malloc(2 * sizeof(uint8_t *));
  }
  return t;
}

void deinit_tensor(tensor_t *t) {
  for (int32_t i = 0; i < t->order; i++)
    free(t->indices[i]);
  free(t->indices);
  free(t->dimensions);
  free(t);
}

int pack_dense(double *restrict out, const double *in, int32_t n, int32_t m) {
  for (int32_t i = 0; i < n; i++)
    for (int32_t j = 0; j < m; j++)
      out[i * m + j] = in[j * n + i];
  return 0;
}

int assemble(tensor_t *A, tensor_t *B) {
  int A1_dimension = (int)(A->dimensions[0]);
  int *restrict A2_pos = (int *)(A->indices[1][0]);
  int *restrict A2_crd = (int *)(A->indices[1][1]);
  double *restrict A_vals = (double *)(A->vals);
  int B1_dimension = (int)(B->dimensions[0]);
  int *restrict B2_pos = (int *)(B->indices[1][0]);
  int *restrict B2_crd = (int *)(B->indices[1][1]);

  A2_pos = (int32_t *)malloc(sizeof(int32_t) * (A1_dimension + 1));
  A2_pos[0] = 0;
  for (int32_t pA2 = 1; pA2 < (A1_dimension + 1); pA2++) {
    A2_pos[pA2] = 0;
  }
  int32_t A2_crd_size = 1048576;
  A2_crd = (int32_t *)malloc(sizeof(int32_t) * A2_crd_size);
  int32_t jA = 0;

  for (int32_t i = 0; i < B1_dimension; i++) {
    int32_t pA2_begin = jA;

    for (int32_t jB = B2_pos[i]; jB < B2_pos[(i + 1)]; jB++) {
      int32_t j = B2_crd[jB];
      if (A2_crd_size <= jA) {
        A2_crd = (int32_t *)realloc(A2_crd, sizeof(int32_t) * (A2_crd_size * 2));
        A2_crd_size *= 2;
      }
      A2_crd[jA] = j;
      jA++;
    }

    A2_pos[i + 1] = jA - pA2_begin;
  }

  int32_t csA2 = 0;
  for (int32_t pA20 = 1; pA20 < (A1_dimension + 1); pA20++) {
    csA2 += A2_pos[pA20];
    A2_pos[pA20] = csA2;
  }

  A_vals = (double *)malloc(sizeof(double) * jA);

  A->indices[1][0] = (uint8_t *)(A2_pos);
  A->indices[1][1] = (uint8_t *)(A2_crd);
  A->vals = (uint8_t *)A_vals;
  return 0;
}

int spmv(tensor_t *y, tensor_t *B, tensor_t *x) {
  double *restrict y_vals = (double *)(y->vals);
  int B1_dimension = (int)(B->dimensions[0]);
  int *restrict B2_pos = (int *)(B->indices[1][0]);
  int *restrict B2_crd = (int *)(B->indices[1][1]);
  double *restrict B_vals = (double *)(B->vals);
  double *restrict x_vals = (double *)(x->vals);

  for (int32_t py = 0; py < B1_dimension; py++) {
    y_vals[py] = 0.0;
  }
  for (int32_t i = 0; i < B1_dimension; i++) {
    for (int32_t jB = B2_pos[i]; jB < B2_pos[(i + 1)]; jB++) {
      int32_t j = B2_crd[jB];
      y_vals[i] += B_vals[jB] * x_vals[j];
    }
  }
  return 0;
}

int compute(tensor_t *A, tensor_t *B, tensor_t *C, tensor_t *D, tensor_t *E) {
  int A2_dimension = (int)(A->dimensions[1]);
  double *restrict A_vals = (double *)(A->vals);
  int B1_dimension = (int)(B->dimensions[0]);
  int *restrict B2_pos = (int *)(B->indices[1][0]);
  int *restrict B2_crd = (int *)(B->indices[1][1]);
  double *restrict B_vals = (double *)(B->vals);
  int C2_dimension = (int)(C->dimensions[1]);
  double *restrict C_vals = (double *)(C->vals);
  int D2_dimension = (int)(D->dimensions[1]);
  double *restrict D_vals = (double *)(D->vals);
  int E2_dimension = (int)(E->dimensions[1]);
  double *restrict E_vals = (double *)(E->vals);

  for (int32_t pA = 0; pA < (B1_dimension * E2_dimension); pA++) {
    A_vals[pA] = 0.0;
  }
  for (int32_t i = 0; i < B1_dimension; i++) {
    for (int32_t jB = B2_pos[i]; jB < B2_pos[(i + 1)]; jB++) {
      int32_t j = B2_crd[jB];
      for (int32_t k = 0; k < D2_dimension; k++) {
        int32_t kC = i * C2_dimension + k;
        int32_t kD = j * D2_dimension + k;
        for (int32_t l = 0; l < E2_dimension; l++) {
          int32_t lA = i * A2_dimension + l;
          int32_t lE = j * E2_dimension + l;
          A_vals[lA] = A_vals[lA] + ((B_vals[jB] * C_vals[kC]) * D_vals[kD]) * E_vals[lE];
        }
      }
    }
  }
  return 0;
}

int compute_abs(tensor_t *A, tensor_t *B, tensor_t *C, tensor_t *D, tensor_t *E) {
  int A2_dimension = (int)(A->dimensions[1]);
  double *restrict A_vals = (double *)(A->vals);
  int B1_dimension = (int)(B->dimensions[0]);
  int *restrict B2_pos = (int *)(B->indices[1][0]);
  int *restrict B2_crd = (int *)(B->indices[1][1]);
  double *restrict B_vals = (double *)(B->vals);
  int C2_dimension = (int)(C->dimensions[1]);
  double *restrict C_vals = (double *)(C->vals);
  int D2_dimension = (int)(D->dimensions[1]);
  double *restrict D_vals = (double *)(D->vals);
  int E2_dimension = (int)(E->dimensions[1]);
  double *restrict E_vals = (double *)(E->vals);

  for (int32_t i = 0; i < B1_dimension; i++) {
    for (int32_t jB = B2_pos[i]; jB < B2_pos[(i + 1)]; jB++) {
      int32_t j = B2_crd[jB];
      for (int32_t k = 0; k < D2_dimension; k++) {
        int32_t kC = i * C2_dimension + k;
        int32_t kD = j * D2_dimension + k;
        for (int32_t l = 0; l < E2_dimension; l++) {
          int32_t lA = i * A2_dimension + l;
          int32_t lE = j * E2_dimension + l;
          A_vals[lA] += fabs(B_vals[jB]) * C_vals[kC] * D_vals[kD] * E_vals[lE];
        }
      }
    }
  }
  return 0;
}

// The same refusal in an OpenMP loop: the nest's statements are read
// through the directive's captured statement.
void parallel_abs(int n, int K, int L, const int *rowptr, const int *colidx,
                  const double *vals, const double *C, const double *D,
                  const double *E, double *restrict A) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++)
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] += fabs(vals[p]) * C[i * K + k] *
                          D[colidx[p] * K + k] * E[colidx[p] * L + l];
}
