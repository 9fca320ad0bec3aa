// '=' instead of '+=' inside a reduction keeps only the last term; the fused
// nest would sum them, so the nest is refused.
// RUN: lnr-rewrite --remarks=all %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

#include <stdint.h>

void sddmm_spmm_assign(int n, int K, int L, const int *rowptr,
                       const int *colidx, const double *vals, const double *C,
                       const double *D, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[i * L + l] = vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
    }
}
// CHECK: refusals/assign-in-reduction.c:[[@LINE-8]]:3: remark: nest left unchanged: 'A(i,l)' is assigned, not accumulated, inside the reduction loop over 'j'; only its last value is kept [lnr-assign-in-reduction]

// SpMM written with '=': the reduction over the nonzeros j is lost.
void spmm_assign(int n, int L, const int *rowptr, const int *colidx,
                 const double *vals, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int l = 0; l < L; l++)
        A[i * L + l] = vals[p] * E[j * L + l];
    }
}
// CHECK: refusals/assign-in-reduction.c:[[@LINE-7]]:3: remark: nest left unchanged: 'A(i,l)' is assigned, not accumulated, inside the reduction loop over 'j'; only its last value is kept [lnr-assign-in-reduction]

// A whole reduction summed in a scalar and assigned once per (i, l) is
// "zero A, then accumulate" only when each (i, l) has an element of its own.
// With a leading dimension lda < L, rows overlap and the original keeps the
// last value written: the row-major layout is not proved (lda is not the
// extent of l), so the nest is refused.
void sddmm_spmm_lda(int n, int K, int L, int lda, const int *rowptr,
                    const int *colidx, const double *vals, const double *C,
                    const double *D, const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int l = 0; l < L; l++) {
      double s = 0;
      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        for (int k = 0; k < K; k++)
          s += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
      A[i * lda + l] = s;
    }
}
// CHECK: refusals/assign-in-reduction.c:[[@LINE-3]]:7: remark: nest left unchanged: 'A[i * lda + l]' is assigned a whole sum in each iteration of the loops over 'i', 'l', but its subscript is not proved to give each iteration an element of its own (a row-major layout, each stride the extent of the index inside it); where two iterations write one element, only the last value is kept [lnr-assign-in-reduction]

// Every element i + l is written by several (i, l).
void sddmm_spmm_diagonals(int n, int K, int L, const int *rowptr,
                          const int *colidx, const double *vals,
                          const double *C, const double *D, const double *E,
                          double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int l = 0; l < L; l++) {
      double s = 0;
      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        for (int k = 0; k < K; k++)
          s += vals[p] * C[i * K + k] * D[j * K + k] * E[j * L + l];
      }
      A[i + l] = s;
    }
}
// CHECK: refusals/assign-in-reduction.c:[[@LINE-3]]:7: remark: nest left unchanged: 'A[i + l]' is assigned a whole sum {{.*}}[lnr-assign-in-reduction]

// A constant stride that is not the constant extent of the index inside it.
void sddmm_spmm_stride8(int n, int K, const int *rowptr, const int *colidx,
                        const double *vals, const double *C, const double *D,
                        const double *E, double *restrict A) {
  for (int i = 0; i < n; i++)
    for (int l = 0; l < 9; l++) {
      double s = 0;
      for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
        int j = colidx[p];
        for (int k = 0; k < K; k++)
          s += vals[p] * C[i * K + k] * D[j * K + k] * E[j * 9 + l];
      }
      A[i * 8 + l] = s;
    }
}
// CHECK: refusals/assign-in-reduction.c:[[@LINE-3]]:7: remark: nest left unchanged: 'A[i * 8 + l]' is assigned a whole sum {{.*}}[lnr-assign-in-reduction]

// TACO's default loop order, with the output's rows laid out 3 elements
// shorter than its dimension: TACO's own 'i * A2_dimension + l' is proved
// (l indexes A's second level, below A2_dimension), this is not.
typedef struct {
  int32_t order;
  int32_t *dimensions;
  uint8_t *vals;
} taco_tensor_t;

int compute(taco_tensor_t *A, taco_tensor_t *B, taco_tensor_t *C,
            taco_tensor_t *D, taco_tensor_t *E) {
  int A2_dimension = (int)(A->dimensions[1]);
  double *restrict A_vals = (double *)(A->vals);
  int *restrict B2_pos = (int *)(B->dimensions);
  int *restrict B2_crd = (int *)(B->dimensions + 1);
  double *restrict B_vals = (double *)(B->vals);
  int C1_dimension = (int)(C->dimensions[0]);
  int C2_dimension = (int)(C->dimensions[1]);
  double *restrict C_vals = (double *)(C->vals);
  int D2_dimension = (int)(D->dimensions[1]);
  double *restrict D_vals = (double *)(D->vals);
  int E2_dimension = (int)(E->dimensions[1]);
  double *restrict E_vals = (double *)(E->vals);

  for (int32_t i = 0; i < C1_dimension; i++) {
    for (int32_t l = 0; l < E2_dimension; l++) {
      int32_t lA = i * (A2_dimension - 3) + l;
      double tjA_val = 0.0;
      for (int32_t jB = B2_pos[i]; jB < B2_pos[(i + 1)]; jB++) {
        int32_t j = B2_crd[jB];
        int32_t lE = j * E2_dimension + l;
        for (int32_t k = 0; k < D2_dimension; k++) {
          int32_t kC = i * C2_dimension + k;
          int32_t kD = j * D2_dimension + k;
          tjA_val += ((B_vals[jB] * C_vals[kC]) * D_vals[kD]) * E_vals[lE];
        }
      }
      A_vals[lA] = tjA_val;
    }
  }
  return 0;
}
// CHECK: refusals/assign-in-reduction.c:[[@LINE-5]]:7: remark: nest left unchanged: 'A_vals[lA]' is assigned a whole sum in each iteration of the loops over 'i', 'l', but {{.*}}[lnr-assign-in-reduction]
